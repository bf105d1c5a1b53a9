import { data, redirect } from "@remix-run/node";
import { emailPhotoUrl, type ShownPhoto } from "@souls/core/photos";
import { REVIEW_RULES } from "@souls/core/reviews";
import { availabilityOf, type Catalogue, modelAtAddress, otherModels } from "@souls/shop/catalogue";
import { loadDeliveryZones } from "@souls/shop/delivery";
import { manufacturerOf } from "@souls/shop/seller";
import { fixedT } from "~/i18n.server";
import { adminSession } from "~/lib/admin-session.server";
import { cardOf, shownCatalogue } from "~/lib/catalogue.server";
import { db } from "~/lib/db.server";
import { shownZones } from "~/lib/delivery.server";
import { env } from "~/lib/env.server";
import { guaranteeNoticeFor } from "~/lib/guarantee-notice.server";
import { earlyAccessPasses, openingOf } from "~/lib/launch.server";
import { notFound } from "~/lib/not-found.server";
import { siteOrigin } from "~/lib/page.server";
import { pageReviews, shownReviews } from "~/lib/reviews.server";
import { shownSeller } from "~/lib/seller.server";
import { seriesLinkOf } from "~/lib/series.server";
import { localeForPath } from "~/screens";
import { productStructuredData } from "./structured-data.server";

/**
 * The model at this address, as shoppers may see it: its current address (an earlier one answers
 * 301 to it, for ever), published or archived (sold out, off the grid); a draft only to the
 * owner's session (her preview, never indexed nor kept by a cache).
 */
export async function requireModel(request: Request, catalogue: Catalogue) {
  const url = new URL(request.url);
  const found = modelAtAddress(catalogue, url.pathname);
  if (found?.kind === "retired") throw redirect(`${found.path}${url.search}`, 301);
  const texts = found?.model.texts[found.locale];
  const locale = localeForPath(url.pathname);
  if (!found || !texts) throw notFound(catalogue, locale);
  const preview = found.model.state === "draft";
  if (preview && !(await adminSession(request))) throw notFound(catalogue, locale);
  return { model: found.model, locale: found.locale, texts, preview };
}

/** The product page's data: the model, its words, photos, reviews, seller and the law's notice. */
export async function productPage(request: Request) {
  const catalogue = await shownCatalogue();
  const { model, locale, texts, preview } = await requireModel(request, catalogue);
  const [tc, seller, published, guaranteeNotice, passes, zones] = await Promise.all([
    fixedT(locale, "common"),
    shownSeller(),
    shownReviews(),
    guaranteeNoticeFor(locale),
    earlyAccessPasses(request),
    loadDeliveryZones(db),
  ]);
  const url = new URL(request.url);
  const photo = Number(url.searchParams.get("photo"));
  // The newest reviews on the page everyone gets (kept); all of them on `?reviews=all` (never kept).
  const allReviews = url.searchParams.get("reviews") === "all";
  const modelReviews = published[model.id];
  const reviews = pageReviews(
    modelReviews,
    allReviews ? Number.POSITIVE_INFINITY : REVIEW_RULES.shownPerPage,
  );
  const series = seriesLinkOf(catalogue, model.seriesId, locale);
  const body = {
    model: availabilityOf(model),
    // Not on sale yet for this shopper (decision 039): the page says when, and holds nothing.
    opening: openingOf(model, locale, passes),
    name: model.name,
    texts,
    photos: model.photos,
    beforePriceCents: model.beforePriceCents,
    photo: Number.isInteger(photo) && photo >= 1 && photo <= model.photos.length ? photo - 1 : 0,
    // The breadcrumb leads to the model's series' page while it has one (decision 040).
    series,
    related: otherModels(catalogue, model.model)
      .slice(0, 3)
      .map((other) => cardOf(other, locale, passes)),
    preview,
    noindex: preview,
    socialImage: socialImageOf(model.photos[0]),
    title: tc("product.metaTitle", { name: model.name }),
    description: texts.shortDescription,
    reviews,
    reviewsAllPath:
      reviews && reviews.reviews.length < reviews.count ? `${texts.path}?reviews=all#reviews` : null,
    structuredData: productStructuredData({
      model,
      texts,
      locale,
      tc,
      brand: seller.brand,
      reviews,
      series,
      zones,
    }),
    // The delivery block: each zone's price and times, as the owner set them (decision 049).
    delivery: shownZones(zones, locale),
    manufacturer: manufacturerOf(seller, locale),
    guaranteeNotice,
    // How long an unpaid order holds its pieces: said to whoever finds them all held (#held-meanwhile).
    holdMinutes: env.orderLimits.holdMinutes,
  };
  return preview ? data(body, { headers: { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" } }) : body;
}

/** The cover photo for social networks: an uploaded photo's large JPEG (they read no SVG drawing). */
function socialImageOf(cover: ShownPhoto | undefined) {
  const url = cover && emailPhotoUrl(siteOrigin, cover, 1200);
  if (!cover || !url) return undefined;
  const width = Math.min(1200, cover.width);
  return { url, width, height: Math.round((cover.height * width) / cover.width) };
}
