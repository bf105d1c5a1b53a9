/**
 * The catalogue as the shop shows it: its series, its models with their words in each language,
 * addresses, photos, prices and the pieces a shopper can buy right now. Everything comes from the
 * database, which the owner edits from her panel; no model is named in code.
 */
import { LOCALES, type Locale } from "@souls/core/locales";
import type { ModelCode } from "@souls/core/models";
import type { ShownPhoto } from "@souls/core/photos";
import type { Database, FaqItem, Kysely, ProductMaterials } from "@souls/db";
import type { SeriesLaunch } from "./launch/rules";
import { seriesPictureOf } from "./photos/series-picture";
import { referencePrices } from "./pricing";

/** What a shopper can buy of one model right now, as the database says. */
export interface ModelAvailability {
  model: ModelCode;
  /** The model's name ("Aicha"), the same in both languages. */
  name: string;
  reference: string;
  priceCents: number;
  currency: string;
  /** Pieces not held by an unpaid order: stock − reserved; 0 once archived. */
  available: number;
}

/** Models a shopper may find (published or archived, never a draft), by code. */
export type Collection = Record<ModelCode, ModelAvailability>;

/** A draft is the owner's only; an archived model keeps its page, sold out, off the grid. */
export type ModelState = "draft" | "published" | "archived";

export interface ModelTexts {
  /** The model's address in this language. */
  path: string;
  tagline: string;
  cardDescription: string;
  shortDescription: string;
  longDescription: string;
  materials: Partial<ProductMaterials>;
  craftsmanship: string;
  heritage: string;
  faq: FaqItem[];
  dimensions: string;
  weight: string;
  strap: string;
  care: string;
  safety: string;
}

/** A model's photo: its cuts follow from its source and width (`@souls/core/photos`). */
export type ModelPhoto = ShownPhoto;

export interface CatalogueModel extends ModelAvailability {
  id: number;
  state: ModelState;
  seriesId: number | null;
  position: number;
  /** While on sale, the lowest price of the 30 days before (the struck-through "before" price). */
  beforePriceCents: number | null;
  /** The model's words per language; a draft may lack one. */
  texts: Partial<Record<Locale, ModelTexts>>;
  /** First the cover. */
  photos: ModelPhoto[];
  /** Its series' launch (decision 039); null: in no series. */
  launch: SeriesLaunch | null;
  /** Pieces held by unpaid orders (what `available` leaves out of the stock); 0 once archived. */
  held: number;
}

export interface Series {
  id: number;
  title: Record<Locale, string>;
  subtitle: Record<Locale, string>;
  featured: boolean;
  /** Its opening, early access and launch limit (decision 039). */
  launch: SeriesLaunch;
  /** Its address's last segment in each language (`/collections/<slug>`), kept for good (decision 040). */
  slug: Record<Locale, string>;
  /** Its picture (the home page's hero while featured, the top of its page), or null. */
  picture: ShownPhoto | null;
}

export interface Catalogue {
  /** Every model, drafts included, in series then position order. */
  models: CatalogueModel[];
  series: Series[];
  /** Addresses models had before: each answers 301 to the model's current one. */
  retiredPaths: { path: string; model: ModelCode; locale: Locale }[];
}

