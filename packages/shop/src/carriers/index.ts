/**
 * `@souls/shop/carriers`: the owner's carriers as data (decision 050) — each a name and the address
 * of the parcel's page (`…{number}…`); a retired one stays for the orders that left with it but is
 * no longer offered when shipping. An order keeps the name and link it left with (./shipment).
 */
import {
  CARRIER_KEY_MAX_LENGTH,
  type CarrierEventKind,
  carrierKeyFrom,
  fillTrackingTemplate,
  MAX_CARRIERS,
  trackingTemplateProblem,
} from "@souls/core/carriers";
import type { Database, Kysely, Transaction } from "@souls/db";
import { sql } from "kysely";
import { CarrierRefusedError } from "../errors";

export interface CarrierLine {
  key: string;
  name: string;
  trackingTemplate: string;
  retiredAt: Date | null;
  createdAt: Date;
}

export interface CarrierEventLine {
  id: string;
  carrierKey: string;
  kind: CarrierEventKind;
  carrierName: string;
  before: string | null;
  after: string | null;
  actorName: string | null;
  createdAt: Date;
}

/** How many lines of the history the panel shows. */
const HISTORY_LINES = 50;

/** Every carrier, the offered ones and the retired ones, in the order they were added. */
export function listCarriers(db: Kysely<Database>): Promise<CarrierLine[]> {
  return db
    .selectFrom("carriers")
    .select(["key", "name", "trackingTemplate", "retiredAt", "createdAt"])
    .orderBy("position")
    .execute();
}

/** The carriers a parcel may leave with now. */
export function activeCarriers(db: Kysely<Database>): Promise<{ key: string; name: string }[]> {
  return db
    .selectFrom("carriers")
    .select(["key", "name"])
    .where("retiredAt", "is", null)
    .orderBy("position")
    .execute();
}

/** The latest changes of the list, newest first. */
export function carrierHistory(db: Kysely<Database>): Promise<CarrierEventLine[]> {
  return db
    .selectFrom("carrierEvents")
    .select(["id", "carrierKey", "kind", "carrierName", "before", "after", "actorName", "createdAt"])
    .orderBy("id", "desc")
    .limit(HISTORY_LINES)
    .execute();
}

export interface CarrierInput {
  name: string;
  trackingTemplate: string;
}

/**
 * One change of the list at a time: the count, the names' uniqueness and "one still offered" are
 * read and written under this lock (plain reads and shipments go on).
 */
async function lockCarriers(trx: Transaction<Database>): Promise<void> {
  await sql`LOCK TABLE carriers IN SHARE ROW EXCLUSIVE MODE`.execute(trx);
}

function checkTemplate(template: string): void {
  if (trackingTemplateProblem(template)) throw new CarrierRefusedError("template");
}

async function nameTaken(trx: Transaction<Database>, name: string, exceptKey?: string): Promise<boolean> {
  let query = trx
    .selectFrom("carriers")
    .select("key")
    .where(sql<string>`lower(name)`, "=", name.toLowerCase());
  if (exceptKey) query = query.where("key", "<>", exceptKey);
  return (await query.executeTakeFirst()) !== undefined;
}

async function record(
  trx: Transaction<Database>,
  line: { carrierKey: string; kind: CarrierEventKind; carrierName: string; before?: string; after?: string },
): Promise<void> {
  await trx
    .insertInto("carrierEvents")
    .values({
      carrierKey: line.carrierKey,
      kind: line.kind,
      carrierName: line.carrierName,
      before: line.before ?? null,
      after: line.after ?? null,
    })
    .execute();
}

/** A new carrier, offered at once; its key comes from its name and never changes. */
export async function addCarrier(db: Kysely<Database>, input: CarrierInput): Promise<CarrierLine> {
  checkTemplate(input.trackingTemplate);
  return db.transaction().execute(async (trx) => {
    await lockCarriers(trx);
    const keys = new Set((await trx.selectFrom("carriers").select("key").execute()).map((row) => row.key));
    if (keys.size >= MAX_CARRIERS) throw new CarrierRefusedError("too_many");
    if (await nameTaken(trx, input.name)) throw new CarrierRefusedError("name_taken");
    const base = carrierKeyFrom(input.name);
    let key = base;
    for (let n = 2; keys.has(key); n++) key = `${base.slice(0, CARRIER_KEY_MAX_LENGTH - 4)}-${n}`;
    const added = await trx
      .insertInto("carriers")
      .values({ key, name: input.name, trackingTemplate: input.trackingTemplate })
      .returning(["key", "name", "trackingTemplate", "retiredAt", "createdAt"])
      .executeTakeFirstOrThrow();
    await record(trx, {
      carrierKey: key,
      kind: "added",
      carrierName: input.name,
      after: input.trackingTemplate,
    });
    return added;
  });
}

