/**
 * Series: the brand sells limited series ("Première collection", then the next). The owner
 * creates one, names it in both languages, moves models into it in her order, and chooses the one
 * the home page shows. Once a series is chosen there is always exactly one; a series goes only
 * when empty (models of earlier series keep their pages).
 */
import { CATALOGUE_LIMITS, SERIES_TEXT_LIMITS } from "@souls/core/catalogue-rules";
import { formatDateTime } from "@souls/core/format";
import type { Database, Kysely, Transaction } from "@souls/db";
import { EARLY_ACCESS_MINUTES, LAUNCH_LIMIT_BOUNDS, type SeriesLaunch } from "../../launch/rules";
import { recordProductEvent } from "../../product-history";
import { isStorableText } from "../../text";
import { CatalogueRefusedError, ModelTextRefusedError, SeriesNotFoundError } from "./errors";
import { lockCatalogue, lockModel } from "./store";
import { normalizeText } from "./texts";

export interface SeriesInput {
  titleFr: string;
  titleEn: string;
  subtitleFr?: string;
  subtitleEn?: string;
  /**
   * Its launch (decision 039): the opening (null: on sale once published), the early access and the
   * launch limit. Absent: unchanged. An opening is set, moved or cancelled only while it is to come,
   * and never to a moment already past.
   */
  launch?: SeriesLaunch;
}

export interface SeriesRow {
  id: number;
  titleFr: string;
  titleEn: string;
  subtitleFr: string;
  subtitleEn: string;
  featured: boolean;
  opensAt: Date | null;
  earlyAccessMinutes: number;
  launchLimitPieces: number;
  launchLimitHours: number;
}

function seriesWords(input: SeriesInput) {
  const title = (field: "titleFr" | "titleEn") => {
    const text = normalizeText(input[field], { oneLine: true });
    if (!text) throw new ModelTextRefusedError(field, "required");
    if (!isStorableText(text)) throw new ModelTextRefusedError(field, "characters");
    if (text.length > SERIES_TEXT_LIMITS.title)
      throw new ModelTextRefusedError(field, "too_long", SERIES_TEXT_LIMITS.title);
    return text;
  };
  const subtitle = (field: "subtitleFr" | "subtitleEn") => {
    const text = normalizeText(input[field] ?? "");
    if (!isStorableText(text)) throw new ModelTextRefusedError(field, "characters");
    if (text.length > SERIES_TEXT_LIMITS.subtitle) {
      throw new ModelTextRefusedError(field, "too_long", SERIES_TEXT_LIMITS.subtitle);
    }
    return text;
  };
  return {
    titleFr: title("titleFr"),
    titleEn: title("titleEn"),
    subtitleFr: subtitle("subtitleFr"),
    subtitleEn: subtitle("subtitleEn"),
  };
}

const SERIES_COLUMNS = [
  "id",
  "titleFr",
  "titleEn",
  "subtitleFr",
  "subtitleEn",
  "featured",
  "opensAt",
  "earlyAccessMinutes",
  "launchLimitPieces",
  "launchLimitHours",
] as const;

const sameMoment = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

function sameLaunch(a: SeriesLaunch, b: SeriesLaunch): boolean {
  return (
    sameMoment(a.opensAt, b.opensAt) &&
    a.earlyAccessMinutes === b.earlyAccessMinutes &&
    a.launchLimitPieces === b.launchLimitPieces &&
    a.launchLimitHours === b.launchLimitHours
  );
}

/** The launch's rules as the schema checks them (the API's refuses first; this guards other callers). */
function checkedLaunch(launch: SeriesLaunch): SeriesLaunch {
  const { pieces, hours } = LAUNCH_LIMIT_BOUNDS;
  const whole = (n: number, min: number, max: number) => Number.isInteger(n) && n >= min && n <= max;
  if (
    !(EARLY_ACCESS_MINUTES as readonly number[]).includes(launch.earlyAccessMinutes) ||
    !whole(launch.launchLimitPieces, pieces.min, pieces.max) ||
    !whole(launch.launchLimitHours, hours.min, hours.max) ||
    (launch.opensAt !== null && Number.isNaN(launch.opensAt.getTime()))
  ) {
    throw new CatalogueRefusedError("launch_invalid");
  }
  return launch;
}

/**
 * The launch to store, or a refusal: an opening already past is neither moved nor cancelled, and
 * none is set to a moment already past.
 */