/** Every model, series and address in a few queries (the pages read it once per catalogue version). */
export async function loadCatalogue(db: Kysely<Database>): Promise<Catalogue> {
  const [products, texts, photos, series, retired] = await Promise.all([
    db
      .selectFrom("products")
      .leftJoin("series", "series.id", "products.seriesId")
      .select([
        "products.id",
        "products.slug",
        "products.reference",
        "products.name",
        "products.priceCents",
        "products.currency",
        "products.stock",
        "products.reserved",
        "products.archivedAt",
        "products.publishedAt",
        "products.onSaleSince",
        "products.seriesId",
        "products.position",
      ])
      .orderBy("series.id")
      .orderBy("products.position")
      .orderBy("products.id")
      .execute(),
    db.selectFrom("productTexts").selectAll().execute(),
    db
      .selectFrom("productPhotos")
      .selectAll()
      .orderBy("productId")
      .orderBy("position")
      .orderBy("id")
      .execute(),
    db.selectFrom("series").selectAll().orderBy("id").execute(),
    db
      .selectFrom("productPaths")
      .innerJoin("products", "products.id", "productPaths.productId")
      .select(["productPaths.path", "productPaths.locale", "products.slug"])
      .execute(),
  ]);
  const onSale = products.filter((product) => product.onSaleSince !== null).map((product) => product.id);
  const before = await referencePrices(db, onSale);
  const launches = new Map(
    series.map((one): [number, SeriesLaunch] => [
      one.id,
      {
        opensAt: one.opensAt,
        earlyAccessMinutes: one.earlyAccessMinutes,
        launchLimitPieces: one.launchLimitPieces,
        launchLimitHours: one.launchLimitHours,
      },
    ]),
  );

  const photosOf = groupBy(photos, (photo) => photo.productId);
  const textsOf = groupBy(texts, (text) => text.productId);
  const models = products.map((product): CatalogueModel => {
    const state: ModelState =
      product.archivedAt !== null ? "archived" : product.publishedAt !== null ? "published" : "draft";
    const lowest = before.get(product.id)?.referenceCents;
    return {
      id: product.id,
      model: product.slug,
      reference: product.reference,
      name: product.name,
      priceCents: product.priceCents,
      currency: product.currency,
      available: state === "archived" ? 0 : Math.max(0, product.stock - product.reserved),
      held: state === "archived" ? 0 : product.reserved,
      state,
      seriesId: product.seriesId,
      position: product.position,
      beforePriceCents: lowest !== undefined && lowest > product.priceCents ? lowest : null,
      texts: Object.fromEntries(
        (textsOf.get(product.id) ?? []).map(({ productId: _, locale, updatedAt: __, ...words }) => [
          locale,
          words,
        ]),
      ),
      photos: (photosOf.get(product.id) ?? []).map((photo) => ({
        id: photo.id,
        source: photo.source,
        width: photo.width,
        height: photo.height,
        alt: { fr: photo.altFr, en: photo.altEn },
      })),
      launch: (product.seriesId !== null && launches.get(product.seriesId)) || null,
    };
  });
  return {
    models,
    series: series.map((one) => ({
      id: one.id,
      title: { fr: one.titleFr, en: one.titleEn },
      subtitle: { fr: one.subtitleFr, en: one.subtitleEn },
      featured: one.featured,
      launch: launches.get(one.id) as SeriesLaunch,
      slug: { fr: one.slugFr, en: one.slugEn },
      picture: seriesPictureOf(one),
    })),
    retiredPaths: retired.map((row) => ({ path: row.path, model: row.slug, locale: row.locale })),
  };
}

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/** The models a shopper may find: published ones, and archived ones (sold out, off the grid). */
export function shownModels(catalogue: Catalogue): CatalogueModel[] {
  return catalogue.models.filter((model) => model.state !== "draft");
}

/** The model of a code, if shoppers may find it (`draftsToo`: the owner previewing). */
export function modelByCode(
  catalogue: Catalogue,
  code: string,
  { draftsToo = false } = {},
): CatalogueModel | undefined {
  const model = catalogue.models.find((candidate) => candidate.model === code);
  return model && (draftsToo || model.state !== "draft") ? model : undefined;
}

/** The series the home page shows (the featured one, else the first), and its published models in order. */
export function homeSeries(catalogue: Catalogue): { series: Series | undefined; models: CatalogueModel[] } {
  const series = catalogue.series.find((one) => one.featured) ?? catalogue.series[0];
  const models = catalogue.models.filter(
    (model) => model.state === "published" && series !== undefined && model.seriesId === series.id,
  );
  return { series, models };
}

/** A series' models a shopper may buy or read about on its page: published, not archived, in order. */
export function seriesModels(catalogue: Catalogue, seriesId: number): CatalogueModel[] {
  return catalogue.models.filter((model) => model.state === "published" && model.seriesId === seriesId);
}

/**
 * The series shoppers may find (its page, the menus, the « all pieces » page, the sitemap): those
 * with a published model, the home page's first, then the newest first. Earlier series stay
 * reachable when another is featured; an empty one has no page.
 */
export function shownSeries(catalogue: Catalogue): Series[] {
  const { series: home } = homeSeries(catalogue);
  return catalogue.series
    .filter((one) => seriesModels(catalogue, one.id).length > 0)
    .sort((a, b) => Number(b.id === home?.id) - Number(a.id === home?.id) || b.id - a.id);
}

