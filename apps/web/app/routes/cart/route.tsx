import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { formatPrice } from "@souls/core/format";
import type { ShownPhoto } from "@souls/core/photos";
import { checkoutQuery } from "@souls/shop/cart";
import { priceLines } from "@souls/shop/catalogue";
import { ProductPicture } from "~/components/product-picture";
import { RedirectBackField } from "~/components/redirect-back-field";
import { ActionToast } from "~/components/toaster";
import { fixedT } from "~/i18n.server";
import { readCart } from "~/lib/cart.server";
import { handleCartIntent } from "~/lib/cart-actions.server";
import { shownCatalogue } from "~/lib/catalogue.server";
import { env } from "~/lib/env.server";
import { invalidRequest, readForm } from "~/lib/form.server";
import { useLocale } from "~/lib/locale";
import { requirePage } from "~/lib/page.server";
import { pageMeta } from "~/lib/seo";
import { useTranslation } from "~/lib/translations";
import { pathOf } from "~/screens";
import { choosesQuantity } from "./quantity";

export const handle = { i18n: ["common"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const { locale } = requirePage(request);
  const [stored, catalogue, t] = await Promise.all([
    readCart(request),
    shownCatalogue(),
    fixedT(locale, "common"),
  ]);
  // A line of a model no longer sold (a draft again, or gone) is not shown, nor counted; the
  // total is priced as the checkout prices it.
  const { lines: priced, subtotalCents: totalCents } = priceLines(catalogue, stored);
  const lines = priced.map(({ paths, unitPriceCents, ...line }) => ({
    ...line,
    // Every model shoppers can find has both languages (publishing requires them).
    path: paths[locale] ?? pathOf("home", locale),
    priceCents: unitPriceCents,
  }));
  const cart = lines.map(({ model, quantity }) => ({ model, quantity }));
  return {
    lines,
    totalCents,
    maxPiecesPerModel: env.orderLimits.maxPiecesPerModel,
    checkoutHref: `${pathOf("checkout", locale)}?${checkoutQuery(cart)}`,
    title: t("cart.metaTitle", { count: cart.length }),
    description:
      cart.length === 0
        ? t("cart.metaEmpty")
        : t("cart.metaDescription", { total: formatPrice(totalCents, locale, { exact: true }) }),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { locale } = requirePage(request);
  const form = await readForm(request);
  if (form.get("intent") === "add") return invalidRequest(locale);
  return handleCartIntent(request, form, locale);
}

export const meta = pageMeta();

export default function CartPage() {
  const { lines, totalCents, checkoutHref, maxPiecesPerModel } = useLoaderData<typeof loader>();
  const locale = useLocale();
  const { t } = useTranslation();
  const home = pathOf("home", locale);

  if (lines.length === 0) {
    return (
      <main id="main" className="page page--narrow cart-empty">
        <ActionToast />
        <h1>{t("cart.emptyTitle")}</h1>
        <p>{t("cart.emptyText")}</p>
        <Link to={home} className="button button--primary">
          {t("cart.continueShopping")}
        </Link>
      </main>
    );
  }

  return (
    <main id="main" className="page cart-page">
      <ActionToast />
      <h1 className="cart-page__title">{t("cart.title", { count: lines.length })}</h1>
      <div className="cart-page__layout">
        <ul className="cart-lines" aria-label={t("cart.linesLabel")}>
          {lines.map((line) => (
            <CartLineItem key={line.model} line={line} maxPiecesPerModel={maxPiecesPerModel} />
          ))}
        </ul>
        <aside className="cart-summary" aria-labelledby="summary-title">
          <h2 id="summary-title">{t("cart.summary")}</h2>
          <p className="cart-summary__total">
            <span>{t("cart.total")}</span>
            <strong data-testid="cart-total">{formatPrice(totalCents, locale, { exact: true })}</strong>
          </p>
          <p className="cart-summary__note">{t("cart.shippingNote")}</p>
          <a href={checkoutHref} className="button button--primary button--block">
            {t("cart.order")}
          </a>
          <Link to={`${home}#products`} className="button button--ghost button--block">
            {t("cart.keepShopping")}
          </Link>
          <ul className="cart-summary__promises">
            <li>{t("cart.trackedDelivery")}</li>
            <li>{t("cart.returns")}</li>
          </ul>
        </aside>
      </div>
    </main>
  );
}

interface Line {
  model: string;
  quantity: number;
  name: string;
  path: string;
  cover?: ShownPhoto;
  priceCents: number;
  available: number;
}

function CartLineItem({ line, maxPiecesPerModel }: { line: Line; maxPiecesPerModel: number }) {
  const locale = useLocale();
  const { t } = useTranslation();
  const { name } = line;
  const { pathname } = useLocation();
  const { quantity } = line;
  const stepper = choosesQuantity(quantity, line.available, maxPiecesPerModel);
  const anchor = `line-${line.model}`;

  const intentButton = (intent: string, label: string, content: string, disabled = false) => (
    <button
      type="submit"
      name="intent"
      value={intent}
      className={intent === "remove" ? "text-button" : "quantity__button"}
      aria-label={label}
      disabled={disabled}
    >
      {content}
    </button>
  );

  return (
    <li className="cart-line" id={anchor}>
      {line.cover ? (
        <ProductPicture
          photo={line.cover}
          locale={locale}
          alt=""
          sizes="(min-width: 560px) 8rem, 6rem"
          className="cart-line__image"
        />
      ) : (
        <span className="cart-line__image" />
      )}
      <div className="cart-line__body">
        <h2 className="cart-line__name">
          <a href={line.path}>{t("product.fullName", { name })}</a>
        </h2>
        <p className="cart-line__unique">{t(stepper ? "cart.limitedSeries" : "cart.uniquePiece")}</p>
        <p className="cart-line__price">{formatPrice(line.priceCents, locale, { exact: true })}</p>
        {quantity >= maxPiecesPerModel && line.quantity <= line.available ? (
          <p className="cart-line__limit">{t("cart.orderLimit", { count: maxPiecesPerModel })}</p>
        ) : null}
        {line.quantity > line.available ? (
          <p className="stock-note" role="note">
            {line.available === 0
              ? t("cart.noLongerAvailable")
              : t("cart.onlyLeft", { count: line.available })}
          </p>
        ) : null}
        <form method="post" action={`${pathname}#${anchor}`} className="cart-line__controls">
          <input type="hidden" name="model" value={line.model} />
          <RedirectBackField anchor={anchor} />
          {stepper ? (
            <fieldset className="quantity">
              <legend className="visually-hidden">{t("cart.quantityOf", { name })}</legend>
              {intentButton("decrement", t("cart.decrease", { name }), "−", quantity <= 1)}
              <output className="quantity__value" aria-live="polite">
                {quantity}
              </output>
              {intentButton(
                "increment",
                t("cart.increase", { name }),
                "+",
                quantity >= Math.min(line.available, maxPiecesPerModel),
              )}
            </fieldset>
          ) : null}
          {intentButton("remove", t("cart.removeLabel", { name }), t("cart.remove"))}
        </form>
      </div>
    </li>
  );
}
