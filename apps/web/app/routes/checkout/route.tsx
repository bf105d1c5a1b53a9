import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { type ShouldRevalidateFunction, useLoaderData } from "@remix-run/react";
import { countryName, countryOptions } from "@souls/core/format";
import type { Locale } from "@souls/core/locales";
import { checkoutQuery } from "@souls/shop/cart";
import { overOrderLimit } from "@souls/shop/checkout";
import { loadDeliveryZones, servedCountries } from "@souls/shop/delivery";
import { newCheckoutKey, quoteDelivery, resumeCheckout } from "@souls/shop/orders";
import type { LanguageFormHandle } from "~/components/site-header";
import { fixedT } from "~/i18n.server";
import { readCart } from "~/lib/cart.server";
import { shownCatalogue, withCovers } from "~/lib/catalogue.server";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { readForm } from "~/lib/form.server";
import { guaranteeNoticeFor } from "~/lib/guarantee-notice.server";
import { useLocale } from "~/lib/locale";
import { ownedOrderNumber } from "~/lib/orders.server";
import { requirePage } from "~/lib/page.server";
import { gateway, stripePublishableKey } from "~/lib/payments.server";
import { pageMeta } from "~/lib/seo";
import { makeToast, redirectWithToast } from "~/lib/toast.server";
import { useTranslation } from "~/lib/translations";
import { loadsWords } from "~/lib/words";
import type { HydrateHandle } from "~/root";
import { pathOf } from "~/screens";
import { answerCheckout, checkoutLines, notOpenLine } from "./checkout.server";
import { CHECKOUT_FORM_ID, CheckoutForm } from "./checkout-form";
import { ResumePayment } from "./resume-payment";

export const handle = {
  i18n: ["common", "checkout"],
  // Stripe's Payment Element is a React component; the quote, the card step and the language
  // toggle that carries the form run in the browser.
  hydrate: true,
  // The language toggle carries what was typed to the other language (components/site-header).
  languageForm: (data: unknown) =>
    (data as { state?: string } | undefined)?.state === "ready" ? CHECKOUT_FORM_ID : null,
} satisfies LanguageFormHandle & HydrateHandle & { i18n: string[] };
export const clientLoader = loadsWords(handle);

export async function loader({ request }: LoaderFunctionArgs) {
  const { locale } = requirePage(request);
  const url = new URL(request.url);
  const t = await fixedT(locale, "checkout");
  const meta = { title: t("meta.title"), description: t("meta.description") };
  if (url.searchParams.has("order")) return resumeLoader(request, locale, meta);
  const priced = await checkoutLines(url.searchParams, await readCart(request));
  if (!priced) return data({ ...meta, state: "malformed" as const }, { status: 400 });
  const overLimit = overOrderLimit(priced.lines, env.orderLimits.maxPiecesPerModel);
  if (overLimit) {
    const name = priced.lines.find((line) => line.model === overLimit.model)?.name ?? overLimit.model;
    return data({ ...meta, state: "orderLimit" as const, ...overLimit, name }, { status: 409 });
  }

  // A piece of a series not open yet to this shopper (decision 039): the page says when instead.
  const notOpen = await notOpenLine(request, priced.lines, locale);
  if (notOpen) return data({ ...meta, state: "notOpen" as const, ...notOpen }, { status: 403 });

  const [single] = priced.lines;
  if (priced.fromQuery && priced.lines.length === 1 && single && single.available === 0) {
    // "Acheter maintenant" on a piece sold meanwhile: back to its page with the spec's toast.
    const toast = await makeToast(locale, {
      kind: "error",
      title: "common:toast.soldOut.title",
      text: "common:toast.soldOut.text",
    });
    return redirectWithToast(single.paths[locale] ?? pathOf("home", locale), toast);
  }
  const problems = priced.lines
    .filter((line) => line.quantity > line.available)
    .map(({ model, name, available }) => ({ model, name, available }));
  if (problems.length > 0) return data({ ...meta, state: "unavailable" as const, problems }, { status: 409 });

  return {
    ...meta,
    state: "ready" as const,
    lines: priced.lines,
    subtotalCents: priced.subtotalCents,
    items: checkoutQuery(priced.lines),
    checkoutKey: newCheckoutKey(),
    // The countries of the owner's delivery zones (decision 049): one she withdrew is not offered.
    countries: countryOptions(servedCountries(await loadDeliveryZones(db)), locale),
    stripeKey: stripePublishableKey,
    // Most of the French shop's buyers live in France: chosen at once, with its delivery priced.
    initialQuote: await initialQuote(locale, priced.subtotalCents),
    guaranteeNotice: await guaranteeNoticeFor(locale),
  };
}

