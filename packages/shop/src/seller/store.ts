/** Reading and saving the seller's identity: one row, which every web server and the worker read. */
import type { Database, Kysely } from "@souls/db";
import { sql } from "kysely";
import { z } from "zod";
import { EMPTY_SELLER, SELLER_FIELDS, type SellerDetails } from "./fields";
import { sellerDetailsSchema, storedSellerDetails } from "./rules";

export interface Seller {
  details: SellerDetails;
  /** When and by whom it was last saved; null until the owner first saves it. */
  savedAt: Date | null;
  savedBy: string | null;
}

/** The seller's identity as stored (nothing filled in on a new shop). */
export async function loadSeller(db: Kysely<Database>): Promise<Seller> {
  const row = await db.selectFrom("seller").selectAll().where("id", "=", 1).executeTakeFirst();
  if (!row) return { details: EMPTY_SELLER, savedAt: null, savedBy: null };
  const details = Object.fromEntries(SELLER_FIELDS.map((field) => [field, row[field]])) as SellerDetails;
  return { details, savedAt: row.savedAt, savedBy: row.savedBy };
}

/**
 * Refused details, each field with its messages (`admin:input.*`); nothing was written. The panel's
 * API checks the same rules first: this guards every other caller.
 */
export class InvalidSellerError extends Error {
  override name = "InvalidSellerError";
  constructor(
    readonly fieldErrors: Partial<Record<string, string[]>>,
    readonly formErrors: string[],
  ) {
    super(`Invalid seller details: ${[...formErrors, ...Object.keys(fieldErrors)].join(", ")}`);
  }
}

/**
 * Replaces the seller's identity with `input` (every detail, null for "not filled in"), checked by
 * the rules, and records who saved it and when. Its trigger tells every web server to drop the
 * pages it keeps.
 */
export async function saveSeller(db: Kysely<Database>, input: unknown, by = "admin"): Promise<Seller> {
  const parsed = sellerDetailsSchema.safeParse(input);
  if (!parsed.success) {
    const { fieldErrors, formErrors } = z.flattenError(parsed.error);
    throw new InvalidSellerError(fieldErrors, formErrors);
  }
  const saved = { ...storedSellerDetails(parsed.data), savedBy: by, savedAt: sql<Date>`now()` };
  await db
    .insertInto("seller")
    .values({ id: 1, ...saved })
    .onConflict((conflict) => conflict.column("id").doUpdateSet(saved))
    .execute();
  return loadSeller(db);
}
