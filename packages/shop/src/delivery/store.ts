/**
 * Saving the owner's delivery zones (« Livraison », decision 049): one zone at a time, in a
 * transaction that locks the zones (two saves never both put a country in two zones), with a line
 * in the panel's history naming who did what. The table's trigger empties every web server's kept
 * pages, like a catalogue change.
 */
import { countryName, formatMoney } from "@souls/core/format";
import { fill } from "@souls/core/placeholders";
import type { Database, Kysely, Transaction } from "@souls/db";
import { sql } from "kysely";
import { DELIVERY_LIMITS, type DeliveryZoneInput, deliveryZoneSchema } from "./rules";
import { type DeliveryZone, loadDeliveryZones } from "./zones";

/**
 * The words of a change's line in the panel's history, in the panel's language: the caller's (the
 * panel's words, decision 062). `{{…}}` are filled here.
 */
export interface DeliveryHistoryWords {
  /** `{{price}}`, `{{count}}` */
  created: string;
  /** `{{name}}`: the name before. */
  renamed: string;
  /** `{{before}}`, `{{after}}` */
  price: string;
  /** `{{amount}}` */
  freeFrom: string;
  freeFromNone: string;
  /** `{{countries}}` */
  countriesAdded: string;
  /** `{{countries}}` */
  countriesRemoved: string;
  /** `{{min}}`, `{{max}}` */
  days: string;
  texts: string;
  unchanged: string;
  /** `{{countries}}` */
  removed: string;
  none: string;
}

export type DeliveryRefusal =
  | "not_found"
  | "too_many_zones"
  | "name_taken"
  | "country_elsewhere"
  | "last_zone";

/** A save the zones' rules refuse; nothing was written. */
export class DeliveryRefusedError extends Error {
  override name = "DeliveryRefusedError";
  constructor(
    readonly reason: DeliveryRefusal,
    readonly detail: { country?: string; zone?: string } = {},
  ) {
    super(
      `Delivery zone refused: ${reason}${detail.country ? ` (${detail.country} in ${detail.zone})` : ""}`,
    );
  }
}

/** A change's line in the panel's history. */
export interface DeliveryChange {
  id: number;
  actorName: string;
  zoneName: string;
  summary: string;
  createdAt: Date;
}

const euros = (cents: number) => formatMoney(cents, "EUR", "fr");
const names = (codes: readonly string[]) => codes.map((code) => countryName(code, "fr")).join(", ");

/** What changed in a zone, in the panel's French, for its history. */
function changesOf(
  WORDS: DeliveryHistoryWords,
  before: DeliveryZone | null,
  after: DeliveryZoneInput,
): string {
  if (!before) return fill(WORDS.created, { price: euros(after.priceCents), count: after.countries.length });
  const parts: string[] = [];
  if (before.name !== after.name) parts.push(fill(WORDS.renamed, { name: before.name }));
  if (before.priceCents !== after.priceCents) {
    parts.push(fill(WORDS.price, { before: euros(before.priceCents), after: euros(after.priceCents) }));
  }
  if (before.freeFromCents !== after.freeFromCents) {
    parts.push(
      after.freeFromCents === null
        ? WORDS.freeFromNone
        : fill(WORDS.freeFrom, { amount: euros(after.freeFromCents) }),
    );
  }
  const added = after.countries.filter((code) => !before.countries.includes(code));
  const removed = before.countries.filter((code) => !after.countries.includes(code));
  if (added.length > 0) parts.push(fill(WORDS.countriesAdded, { countries: names(added) }));
  if (removed.length > 0) parts.push(fill(WORDS.countriesRemoved, { countries: names(removed) }));
  if (before.minDays !== after.minDays || before.maxDays !== after.maxDays) {
    parts.push(fill(WORDS.days, { min: after.minDays, max: after.maxDays }));
  }
  if (
    before.timesFr !== after.timesFr ||
    before.timesEn !== after.timesEn ||
    before.labelFr !== after.labelFr ||
    before.labelEn !== after.labelEn
  ) {
    parts.push(WORDS.texts);
  }
  return parts.length > 0 ? parts.join(" ; ") : WORDS.unchanged;
}

async function lockedZones(trx: Transaction<Database>): Promise<DeliveryZone[]> {
  await sql`LOCK TABLE delivery_zones IN SHARE ROW EXCLUSIVE MODE`.execute(trx);
  return loadDeliveryZones(trx);
}

async function record(trx: Transaction<Database>, by: string, zoneName: string, summary: string) {
  await trx.insertInto("deliveryChanges").values({ actorName: by, zoneName, summary }).execute();
}

/**
 * Creates a zone (`id` null) or replaces one: its countries must be in no other zone, its name
 * unused, and the shop has at most DELIVERY_LIMITS.zones zones. Returns every zone. The history's
 * line says what changed with `words`.
 */
export async function saveDeliveryZone(
  db: Kysely<Database>,
  id: number | null,
  input: unknown,
  by: string,
  words: DeliveryHistoryWords,
): Promise<DeliveryZone[]> {
  const zone = deliveryZoneSchema.parse(input);
  return db.transaction().execute(async (trx) => {
    const zones = await lockedZones(trx);
    const before = id === null ? null : (zones.find((z) => z.id === id) ?? null);
    if (id !== null && !before) throw new DeliveryRefusedError("not_found");
    if (id === null && zones.length >= DELIVERY_LIMITS.zones)
      throw new DeliveryRefusedError("too_many_zones");
    const others = zones.filter((z) => z.id !== id);
    const sameName = others.find((z) => z.name.toLocaleLowerCase("fr") === zone.name.toLocaleLowerCase("fr"));
    if (sameName) throw new DeliveryRefusedError("name_taken", { zone: sameName.name });
    for (const country of zone.countries) {
      const elsewhere = others.find((z) => z.countries.includes(country));
      if (elsewhere) throw new DeliveryRefusedError("country_elsewhere", { country, zone: elsewhere.name });
    }
    const values = { ...zone, updatedAt: new Date() };
    if (before) {
      await trx.updateTable("deliveryZones").set(values).where("id", "=", before.id).execute();
    } else {
      const position = Math.max(0, ...zones.map((z) => z.position)) + 1;
      await trx
        .insertInto("deliveryZones")
        .values({ ...values, position })
        .execute();
    }
    await record(trx, by, zone.name, changesOf(words, before, zone));
    return loadDeliveryZones(trx);
  });
}

/** Removes a zone: its countries are no longer served. The shop keeps one zone at least. */
export async function removeDeliveryZone(
  db: Kysely<Database>,
  id: number,
  by: string,
  words: DeliveryHistoryWords,
): Promise<DeliveryZone[]> {
  return db.transaction().execute(async (trx) => {
    const zones = await lockedZones(trx);
    const zone = zones.find((z) => z.id === id);
    if (!zone) throw new DeliveryRefusedError("not_found");
    if (zones.length === 1) throw new DeliveryRefusedError("last_zone");
    await trx.deleteFrom("deliveryZones").where("id", "=", id).execute();
    await record(trx, by, zone.name, fill(words.removed, { countries: names(zone.countries) || words.none }));
    return loadDeliveryZones(trx);
  });
}

/** The latest changes, newest first. */
export function deliveryHistory(db: Kysely<Database>, limit = 30): Promise<DeliveryChange[]> {
  return db
    .selectFrom("deliveryChanges")
    .selectAll()
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}
