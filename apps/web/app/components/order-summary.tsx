import { countryName, formatPrice } from "@souls/core/format";
import type { ModelCode } from "@souls/core/models";
import type { ShownPhoto } from "@souls/core/photos";
import { importDutiesMayApply } from "@souls/shop/shipping";
import { useLocale } from "~/lib/locale";
import { useTranslation } from "~/lib/translations";
import { ProductPicture } from "./product-picture";

export interface SummaryLine {
  model: ModelCode;
  name: string;
  /** The model's cover photo, when the catalogue still has one. */
  cover?: ShownPhoto;
  quantity: number;
  unitPriceCents: number;
}

/** Items, shipping (once the country is known, « Offerte » when free), total and duties, in the page's language. */
export function OrderSummary({
  lines,
  shippingCents,
  totalCents,
  calculating = false,
  country,
  discount,
}: {
  lines: SummaryLine[];
  shippingCents: number;
  totalCents: number;
  calculating?: boolean;
  /** The delivery country once known: its shipping line (« Offerte » when free), and duties. */
  country?: string | null;
  /** A discount code's amount off the lines (decision 048), and the code when known. */
  discount?: { code: string | null; cents: number } | null;
}) {
  const { t } = useTranslation("checkout");
  const { t: tc } = useTranslation();
  const locale = useLocale();
  return (
    <section className="order-summary" aria-labelledby="summary-title">
      <h2 id="summary-title">{t("summary.title")}</h2>
      <ul className="order-summary__lines">
        {lines.map((line) => (
          <li key={line.model} className="order-summary__line">
            {line.cover ? (
              <ProductPicture photo={line.cover} locale={locale} alt="" sizes="4rem" />
            ) : (
              <span />
            )}
            <span className="order-summary__name">
              {tc("product.fullName", { name: line.name })}
              <span className="order-summary__quantity">
                {t("summary.quantity", { count: line.quantity })}
              </span>
            </span>
            <span>{formatPrice(line.unitPriceCents * line.quantity, locale, { exact: true })}</span>
          </li>
        ))}
      </ul>
      <dl className="order-summary__totals" aria-live="polite" aria-busy={calculating}>
        {discount && discount.cents > 0 ? (
          <div className="order-summary__discount">
            <dt>
              {discount.code ? t("summary.discountCode", { code: discount.code }) : t("summary.discount")}
            </dt>
            <dd data-testid="checkout-discount">−{formatPrice(discount.cents, locale, { exact: true })}</dd>
          </div>
        ) : null}
        {country || shippingCents > 0 ? (
          <div>
            <dt>{t("summary.shipping")}</dt>
            <dd>
              {calculating
                ? t("summary.calculating")
                : shippingCents === 0
                  ? t("summary.shippingFree")
                  : formatPrice(shippingCents, locale, { exact: true })}
            </dd>
          </div>
        ) : null}
        <div className="order-summary__total">
          <dt>{t("summary.total")}</dt>
          <dd data-testid="checkout-total">
            {calculating ? t("summary.calculating") : formatPrice(totalCents, locale, { exact: true })}
          </dd>
        </div>
      </dl>
      {country && importDutiesMayApply(country) ? (
        <p className="order-summary__duties">
          {t("summary.duties", { country: countryName(country, locale) })}
        </p>
      ) : null}
    </section>
  );
}