/** The series at `/collections/<slug>` in a language, if shoppers may find it. */
export function seriesAtAddress(catalogue: Catalogue, locale: Locale, slug: string): Series | undefined {
  return shownSeries(catalogue).find((one) => one.slug[locale] === slug);
}

/** "You may also like": the other published models, the home page's series first. */
export function otherModels(catalogue: Catalogue, ...excluded: ModelCode[]): CatalogueModel[] {
  const { series } = homeSeries(catalogue);
  const others = catalogue.models.filter(
    (model) => model.state === "published" && !excluded.includes(model.model),
  );
  return [
    ...others.filter((model) => model.seriesId === series?.id),
    ...others.filter((model) => model.seriesId !== series?.id),
  ];
}

/** What a model is at an address: its current one, or one it had (to redirect), in which language. */
export type AddressMatch =
  | { kind: "current"; model: CatalogueModel; locale: Locale }
  | { kind: "retired"; model: CatalogueModel; locale: Locale; path: string };

export function modelAtAddress(catalogue: Catalogue, path: string): AddressMatch | undefined {
  for (const model of catalogue.models) {
    for (const locale of LOCALES) {
      if (model.texts[locale]?.path === path) return { kind: "current", model, locale };
    }
  }
  const retired = catalogue.retiredPaths.find((row) => row.path === path);
  const model = retired && catalogue.models.find((candidate) => candidate.model === retired.model);
  const current = retired && model?.texts[retired.locale]?.path;
  return model && retired && current
    ? { kind: "retired", model, locale: retired.locale, path: current }
    : undefined;
}

/** A line of a cart or a checkout, priced from the catalogue. */
export interface PricedLine {
  model: ModelCode;
  quantity: number;
  name: string;
  unitPriceCents: number;
  /** Pieces a shopper can buy right now. */
  available: number;
  /** The model's address per language (a line links to its page). */
  paths: Partial<Record<Locale, string>>;
  cover?: ModelPhoto;
}

/**
 * The lines a shopper sees, priced from the catalogue, and their subtotal: the one pricing the
 * cart's total and the checkout's share (an order is priced again in its own transaction:
 * `placeOrder`). A line of a model shoppers cannot find is left out and named in `unknown`.
 */
export function priceLines(
  catalogue: Catalogue,
  lines: readonly { model: ModelCode; quantity: number }[],
): { lines: PricedLine[]; subtotalCents: number; unknown: ModelCode[] } {
  const priced: PricedLine[] = [];
  const unknown: ModelCode[] = [];
  for (const { model: code, quantity } of lines) {
    const model = modelByCode(catalogue, code);
    if (!model) {
      unknown.push(code);
      continue;
    }
    const cover = model.photos[0];
    priced.push({
      model: code,
      quantity,
      name: model.name,
      unitPriceCents: model.priceCents,
      available: model.available,
      paths: Object.fromEntries(
        LOCALES.flatMap((locale) => {
          const path = model.texts[locale]?.path;
          return path ? [[locale, path]] : [];
        }),
      ),
      ...(cover ? { cover } : {}),
    });
  }
  const subtotalCents = priced.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  return { lines: priced, subtotalCents, unknown };
}

/** A model's collection entry: prices and availability only. */
export function availabilityOf(model: CatalogueModel): ModelAvailability {
  const { model: code, name, reference, priceCents, currency, available } = model;
  return { model: code, name, reference, priceCents, currency, available };
}

/**
 * Prices and availability of the models shoppers may find, read straight from the database (the
 * cart and the checkout; orders check again in their own transaction). Drafts are not in it: a
 * cart or a link naming one finds nothing.
 */
export async function loadCollection(db: Kysely<Database>): Promise<Collection> {
  const rows = await db
    .selectFrom("products")
    .select(["slug", "name", "reference", "priceCents", "currency", "stock", "reserved", "archivedAt"])
    .where((eb) => eb.or([eb("publishedAt", "is not", null), eb("archivedAt", "is not", null)]))
    .execute();
  return Object.fromEntries(
    rows.map((row) => [
      row.slug,
      {
        model: row.slug,
        name: row.name,
        reference: row.reference,
        priceCents: row.priceCents,
        currency: row.currency,
        // An archived product has left the shop: it shows as sold out.
        available: row.archivedAt === null ? Math.max(0, row.stock - row.reserved) : 0,
      },
    ]),
  );
}
