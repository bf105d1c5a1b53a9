import { Link } from "@remix-run/react";
import { copy, count, labelOf } from "@souls/api/admin-words";
import { fill } from "@souls/core/placeholders";
import { useState } from "react";
import { countryName, formatCents, formatDateTime } from "~/components/admin/format";
import { Modal } from "~/components/admin/modal";
import { ModelThumb } from "~/components/admin/model-thumb";
import { errorMessage } from "~/components/admin/notify";
import { Badge, OrderStatusBadges } from "~/components/admin/status-badge";
import { type RouterOutputs, trpc } from "~/lib/trpc";
import { orderPath } from "~/screens";
import { AddressDialog } from "./address-dialog";
import { OrderActions } from "./order-actions";
import { OrderDetailActions } from "./order-detail-actions";
import { OrderNotice, useOrderNotice } from "./order-notice";
import { OrderEmails, OrderPapers } from "./order-papers";
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

/**
 * The order's detail, in the list's dialog or on its own page (`onPage`: its sections under the
 * page's title, and no link to itself).
 */
export function OrderDetail({ orderNumber, onPage = false }: { orderNumber: string; onPage?: boolean }) {
  const [correcting, setCorrecting] = useState(false);
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
  const { order, items } = detail.data;
  const timeline = timelineOf(detail.data);
  const dates = [
    [TEXT.created, order.createdAt],
    [TEXT.paid, order.paidAt],
    [TEXT.shipped, order.shippedAt],
    [TEXT.delivered, order.deliveredAt],
    [TEXT.withdrawn, order.withdrawnAt],
    [TEXT.returned, order.returnedAt],
  ] as const;

  const StatusHeading = onPage ? "h2" : "h3";
  return (
    <div className="admin-detail">
      <section aria-labelledby="detail-status" className="admin-detail__status">
        <StatusHeading id="detail-status" className={onPage ? "admin-detail__heading" : "visually-hidden"}>
          {TEXT.statusAndActions}
        </StatusHeading>
        <div className="admin-badges">
          {order.isTest ? <Badge tone="warn">{copy.orders.testBadge}</Badge> : null}
          <OrderStatusBadges
            status={order.status}
            paymentStatus={order.paymentStatus}
            paymentAttempted={order.paymentAttempted}
          />
          <WithdrawalBadges order={order} />
        </div>
        {order.isTest ? <p className="admin-muted">{copy.orders.testNote}</p> : null}
        <RefundDueAlert order={order} />
        <PaymentCheckAlert order={order} />
        {/* Shipping, prepared, delivered, a hold released: what the list's row offers. */}
        <div className="admin-detail__shipping">
          <OrderActions order={order} labelled />
        </div>
        <OrderDetailActions detail={detail.data} noticeRef={noticeRef} announce={announce} />
        <OrderNotice notice={notice} noticeRef={noticeRef} />
        {onPage ? null : (
          <p>
            <Link to={orderPath(order.orderNumber)} className="text-link">
              {TEXT.ownPage}
            </Link>
          </p>
        )}
      </section>

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
          {order.addressCorrectable ? (
            <button
              type="button"
              className="button button--outline button--small"
              aria-haspopup="dialog"
              onClick={() => setCorrecting(true)}
            >
              {TEXT.correctAddress}
            </button>
          ) : null}
          <AddressDialog open={correcting} detail={detail.data} onClose={() => setCorrecting(false)} />
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
            {order.carrierName ? (
              <div>
                <dt>{TEXT.shipping}</dt>
                <dd>
                  {order.carrierTrackingUrl ? (
                    <a href={order.carrierTrackingUrl} target="_blank" rel="noopener noreferrer">
                      {order.carrierName}
                    </a>
                  ) : (
                    order.carrierName
                  )}{" "}
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
          {items.map((item) => (
            <tr key={item.id}>
              <th scope="row" data-label={TEXT.item}>
                <span className="admin-pack__line">
                  <ModelThumb cover={item.cover} />
                  {item.name} <span className="admin-mono admin-muted">{item.reference}</span>
                </span>
                {item.restockedQuantity > 0 ? (
                  <span className="admin-cell-note">{count(item.restockedQuantity, TEXT.restocked)}</span>
                ) : null}
                {item.refundedBeforeShipping > 0 ? (
                  <span className="admin-cell-note">
                    {count(item.refundedBeforeShipping, copy.orders.lineRefunded, { name: item.name })}
                  </span>
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
              {TEXT.subtotal}
            </th>
            <td className="admin-table__number" data-label={TEXT.subtotal}>
              {formatCents(order.subtotalCents, order.currency)}
            </td>
          </tr>
          <tr>
            <th scope="row" colSpan={2}>
              {TEXT.shippingLine}
            </th>
            <td className="admin-table__number" data-label={TEXT.shippingLine}>
              {order.shippingCents === 0
                ? TEXT.freeShipping
                : formatCents(order.shippingCents, order.currency)}
            </td>
          </tr>
          <tr className="admin-table__total">
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

      <OrderPapers detail={detail.data} />
      <OrderEmails detail={detail.data} />

      <section aria-labelledby="detail-history">
        <h3 id="detail-history">{TEXT.history}</h3>
        {timeline.length === 0 ? (
          <p className="admin-muted">{TEXT.noEvents}</p>
        ) : (
          <ol className="admin-timeline">
            {timeline.map((entry, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the history is append-only
              <li key={index}>
                <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
                <span>
                  {entry.text}{" "}
                  <span className="admin-muted">
                    {fill(TEXT.by, { actor: entry.actorName ?? labelOf(copy.labels.actor, entry.actor) })}
                  </span>
                </span>
                {entry.notes.map((note) => (
                  <span key={note} className="admin-timeline__note">
                    {note}
                  </span>
                ))}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

type Detail = RouterOutputs["orders"]["detail"];

/** An address on one line, as the timeline shows the old one and the new. */
const addressLine = (address: Record<string, unknown>) =>
  [
    `${address.firstName ?? ""} ${address.lastName ?? ""}`.trim(),
    address.address,
    address.addressLine2,
    `${address.postalCode ?? ""} ${address.city ?? ""}`.trim(),
    address.phone,
    address.deliveryInstructions,
  ]
    .filter(Boolean)
    .join(", ");

/** The order's statuses and its other changes (an address corrected, an e-mail sent again), in time. */
function timelineOf(detail: Detail) {
  const statuses = detail.events.map((event) => ({
    createdAt: event.createdAt,
    actor: event.actor,
    actorName: event.actorName,
    text: event.fromStatus
      ? fill(TEXT.event, {
          from: labelOf(copy.labels.orderStatus, event.fromStatus),
          to: labelOf(copy.labels.orderStatus, event.toStatus),
        })
      : fill(TEXT.createdEvent, { to: labelOf(copy.labels.orderStatus, event.toStatus) }),
    notes: event.note ? [event.note] : [],
  }));
  const changes = detail.changes.map((change) => {
    const { before, after, type } = change.detail as {
      before?: Record<string, unknown>;
      after?: Record<string, unknown>;
      type?: string;
    };
    return {
      createdAt: change.createdAt,
      actor: change.actor,
      actorName: change.actorName,
      text:
        change.kind === "email_resent"
          ? fill(TEXT.resentEvent, { type: labelOf(copy.labels.emailType, type ?? "") })
          : labelOf(copy.labels.orderChange, change.kind),
      notes:
        change.kind === "address_corrected" && before && after
          ? [
              fill(TEXT.addressFrom, { address: addressLine(before) }),
              fill(TEXT.addressTo, { address: addressLine(after) }),
            ]
          : [],
    };
  });
  return [...statuses, ...changes].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}
