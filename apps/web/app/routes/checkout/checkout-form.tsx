import type { SerializeFrom } from "@remix-run/node";
import { Form, useActionData, useFetcher, useNavigation } from "@remix-run/react";
import { type CountryOption, countryName, formatPrice } from "@souls/core/format";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { ErrorSummary } from "~/components/error-summary";
import { Field } from "~/components/field";
import { GuaranteeNotice } from "~/components/guarantee-notice";
import { HoldCountdown } from "~/components/hold-countdown";
import { OrderSummary } from "~/components/order-summary";
import { plainAmount } from "~/lib/format";
import { useHydrated } from "~/lib/hydrated";
import { useLocale } from "~/lib/locale";
import { useTranslation } from "~/lib/translations";
import { pathOf } from "~/screens";
import type { action, loader } from "./route";

type ReadyCheckout = Extract<SerializeFrom<typeof loader>, { state: "ready" }>;

const StripePayment = lazy(() => import("./stripe-payment"));

/** The checkout's form: the language toggle posts it to the other language (what she typed stays). */
export const CHECKOUT_FORM_ID = "checkout-form";

const FIELDS_IN_ORDER = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "address",
  "addressLine2",
  "postalCode",
  "city",
  "country",
  "deliveryInstructions",
  "customerNote",
] as const;

