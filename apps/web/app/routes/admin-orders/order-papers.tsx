import { copy, labelOf } from "@souls/api/admin-words";
import { fill } from "@souls/core/placeholders";
import { BusyButton } from "~/components/admin/busy-button";
import { formatDateTime } from "~/components/admin/format";
import { notifyFailure, notifySuccess } from "~/components/admin/notify";
import { useAdminRole, useMayCall } from "~/components/admin/role";
import { EmailStatusBadge } from "~/components/admin/status-badge";
import { type RouterOutputs, trpc } from "~/lib/trpc";
import { mayOpen, PAPER_PATHS, paperPath } from "~/screens";

type OrderDetail = RouterOutputs["orders"]["detail"];
const TEXT = copy.orderDetail;

/**
 * An order's papers, each a PDF that opens in a new tab to print: the packing slip for the parcel,
 * the invoice once paid, a credit note per refund — as they were issued.
 */
export function OrderPapers({ detail }: { detail: OrderDetail }) {
  const { order, papers } = detail;
  // Invoices and credit notes are the owner's accounts; a helper prints the packing slip.
  const role = useAdminRole();
  const mayAccount = role !== undefined && mayOpen(role, paperPath(order.orderNumber, PAPER_PATHS.invoice));
  const link = (paper: string, label: string) => (
    <a href={paperPath(order.orderNumber, paper)} target="_blank" rel="noopener">
      {label} <span className="admin-muted">{TEXT.pdf}</span>
    </a>
  );
  return (
    <section aria-labelledby="detail-papers">
      <h3 id="detail-papers">{TEXT.papers}</h3>
      <ul className="admin-links">
        <li>{link(PAPER_PATHS.packingSlip, TEXT.packingSlip)}</li>
        {mayAccount ? (
          <li>
            {papers.invoice ? (
              link(PAPER_PATHS.invoice, fill(TEXT.invoice, { number: papers.invoice.number }))
            ) : (
              <span className="admin-muted">{TEXT.noInvoice}</span>
            )}
          </li>
        ) : null}
        {(mayAccount ? papers.creditNotes : []).map((note) => (
          <li key={note.number}>
            {link(`${PAPER_PATHS.creditNote}${note.number}`, fill(TEXT.creditNote, { number: note.number }))}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The order's e-mails, each of which the owner may send again (a sent one as a new message). */
export function OrderEmails({ detail }: { detail: OrderDetail }) {
  const mayResend = useMayCall()("orders.resendEmail");
  const utils = trpc.useUtils();
  const resend = trpc.orders.resendEmail.useMutation({
    onSuccess: (_result, { emailId }) => {
      const type = detail.emails.find((email) => email.id === emailId)?.type ?? "";
      notifySuccess(TEXT.resent, fill(TEXT.resentText, { type: labelOf(copy.labels.emailType, type) }));
    },
    onError: (error) => notifyFailure(TEXT.resendFailed, error),
    onSettled: () => {
      void utils.orders.detail.invalidate({ orderNumber: detail.order.orderNumber });
      void utils.emails.invalidate();
    },
  });
  const columns = TEXT.emailColumns;
  return (
    <section aria-labelledby="detail-emails">
      <h3 id="detail-emails">{TEXT.emails}</h3>
      {detail.emails.length === 0 ? (
        <p className="admin-muted">{TEXT.noEmails}</p>
      ) : (
        // Not compact: on a phone each e-mail becomes a card, its « Renvoyer » at full width.
        <table className="admin-table">
          <caption className="visually-hidden">{TEXT.emails}</caption>
          <thead>
            <tr>
              <th scope="col">{columns.type}</th>
              <th scope="col">{columns.status}</th>
              <th scope="col">{columns.date}</th>
              <th scope="col">{columns.actions}</th>
            </tr>
          </thead>
          <tbody>
            {detail.emails.map((email) => {
              const type = labelOf(copy.labels.emailType, email.type);
              const onItsWay = email.status === "pending" || email.status === "sending";
              return (
                <tr key={email.id}>
                  <th scope="row" data-label={columns.type}>
                    {type}
                  </th>
                  <td data-label={columns.status}>
                    <EmailStatusBadge status={email.status} />
                  </td>
                  <td data-label={columns.date}>
                    <time dateTime={email.sentAt ?? email.createdAt}>
                      {formatDateTime(email.sentAt ?? email.createdAt)}
                    </time>
                  </td>
                  <td data-label={columns.actions}>
                    {onItsWay || !mayResend ? null : (
                      <BusyButton
                        type="button"
                        className="button button--outline button--small"
                        aria-label={fill(TEXT.resendLabel, { type })}
                        busy={resend.isPending && resend.variables?.emailId === email.id}
                        busyLabel={TEXT.resending}
                        disabled={resend.isPending}
                        onClick={() =>
                          resend.mutate({ orderNumber: detail.order.orderNumber, emailId: email.id })
                        }
                      >
                        {TEXT.resend}
                      </BusyButton>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
