import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, type ShouldRevalidateFunction, useLoaderData } from "@remix-run/react";
import { countryOptions } from "@souls/core/format";
import { checkoutQuery } from "@souls/shop/cart";
import { modelByCode } from "@souls/shop/catalogue";
import { overOrderLimit } from "@souls/shop/checkout";
import { newCheckoutKey } from "@souls/shop/orders";
import { SHIPPING_COUNTRIES } from "@souls/shop/shipping";
import { fixedT } from "~/i18n.server";
import { readCart } from "~/lib/cart.server";
import { shownCatalogue } from "~/lib/catalogue.server";
import { env } from "~/lib/env.server";
import { readForm } from "~/lib/form.server";
import { useLocale } from "~/lib/locale";
import { requirePage } from "~/lib/page.server";
import { stripePublishableKey } from "~/lib/payments.server";
import { pageMeta } from "~/lib/seo";
import { makeToast, redirectWithToast } from "~/lib/toast.server";
import { useTranslation } from "~/lib/translations";
import { loadsWords } from "~/lib/words";
import { pathOf } from "~/screens";
import { answerCheckout, pricedLines } from "./checkout.server";
import { CheckoutForm } from "./checkout-form";

export const handle = { i18n: ["common", "checkout"] };
export const clientLoader = loadsWords(handle);

export async function loader({ request }: LoaderFunctionArgs) {
  const { locale } = requirePage(request);
  const url = new URL(request.url);
  const t = await fixedT(locale, "checkout");
  const meta = { title: t("meta.title"), description: t("meta.description") };
  const priced = await pricedLines(url.searchParams, await readCart(request));
  if (!priced) return data({ ...meta, state: "malformed" as const }, { status: 400 });
  const overLimit = overOrderLimit(priced.lines, env.orderLimits.maxPiecesPerModel);
  if (overLimit) {
    const name = priced.lines.find((line) => line.model === overLimit.model)?.name ?? overLimit.model;
    return data({ ...meta, state: "orderLimit" as const, ...overLimit, name }, { status: 409 });
  }

  const [single] = priced.lines;
  if (priced.fromQuery && priced.lines.length === 1 && single && single.available === 0) {
    // "Acheter maintenant" on a piece sold meanwhile: back to its page with the spec's toast.
    const toast = await makeToast(locale, {
      kind: "error",
      title: "common:toast.soldOut.title",
      text: "common:toast.soldOut.text",
    });
    const catalogue = await shownCatalogue();
    const path = modelByCode(catalogue, single.model)?.texts[locale]?.path ?? pathOf("home", locale);
    return redirectWithToast(path, toast);
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
    countries: countryOptions(SHIPPING_COUNTRIES, locale),
    stripeKey: stripePublishableKey,
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

  if (loaded.state !== "ready") {
    return (
      <main id="main" className="page page--narrow status-page">
        <h1>{t("title")}</h1>
        {loaded.state === "malformed" ? (
          <p className="form-error">{t("errors.malformed")}</p>
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
        <Link to={pathOf("cart", locale)} className="button button--primary">
          {t("errors.backToCart")}
        </Link>
      </main>
    );
  }
  return <CheckoutForm {...loaded} />;
}
