import { shopDay } from "@souls/core/format";
import type { Locale } from "@souls/core/locales";
import { isPhotoHash, photoFallbackPath } from "@souls/core/photos";
import type { CatalogueModel, ModelTexts } from "@souls/shop/catalogue";
import type { DeliveryZone } from "@souls/shop/delivery";
import { salePhase } from "@souls/shop/launch";
import { drawingImage } from "~/lib/drawings.server";
import { launchClock } from "~/lib/launch.server";
import { siteOrigin } from "~/lib/page.server";
import type { PageReviews } from "~/lib/reviews.server";
import type { Translate } from "~/lib/translations";
import { pathOf } from "~/screens";
import { offerDetails } from "./offer-details.server";

/**
 * A product page's schema.org Product and breadcrumb, for search engines' rich results. A rating
 * only from reviews the page shows: with none published, no `aggregateRating` and no `review`.
 */
export function productStructuredData({
  model: product,
  texts,
  locale,
  tc,
  brand,
  reviews,
  series = null,
  zones,
}: {
  model: CatalogueModel;
  texts: ModelTexts;
  locale: Locale;
  tc: Translate;
  /** The seller's brand, as the owner saved it. */
  brand: string;
  /** The published reviews the page shows (their average and count are of all published ones). */
  reviews: PageReviews | null;
  /** The model's series while it has a page: the breadcrumb's second step (decision 040). */
  series?: { title: string; path: string } | null;
  /** The owner's delivery zones (decision 049): the offer's shipping details. */
  zones: readonly DeliveryZone[];
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
      // The photos as search engines fetch them: an uploaded photo's JPEG, a launch drawing's
      // raster cut (Google reads no SVG), or else the drawing itself.
      image: product.photos.map((photo) =>
        isPhotoHash(photo.source)
          ? `${origin}${photoFallbackPath(photo)}`
          : (drawingImage(photo)?.url ?? `${origin}${photo.source}`),
      ),
      brand: { "@type": "Brand", name: brand },
      // Stars only from buyers' reviews published on this page (the old spec's 4.8 from 12 was
      // code; L121-4 Code de la consommation forbids a rating nobody gave).
      ...(reviews ? reviewsData(reviews) : {}),
      offers: {
        "@type": "Offer",
        url,
        priceCurrency: product.currency,
        price: (product.priceCents / 100).toFixed(2),
        // A series not open yet (decision 039) is announced, not in stock: its pieces come on sale then.
        availability:
          product.available <= 0
            ? "https://schema.org/SoldOut"
            : salePhase(product.launch, launchClock.now()) === "open"
              ? "https://schema.org/InStock"
              : "https://schema.org/PreSale",
        itemCondition: "https://schema.org/NewCondition",
        ...offerDetails(product, zones),
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
          name: series ? series.title : tc("breadcrumb.collection"),
          item: series ? `${origin}${series.path}` : `${origin}${pathOf("home", locale)}#products`,
        },
        { "@type": "ListItem", position: 3, name, item: url },
      ],
    },
  ];
}

const RATING_BOUNDS = { bestRating: 5, worstRating: 1 } as const;

function reviewsData(reviews: PageReviews) {
  return {
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: reviews.average,
      reviewCount: reviews.count,
      ...RATING_BOUNDS,
    },
    review: reviews.reviews.map((review) => ({
      "@type": "Review",
      name: review.title,
      reviewBody: review.body,
      inLanguage: review.locale,
      datePublished: shopDay(review.publishedAt),
      author: { "@type": "Person", name: review.authorName },
      reviewRating: { "@type": "Rating", ratingValue: review.rating, ...RATING_BOUNDS },
    })),
  };
}
