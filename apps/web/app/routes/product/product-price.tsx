import { formatPrice } from "@souls/core/format";
import type { Locale } from "@souls/core/locales";
import { useTranslation } from "~/lib/translations";

/**
 * The model's price, and while it is on sale the price struck through beside it: the lowest of
 * the 30 days before the sale (art. L112-1-1 Code de la consommation), never a price the owner
 * types. Screen readers hear what each price is.
 */
export function ProductPrice({
  priceCents,
  beforePriceCents,
  locale,
  withVat = true,
}: {
  priceCents: number;
  beforePriceCents: number | null;
  locale: Locale;
  withVat?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <p className="product-hero__price">
      {beforePriceCents ? (
        <>
          <s className="product-hero__before">
            <span className="visually-hidden">{t("product.beforePrice")} </span>
            {formatPrice(beforePriceCents, locale)}
          </s>{" "}
          <span className="visually-hidden">{t("product.salePrice")} </span>
        </>
      ) : null}
      {formatPrice(priceCents, locale)}
      {withVat ? (
        <>
          {" "}
          <span className="product-hero__vat">{t("product.vatIncluded")}</span>
        </>
      ) : null}
    </p>
  );
}
