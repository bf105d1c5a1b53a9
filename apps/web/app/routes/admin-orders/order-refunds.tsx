import { copy, count, labelOf } from "@souls/api/admin-words";
import { fill } from "@souls/core/placeholders";
import { BusyButton } from "~/components/admin/busy-button";
import { formatCents, formatDate, formatDateTime } from "~/components/admin/format";
import { errorMessage, notifyFailure, notifySuccess } from "~/components/admin/notify";
import { useMayCall } from "~/components/admin/role";
import { Badge, RefundStatusBadge } from "~/components/admin/status-badge";
import { type RouterOutputs, trpc } from "~/lib/trpc";
import type { Notice } from "./order-notice";

type OrderDetail = RouterOutputs["orders"]["detail"];
type Order = OrderDetail["order"];
type Refund = OrderDetail["refunds"][number];
type Announce = (notice: Omit<Notice, "id">) => void;

const TEXT = copy.orderDetail;
const COLUMNS = TEXT.refundColumns;

/** A withdrawn order: is its parcel back, and how long is left to refund it (L221-24). */
export function WithdrawalBadges({ order }: { order: Order }) {
  if (order.returnedAt) {
    return <Badge tone="ok">{fill(TEXT.returnedOn, { date: formatDate(order.returnedAt) })}</Badge>;
  }
  return order.returnExpected ? <Badge tone="info">{TEXT.returnExpected}</Badge> : null;
}

/** The gateway took another amount than the total: both amounts, and what the owner can do. */
export function PaymentCheckAlert({ order }: { order: Order }) {
  const check = order.paymentCheck;
  if (!check || order.paymentStatus !== "mismatch") return null;
  return (
    <p className="admin-alert admin-alert--late" role="alert">
      <strong>
        {fill(TEXT.paymentCheck, {
          received: formatCents(check.receivedCents, check.receivedCurrency),
          expected: formatCents(check.expectedCents, check.expectedCurrency),
        })}
      </strong>{" "}
      <span className="admin-muted">{TEXT.paymentCheckWhy}</span>
    </p>
  );
}

export function RefundDueAlert({ order }: { order: Order }) {
  const due = order.refundDue;
  if (!due) return null;
  if (due.late) {
    return (
      <p className="admin-alert admin-alert--late">
        <strong>{count(Math.max(1, -due.daysLeft), TEXT.refundLate)}</strong>{" "}
        {fill(TEXT.refundLateWhy, { date: formatDate(due.at) })}
      </p>
    );
  }
  return (
    <p className="admin-alert">
      <strong>{fill(TEXT.refundDue, { date: formatDate(due.at), n: due.daysLeft })}</strong>{" "}
      <span className="admin-muted">{TEXT.refundDueWhy}</span>
    </p>
  );
}

