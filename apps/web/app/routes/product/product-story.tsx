import { Link } from "@remix-run/react";
import type { Locale } from "@souls/core/locales";
import type { ModelTexts } from "@souls/shop/catalogue";
import type { ReactNode } from "react";
import { Paragraphs } from "~/components/paragraphs";
import { useTranslation } from "~/lib/translations";
import { articlePage, pathOf } from "~/screens";

const MATERIALS = ["fabric", "embroidery", "hardware", "lining", "leather"] as const;

/** The model's story: its long description, materials, craft and heritage, and a second way to buy. */
export function ProductStory({
  texts,
  name,
  locale,
  children,
}: {
  texts: ModelTexts;
  name: string;
  locale: Locale;
  /** The price and the purchase buttons again, at the story's end. */
  children: ReactNode;
}) {
  const { t: tc } = useTranslation();
  return (
    <section className="product-story page" aria-labelledby="about-title">
      <h2 id="about-title" className="section__title">
        {tc("product.aboutTitle", { name })}
      </h2>
      <Paragraphs text={texts.longDescription} className="product-story__lead" />
      <div className="product-story__grid">
        <section aria-labelledby="materials-title">
          <h3 id="materials-title">{tc("product.materialsTitle")}</h3>
          <dl className="materials">
            {MATERIALS.filter((part) => texts.materials[part]).map((part) => (
              <div key={part}>
                <dt>{tc(`product.materials.${part}`)}</dt>
                <dd>{texts.materials[part]}</dd>
              </div>
            ))}
          </dl>
          <Link to={pathOf(articlePage("fabrics"), locale)} className="text-link">
            {tc("product.fabricArticle")}
          </Link>
        </section>
        <section aria-labelledby="craft-title">
          <h3 id="craft-title">{tc("product.craftsmanshipTitle")}</h3>
          <Paragraphs text={texts.craftsmanship} />
        </section>
        <section aria-labelledby="heritage-title">
          <h3 id="heritage-title">{tc("product.heritageTitle")}</h3>
          <Paragraphs text={texts.heritage} />
        </section>
      </div>
      <div className="product-story__buy">{children}</div>
    </section>
  );
}
