import type { SerializeFrom } from "@remix-run/node";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { lazy, Suspense } from "react";
import { GuaranteeNotice } from "~/components/guarantee-notice";
import { HoldCountdown } from "~/components/hold-countdown";
import { OrderSummary } from "~/components/order-summary";
import { plainAmount } from "~/lib/format";
import { useHydrated } from "~/lib/hydrated";
import { useLocale } from "~/lib/locale";
import { useTranslation } from "~/lib/translations";
import type { action, loader } from "./route";

type Resume = Extract<SerializeFrom<typeof loader>, { state: "resume" }>;

const StripePayment = lazy(() => import("./stripe-payment"));

/**
 * An order placed earlier and not paid yet, paid from here: its lines, its address, and the same
 * payment step as the checkout's (Stripe's element with JavaScript, else the gateway's page).
 */
export function ResumePayment({
  orderNumber,
  lines,
  shippingCents,
  totalCents,
  discount,
  country,
  address,
  remainingMs,
  stripeKey,
  guaranteeNotice,
}: Resume) {
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("checkout");
  const locale = useLocale();
  const hydrated = useHydrated();
  const submitting = useNavigation().state === "submitting";
  const payment = answer && "payment" in answer ? answer.payment : undefined;
  const refusal = answer && "refusal" in answer ? answer.refusal : undefined;
  const payLabel = t("pay", { amount: plainAmount(totalCents, locale), currency: "EUR" });

  return (
    <main id="main" className="page checkout">
      <h1>{t("resume.title")}</h1>
      <p>{t("resume.text", { number: orderNumber })}</p>
      <div className="checkout__layout">
        <section className="checkout__shipping" aria-labelledby="deliver-title">
          <h2 id="deliver-title">{t("resume.deliverTo")}</h2>
          <address>
            {address.name}
            <br />
            {address.street}
            <br />
            {address.city}
            <br />
            {address.country}
          </address>
        </section>
        <aside className="checkout__aside">
          <OrderSummary
            lines={lines}
            shippingCents={shippingCents}
            totalCents={totalCents}
            country={country}
            discount={discount}
          />
          <HoldCountdown remainingMs={payment?.remainingMs ?? remainingMs} />
          {refusal ? (
            <p className="form-error" role="alert">
              {refusal.problem === "reservationEnded" ? t("errors.reservationEnded") : t("errors.payment")}
            </p>
          ) : null}
          {payment && stripeKey ? (
            <Suspense fallback={<p>{t("summary.calculating")}</p>}>
              <StripePayment
                publishableKey={stripeKey}
                clientSecret={payment.clientSecret}
                returnUrl={payment.returnUrl}
                reloadUrl={`?order=${orderNumber}`}
                locale={locale}
                amountVersion={0}
                payLabel={payLabel}
              />
            </Suspense>
          ) : (
            <Form method="post">
              <input type="hidden" name="intent" value="resume" />
              <input type="hidden" name="orderNumber" value={orderNumber} />
              {hydrated && stripeKey ? <input type="hidden" name="paymentMode" value="element" /> : null}
              <button type="submit" className="button button--primary button--block" disabled={submitting}>
                {submitting ? t("processing") : payLabel}
              </button>
            </Form>
          )}
          <GuaranteeNotice
            notice={guaranteeNotice}
            locale={locale}
            id="checkout-guarantee-title"
            className="guarantee-notice--checkout"
          />
        </aside>
      </div>
    </main>
  );
}
