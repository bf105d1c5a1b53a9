import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import {
  Form,
  Link,
  type ShouldRevalidateFunction,
  useActionData,
  useFetcher,
  useLoaderData,
  useNavigation,
} from "@remix-run/react";
import {
  checkoutQuery,
  isShippingCountry,
  loadCollection,
  newCheckoutKey,
  parseCheckoutQuery,
  placeOrder,
  SHIPPING_FIELDS,
  type ShippingDetails,
  shippingDetailsSchema,
  shippingRateFor,
  startPayment,
} from "@souls/shop";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Field } from "~/components/checkout/field";
import { OrderSummary, type SummaryLine } from "~/components/checkout/order-summary";
import { i18next } from "~/i18n.server";
import { invalidRequest, readForm } from "~/lib/actions.server";
import { readCart } from "~/lib/cart.server";
import { type CountryOption, countryName, countryOptions } from "~/lib/countries";
import { db } from "~/lib/db.server";
import { formatPrice } from "~/lib/format";
import { useLocale } from "~/lib/locale";
import { plainAmount } from "~/lib/money";
import { rememberOrder } from "~/lib/orders.server";
import { requirePage, siteOrigin } from "~/lib/page.server";
import { gateway } from "~/lib/payments.server";
import { pageMeta } from "~/lib/seo";
import { makeToast, redirectWithToast } from "~/lib/toast.server";
import { pathOf, productPage } from "~/screens";

export const handle = { i18n: ["common", "checkout", "products"] };

type FieldErrors = Partial<Record<keyof ShippingDetails, string>>;
type Values = Partial<Record<keyof ShippingDetails, string>>;

/** The lines of a checkout, priced from the database, with what is still available. */
async function pricedLines(items: URLSearchParams) {
  const parsed = parseCheckoutQuery(items, []);
  if (!parsed.ok) return null;
  const collection = await loadCollection(db);
  const lines = parsed.lines.map((line) => ({
    ...line,
    unitPriceCents: collection[line.model].priceCents,
    available: collection[line.model].available,
  }));
  const subtotalCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  return { lines, subtotalCents, fromQuery: parsed.fromQuery };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { locale } = requirePage(request);
  const url = new URL(request.url);
  const t = await i18next.getFixedT(locale, "checkout");
  const meta = { title: t("meta.title"), description: t("meta.description") };
  const cart = await readCart(request);
  const parsed = parseCheckoutQuery(url.searchParams, cart);
  if (!parsed.ok) return data({ ...meta, state: "malformed" as const }, { status: 400 });
  const priced = await pricedLines(new URLSearchParams(checkoutQuery(parsed.lines)));
  if (!priced) return data({ ...meta, state: "malformed" as const }, { status: 400 });

  const [single] = priced.lines;
  if (parsed.fromQuery && priced.lines.length === 1 && single && single.available === 0) {
    // "Acheter maintenant" on a piece sold meanwhile: back to its page with the spec's toast.
    const toast = makeToast({
      kind: "error",
      title: "toast.soldOut.title",
      description: "toast.soldOut.text",
    });
    return redirectWithToast(pathOf(productPage(single.model), locale), toast);
  }
  const problems = priced.lines
    .filter((line) => line.quantity > line.available)
    .map(({ model, available }) => ({ model, available }));
  if (problems.length > 0) return data({ ...meta, state: "unavailable" as const, problems }, { status: 409 });

  return {
    ...meta,
    state: "ready" as const,
    lines: priced.lines,
    subtotalCents: priced.subtotalCents,
    items: checkoutQuery(parsed.lines),
    checkoutKey: newCheckoutKey(),
    countries: countryOptions(locale),
  };
}

const text = (value: FormDataEntryValue | null) => (typeof value === "string" ? value.slice(0, 2000) : "");

