import { Link } from "@remix-run/react";
import { formatPrice } from "@souls/core/format";
import type { Locale } from "@souls/core/locales";
import type { ShownPhoto } from "@souls/core/photos";
import type { ModelAvailability, ModelTexts } from "@souls/shop/catalogue";
import type { Opening } from "~/lib/launch.server";
import { useTranslation } from "~/lib/translations";
import { checkoutHref } from "./product-actions";
import { ProductPicture } from "./product-picture";

/** What a card shows of a model: its availability, name, words in the page's language and photos. */
export interface CardModel extends ModelAvailability {
  texts: Pick<ModelTexts, "path" | "cardDescription"> | undefined;
  photos: ShownPhoto[];
  beforePriceCents?: number | null;
  /** When its series opens, while this shopper cannot hold it yet (decision 039). */
  opening?: Opening | null;
}

/** A model in the collection grid: photo, name, one line, price and the order button. */
export function ProductCard({
  product,
  locale,
  action = "order",
  headingLevel = 3,
  priority = false,
}: {
  product: CardModel;
  locale: Locale;
  /** "order" goes to checkout (home); "view" opens the product page ("you may also like"). */
  action?: "order" | "view";
  headingLevel?: 2 | 3;
  /** The first cards a page shows above the fold: their photos are fetched first. */
  priority?: boolean;
}) {
  const { t: tc } = useTranslation();
  if (!product.texts) return null;
  const href = product.texts.path;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const soldOut = product.available <= 0;
  const cover = product.photos[0];
  return (
    <article className="product-card">
      <Link to={href} className="product-card__image" tabIndex={-1} aria-hidden="true">
        {cover ? (
          <ProductPicture
            photo={cover}
            locale={locale}
            alt=""
            sizes="(min-width: 1000px) 25vw, (min-width: 560px) 50vw, 100vw"
            priority={priority}
          />
        ) : null}
        {soldOut ? <span className="product-card__flag">{tc("product.soldOut")}</span> : null}
      </Link>
      <div className="product-card__body">
        <Heading className="product-card__name">
          <Link to={href}>{product.name}</Link>
        </Heading>
        <p className="product-card__text">{product.texts.cardDescription}</p>
        <p className="product-card__price">
          {product.beforePriceCents ? (
            <>
              <s className="product-card__before">
                <span className="visually-hidden">{tc("product.beforePrice")} </span>
                {formatPrice(product.beforePriceCents, locale)}
              </s>{" "}
            </>
          ) : null}
          {formatPrice(product.priceCents, locale)}
        </p>
        {action === "view" ? (
          <Link to={href} className="button button--outline button--small">
            {tc("product.view", { name: product.name })}
          </Link>
        ) : product.opening ? (
          <p className="product-card__opening">
            <time dateTime={product.opening.at}>
              {tc("product.opening.label", { day: product.opening.day, time: product.opening.time })}
            </time>
          </p>
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
            <span className="visually-hidden"> – {product.name}</span>
          </Link>
        )}
      </div>
    </article>
  );
}

/** A titled grid of models to go on to, each card a link to its page (a product's « you may also like », the 404's collection). */
export function ModelsToView({
  id,
  title,
  models,
  locale,
  className,
  gridClassName = "product-grid",
}: {
  id: string;
  title: string;
  models: CardModel[];
  locale: Locale;
  className: string;
  gridClassName?: string;
}) {
  if (models.length === 0) return null;
  return (
    <section className={className} aria-labelledby={id}>
      <h2 id={id} className="section__title">
        {title}
      </h2>
      <div className={gridClassName}>
        {models.map((model) => (
          <ProductCard key={model.model} product={model} locale={locale} action="view" />
        ))}
      </div>
    </section>
  );
}
