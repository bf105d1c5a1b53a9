/**
 * What the owner's catalogue screen and model editor read: every series with its models in their
 * order (status, photos, what is missing to publish), and one model in full.
 */
import { CATALOGUE_LIMITS, type ModelTexts } from "@souls/core/catalogue-rules";
import { LOCALES, type Locale } from "@souls/core/locales";
import { defaultAddressSegments } from "@souls/core/model-addresses";
import type { Database, Kysely, Product } from "@souls/db";
import { AdminNotFoundError } from "../../errors";
import { type SeriesPicture, seriesPictureOf } from "../../photos/series-picture";
import { lowestPriceBefore, priceHistories, referencePrices } from "../../pricing";
import { type ProductHistoryEntry, productHistory } from "../../product-history";
import { segmentOf } from "./addresses";
import { type MissingPiece, missingPieces } from "./completeness";
import { statusOf } from "./models";
import type { SeriesRow } from "./series";
import { readTexts, type TextsRow, textsOf } from "./store";

export interface CatalogueModel {
  id: number;
  /** Permanent: carts, `?product=` links and orders name the model by it. */
  code: string;
  reference: string;
  name: string;
  priceCents: number;
  stock: number;
  available: number;
  status: ReturnType<typeof statusOf>;
  seriesId: number | null;
  position: number;
  photos: number;
  /** How many pieces are missing before it can be published (0: complete). */
  missing: number;
  onSale: boolean;
  addresses: Partial<Record<Locale, string>>;
}

export interface CatalogueSeries extends SeriesRow {
  models: CatalogueModel[];
  /** Its page's last segment in each language (kept for good: decision 040). */
  slugs: Record<Locale, string>;
  /** The home page's hero while it is featured, the top of its page (null: the shop's drawing). */
  picture: SeriesPicture | null;
}

export interface CatalogueOverview {
  /** Newest first, each with its models in the owner's order. */
  series: CatalogueSeries[];
  /** Models in no series yet (drafts added from the stock page before the catalogue). */
  unsorted: CatalogueModel[];
  counts: { models: number; series: number };
  limits: { models: number; series: number };
}

interface PhotoAlts {
  productId: number;
  altFr: string;
  altEn: string;
}

function summaryOf(product: Product, texts: TextsRow[], photos: PhotoAlts[]): CatalogueModel {
  const own = texts.filter((row) => row.productId === product.id);
  const ownPhotos = photos.filter((photo) => photo.productId === product.id);
  return {
    id: product.id,
    code: product.slug,
    reference: product.reference,
    name: product.name,
    priceCents: product.priceCents,
    stock: product.stock,
    available: product.stock - product.reserved,
    status: statusOf(product),
    seriesId: product.seriesId,
    position: product.position,
    photos: ownPhotos.length,
    missing: missingPieces({
      priceCents: product.priceCents,
      seriesId: product.seriesId,
      texts: Object.fromEntries(own.map((row) => [row.locale, row])),
      photos: ownPhotos,
    }).length,
    onSale: product.onSaleSince !== null,
    addresses: Object.fromEntries(own.map((row) => [row.locale, row.path])),
  };
}

function photoAlts(db: Kysely<Database>, productIds?: number[]) {
  return db
    .selectFrom("productPhotos")
    .select(["id", "productId", "position", "altFr", "altEn"])
    .$if(productIds !== undefined, (qb) => qb.where("productId", "in", productIds ?? []))
    .orderBy("productId")
    .orderBy("position")
    .orderBy("id")
    .execute();
}