export async function action({ request }: ActionFunctionArgs) {
  const { locale } = requirePage(request);
  const form = await readForm(request);
  const priced = await pricedLines(new URLSearchParams(text(form.get("items"))));
  if (!priced) return invalidRequest();
  const intent = form.get("intent");

  if (intent === "quote") {
    const country = form.get("country");
    if (!isShippingCountry(country)) return data({ quote: null }, { status: 400 });
    const shippingCents = shippingRateFor(country);
    return { quote: { country, shippingCents, totalCents: priced.subtotalCents + shippingCents } };
  }
  if (intent !== "pay") return invalidRequest();

  const values: Values = Object.fromEntries(SHIPPING_FIELDS.map((field) => [field, text(form.get(field))]));
  const details = shippingDetailsSchema.safeParse(values);
  if (!details.success) {
    const errors: FieldErrors = {};
    for (const issue of details.error.issues)
      errors[issue.path[0] as keyof ShippingDetails] ??= issue.message;
    return data({ errors, values }, { status: 400 });
  }
  const shippingCents = shippingRateFor(details.data.country);
  const totalCents = priced.subtotalCents + shippingCents;
  // Without JavaScript the shopper saw a total without this country's shipping: show it first.
  if (text(form.get("expectedTotal")) !== String(totalCents)) {
    return { review: { country: details.data.country, shippingCents, totalCents }, values };
  }
  const checkoutKey = text(form.get("checkoutKey"));
  if (!/^[\w-]{16,64}$/.test(checkoutKey)) return invalidRequest();

  const placed = await placeOrder(db, {
    checkoutKey,
    locale,
    lines: priced.lines.map(({ model, quantity }) => ({ model, quantity })),
    details: details.data,
    provider: gateway.provider,
  });
  if (!placed.ok) {
    const problem =
      placed.reason === "unavailable" ? { model: placed.model, available: placed.available } : null;
    return data({ unavailable: problem, values }, { status: 409 });
  }
  const { order } = placed;
  const headers = new Headers({ "Set-Cookie": await rememberOrder(request, order.orderNumber) });
  if (order.status !== "awaiting_payment") {
    return redirect(`${pathOf("thankYou", locale)}?order=${order.orderNumber}`, { status: 303, headers });
  }
  const origin = siteOrigin(request);
  try {
    const started = await startPayment(db, gateway, order, {
      returnUrl: `${origin}${pathOf("thankYou", locale)}?order=${order.orderNumber}`,
      cancelUrl: `${origin}${pathOf("cart", locale)}`,
      withJavaScript: false,
    });
    const next = started.redirectUrl ?? `${pathOf("testPayment", locale)}?order=${order.orderNumber}`;
    return redirect(next, { status: 303, headers });
  } catch (error) {
    console.error("[checkout] payment could not start:", (error as Error).message);
    return data({ paymentError: true, values }, { status: 502, headers });
  }
}

export const meta = pageMeta();

