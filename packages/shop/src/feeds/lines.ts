/**
 * A feed's lines: every published model (never a draft, never an archived one) with its words in
 * the feed's language, as the shop shows it — name, plain-text description, page, JPEG photos,
 * availability (a series not open yet is a preorder with its opening date), price and sale price
 * (the struck-through price is the legal reference price, ../pricing.ts), brand, material, weight
 * and shipping per country. Pure: the catalogue and its series' openings come in (./load.ts).
 */
import type { Locale } from "@souls/core/locales";
import { emailWidths, isPhotoHash, photoPath, type ShownPhoto } from "@souls/core/photos";
import type { Catalogue, CatalogueModel } from "../catalogue";
import type { DeliveryZone } from "../delivery/zones";
import { type CountryShipping, shippingByCountry } from "./offer";

/** The catalogue and what a feed reads beside it. */
export interface FeedSource {
  catalogue: Catalogue;
  /** Each series' opening to everyone, null when on sale as soon as published (decision 039). */
  seriesOpensAt: ReadonlyMap<number, Date | null>;
  /** The owner's delivery zones (decision 049). */
  zones: readonly DeliveryZone[];
}

/** A photo as a platform fetches it: an absolute JPEG address and its size. */
export interface FeedImage {
  url: string;
  width: number;
  height: number;
}

export type FeedAvailability = "in_stock" | "out_of_stock" | "preorder";

export interface FeedLine {
  /** The model's reference (`Aicha-01`): the same id in every feed and language. */
  id: string;
  title: string;
  description: string;
  link: string;
  /** The cover first; only JPEGs large enough for both platforms. */
  images: FeedImage[];
  availability: FeedAvailability;
  /** A preorder's opening. */
  availabilityDate: Date | null;
  /** The price before a reduction (the legal reference price), or the price. */
  priceCents: number;
  /**
   * The price paid while on sale. A sale here has no end date (the owner ends it, and the feeds
   * are rebuilt that moment): no `sale_price_effective_date` is sent (decision 046).
   */
  salePriceCents: number | null;
  currency: string;
  brand: string;
  material: string | null;
  weightGrams: number | null;
  shipping: CountryShipping[];
}

/** Google asks 500 × 500 pixels at least for a piece of clothing or an accessory (Meta, 500 too). */
export const MIN_FEED_IMAGE_SIDE = 500;
/** Google reads ten additional photos at most; Meta twenty. */
export const MAX_ADDITIONAL_IMAGES = 10;
/** Google's description: 5,000 characters at most. */
export const MAX_DESCRIPTION = 5000;
/** Google's title: 150 characters; its material: 200. */
export const MAX_TITLE = 150;
export const MAX_MATERIAL = 200;

/** An uploaded photo's largest JPEG cut (1,200 px when the photo has it), or null for a drawing. */
export function uploadedPhotoImage(origin: string, photo: ShownPhoto): FeedImage | null {
  if (!isPhotoHash(photo.source)) return null;
  const widths = emailWidths(photo.width);
  const width = widths[widths.length - 1] ?? photo.width;
  return {
    url: `${origin}${photoPath(photo.source, width, "jpeg")}`,
    width,
    height: Math.round((photo.height * width) / photo.width),
  };
}

/**
 * One paragraph of plain text: what the platforms show (no markup, no line breaks to mis-read),
 * without the characters XML 1.0 cannot carry, cut at a word under `max` characters.
 */
export function plainText(text: string, max: number): string {
  const clean = text
    // biome-ignore lint/suspicious/noControlCharactersInRegex: these are what XML 1.0 refuses.
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "")
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** « Environ 250 g », « About 0.25 kg »: the weight a model's words give, in grams, or null. */
export function weightInGrams(text: string): number | null {
  const match = /(\d+(?:[.,]\d+)?)\s*(kg|g)\b/i.exec(text);
  if (!match) return null;
  const value = Number((match[1] ?? "").replace(",", "."));
  const grams = (match[2] ?? "").toLowerCase() === "kg" ? value * 1000 : value;
  return Number.isFinite(grams) && grams > 0 ? Math.round(grams) : null;
}