function nextLaunch(current: SeriesLaunch, wanted: SeriesLaunch, now: Date): SeriesLaunch {
  const launch = checkedLaunch(wanted);
  if (sameLaunch(current, launch)) return current;
  if (current.opensAt && current.opensAt.getTime() <= now.getTime()) {
    throw new CatalogueRefusedError("opening_passed");
  }
  if (launch.opensAt && launch.opensAt.getTime() <= now.getTime()) {
    throw new CatalogueRefusedError("opening_in_past");
  }
  return launch;
}

/** How the history says a launch: « Ouverture 04/12/2026 18:00 · accès anticipé 60 min · limite 1 pièce / 24 h ». */
function launchWords(launch: SeriesLaunch): string {
  if (!launch.opensAt) return "Ouverture : dès la publication";
  const early = launch.earlyAccessMinutes > 0 ? ` · accès anticipé ${launch.earlyAccessMinutes} min` : "";
  return `Ouverture ${formatDateTime(launch.opensAt, "fr", "short")}${early} · limite ${launch.launchLimitPieces} / ${launch.launchLimitHours} h`;
}

/** The series' models each keep in their history that their launch changed, from what to what. */
async function recordLaunchChange(
  trx: Transaction<Database>,
  seriesId: number,
  before: SeriesLaunch,
  after: SeriesLaunch,
): Promise<void> {
  const models = await trx.selectFrom("products").select("id").where("seriesId", "=", seriesId).execute();
  for (const model of models) {
    await recordProductEvent(trx, model.id, "series_changed", launchWords(before), launchWords(after));
  }
}

/** A series without a launch of its own: on sale once published, the limit's defaults. */
const NO_LAUNCH: SeriesLaunch = {
  opensAt: null,
  earlyAccessMinutes: 0,
  launchLimitPieces: 1,
  launchLimitHours: 24,
};

async function lockSeries(trx: Transaction<Database>, seriesId: number): Promise<SeriesRow> {
  const series = await trx
    .selectFrom("series")
    .select(SERIES_COLUMNS)
    .where("id", "=", seriesId)
    .forUpdate()
    .executeTakeFirst();
  if (!series) throw new SeriesNotFoundError(seriesId);
  return series;
}

/**
 * A new series, empty. A shop without a home-page series yet makes it the home page's. At most
 * CATALOGUE_LIMITS.series series.
 */
export async function createSeries(
  db: Kysely<Database>,
  input: SeriesInput,
  now = new Date(),
): Promise<SeriesRow> {
  const words = seriesWords(input);
  const launch = input.launch && nextLaunch(NO_LAUNCH, input.launch, now);
  return db.transaction().execute(async (trx) => {
    await lockCatalogue(trx);
    const { count } = await trx
      .selectFrom("series")
      .select((eb) => eb.fn.countAll<string>().as("count"))
      .executeTakeFirstOrThrow();
    if (Number(count) >= CATALOGUE_LIMITS.series) {
      throw new CatalogueRefusedError("too_many_series", CATALOGUE_LIMITS.series);
    }
    const featured = await trx
      .selectFrom("series")
      .select("id")
      .where("featured", "=", true)
      .executeTakeFirst();
    return trx
      .insertInto("series")
      .values({ ...words, ...launch, featured: !featured })
      .returning(SERIES_COLUMNS)
      .executeTakeFirstOrThrow();
  });
}

/** A series' titles and subtitles in both languages (the home page's hero shows them). */
export async function updateSeries(
  db: Kysely<Database>,
  seriesId: number,
  input: SeriesInput,
  now = new Date(),
): Promise<SeriesRow> {
  const words = seriesWords(input);
  return db.transaction().execute(async (trx) => {
    const series = await lockSeries(trx, seriesId);
    const launch = input.launch ? nextLaunch(series, input.launch, now) : series;
    const launchChanged = !sameLaunch(series, launch);
    const same = (Object.keys(words) as (keyof typeof words)[]).every((key) => series[key] === words[key]);
    if (same && !launchChanged) return series;
    if (launchChanged) await recordLaunchChange(trx, seriesId, series, launch);
    const { opensAt, earlyAccessMinutes, launchLimitPieces, launchLimitHours } = launch;
    return trx
      .updateTable("series")
      .set({
        ...words,
        opensAt,
        earlyAccessMinutes,
        launchLimitPieces,
        launchLimitHours,
        updatedAt: new Date(),
      })
      .where("id", "=", seriesId)
      .returning(SERIES_COLUMNS)
      .executeTakeFirstOrThrow();
  });
}