/** A shipping quote changes nothing the loader reads: keep the page (and its checkout key). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get("intent") === "quote" ? false : defaultShouldRevalidate;

type ActionAnswer = {
  errors?: FieldErrors;
  values?: Values;
  review?: { country: string; shippingCents: number; totalCents: number };
  unavailable?: { model: string; available: number } | null;
  paymentError?: boolean;
};

export default function CheckoutPage() {
  const loaded = useLoaderData<typeof loader>();
  const locale = useLocale();
  const { t } = useTranslation("checkout");
  const { t: tp } = useTranslation("products");

  if (loaded.state !== "ready") {
    return (
      <main id="main" className="page page--narrow status-page">
        <h1>{t("title")}</h1>
        {loaded.state === "malformed" ? (
          <p className="form-error">{t("errors.malformed")}</p>
        ) : (
          loaded.problems.map((problem: { model: string; available: number }) => (
            <p key={problem.model} className="form-error">
              {problem.available === 0
                ? t("errors.soldOut", { name: tp(`${problem.model}.name`) })
                : t("errors.unavailable", { count: problem.available, name: tp(`${problem.model}.name`) })}
            </p>
          ))
        )}
        <Link to={pathOf("cart", locale)} className="button button--primary">
          {t("errors.backToCart")}
        </Link>
      </main>
    );
  }
  return <CheckoutForm {...loaded} />;
}

interface ReadyCheckout {
  lines: SummaryLine[];
  subtotalCents: number;
  items: string;
  checkoutKey: string;
  countries: CountryOption[];
}

function CheckoutForm({ lines, subtotalCents, items, checkoutKey, countries }: ReadyCheckout) {
  const answer = useActionData<ActionAnswer>();
  const locale = useLocale();
  const { t } = useTranslation("checkout");
  const { t: tp } = useTranslation("products");
  const navigation = useNavigation();
  const quote = useFetcher<{
    quote: { country: string; shippingCents: number; totalCents: number } | null;
  }>();
  const values = answer?.values ?? {};
  const errors = answer?.errors ?? {};
  const [country, setCountry] = useState(values.country ?? "");
  const countryRef = useRef<HTMLSelectElement>(null);

  // The total shown is the server's: the review answer, then the latest quote for the country.
  const quoted = quote.data?.quote?.country === country ? quote.data.quote : undefined;
  const reviewed = answer?.review?.country === country ? answer.review : undefined;
  const shippingCents = quoted?.shippingCents ?? reviewed?.shippingCents ?? 0;
  const totalCents = quoted?.totalCents ?? reviewed?.totalCents ?? subtotalCents;
  const calculating = quote.state !== "idle";
  const submitting = navigation.state === "submitting";

  const onCountryChange = (code: string) => {
    setCountry(code);
    if (code) quote.submit({ intent: "quote", country: code, items }, { method: "post" });
  };
  // A country picked before the page finished loading (slow connection) is quoted once React is here.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on hydration
  useEffect(() => {
    const picked = countryRef.current?.value ?? "";
    if (picked && picked !== country) onCountryChange(picked);
  }, []);

  return (
    <main id="main" className="page checkout">
      <h1>{t("title")}</h1>
      <Form method="post" className="checkout__layout" noValidate>
        <input type="hidden" name="items" value={items} />
        <input type="hidden" name="checkoutKey" value={checkoutKey} />
        <input type="hidden" name="expectedTotal" value={totalCents} />
        <section className="checkout__shipping" aria-labelledby="shipping-title">
          <h2 id="shipping-title">{t("shipping")}</h2>
          {Object.keys(errors).length > 0 ? (
            <p className="form-error" role="alert">
              {t("errors.summary")}
            </p>
          ) : null}
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
          <Field name="address" label={t("fields.address")} error={errors.address}>
            {(props) => (
              <input {...props} defaultValue={values.address} autoComplete="street-address" required />
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
          <Field name="country" label={t("fields.country")} error={errors.country}>
            {(props) => (
              <select
                {...props}
                ref={countryRef}
                defaultValue={values.country ?? ""}
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
            {(props) => <textarea {...props} defaultValue={values.customerNote} rows={3} maxLength={1000} />}
          </Field>
        </section>
        <aside className="checkout__aside">
          <OrderSummary
            lines={lines}
            shippingCents={shippingCents}
            totalCents={totalCents}
            calculating={calculating}
          />
          {answer?.review ? (
            <div className="notice" role="status">
              <p className="notice__title">{t("review.title")}</p>
              <p>
                {t("review.text", {
                  country: countryName(answer.review.country, locale),
                  total: formatPrice(answer.review.totalCents, locale, { exact: true }),
                })}
              </p>
            </div>
          ) : null}
          {answer?.unavailable ? (
            <p className="form-error" role="alert">
              {answer.unavailable.available === 0
                ? t("errors.soldOut", { name: tp(`${answer.unavailable.model}.name`) })
                : t("errors.unavailable", {
                    count: answer.unavailable.available,
                    name: tp(`${answer.unavailable.model}.name`),
                  })}
            </p>
          ) : null}
          {answer?.paymentError ? (
            <p className="form-error" role="alert">
              {t("errors.payment")}
            </p>
          ) : null}
          {quote.data && !quote.data.quote ? (
            <p className="form-error" role="alert">
              {t("errors.shippingUpdate")}
            </p>
          ) : null}
          <button
            type="submit"
            name="intent"
            value="pay"
            className="button button--primary button--block"
            disabled={submitting || calculating}
          >
            {submitting
              ? t("processing")
              : t("pay", { amount: plainAmount(totalCents, locale), currency: "EUR" })}
          </button>
          <p className="checkout__legal">
            {t("legalNotice")} <Link to={pathOf("terms", locale)}>{t("terms")}</Link>
          </p>
        </aside>
      </Form>
    </main>
  );
}
