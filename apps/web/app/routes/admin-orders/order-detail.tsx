import { copy, count, labelOf } from "@souls/core/admin-copy";
import { CARRIER_NAMES } from "@souls/core/carriers";
import { fill } from "@souls/core/placeholders";
import { countryName, formatCents, formatDateTime } from "~/components/admin/format";
import { Modal } from "~/components/admin/modal";
import { errorMessage } from "~/components/admin/notify";
import { OrderStatusBadge, PaymentStatusBadge } from "~/components/admin/status-badge";
import { trpc } from "~/lib/trpc";
import { OrderDetailActions } from "./order-detail-actions";
import { OrderNotice, useOrderNotice } from "./order-notice";
import { OrderMoney, PaymentCheckAlert, RefundDueAlert, WithdrawalBadges } from "./order-refunds";

const TEXT = copy.orderDetail;

/**
 * One order in full (orders.detail): customer, address, items, money paid and given back, the
 * history of its status, and what the owner can do with it now.
 */
export function OrderDetailDialog({
  orderNumber,
  onClose,
}: {
  orderNumber: string | null;
  onClose: () => void;
}) {
  return (
    <Modal
      open={orderNumber !== null}
      onClose={onClose}
      title={fill(TEXT.title, { orderNumber: orderNumber ?? "" })}
      size="large"
    >
      {orderNumber ? <OrderDetail orderNumber={orderNumber} /> : null}
    </Modal>
  );
}

function OrderDetail({ orderNumber }: { orderNumber: string }) {
  // Opened again, an order is asked for again: a webhook or another tab may have refunded it.
  const detail = trpc.orders.detail.useQuery({ orderNumber }, { refetchOnMount: "always" });
  const { notice, noticeRef, announce } = useOrderNotice();
  if (detail.isPending) {
    return (
      <p role="status" className="admin-muted">
        {TEXT.loading}
      </p>
    );
  }
  if (detail.isError) {
    return (
      <p role="alert" className="form-error">
        {errorMessage(detail.error)}
      </p>
    );
  }
  const { order, items, events } = detail.data;
  const dates = [
    [TEXT.created, order.createdAt],
    [TEXT.paid, order.paidAt],
    [TEXT.shipped, order.shippedAt],
    [TEXT.delivered, order.deliveredAt],
    [TEXT.withdrawn, order.withdrawnAt],
    [TEXT.returned, order.returnedAt],
  ] as const;

  return (
    <div className="admin-detail">
      <div className="admin-badges">
        <OrderStatusBadge status={order.status} />
        <PaymentStatusBadge status={order.paymentStatus} />
        <WithdrawalBadges order={order} />
      </div>
      <RefundDueAlert order={order} />
      <PaymentCheckAlert order={order} />
      <OrderDetailActions detail={detail.data} noticeRef={noticeRef} announce={announce} />
      <OrderNotice notice={notice} noticeRef={noticeRef} />

      <div className="admin-detail__grid">
        <section aria-labelledby="detail-customer">
          <h3 id="detail-customer">{TEXT.customer}</h3>
          <p>
            {order.customerName}
            <br />
            <a href={`mailto:${order.email}`}>{order.email}</a>
            <br />
            <span className="admin-muted">
              {TEXT.language} : {labelOf(TEXT.languages, order.locale)}
            </span>
          </p>
        </section>
        <section aria-labelledby="detail-address">
          <h3 id="detail-address">{TEXT.address}</h3>
          <address>
            {order.customerName}
            <br />
            {order.address}
            <br />
            {order.addressLine2 ? (
              <>
                {order.addressLine2}
                <br />
              </>
            ) : null}
            {order.postalCode} {order.city}
            <br />
            {countryName(order.country)}
          </address>
          {order.phone ? (
            <p>
              <strong>{TEXT.phone} :</strong>{" "}
              <a href={`tel:${order.phone.replace(/[^\d+]/g, "")}`}>{order.phone}</a>
            </p>
          ) : null}
          {order.deliveryInstructions ? (
            <p>
              <strong>{TEXT.instructions} :</strong> {order.deliveryInstructions}
            </p>
          ) : null}
          {order.customerNote ? (
            <p>
              <strong>{TEXT.note} :</strong> {order.customerNote}
            </p>
          ) : null}
        </section>
        <section aria-labelledby="detail-dates">
          <h3 id="detail-dates">{TEXT.dates}</h3>
          <dl className="admin-facts admin-facts--compact">
            {dates.map(([label, value]) =>
              value ? (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>
                    <time dateTime={value}>{formatDateTime(value)}</time>
                  </dd>
                </div>
              ) : null,
            )}
            {order.carrier ? (
              <div>
                <dt>{TEXT.shipping}</dt>
                <dd>
                  {labelOf(CARRIER_NAMES, order.carrier)}{" "}
                  <span className="admin-mono">{order.trackingNumber}</span>
                </dd>
              </div>
            ) : null}
          </dl>
        </section>
      </div>

      <table className="admin-table admin-table--compact">
        <caption>{TEXT.items}</caption>
        <thead>
          <tr>
            <th scope="col">{TEXT.item}</th>
            <th scope="col" className="admin-table__number">
              {TEXT.quantity}
            </th>
            <th scope="col" className="admin-table__number">
              {TEXT.unitPrice}
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines never move
            <tr key={index}>
              <th scope="row" data-label={TEXT.item}>
                {item.name}
                {item.restockedQuantity > 0 ? (
                  <span className="admin-cell-note">{count(item.restockedQuantity, TEXT.restocked)}</span>
                ) : null}
              </th>
              <td data-label={TEXT.quantity} className="admin-table__number">
                {item.quantity}
              </td>
              <td data-label={TEXT.unitPrice} className="admin-table__number">
                {formatCents(item.unitPriceCents, order.currency)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              {TEXT.total}
            </th>
            <td className="admin-table__number" data-label={TEXT.total}>
              {formatCents(order.totalCents, order.currency)}
            </td>
          </tr>
        </tfoot>
      </table>

      <OrderMoney detail={detail.data} announce={announce} />

      <section aria-labelledby="detail-history">
        <h3 id="detail-history">{TEXT.history}</h3>
        {events.length === 0 ? (
          <p className="admin-muted">{TEXT.noEvents}</p>
        ) : (
          <ol className="admin-timeline">
            {events.map((event, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the history is append-only
              <li key={index}>
                <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
                <span>
                  {event.fromStatus
                    ? fill(TEXT.event, {
                        from: labelOf(copy.labels.orderStatus, event.fromStatus),
                        to: labelOf(copy.labels.orderStatus, event.toStatus),
                      })
                    : fill(TEXT.createdEvent, { to: labelOf(copy.labels.orderStatus, event.toStatus) })}{" "}
                  <span className="admin-muted">
                    {fill(TEXT.by, { actor: labelOf(copy.labels.actor, event.actor) })}
                  </span>
                </span>
                {event.note ? <span className="admin-timeline__note">{event.note}</span> : null}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
