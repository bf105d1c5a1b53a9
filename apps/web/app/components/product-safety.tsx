import type { Manufacturer } from "@souls/shop/seller";
import { useTranslation } from "~/lib/translations";
import { Paragraphs } from "./paragraphs";

export interface ProductSafetyProps {
  /** Who made the piece: the seller unless the owner named another (`productManufacturer` in lib/seller.server). */
  manufacturer: Manufacturer;
  /** The model's reference, which identifies it (Aicha-01…). */
  reference: string;
  /** The owner's care and safety notes in the page's language: plain text, blank lines between paragraphs. */
  care: string;
  safety: string;
}

/**
 * What the EU General Product Safety Regulation (2023/988, art. 19) asks a distance sale to show
 * with the product: its manufacturer's name, postal and electronic addresses, what identifies the
 * product, and its warnings and safety information. Everything the owner typed shows as text.
 */
export function ProductSafety({ manufacturer, reference, care, safety }: ProductSafetyProps) {
  const { t } = useTranslation();
  return (
    <section className="product-safety page" aria-labelledby="product-safety-title">
      <h2 id="product-safety-title" className="section__title">
        {t("product.safety.title")}
      </h2>
      <p>{t("product.safety.intro")}</p>
      <dl className="materials">
        <div>
          <dt>{t("product.safety.manufacturer")}</dt>
          <dd>{manufacturer.name}</dd>
        </div>
        <div>
          <dt>{t("product.safety.postalAddress")}</dt>
          <dd>{manufacturer.address}</dd>
        </div>
        {/* Not filled in yet in « Ma boutique »: no empty link (decision 036 invents nothing). */}
        {manufacturer.email ? (
          <div>
            <dt>{t("product.safety.email")}</dt>
            <dd>
              <a href={`mailto:${manufacturer.email}`}>{manufacturer.email}</a>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t("product.safety.reference")}</dt>
          <dd>{reference}</dd>
        </div>
      </dl>
      {care.trim() ? (
        <>
          <h3>{t("product.safety.care")}</h3>
          <Paragraphs text={care} />
        </>
      ) : null}
      {safety.trim() ? (
        <>
          <h3>{t("product.safety.warnings")}</h3>
          <Paragraphs text={safety} />
        </>
      ) : null}
    </section>
  );
}