/** A model's main material: its fabric, as its words name it (else its leather, its lining). */
function materialOf(model: CatalogueModel, locale: Locale): string | null {
  const materials = model.texts[locale]?.materials ?? {};
  const main = [materials.fabric, materials.leather, materials.lining].find((one) => one?.trim());
  return main ? plainText(main, MAX_MATERIAL) : null;
}

export interface FeedOptions {
  locale: Locale;
  /** The shop's configured origin (never a request's Host). */
  origin: string;
  now: Date;
  brand: string;
  /** The model's name as a shopper reads it in this language (« Sac banane Aicha »). */
  titleOf: (model: CatalogueModel) => string;
  /** A photo's JPEG: an uploaded photo's cut, a drawing's raster cut; null when there is none. */
  imageOf: (photo: ShownPhoto) => FeedImage | null;
}

/** The availability a platform shows: sold out, a preorder until its series opens, in stock. */
export function availabilityOf(
  model: CatalogueModel,
  source: FeedSource,
  now: Date,
): { availability: FeedAvailability; date: Date | null } {
  if (model.available <= 0) return { availability: "out_of_stock", date: null };
  const opensAt = model.seriesId === null ? null : (source.seriesOpensAt.get(model.seriesId) ?? null);
  if (opensAt && opensAt.getTime() > now.getTime()) return { availability: "preorder", date: opensAt };
  return { availability: "in_stock", date: null };
}

/**
 * The feed's lines in one language. A model without words in that language has no page there,
 * and one without a photo large enough cannot be listed (both platforms require one): left out.
 */
export function feedLines(source: FeedSource, options: FeedOptions): FeedLine[] {
  return source.catalogue.models.flatMap((model): FeedLine[] => {
    const texts = model.texts[options.locale];
    if (model.state !== "published" || !texts) return [];
    const images = model.photos
      .map(options.imageOf)
      .filter(
        (image): image is FeedImage =>
          image !== null && image.width >= MIN_FEED_IMAGE_SIDE && image.height >= MIN_FEED_IMAGE_SIDE,
      )
      .slice(0, 1 + MAX_ADDITIONAL_IMAGES);
    if (images.length === 0) return [];
    const { availability, date } = availabilityOf(model, source, options.now);
    const onSale = model.beforePriceCents !== null;
    return [
      {
        id: model.reference,
        title: plainText(options.titleOf(model), MAX_TITLE),
        description: plainText(texts.longDescription || texts.shortDescription, MAX_DESCRIPTION),
        link: `${options.origin}${texts.path}`,
        images,
        availability,
        availabilityDate: date,
        priceCents: onSale ? (model.beforePriceCents as number) : model.priceCents,
        salePriceCents: onSale ? model.priceCents : null,
        currency: model.currency,
        brand: plainText(options.brand, 70),
        material: materialOf(model, options.locale),
        weightGrams: weightInGrams(texts.weight),
        // One piece's delivery: free where its price reaches the zone's threshold.
        shipping: shippingByCountry(source.zones, model.priceCents),
      },
    ];
  });
}

/**
 * When the feeds say something else without any change to the catalogue: the next opening of a
 * series (its preorders become pieces in stock), or null.
 */
export function nextFeedChange(source: FeedSource, now: Date): Date | null {
  const upcoming = [...source.seriesOpensAt.values()]
    .filter((opensAt): opensAt is Date => opensAt !== null && opensAt.getTime() > now.getTime())
    .sort((a, b) => a.getTime() - b.getTime());
  return upcoming[0] ?? null;
}

/** `169.00 EUR`, as both platforms write an amount. */
export function feedAmount(cents: number, currency: string): string {
  return `${(cents / 100).toFixed(2)} ${currency}`;
}

/** `2026-12-01T09:00Z`: ISO 8601 to the minute in UTC, as Google's date attributes take it. */
export function feedDate(date: Date): string {
  return `${date.toISOString().slice(0, 16)}Z`;
}
