import type { Database, Kysely, Locale, SignupSource } from "@souls/db";
import { sql } from "kysely";
import { z } from "zod";
import type { ModelCode } from "./catalogue";
import { enqueueEmail } from "./orders/outbox";
import { isStorableText } from "./text";

/** Field rules of every sign-up form; messages are locale keys resolved by the page. */
export const signupSchema = z.object({
  email: z
    .string({ error: "signup.errors.emailRequired" })
    .trim()
    .min(1, { error: "signup.errors.emailRequired" })
    .max(254, { error: "signup.errors.emailInvalid" })
    .refine(isStorableText, { error: "signup.errors.emailInvalid" })
    .pipe(z.email({ error: "signup.errors.emailInvalid" })),
  name: z
    .string({ error: "signup.errors.nameInvalid" })
    .trim()
    .max(100, { error: "signup.errors.nameTooLong" })
    .refine(isStorableText, { error: "signup.errors.nameInvalid" })
    .optional()
    .transform((name) => (name ? name : undefined)),
});
export type SignupInput = z.input<typeof signupSchema>;

/** A back-in-stock sign-up: the address and an explicit consent to the one notice. */
export const waitlistSchema = z.object({
  email: signupSchema.shape.email,
  consent: z.literal("yes", { error: "signup.errors.consentRequired" }),
});

export interface SignupRequest {
  email: string;
  name?: string;
  locale: Locale;
  source: Exclude<SignupSource, "waitlist">;
}

/**
 * Stores an early-notice or newsletter address. A repeated address is a success for the
 * shopper and leaves a single row (a name given later fills a missing one).
 */
export async function recordSignup(
  db: Kysely<Database>,
  signup: SignupRequest,
): Promise<"created" | "existing"> {
  const email = signup.email.trim().toLowerCase();
  const inserted = await db
    .insertInto("signups")
    .values({ email, name: signup.name ?? null, locale: signup.locale, source: signup.source })
    .onConflict((oc) => oc.constraint("signups_email_product_key").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (inserted) return "created";
  if (signup.name) {
    await db
      .updateTable("signups")
      .set({ name: signup.name })
      .where("email", "=", email)
      .where("productId", "is", null)
      .where("name", "is", null)
      .execute();
  }
  return "existing";
}

export interface WaitlistRequest {
  email: string;
  locale: Locale;
  model: ModelCode;
}

/**
 * Puts an address on a sold-out model's back-in-stock list. Signing up again after a notice
 * (the model sold out once more) waits again; a repeat while waiting changes nothing.
 */
export async function joinWaitlist(
  db: Kysely<Database>,
  request: WaitlistRequest,
): Promise<"created" | "existing" | "unknown_model"> {
  const email = request.email.trim().toLowerCase();
  const product = await db
    .selectFrom("products")
    .select("id")
    .where("slug", "=", request.model)
    .where("archivedAt", "is", null)
    .executeTakeFirst();
  if (!product) return "unknown_model";
  const row = await db
    .insertInto("signups")
    .values({ email, locale: request.locale, source: "waitlist", productId: product.id })
    .onConflict((oc) =>
      oc.constraint("signups_email_product_key").doUpdateSet({ notifiedAt: null, locale: request.locale }),
    )
    // xmax is 0 only for a freshly inserted row.
    .returning(sql<boolean>`(xmax = 0)`.as("inserted"))
    .executeTakeFirstOrThrow();
  return row.inserted ? "created" : "existing";
}

/**
 * Queues one back-in-stock e-mail for each address waiting on a model that can be bought again,
 * and marks it notified in the same transaction. Run by the worker, so it catches every way stock
 * comes back (a released hold, the owner's restock, a withdrawal); two workers never send twice.
 */
export async function notifyRestockedWaitlists(db: Kysely<Database>, now = new Date()): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const waiting = await trx
      .selectFrom("signups")
      .innerJoin("products", "products.id", "signups.productId")
      .select(["signups.id", "signups.email", "signups.locale", "products.slug", "products.name"])
      .where("signups.notifiedAt", "is", null)
      .where(sql<number>`products.stock - products.reserved`, ">", 0)
      // An archived product is gone from the shop: it is never "back".
      .where("products.archivedAt", "is", null)
      .orderBy("signups.id")
      .limit(200)
      .forUpdate("signups")
      .skipLocked()
      .execute();
    for (const signup of waiting) {
      await enqueueEmail(trx, signup, {
        type: "back_in_stock",
        payload: { model: signup.slug as ModelCode, productName: signup.name },
      });
    }
    if (waiting.length > 0) {
      await trx
        .updateTable("signups")
        .set({ notifiedAt: now })
        .where(
          "id",
          "in",
          waiting.map((s) => s.id),
        )
        .execute();
    }
    return waiting.length;
  });
}
