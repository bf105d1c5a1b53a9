import { Form } from "@remix-run/react";
import { formatDate, formatShopDateTime } from "@souls/core/format";
import type { ReactNode } from "react";
import { OrderSummary } from "~/components/order-summary";
import { useLocale } from "~/lib/locale";
import { useTranslation } from "~/lib/translations";
import type { TrackingView } from "./tracking.server";

/**
 * An order opened by its token: facts and timeline, the pieces with the shipping and total (the
 * checkout's summary), then the withdrawal. Times are Paris time, written without a zone code.
 */
export function TrackedOrderCard({ view }: { view: TrackingView & { state: "result" } }) {
  const { t } = useTranslation("tracking");
  const locale = useLocale();
  const { order } = view;
  return (
    <>
      {order.isTest ? <p className="notice">{t("result.test")}</p> : null}
      {view.withdrawal === "recorded" && order.withdrawnAt ? (
        <p className="notice" role="status">
          {t("withdrawal.done", { date: formatShopDateTime(order.withdrawnAt, locale) })}
        </p>
      ) : null}
      {view.withdrawal === "periodOver" ? (
        <p className="form-error" role="alert">
          {t("errors.periodOver")}
        </p>
      ) : null}
      <section className="tracking__card" aria-labelledby="order-title">
        <h2 id="order-title">{t("result.title", { number: order.orderNumber })}</h2>
        <dl className="tracking__facts">
          <div>
            <dt>{t("result.orderNumber")}</dt>
            <dd>{order.orderNumber}</dd>
          </div>
          <div>
            <dt>{t("result.orderDate")}</dt>
            <dd>{formatDate(order.orderedAt, locale)}</dd>
          </div>
          <div>
            <dt>{t("result.status")}</dt>
            <dd>
              <span className={`status status--${order.status}`}>{t(`status.${order.status}`)}</span>
            </dd>
          </div>
          <div>
            <dt>{t("result.payment")}</dt>
            <dd>{t(`paymentStatus.${order.paymentStatus}`)}</dd>
          </div>
          <div>
            <dt>{t("result.customer")}</dt>
            <dd>{order.customerName}</dd>
          </div>
          {order.trackingNumber ? (
            <>
              {order.carrierName ? (
                <div>
                  <dt>{t("result.carrier")}</dt>
                  <dd>{order.carrierName}</dd>
                </div>
              ) : null}
              <div>
                <dt>{t("result.trackingNumber")}</dt>
                <dd>{order.trackingNumber}</dd>
              </div>
            </>
          ) : null}
        </dl>
        {order.carrierUrl && order.carrierName ? (
          <p>
            <a
              href={order.carrierUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="button button--outline"
            >
              {t("result.carrierLink", { carrier: order.carrierName })}
              <span className="visually-hidden"> {t("result.newTab")}</span>
            </a>
          </p>
        ) : null}

        <h3>{t("result.timeline")}</h3>
        <ol className="tracking__timeline">
          {order.timeline.map((step) => (
            <li key={`${step.status}-${step.at}`}>
              <span>{t(`status.${step.status}`)}</span>{" "}
              <time dateTime={step.at}>{formatShopDateTime(step.at, locale)}</time>
            </li>
          ))}
        </ol>
        <Parcel order={order} />
      </section>
      <OrderSummary
        lines={order.lines}
        shippingCents={order.shippingCents}
        totalCents={order.totalCents}
        country={order.country}
      />
      <Withdrawal view={view} />
    </>
  );
}

/**
 * What the parcel holds once some pieces were refunded before it left: each piece to ship (or
 * shipped) and each refunded, as the owner's packing slip says (orders/fulfilment).
 */
function Parcel({ order }: { order: (TrackingView & { state: "result" })["order"] }) {
  const { t } = useTranslation("tracking");
  if (!order.lines.some((line) => line.refunded > 0)) return null;
  const sent = order.timeline.some((step) => step.status === "shipped");
  return (
    <>
      <h3>{t("result.parcel")}</h3>
      <ul className="tracking__parcel">
        {order.lines.flatMap((line) => [
          line.toShip > 0 ? (
            <li key={`${line.model}-ship`}>
              {t(sent ? "result.shipped" : "result.willShip", { quantity: line.toShip, name: line.name })}
            </li>
          ) : null,
          line.refunded > 0 ? (
            <li key={`${line.model}-refunded`}>
              {t("result.refundedBeforeShipping", { quantity: line.refunded, name: line.name })}
            </li>
          ) : null,
        ])}
      </ul>
    </>
  );
}

/** The legal withdrawal button (directive 2023/2673), then its confirmation step. */
function Withdrawal({ view }: { view: TrackingView & { state: "result" } }) {
  const { t } = useTranslation("tracking");
  const locale = useLocale();
  const { order } = view;
  if (order.withdrawnAt && view.withdrawal !== "recorded") {
    return (
      <p className="notice">
        {t("withdrawal.recorded", { date: formatShopDateTime(order.withdrawnAt, locale) })}
      </p>
    );
  }
  if (!order.withdrawal.open) return null;
  return (
    <section className="tracking__withdrawal" aria-labelledby="withdrawal-title">
      <h2 id="withdrawal-title">
        {view.withdrawal === "confirm" ? t("withdrawal.confirmTitle") : t("withdrawal.title")}
      </h2>
      {view.withdrawal === "confirm" ? (
        <>
          <p>{t("withdrawal.confirmText", { number: order.orderNumber })}</p>
          <p>{t("withdrawal.confirmRefund")}</p>
          <div className="tracking__buttons">
            <TokenButton token={view.token} intent="confirm-withdrawal" className="button button--primary">
              {t("withdrawal.confirm")}
            </TokenButton>
            <TokenButton token={view.token} intent="track" className="button button--ghost">
              {t("withdrawal.cancel")}
            </TokenButton>
          </div>
        </>
      ) : (
        <>
          <p>
            {order.withdrawal.closesAt
              ? t("withdrawal.openUntil", { date: formatShopDateTime(order.withdrawal.closesAt, locale) })
              : t("withdrawal.open")}
          </p>
          <TokenButton token={view.token} intent="withdraw" className="button button--outline">
            {t("withdrawal.button")}
          </TokenButton>
        </>
      )}
    </section>
  );
}

/** A one-button form that carries the order's token to the next step. */
function TokenButton({
  token,
  intent,
  className,
  children,
}: {
  token: string;
  intent: "track" | "withdraw" | "confirm-withdrawal";
  className: string;
  children: ReactNode;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="token" value={token} />
      <button type="submit" name="intent" value={intent} className={className}>
        {children}
      </button>
    </Form>
  );
}