/** The series the home page shows; the one shown before stops being it. */
export async function featureSeries(db: Kysely<Database>, seriesId: number): Promise<SeriesRow> {
  return db.transaction().execute(async (trx) => {
    await lockCatalogue(trx);
    const series = await lockSeries(trx, seriesId);
    if (series.featured) return series;
    // Two statements: the index allows one featured series at any moment, even within one.
    await trx
      .updateTable("series")
      .set({ featured: false, updatedAt: new Date() })
      .where("featured", "=", true)
      .execute();
    return trx
      .updateTable("series")
      .set({ featured: true, updatedAt: new Date() })
      .where("id", "=", seriesId)
      .returning(SERIES_COLUMNS)
      .executeTakeFirstOrThrow();
  });
}

/**
 * Removes an empty series. One that holds a model (archived ones too: their pages still name
 * it) stays; so does the home page's (choose another first).
 */
export async function deleteSeries(db: Kysely<Database>, seriesId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockCatalogue(trx);
    const series = await lockSeries(trx, seriesId);
    const model = await trx
      .selectFrom("products")
      .select("id")
      .where("seriesId", "=", seriesId)
      .executeTakeFirst();
    if (model) throw new CatalogueRefusedError("series_not_empty");
    if (series.featured) throw new CatalogueRefusedError("series_featured");
    await trx.deleteFrom("series").where("id", "=", seriesId).execute();
  });
}

/**
 * Puts a model at a place (1 is first) of a series, the same or another; the others keep their
 * order around it and every series concerned is numbered 1, 2, 3… again.
 */
export async function moveModel(
  db: Kysely<Database>,
  productId: number,
  seriesId: number,
  position: number,
): Promise<{ seriesId: number; position: number }> {
  return db.transaction().execute(async (trx) => {
    await lockCatalogue(trx);
    const product = await lockModel(trx, productId);
    return moveModelIn(trx, product, seriesId, position);
  });
}

/** The move itself, inside a transaction holding the catalogue's lock and the model's. */
export async function moveModelIn(
  trx: Transaction<Database>,
  product: { id: number; seriesId: number | null },
  seriesId: number,
  position: number,
): Promise<{ seriesId: number; position: number }> {
  const productId = product.id;
  const target = await lockSeries(trx, seriesId);
  const from = product.seriesId;
  const before = from === null ? null : await ordered(trx, from);
  const others = (await ordered(trx, seriesId)).filter((model) => model.id !== productId);
  const place = Math.min(Math.max(1, Math.trunc(position) || 1), others.length + 1);
  const oldPlace = before ? before.findIndex((model) => model.id === productId) + 1 : 0;
  if (from === seriesId && oldPlace === place) return { seriesId, position: place };
  const order = [
    ...others.slice(0, place - 1).map((m) => m.id),
    productId,
    ...others.slice(place - 1).map((m) => m.id),
  ];
  await renumber(trx, order, seriesId);
  if (before && from !== seriesId && from !== null) {
    await renumber(
      trx,
      before.filter((model) => model.id !== productId).map((model) => model.id),
      from,
    );
  }
  const fromTitle =
    from === null
      ? null
      : from === seriesId
        ? target.titleFr
        : ((await trx.selectFrom("series").select("titleFr").where("id", "=", from).executeTakeFirst())
            ?.titleFr ?? null);
  await recordProductEvent(
    trx,
    productId,
    "series_changed",
    fromTitle === null ? null : `${fromTitle} · ${oldPlace}`,
    `${target.titleFr} · ${place}`,
  );
  return { seriesId, position: place };
}

/** A series' models in their order (ties by age: the launch data may number them alike). */
function ordered(trx: Transaction<Database>, seriesId: number) {
  return trx
    .selectFrom("products")
    .select(["id", "position"])
    .where("seriesId", "=", seriesId)
    .orderBy("position")
    .orderBy("id")
    .forUpdate()
    .execute();
}

async function renumber(trx: Transaction<Database>, ids: number[], seriesId: number) {
  for (const [index, id] of ids.entries()) {
    await trx
      .updateTable("products")
      .set({ seriesId, position: index + 1 })
      .where("id", "=", id)
      .where((eb) => eb.or([eb("position", "!=", index + 1), eb("seriesId", "is distinct from", seriesId)]))
      .execute();
  }
}
