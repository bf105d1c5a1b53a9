import { copy, count, labelOf } from "@souls/api/admin-words";
import { fill } from "@souls/core/placeholders";
import { formatDateTime } from "~/components/admin/format";
import { notifyFailure, notifySuccess } from "~/components/admin/notify";
import { EmailStatusBadge } from "~/components/admin/status-badge";
import { type RouterOutputs, trpc } from "~/lib/trpc";

type EmailRow = RouterOutputs["emails"]["recent"]["emails"][number];

const TEXT = copy.emails;
const COLUMNS = TEXT.columns;

/** The last 20 messages, recipients masked by the server. */
export function EmailTable({ emails, onView }: { emails: EmailRow[]; onView: (id: number) => void }) {
  return (
    <table className="admin-table admin-table--emails">
      <caption className="visually-hidden">{TEXT.caption}</caption>
      <thead>
        <tr>
          <th scope="col">{COLUMNS.id}</th>
          <th scope="col">{COLUMNS.order}</th>
          <th scope="col">{COLUMNS.recipient}</th>
          <th scope="col">{COLUMNS.subject}</th>
          <th scope="col">{COLUMNS.type}</th>
          <th scope="col">{COLUMNS.status}</th>
          <th scope="col">{COLUMNS.date}</th>
          <th scope="col">{COLUMNS.actions}</th>
        </tr>
      </thead>
      <tbody>
        {emails.map((email) => (
          <EmailLine key={email.id} email={email} onView={onView} />
        ))}
      </tbody>
    </table>
  );
}

function EmailLine({ email, onView }: { email: EmailRow; onView: (id: number) => void }) {
  const retry = trpc.emails.retry.useMutation({
    onSuccess: () => {
      notifySuccess(TEXT.retried, fill(TEXT.viewTitle, { id: email.id }));
    },
    onError: (error) => notifyFailure(TEXT.retryFailed, error),
  });
  return (
    <tr className={email.status === "failed" ? "admin-row--failed" : undefined}>
      <th scope="row" data-label={COLUMNS.id} className="admin-mono">
        {email.id}
      </th>
      <td data-label={COLUMNS.order} className="admin-mono">
        {email.orderNumber ?? copy.common.dash}
      </td>
      <td data-label={COLUMNS.recipient} className="admin-table__email">
        {email.maskedRecipient}
      </td>
      <td data-label={COLUMNS.subject}>{email.subjectPreview}</td>
      <td data-label={COLUMNS.type}>{labelOf(copy.labels.emailType, email.type)}</td>
      {/* One wrapper per cell: on a phone the cell is a two-column grid (label, content). */}
      <td data-label={COLUMNS.status}>
        <span>
          <EmailStatusBadge status={email.status} />
          {email.attempts > 0 ? (
            <span className="admin-cell-note">{count(email.attempts, TEXT.attempts)}</span>
          ) : null}
          {email.lastError && email.status !== "sent" ? (
            <span className="admin-cell-note admin-cell-note--error">{email.lastError}</span>
          ) : null}
        </span>
      </td>
      <td data-label={COLUMNS.date}>
        <span>
          <time dateTime={email.createdAt}>{formatDateTime(email.createdAt)}</time>
          {email.sentAt ? (
            <span className="admin-cell-note">
              {fill(TEXT.sentAt, { date: formatDateTime(email.sentAt) })}
            </span>
          ) : null}
        </span>
      </td>
      <td data-label={COLUMNS.actions} className="admin-table__actions">
        <div className="admin-actions admin-actions--row">
          <button
            type="button"
            className="button button--outline button--small"
            aria-label={fill(TEXT.viewLabel, { id: email.id })}
            aria-haspopup="dialog"
            onClick={() => onView(email.id)}
          >
            {TEXT.view}
          </button>
          {email.status === "failed" ? (
            <button
              type="button"
              className="button button--primary button--small"
              aria-label={fill(TEXT.retryLabel, { id: email.id })}
              disabled={retry.isPending}
              onClick={() => retry.mutate({ id: email.id })}
            >
              {retry.isPending ? TEXT.retrying : TEXT.retry}
            </button>
          ) : null}
        </div>
      </td>
    </tr>
  );
}
