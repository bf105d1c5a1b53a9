import { Link } from "@remix-run/react";
import { formatPrice } from "@souls/core/format";
import type { Locale } from "@souls/core/locales";
import type { ModelAvailability } from "@souls/shop/catalogue";
import { productImage } from "~/lib/images";
import { useTranslation } from "~/lib/translations";
import { pathOf, productPage } from "~/screens";
import { checkoutHref } from "./product-actions";

/** A model in the collection grid: photo, name, one line, price and the order button. */
export function ProductCard({
  product,
  locale,
  action = "order",
  headingLevel = 3,
}: {
  product: ModelAvailability;
  locale: Locale;
  /** "order" goes to checkout (home); "view" opens the product page ("you may also like"). */
  action?: "order" | "view";
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation("products");
  const { t: tc } = useTranslation();
  const href = pathOf(productPage(product.model), locale);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const soldOut = product.available <= 0;
  return (
    <article className="product-card">
      <Link to={href} className="product-card__image" tabIndex={-1} aria-hidden="true">
        <img
          src={productImage(product.model)}
          alt=""
          width="1000"
          height="1250"
          loading="lazy"
          decoding="async"
        />
        {soldOut ? <span className="product-card__flag">{tc("product.soldOut")}</span> : null}
      </Link>
      <div className="product-card__body">
        <Heading className="product-card__name">
          <Link to={href}>{t(`${product.model}.name`)}</Link>
        </Heading>
        <p className="product-card__text">{t(`${product.model}.cardDescription`)}</p>
        <p className="product-card__price">{formatPrice(product.priceCents, locale)}</p>
        {action === "view" ? (
          <Link to={href} className="button button--outline button--small">
            {tc("product.view", { name: t(`${product.model}.name`) })}
          </Link>
        ) : soldOut ? (
          <button type="button" className="button button--primary button--small" disabled>
            {tc("product.soldOut")}
          </button>
        ) : (
          <Link
            to={checkoutHref(locale, product.model)}
            className="button button--primary button--small"
            reloadDocument
          >
            {tc("product.order")}
            <span className="visually-hidden"> – {t(`${product.model}.name`)}</span>
          </Link>
        )}
      </div>
    </article>
  );
}
