import type { Locale } from "@souls/core/locales";
import { isPhotoHash, photoFallbackPath } from "@souls/core/photos";
import type { CatalogueModel, ModelTexts } from "@souls/shop/catalogue";
import { siteOrigin } from "~/lib/page.server";
import type { Translate } from "~/lib/translations";
import { pathOf } from "~/screens";

/** A product page's schema.org Product and breadcrumb, for search engines' rich results. */
export function productStructuredData({
  model: product,
  texts,
  locale,
  tc,
  brand,
}: {
  model: CatalogueModel;
  texts: ModelTexts;
  locale: Locale;
  tc: Translate;
  /** The seller's brand, as the owner saved it. */
  brand: string;
}) {
  const origin = siteOrigin;
  const url = `${origin}${texts.path}`;
  const { name } = product;
  return [
    {
      "@context": "https://schema.org",
      "@type": "Product",
      name: tc("product.fullName", { name }),
      description: texts.longDescription,
      sku: product.reference,
      // The photos as search engines fetch them: a launch drawing, or an uploaded photo's JPEG.
      image: product.photos.map(
        (photo) => `${origin}${isPhotoHash(photo.source) ? photoFallbackPath(photo) : photo.source}`,
      ),
      brand: { "@type": "Brand", name: brand },
      // No aggregateRating: the shop collects no reviews, and a rating search engines show as
      // stars must come from reviews a shopper can read (the old spec's fixed 4.8 from 12 was not).
      offers: {
        "@type": "Offer",
        url,
        priceCurrency: product.currency,
        price: (product.priceCents / 100).toFixed(2),
        availability: product.available > 0 ? "https://schema.org/InStock" : "https://schema.org/SoldOut",
        itemCondition: "https://schema.org/NewCondition",
      },
    },
    {
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        {
          "@type": "ListItem",
          position: 1,
          name: tc("breadcrumb.home"),
          item: `${origin}${pathOf("home", locale)}`,
        },
        {
          "@type": "ListItem",
          position: 2,
          name: tc("breadcrumb.collection"),
          item: `${origin}${pathOf("home", locale)}#products`,
        },
        { "@type": "ListItem", position: 3, name, item: url },
      ],
    },
  ];
}
