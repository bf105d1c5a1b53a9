/**
 * The owner's discount codes (decision 048): created with their terms, listed with their uses,
 * ended. A code is never deleted nor changed once given (the orders that used it name it, and a
 * shopper was told its terms): she ends it and creates another. Each change is one line of its
 * history in the same transaction (the admin API names who made it).
 */
import type { Database, DiscountCode, Kysely } from "@souls/db";
import { sql } from "kysely";
import { MAX_CODES, MAX_OPEN_CODES } from "./rules";

export class DiscountCodeRefusedError extends Error {
  override name = "DiscountCodeRefusedError";
  constructor(
    readonly reason:
      | "not_found"
      | "code_taken"
      | "too_many_codes"
      | "unknown_targets"
      | "already_ended"
      | "ends_before_start",
  ) {
    super(`Discount code refused: ${reason}`);
  }
}

export interface NewDiscountCode {
  /** As stored: upper case (the API reads it with readCode). */
  code: string;
  kind: "percent" | "amount";
  value: number;
  startsAt: Date;
  endsAt: Date | null;
  maxUses: number | null;
  oncePerEmail: boolean;
  minSubtotalCents: number;
  productIds: number[];
  seriesIds: number[];
  addsToSale: boolean;
}

/** A code in the panel's list: its terms, where it stands, its uses (orders not cancelled nor expired). */
export interface DiscountCodeSummary extends DiscountCode {
  uses: number;
  discountedCents: number;
  state: "scheduled" | "running" | "used_up" | "ended";
}

export async function createDiscountCode(db: Kysely<Database>, input: NewDiscountCode, now = new Date()) {
  if (input.endsAt !== null && input.endsAt <= input.startsAt)
    throw new DiscountCodeRefusedError("ends_before_start");
  return db.transaction().execute(async (trx) => {
    // One creation at a time: the bounds on the number of codes hold under two clicks at once.
    await sql`SELECT pg_advisory_xact_lock(hashtext('discount-codes'))`.execute(trx);
    const counts = await trx
      .selectFrom("discountCodes")
      .select((eb) => [
        eb.fn.countAll<string>().as("all"),
        eb.fn.count<string>("id").filterWhere("endedAt", "is", null).as("open"),
      ])
      .executeTakeFirstOrThrow();
    if (Number(counts.open) >= MAX_OPEN_CODES || Number(counts.all) >= MAX_CODES) {
      throw new DiscountCodeRefusedError("too_many_codes");
    }
    const productIds = [...new Set(input.productIds)];
    const seriesIds = [...new Set(input.seriesIds)];
    if (productIds.length > 0) {
      const found = await trx.selectFrom("products").select("id").where("id", "in", productIds).execute();
      if (found.length !== productIds.length) throw new DiscountCodeRefusedError("unknown_targets");
    }
    if (seriesIds.length > 0) {
      const found = await trx.selectFrom("series").select("id").where("id", "in", seriesIds).execute();
      if (found.length !== seriesIds.length) throw new DiscountCodeRefusedError("unknown_targets");
    }
    const taken = await trx
      .selectFrom("discountCodes")
      .select("id")
      .where("code", "=", input.code)
      .executeTakeFirst();
    if (taken) throw new DiscountCodeRefusedError("code_taken");
    const created = await trx
      .insertInto("discountCodes")
      .values({ ...input, productIds, seriesIds, createdAt: now, updatedAt: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("discountCodeEvents")
      .values({ discountCodeId: created.id, kind: "created" })
      .execute();
    return created;
  });
}

/** Ends a code now: refused at every checkout from this moment (an order already placed keeps it). */
export async function endDiscountCode(db: Kysely<Database>, id: number, now = new Date()) {
  return db.transaction().execute(async (trx) => {
    const code = await trx
      .selectFrom("discountCodes")
      .selectAll()
      .where("id", "=", id)
      .forUpdate()
      .executeTakeFirst();
    if (!code) throw new DiscountCodeRefusedError("not_found");
    if (code.endedAt !== null) throw new DiscountCodeRefusedError("already_ended");
    const ended = await trx
      .updateTable("discountCodes")
      .set({ endedAt: now, updatedAt: now })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx.insertInto("discountCodeEvents").values({ discountCodeId: id, kind: "ended" }).execute();
    return ended;
  });
}

function stateOf(code: DiscountCode, uses: number, now: Date): DiscountCodeSummary["state"] {
  if (code.endedAt !== null || (code.endsAt !== null && code.endsAt <= now)) return "ended";
  if (code.maxUses !== null && uses >= code.maxUses) return "used_up";
  return code.startsAt > now ? "scheduled" : "running";
}

/** Every code, newest first, with its uses and what it took off in all. */
export async function listDiscountCodes(
  db: Kysely<Database>,
  now = new Date(),
): Promise<DiscountCodeSummary[]> {
  const rows = await db
    .selectFrom("discountCodes as c")
    .leftJoin("orders as o", (join) =>
      join.onRef("o.discountCodeId", "=", "c.id").on("o.status", "not in", ["cancelled", "expired"]),
    )
    .selectAll("c")
    .select((eb) => [
      eb.fn.count<string>("o.id").as("uses"),
      eb.fn.coalesce(eb.fn.sum<string>("o.discountCents"), sql<string>`0`).as("discountedCents"),
    ])
    .groupBy("c.id")
    .orderBy("c.id", "desc")
    .limit(MAX_CODES)
    .execute();
  return rows.map((row) => {
    const uses = Number(row.uses);
    return { ...row, uses, discountedCents: Number(row.discountedCents), state: stateOf(row, uses, now) };
  });
}

/** One code's uses: its orders (live or not), newest first, and its history. */
export async function discountCodeUses(db: Kysely<Database>, id: number) {
  const code = await db.selectFrom("discountCodes").select("id").where("id", "=", id).executeTakeFirst();
  if (!code) throw new DiscountCodeRefusedError("not_found");
  const [orders, history] = await Promise.all([
    db
      .selectFrom("orders")
      .select([
        "orderNumber",
        "status",
        "email",
        "subtotalCents",
        "discountCents",
        "totalCents",
        "createdAt",
        "isTest",
      ])
      .where("discountCodeId", "=", id)
      .orderBy("id", "desc")
      .limit(500)
      .execute(),
    db
      .selectFrom("discountCodeEvents")
      .select(["kind", "actorName", "createdAt"])
      .where("discountCodeId", "=", id)
      .orderBy("id")
      .execute(),
  ]);
  return { orders, history };
}