async function lockCarrier(trx: Transaction<Database>, key: string) {
  const carrier = await trx
    .selectFrom("carriers")
    .select(["key", "name", "trackingTemplate", "retiredAt", "createdAt"])
    .where("key", "=", key)
    .forUpdate()
    .executeTakeFirst();
  if (!carrier) throw new CarrierRefusedError("unknown");
  return carrier;
}

/**
 * A new name or tracking address, for the parcels that leave from now on: an order already shipped
 * keeps the name and link it left with. Each change is a line of the history.
 */
export async function updateCarrier(
  db: Kysely<Database>,
  key: string,
  input: CarrierInput,
): Promise<CarrierLine> {
  checkTemplate(input.trackingTemplate);
  return db.transaction().execute(async (trx) => {
    await lockCarriers(trx);
    const carrier = await lockCarrier(trx, key);
    if (input.name !== carrier.name) {
      if (await nameTaken(trx, input.name, key)) throw new CarrierRefusedError("name_taken");
      await record(trx, {
        carrierKey: key,
        kind: "renamed",
        carrierName: input.name,
        before: carrier.name,
        after: input.name,
      });
    }
    if (input.trackingTemplate !== carrier.trackingTemplate) {
      await record(trx, {
        carrierKey: key,
        kind: "template_changed",
        carrierName: input.name,
        before: carrier.trackingTemplate,
        after: input.trackingTemplate,
      });
    }
    if (input.name === carrier.name && input.trackingTemplate === carrier.trackingTemplate) return carrier;
    return trx
      .updateTable("carriers")
      .set({ name: input.name, trackingTemplate: input.trackingTemplate, updatedAt: new Date() })
      .where("key", "=", key)
      .returning(["key", "name", "trackingTemplate", "retiredAt", "createdAt"])
      .executeTakeFirstOrThrow();
  });
}

/**
 * No longer offered when shipping; the orders that left with it still name it and link to it.
 * The last carrier offered stays: without one, no order could leave.
 */
export function retireCarrier(db: Kysely<Database>, key: string, now = new Date()): Promise<CarrierLine> {
  return db.transaction().execute(async (trx) => {
    await lockCarriers(trx);
    const carrier = await lockCarrier(trx, key);
    if (carrier.retiredAt) return carrier;
    const others = await trx
      .selectFrom("carriers")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("retiredAt", "is", null)
      .where("key", "<>", key)
      .executeTakeFirstOrThrow();
    if (Number(others.n) === 0) throw new CarrierRefusedError("last_active");
    await record(trx, { carrierKey: key, kind: "retired", carrierName: carrier.name });
    return trx
      .updateTable("carriers")
      .set({ retiredAt: now, updatedAt: now })
      .where("key", "=", key)
      .returning(["key", "name", "trackingTemplate", "retiredAt", "createdAt"])
      .executeTakeFirstOrThrow();
  });
}

/** A retired carrier offered again. */
export function restoreCarrier(db: Kysely<Database>, key: string): Promise<CarrierLine> {
  return db.transaction().execute(async (trx) => {
    await lockCarriers(trx);
    const carrier = await lockCarrier(trx, key);
    if (!carrier.retiredAt) return carrier;
    await record(trx, { carrierKey: key, kind: "restored", carrierName: carrier.name });
    return trx
      .updateTable("carriers")
      .set({ retiredAt: null, updatedAt: new Date() })
      .where("key", "=", key)
      .returning(["key", "name", "trackingTemplate", "retiredAt", "createdAt"])
      .executeTakeFirstOrThrow();
  });
}

/** What an order keeps of its carrier when it leaves: the carrier's key, its name, the parcel's link. */
export interface Shipment {
  carrier: string;
  carrierName: string;
  carrierTrackingUrl: string;
}

/**
 * The carrier a parcel leaves with, inside the shipping transaction: offered now (a retired or
 * unknown one is refused), held until the order is written so a retirement waits for it.
 */
export async function shipmentWith(
  trx: Transaction<Database>,
  key: string,
  trackingNumber: string,
): Promise<Shipment> {
  const carrier = await trx
    .selectFrom("carriers")
    .select(["key", "name", "trackingTemplate", "retiredAt"])
    .where("key", "=", key)
    .forShare()
    .executeTakeFirst();
  if (!carrier) throw new CarrierRefusedError("unknown");
  if (carrier.retiredAt) throw new CarrierRefusedError("retired");
  return {
    carrier: carrier.key,
    carrierName: carrier.name,
    carrierTrackingUrl: fillTrackingTemplate(carrier.trackingTemplate, trackingNumber),
  };
}