async function initialQuote(locale: Locale, subtotalCents: number) {
  if (locale !== "fr") return null;
  const quoted = await quoteDelivery(db, gateway, { subtotalCents, country: "FR" });
  return quoted.ok ? quoted.quote : null;
}

/**
 * `?order=`: an order this browser placed and has not paid, to pay now (its thank-you page, a
 * reload of the card step). Paid or closed, the thank-you page says what became of it.
 */
async function resumeLoader(request: Request, locale: Locale, meta: { title: string; description: string }) {
  const orderNumber = await ownedOrderNumber(request);
  const resumed = orderNumber ? await resumeCheckout(db, gateway, orderNumber) : undefined;
  if (!resumed) return data({ ...meta, state: "malformed" as const }, { status: 404 });
  if (resumed.next === "thankYou") {
    return redirect(`${pathOf("thankYou", locale)}?order=${resumed.order.orderNumber}`, { status: 303 });
  }
  const { order, lines } = resumed;
  return {
    ...meta,
    state: "resume" as const,
    orderNumber: order.orderNumber,
    lines: withCovers(lines, await shownCatalogue()),
    shippingCents: order.shippingCents,
    totalCents: order.totalCents,
    discount: order.discountCents > 0 ? { code: order.discountCode, cents: order.discountCents } : null,
    country: order.country,
    address: {
      name: `${order.firstName} ${order.lastName}`,
      street: order.address,
      city: `${order.postalCode} ${order.city}`,
      country: countryName(order.country, locale),
    },
    remainingMs: order.reservedUntil.getTime() - Date.now(),
    stripeKey: stripePublishableKey,
    guaranteeNotice: await guaranteeNoticeFor(locale),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { locale } = requirePage(request);
  return answerCheckout(request, context, await readForm(request), locale);
}

export const meta = pageMeta();

/** A shipping quote changes nothing the loader reads: keep the page (and its checkout key). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get("intent") === "quote" ? false : defaultShouldRevalidate;

export default function CheckoutPage() {
  const loaded = useLoaderData<typeof loader>();
  const locale = useLocale();
  const { t } = useTranslation("checkout");

  if (loaded.state === "resume") return <ResumePayment {...loaded} />;
  if (loaded.state !== "ready") {
    return (
      <main id="main" className="page page--narrow status-page">
        <h1>{t("title")}</h1>
        {loaded.state === "malformed" ? (
          <p className="form-error">{t("errors.malformed")}</p>
        ) : loaded.state === "notOpen" ? (
          <p className="form-error">
            {t("errors.notOpen", { name: loaded.name, day: loaded.day, time: loaded.time })}
          </p>
        ) : loaded.state === "orderLimit" ? (
          <p className="form-error">{t("errors.orderLimit", { count: loaded.limit, name: loaded.name })}</p>
        ) : (
          loaded.problems.map((problem: { model: string; name: string; available: number }) => (
            <p key={problem.model} className="form-error">
              {problem.available === 0
                ? t("errors.soldOut", { name: problem.name })
                : t("errors.unavailable", { count: problem.available, name: problem.name })}
            </p>
          ))
        )}
        <a href={pathOf("cart", locale)} className="button button--primary">
          {t("errors.backToCart")}
        </a>
      </main>
    );
  }
  return <CheckoutForm {...loaded} />;
}
