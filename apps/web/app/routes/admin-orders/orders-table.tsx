import { Link } from "@remix-run/react";
import { copy, count } from "@souls/api/admin-words";
import { fill } from "@souls/core/placeholders";
import { formatCents, formatDate, formatDateTime } from "~/components/admin/format";
import { ModelThumb } from "~/components/admin/model-thumb";
import { Badge, OrderStatusBadges } from "~/components/admin/status-badge";
import type { RouterOutputs } from "~/lib/trpc";
import { orderPath } from "~/screens";
import { OrderActions } from "./order-actions";

type OrderRow = RouterOutputs["orders"]["list"]["orders"][number];

const COLUMNS = copy.orders.columns;

/**
 * The orders, newest first, each with what to pack; on a phone each row becomes a card (labels
 * from `data-label`) whose number leads to the order's own page. Her customers' addresses in
 * full: her own list, in her own panel (decision 027).
 */
export function OrdersTable({
  orders,
  onOpen,
  caption,
}: {
  orders: OrderRow[];
  onOpen: (orderNumber: string) => void;
  caption: string;
}) {
  return (
    <table className="admin-table admin-table--orders">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{COLUMNS.number}</th>
          <th scope="col">{COLUMNS.customer}</th>
          <th scope="col">{COLUMNS.items}</th>
          <th scope="col" className="admin-table__number">
            {COLUMNS.total}
          </th>
          <th scope="col">{COLUMNS.status}</th>
          <th scope="col">{COLUMNS.date}</th>
          <th scope="col">{COLUMNS.actions}</th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr key={order.id} className={rowClassOf(order)}>
            <th scope="row" data-label={COLUMNS.number}>
              {/* On a laptop the order opens over the list; on a phone, on its own page. */}
              <button
                type="button"
                className="admin-link-button admin-mono admin-order-open"
                aria-haspopup="dialog"
                onClick={() => onOpen(order.orderNumber)}
              >
                <span className="visually-hidden">{copy.orders.openDetail}</span>
                {order.orderNumber}
              </button>
              <Link to={orderPath(order.orderNumber)} className="admin-mono admin-order-page-link">
                <span className="visually-hidden">{copy.orders.openPage}</span>
                {order.orderNumber}
              </Link>
            </th>
            <td data-label={COLUMNS.customer}>
              {order.customerName}
              <span className="admin-cell-note">{order.email}</span>
            </td>
            <td data-label={COLUMNS.items}>
              <ul className="admin-pack">
                {order.lines.map((line) => (
                  <li key={line.model}>
                    <ModelThumb cover={line.cover} />
                    <span>
                      {line.quantity > line.refunded
                        ? fill(copy.orders.line, { quantity: line.quantity - line.refunded, name: line.name })
                        : null}
                      {line.refunded > 0 ? (
                        <span className="admin-cell-note">
                          {count(line.refunded, copy.orders.lineRefunded, { name: line.name })}
                        </span>
                      ) : null}
                    </span>
                  </li>
                ))}
              </ul>
            </td>
            <td data-label={COLUMNS.total} className="admin-table__number">
              {formatCents(order.totalCents, order.currency)}
            </td>
            <td data-label={COLUMNS.status}>
              <span>
                <span className="admin-badges">
                  {order.isTest ? <Badge tone="warn">{copy.orders.testBadge}</Badge> : null}
                  <OrderStatusBadges
                    status={order.status}
                    paymentStatus={order.paymentStatus}
                    paymentAttempted={order.paymentAttempted}
                  />
                  {order.returnExpected ? <Badge tone="info">{copy.orders.returnExpected}</Badge> : null}
                  {order.refundDue?.late ? <Badge tone="error">{copy.orders.late}</Badge> : null}
                </span>
                <RefundDue due={order.refundDue} />
                <PaymentCheck order={order} />
              </span>
            </td>
            <td data-label={COLUMNS.date}>
              <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
            </td>
            <td data-label={COLUMNS.actions} className="admin-table__actions">
              <OrderActions order={order} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * A late refund stands out first (the law's deadline passed), and a payment to check (money held
 * for pieces held), then the day's shipping work.
 */
function rowClassOf(order: OrderRow): string | undefined {
  if (order.refundDue?.late || order.paymentStatus === "mismatch") return "admin-row--late";
  return order.status === "pending_preparation" ? "admin-row--todo" : undefined;
}

/** A withdrawn order not refunded yet: days left before the deadline, or days past it. */
function RefundDue({ due }: { due: OrderRow["refundDue"] }) {
  if (!due) return null;
  return due.late ? (
    <span className="admin-cell-note admin-cell-note--error">
      {count(Math.max(1, -due.daysLeft), copy.orders.refundLate)}
    </span>
  ) : (
    <span className="admin-cell-note">
      {fill(copy.orders.refundDue, { date: formatDate(due.at), n: due.daysLeft })}
    </span>
  );
}

/** What the gateway took and what the order asked, while the owner has not settled it. */
function PaymentCheck({ order }: { order: OrderRow }) {
  const check = order.paymentCheck;
  if (!check || order.paymentStatus !== "mismatch") return null;
  return (
    <span className="admin-cell-note admin-cell-note--error">
      {fill(copy.orders.paymentCheck, {
        received: formatCents(check.receivedCents, check.receivedCurrency),
        expected: formatCents(check.expectedCents, check.expectedCurrency),
      })}
    </span>
  );
}