export async function catalogueOverview(db: Kysely<Database>): Promise<CatalogueOverview> {
  const [series, products, texts, photos] = await Promise.all([
    db
      .selectFrom("series")
      .select(["id", "titleFr", "titleEn", "subtitleFr", "subtitleEn", "featured", "slugFr", "slugEn"])
      .select(["pictureSource", "pictureWidth", "pictureHeight", "pictureAltFr", "pictureAltEn"])
      .select(["opensAt", "earlyAccessMinutes", "launchLimitPieces", "launchLimitHours"])
      .orderBy("id", "desc")
      .execute(),
    db.selectFrom("products").selectAll().orderBy("position").orderBy("id").execute(),
    db
      .selectFrom("productTexts")
      .selectAll()
      .execute()
      .then((rows) => rows as unknown as TextsRow[]),
    photoAlts(db),
  ]);
  const models = products.map((product) => summaryOf(product, texts, photos));
  return {
    series: series.map(
      ({
        slugFr,
        slugEn,
        pictureSource,
        pictureWidth,
        pictureHeight,
        pictureAltFr,
        pictureAltEn,
        ...row
      }) => ({
        ...row,
        models: models.filter((model) => model.seriesId === row.id),
        slugs: { fr: slugFr, en: slugEn },
        picture: seriesPictureOf({
          id: row.id,
          pictureSource,
          pictureWidth,
          pictureHeight,
          pictureAltFr,
          pictureAltEn,
        }),
      }),
    ),
    unsorted: models.filter((model) => model.seriesId === null),
    counts: { models: products.length, series: series.length },
    limits: { models: CATALOGUE_LIMITS.models, series: CATALOGUE_LIMITS.series },
  };
}

export interface ModelDetail {
  model: CatalogueModel & {
    currency: string;
    reserved: number;
    publishedAt: Date | null;
    archivedAt: Date | null;
    onSaleSince: Date | null;
    createdAt: Date;
  };
  /** Both languages' words, with the address (null: none yet) and its last segment for the form. */
  texts: Record<Locale, ModelTexts & { path: string | null; segment: string }>;
  /** Earlier addresses: each answers 301 to the current one of its language. */
  retiredAddresses: { path: string; locale: Locale; retiredAt: Date }[];
  photos: { id: number; position: number; altFr: string; altEn: string }[];
  missing: MissingPiece[];
  sale: {
    /** While on sale: the price struck through (null when none is above the sale price). */
    referenceCents: number | null;
    /** The lowest price of the last 30 days: what a sale starting now would strike through. */
    lowestLast30DaysCents: number;
  };
  series: { id: number; titleFr: string; featured: boolean }[];
  history: ProductHistoryEntry[];
}

export async function modelDetail(db: Kysely<Database>, productId: number): Promise<ModelDetail> {
  const product = await db.selectFrom("products").selectAll().where("id", "=", productId).executeTakeFirst();
  if (!product) throw new AdminNotFoundError("product", productId);
  const [texts, photos, retired, series, history, references, histories] = await Promise.all([
    readTexts(db, [productId]),
    photoAlts(db, [productId]),
    db
      .selectFrom("productPaths")
      .select(["path", "locale", "retiredAt"])
      .where("productId", "=", productId)
      .orderBy("retiredAt", "desc")
      .execute(),
    db.selectFrom("series").select(["id", "titleFr", "featured"]).orderBy("id", "desc").execute(),
    productHistory(db, productId),
    referencePrices(db, [productId]),
    priceHistories(db, [productId]),
  ]);
  const summary = summaryOf(product, texts, photos);
  const defaults = defaultAddressSegments(product.slug);
  return {
    model: {
      ...summary,
      currency: product.currency,
      reserved: product.reserved,
      publishedAt: product.publishedAt,
      archivedAt: product.archivedAt,
      onSaleSince: product.onSaleSince,
      createdAt: product.createdAt,
    },
    texts: Object.fromEntries(
      LOCALES.map((locale) => {
        const row = texts.find((text) => text.locale === locale);
        return [
          locale,
          {
            ...textsOf(row),
            path: row?.path ?? null,
            segment: row ? segmentOf(locale, row.path) : defaults[locale],
          },
        ];
      }),
    ) as ModelDetail["texts"],
    retiredAddresses: retired,
    photos: photos.map(({ id, position, altFr, altEn }) => ({ id, position, altFr, altEn })),
    missing: missingPieces({
      priceCents: product.priceCents,
      seriesId: product.seriesId,
      texts: Object.fromEntries(texts.map((row) => [row.locale, row])),
      photos,
    }),
    sale: {
      referenceCents: references.get(productId)?.referenceCents ?? null,
      lowestLast30DaysCents: lowestPriceBefore(
        { changes: histories.get(productId) ?? [], currentCents: product.priceCents },
        new Date(),
      ),
    },
    series,
    history,
  };
}