/** Paid, given back, still to give back — and every refund, a pending one with its « Réessayer ». */
export function OrderMoney({ detail, announce }: { detail: OrderDetail; announce: Announce }) {
  const { order, refunds } = detail;
  if (!order.paidAt && refunds.length === 0) return null;
  // A payment to check was never the total: what the gateway took is what came in.
  const paidCents = order.paymentCheck?.receivedCents ?? order.totalCents;
  const money = (cents: number) => formatCents(cents, order.currency);
  const pendingCents = refunds
    .filter((refund) => refund.status === "pending")
    .reduce((sum, refund) => sum + refund.amountCents, 0);

  return (
    <>
      <section aria-labelledby="detail-money">
        <h3 id="detail-money">{TEXT.money}</h3>
        <dl className="admin-money">
          <div>
            <dt>{TEXT.paidAmount}</dt>
            <dd>{money(paidCents)}</dd>
          </div>
          <div>
            <dt>{TEXT.refundedAmount}</dt>
            <dd>{money(order.refundedCents)}</dd>
          </div>
          {pendingCents > 0 ? (
            <div className="admin-money__pending">
              <dt>{TEXT.pendingAmount}</dt>
              <dd>{money(pendingCents)}</dd>
            </div>
          ) : null}
          <div>
            <dt>{TEXT.refundableAmount}</dt>
            <dd>
              {money(order.refundableCents)}
              {order.refundableShippingCents > 0 ? (
                <span className="admin-cell-note">
                  {fill(TEXT.refundableShipping, { amount: money(order.refundableShippingCents) })}
                </span>
              ) : null}
            </dd>
          </div>
        </dl>
      </section>

      <section aria-labelledby="detail-refunds">
        <h3 id="detail-refunds">{TEXT.refunds}</h3>
        {refunds.length === 0 ? (
          <p className="admin-muted">{TEXT.noRefunds}</p>
        ) : (
          <table className="admin-table admin-table--refunds">
            <caption className="visually-hidden">{TEXT.refunds}</caption>
            <thead>
              <tr>
                <th scope="col">{COLUMNS.date}</th>
                <th scope="col" className="admin-table__number">
                  {COLUMNS.amount}
                </th>
                <th scope="col">{COLUMNS.reason}</th>
                <th scope="col">{COLUMNS.lines}</th>
                <th scope="col">{COLUMNS.source}</th>
                <th scope="col">{COLUMNS.status}</th>
              </tr>
            </thead>
            <tbody>
              {refunds.map((refund) => (
                <RefundRow key={refund.id} refund={refund} order={order} announce={announce} />
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}

function RefundRow({ refund, order, announce }: { refund: Refund; order: Order; announce: Announce }) {
  const utils = trpc.useUtils();
  const amount = formatCents(refund.amountCents, order.currency);
  const mayRetry = useMayCall()("orders.retryRefund");
  const retry = trpc.orders.retryRefund.useMutation({
    onSuccess: (outcome) => {
      const text = fill(TEXT.retriedText, {
        amount: formatCents(outcome.amountCents, order.currency),
        orderNumber: outcome.orderNumber,
      });
      notifySuccess(TEXT.retried, text);
      // The button goes with the pending state: focus goes to what happened.
      announce({ tone: "ok", text, focus: true });
    },
    onError: (error) => {
      notifyFailure(TEXT.stillPending, error);
      announce({ tone: "error", text: errorMessage(error) });
      void utils.orders.invalidate();
    },
  });
  const rowClass =
    refund.status === "pending"
      ? "admin-row--pending"
      : refund.status === "failed"
        ? "admin-row--failed"
        : "";

  return (
    <tr className={rowClass || undefined}>
      <th scope="row" data-label={COLUMNS.date}>
        <time dateTime={refund.createdAt}>{formatDateTime(refund.createdAt)}</time>
      </th>
      <td data-label={COLUMNS.amount} className="admin-table__number">
        {amount}
      </td>
      {/* One wrapper per cell: on a phone the cell is a two-column grid (label, content). */}
      <td data-label={COLUMNS.reason}>
        <span>
          {labelOf(copy.labels.refundReason, refund.reason)}
          {refund.note ? <span className="admin-cell-note admin-cell-note--quote">{refund.note}</span> : null}
        </span>
      </td>
      <td data-label={COLUMNS.lines}>
        <span>
          {refund.lines.length > 0 ? (
            <ul className="admin-plain-list">
              {refund.lines.map((line, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a refund's lines never change
                <li key={index}>{fill(TEXT.line, { quantity: line.quantity, name: line.name })}</li>
              ))}
            </ul>
          ) : (
            <span className="admin-muted">{TEXT.amountOnly}</span>
          )}
          {refund.lines.length > 0 || refund.restock !== "no" ? (
            <span className="admin-cell-note">{labelOf(copy.labels.restock, refund.restock)}</span>
          ) : null}
        </span>
      </td>
      <td data-label={COLUMNS.source}>{labelOf(copy.labels.refundSource, refund.source)}</td>
      <td data-label={COLUMNS.status}>
        <span>
          <RefundStatusBadge status={refund.status} />
          {refund.lastError && refund.status !== "succeeded" ? (
            <span className="admin-cell-note admin-cell-note--error">
              {fill(TEXT.lastError, { message: refund.lastError })}
            </span>
          ) : null}
          {/* A payment to check's pending refund is asked again by its own button, above. */}
          {refund.status === "pending" && order.paymentStatus !== "mismatch" && mayRetry ? (
            <BusyButton
              type="button"
              className="button button--primary button--small admin-retry"
              aria-label={fill(TEXT.retryLabel, { amount })}
              busy={retry.isPending}
              busyLabel={TEXT.retrying}
              onClick={() => {
                if (!retry.isPending) retry.mutate({ refundId: refund.id });
              }}
            >
              {TEXT.retry}
            </BusyButton>
          ) : null}
        </span>
      </td>
    </tr>
  );
}