export function CheckoutForm({
  lines,
  subtotalCents,
  items,
  checkoutKey,
  countries,
  stripeKey,
  initialQuote,
  guaranteeNotice,
}: ReadyCheckout) {
  const answer = useActionData<typeof action>();
  const locale = useLocale();
  const { t } = useTranslation("checkout");
  const navigation = useNavigation();
  const quote = useFetcher<typeof action>();
  const quoted = quote.data?.outcome === "quote" ? quote.data.quote : undefined;
  // A change of country the server refused: the order (and the payment) stay as they were.
  const refusedQuote = quote.data?.outcome === "quote" ? quote.data.refused : undefined;
  const values: Partial<Record<string, string>> = answer && "values" in answer ? (answer.values ?? {}) : {};
  const errors = answer?.outcome === "invalid" ? answer.errors : {};
  const review = answer?.outcome === "review" ? answer.review : undefined;
  const refusal = answer?.outcome === "refused" ? answer.refusal : undefined;
  // The French shop delivers to France first: it is chosen, with its (free) delivery.
  const [country, setCountry] = useState(values.country ?? initialQuote?.country ?? "");
  const countryRef = useRef<HTMLSelectElement>(null);

  // The total shown is the server's: the review answer, then the latest quote for the country.
  const kept = refusedQuote?.kept ?? undefined;
  const current =
    quoted?.country === country
      ? quoted
      : kept?.country === country
        ? kept
        : review?.country === country
          ? review
          : initialQuote?.country === country
            ? initialQuote
            : undefined;
  const shippingCents = current?.shippingCents ?? 0;
  const totalCents = current?.totalCents ?? subtotalCents;
  const calculating = quote.state !== "idle";
  const submitting = navigation.state === "submitting";
  const hydrated = useHydrated();
  const payment = answer?.outcome === "payment" ? answer.payment : undefined;
  const [amountVersion, setAmountVersion] = useState(0);

  const refusalText = (problem: NonNullable<typeof refusal>) => {
    switch (problem.problem) {
      case "unavailable":
        return problem.available === 0
          ? t("errors.soldOut", { name: problem.name })
          : t("errors.unavailable", { count: problem.available, name: problem.name });
      case "heldByOthers":
        return t("errors.heldByOthers", { name: problem.name, count: problem.holdMinutes });
      case "orderLimit":
        return t("errors.orderLimit", { count: problem.limit, name: problem.name });
      case "clientLimit":
        return t(`errors.${problem.reason === "held_pieces" ? "heldPieces" : "unpaidOrders"}`, {
          count: problem.count,
        });
      case "reservationEnded":
        return t("errors.reservationEnded");
      case "paymentError":
        return t("errors.payment");
      case "notOpen":
      case "earlyAccess":
        return t(`errors.${problem.problem}`, { name: problem.name, day: problem.day, time: problem.time });
      case "launchLimit":
        return t("errors.launchLimit", { count: problem.limit, name: problem.name });
    }
  };

  const onCountryChange = (code: string) => {
    setCountry(code);
    if (!code) return;
    const fields: Record<string, string> = { intent: "quote", country: code, items };
    if (payment) fields.orderNumber = payment.orderNumber;
    quote.submit(fields, { method: "post" });
  };
  // Once the order exists, the address is its payment's: a reload opens the payment of this
  // order, not an empty form for a new one. After the router has finished its own navigation
  // (it writes the form's address when its loaders are back), keeping its history.state.
  const settled = navigation.state === "idle";
  useEffect(() => {
    if (!payment || !settled) return;
    window.history.replaceState(
      window.history.state,
      "",
      `${pathOf("checkout", locale)}?order=${payment.orderNumber}`,
    );
  }, [payment, settled, locale]);
  // Once the server has changed the payment's amount, the Payment Element reloads it.
  useEffect(() => {
    if (payment && quote.state === "idle" && quoted) setAmountVersion((version) => version + 1);
  }, [payment, quote.state, quoted]);
  // Refused: the list shows the country the order is still delivered to, and its total.
  useEffect(() => {
    if (!kept) return;
    setCountry(kept.country);
    if (countryRef.current) countryRef.current.value = kept.country;
  }, [kept]);
  // A country picked before the page finished loading (slow connection) is quoted once React is here.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on hydration
  useEffect(() => {
    const picked = countryRef.current?.value ?? "";
    if (picked && picked !== country) onCountryChange(picked);
  }, []);

  return (
    <main id="main" className="page checkout">
      <h1>{t("title")}</h1>
      <Form method="post" id={CHECKOUT_FORM_ID} className="checkout__layout" noValidate>
        <input type="hidden" name="items" value={items} />
        {/* A new key once this checkout's order has ended: the next "Payer" is a new order. */}
        <input
          type="hidden"
          name="checkoutKey"
          value={answer && "checkoutKey" in answer && answer.checkoutKey ? answer.checkoutKey : checkoutKey}
        />
        <input type="hidden" name="expectedTotal" value={totalCents} />
        {hydrated && stripeKey ? <input type="hidden" name="paymentMode" value="element" /> : null}
        <section className="checkout__shipping" aria-labelledby="shipping-title">
          <h2 id="shipping-title">{t("shipping")}</h2>
          {Object.keys(errors).length > 0 ? (
            <ErrorSummary
              title={t("errors.summary")}
              problems={FIELDS_IN_ORDER.flatMap((field) => {
                const message = errors[field as keyof typeof errors];
                return message
                  ? [{ id: `field-${field}`, label: t(`fields.${field}`), message: t(message) }]
                  : [];
              })}
            />
          ) : null}
          {/* Once the payment exists only the country may change: the server re-prices it. */}
          <fieldset className="checkout__fields" disabled={Boolean(payment)}>
            <div className="checkout__row">
              <Field name="firstName" label={t("fields.firstName")} error={errors.firstName}>
                {(props) => (
                  <input {...props} defaultValue={values.firstName} autoComplete="given-name" required />
                )}
              </Field>
              <Field name="lastName" label={t("fields.lastName")} error={errors.lastName}>
                {(props) => (
                  <input {...props} defaultValue={values.lastName} autoComplete="family-name" required />
                )}
              </Field>
            </div>
            <Field name="email" label={t("fields.email")} error={errors.email}>
              {(props) => (
                <input {...props} type="email" defaultValue={values.email} autoComplete="email" required />
              )}
            </Field>
            <Field name="phone" label={t("fields.phone")} hint={t("fields.phoneHint")} error={errors.phone}>
              {(props) => (
                <input {...props} type="tel" defaultValue={values.phone} autoComplete="tel" maxLength={30} />
              )}
            </Field>
            <Field name="address" label={t("fields.address")} error={errors.address}>
              {(props) => (
                <input {...props} defaultValue={values.address} autoComplete="address-line1" required />
              )}
            </Field>
            <Field name="addressLine2" label={t("fields.addressLine2")} error={errors.addressLine2}>
              {(props) => (
                <input
                  {...props}
                  defaultValue={values.addressLine2}
                  autoComplete="address-line2"
                  maxLength={200}
                />
              )}
            </Field>
            <div className="checkout__row">
              <Field name="postalCode" label={t("fields.postalCode")} error={errors.postalCode}>
                {(props) => (
                  <input {...props} defaultValue={values.postalCode} autoComplete="postal-code" required />
                )}
              </Field>
              <Field name="city" label={t("fields.city")} error={errors.city}>
                {(props) => (
                  <input {...props} defaultValue={values.city} autoComplete="address-level2" required />
                )}
              </Field>
            </div>
          </fieldset>
          <Field name="country" label={t("fields.country")} error={errors.country}>
            {(props) => (
              <select
                {...props}
                ref={countryRef}
                defaultValue={values.country ?? initialQuote?.country ?? ""}
                onChange={(event) => onCountryChange(event.target.value)}
                required
              >
                <option value="">{t("fields.countryPlaceholder")}</option>
                {countries.map((option: CountryOption) => (
                  <option key={option.code} value={option.code}>
                    {option.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <fieldset className="checkout__fields" disabled={Boolean(payment)}>
            <Field
              name="deliveryInstructions"
              label={t("fields.deliveryInstructions")}
              error={errors.deliveryInstructions}
            >
              {(props) => (
                <textarea {...props} defaultValue={values.deliveryInstructions} rows={2} maxLength={500} />
              )}
            </Field>
            <Field name="customerNote" label={t("fields.customerNote")} error={errors.customerNote}>
              {(props) => (
                <textarea {...props} defaultValue={values.customerNote} rows={3} maxLength={1000} />
              )}
            </Field>
          </fieldset>
        </section>
        <aside className="checkout__aside">
          <OrderSummary
            lines={lines}
            shippingCents={shippingCents}
            totalCents={totalCents}
            calculating={calculating}
            country={current?.country}
          />
          {review ? (
            <div className="notice" role="status">
              <p className="notice__title">{t("review.title")}</p>
              <p>
                {t("review.text", {
                  country: countryName(review.country, locale),
                  total: formatPrice(review.totalCents, locale, { exact: true }),
                })}
              </p>
            </div>
          ) : null}
          {refusal ? (
            <p className="form-error" role="alert">
              {refusalText(refusal)}
            </p>
          ) : null}
          {quote.data?.outcome === "quote" && !quote.data.quote ? (
            <p className="form-error" role="alert">
              {refusedQuote?.reason === "not_served"
                ? t("errors.countryNotServed")
                : kept
                  ? t(
                      refusedQuote?.reason === "gateway_unavailable"
                        ? "errors.countryNotChanged"
                        : "errors.countryLocked",
                      {
                        country: countryName(kept.country, locale),
                        total: formatPrice(kept.totalCents, locale, { exact: true }),
                      },
                    )
                  : t("errors.shippingUpdate")}
            </p>
          ) : null}
          {payment && stripeKey ? (
            <>
              <HoldCountdown remainingMs={payment.remainingMs} />
              <Suspense fallback={<p>{t("summary.calculating")}</p>}>
                <StripePayment
                  publishableKey={stripeKey}
                  clientSecret={payment.clientSecret}
                  returnUrl={payment.returnUrl}
                  reloadUrl={`${pathOf("checkout", locale)}?order=${payment.orderNumber}`}
                  locale={locale}
                  amountVersion={amountVersion}
                  payLabel={t("pay", { amount: plainAmount(totalCents, locale), currency: "EUR" })}
                />
              </Suspense>
            </>
          ) : (
            <button
              type="submit"
              name="intent"
              value="pay"
              className="button button--primary button--block"
              // Not disabled while a quote is on its way: a click then would be lost. The server
              // compares the total shown (expectedTotal) with its own and asks to review a difference.
              disabled={submitting}
            >
              {submitting
                ? t("processing")
                : t("pay", { amount: plainAmount(totalCents, locale), currency: "EUR" })}
            </button>
          )}
          <p className="checkout__legal">
            {t("legalNotice")} <a href={pathOf("terms", locale)}>{t("terms")}</a>
          </p>
          <GuaranteeNotice
            notice={guaranteeNotice}
            locale={locale}
            id="checkout-guarantee-title"
            className="guarantee-notice--checkout"
          />
        </aside>
      </Form>
    </main>
  );
}
