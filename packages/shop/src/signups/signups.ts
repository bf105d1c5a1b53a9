import type { Locale } from "@souls/core/locales";
import type { ModelCode } from "@souls/core/models";
import type { Database, Kysely, SignupSource, Transaction } from "@souls/db";
import { sql } from "kysely";
import { z } from "zod";
import { emailRow, enqueueEmail } from "../outbox/enqueue";
import type { LinkSecrets } from "../signed-links";
import { isStorableText, withoutBidiControls } from "../text";
import { readSignupToken, signupToken } from "./tokens";

/** Why a sign-up form is refused: a code the page words in the visitor's language (decision 062). */
export const SIGNUP_REFUSALS = [
  "emailRequired",
  "emailInvalid",
  "nameInvalid",
  "nameTooLong",
  "consentRequired",
] as const;
export type SignupRefusal = (typeof SIGNUP_REFUSALS)[number];
const refused = (code: SignupRefusal) => ({ error: code });

/**
 * Field rules of every sign-up form; messages are `SignupRefusal` codes. The name is stored
 * without bidirectional controls (text.ts).
 */
export const signupSchema = z.object({
  email: z
    .string(refused("emailRequired"))
    .overwrite(withoutBidiControls)
    .trim()
    .min(1, refused("emailRequired"))
    .max(254, refused("emailInvalid"))
    .refine(isStorableText, refused("emailInvalid"))
    .pipe(z.email(refused("emailInvalid"))),
  name: z
    .string(refused("nameInvalid"))
    .overwrite(withoutBidiControls)
    .trim()
    .max(100, refused("nameTooLong"))
    .refine(isStorableText, refused("nameInvalid"))
    .optional()
    .transform((name) => (name ? name : undefined)),
});
export type SignupInput = z.input<typeof signupSchema>;

/** A back-in-stock sign-up: the address and an explicit consent to the one notice. */
export const waitlistSchema = z.object({
  email: signupSchema.shape.email,
  consent: z.literal("yes", refused("consentRequired")),
});

/**
 * One client may make only a few sign-up attempts an hour (each new address is sent a confirmation
 * e-mail). Every attempt counts, a known address's too: else the allowance would tell which
 * addresses are already subscribed.
 */
export const SIGNUP_LIMIT = { perClientPerHour: 5 } as const;

export interface SignupRequest {
  email: string;
  name?: string;
  locale: Locale;
  source: Exclude<SignupSource, "waitlist">;
  /** Keyed hash of the client's address: the sign-up rate limit. */
  clientHash: string;
  /** The shop's secret, which signs the confirmation link. */
  secret: string;
  now?: Date;
}

export type SignupOutcome = "created" | "existing" | "rate_limited";

/**
 * Stores an early-notice or newsletter address, unconfirmed, and queues its confirmation e-mail
 * (double opt-in): nothing else is ever sent to it until its owner follows the link. A repeated
 * address is a success for the shopper and changes nothing (no second e-mail), yet costs the same
 * allowance and runs the same statements as a new one.
 */
export async function recordSignup(db: Kysely<Database>, signup: SignupRequest): Promise<SignupOutcome> {
  const email = signup.email.trim().toLowerCase();
  return db.transaction().execute(async (trx) => {
    if (!(await admitSignupAttempt(trx, signup.clientHash, signup.now))) return "rate_limited";
    const created = await storeUnconfirmed(
      trx,
      { email, name: signup.name ?? null, locale: signup.locale, source: signup.source, productId: null },
      signup,
      null,
    );
    return created ? "created" : "existing";
  });
}

export interface WaitlistRequest {
  email: string;
  locale: Locale;
  model: ModelCode;
  clientHash: string;
  secret: string;
  now?: Date;
}

export type WaitlistOutcome = SignupOutcome | "available" | "unknown_model";

/**
 * Puts an address on a sold-out model's back-in-stock list, unconfirmed, and queues its
 * confirmation e-mail. Only a sold-out model has a list; a repeat while waiting changes nothing.
 * After its one notice, an address that signs up again is a new sign-up to confirm again.
 */
export async function joinWaitlist(db: Kysely<Database>, request: WaitlistRequest): Promise<WaitlistOutcome> {
  const email = request.email.trim().toLowerCase();
  return db.transaction().execute(async (trx) => {
    const product = await trx
      .selectFrom("products")
      .select(["id", "name", "stock", "reserved"])
      .where("slug", "=", request.model)
      // A draft is the owner's only; an archived model has left the shop.
      .where("publishedAt", "is not", null)
      .where("archivedAt", "is", null)
      .executeTakeFirst();
    if (!product) return "unknown_model";
    if (product.stock - product.reserved > 0) return "available";
    if (!(await admitSignupAttempt(trx, request.clientHash, request.now))) return "rate_limited";
    // After its one notice an address may wait again (as a new sign-up); run either way.
    await trx
      .deleteFrom("signups")
      .where("email", "=", email)
      .where("productId", "=", product.id)
      .where("notifiedAt", "is not", null)
      .execute();
    const created = await storeUnconfirmed(
      trx,
      { email, name: null, locale: request.locale, source: "waitlist", productId: product.id },
      request,
      { model: request.model, productName: product.name },
    );
    return created ? "created" : "existing";
  });
}

/**
 * Counts this attempt against the client's hourly allowance, or says it is used up (the attempt
 * refused is not recorded: a script hammering away adds no rows). One client's attempts are
 * decided one at a time (an advisory lock), so parallel requests cannot slip past the limit.
 */
async function admitSignupAttempt(
  trx: Transaction<Database>,
  clientHash: string,
  now = new Date(),
): Promise<boolean> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`signups:${clientHash}`}))`.execute(trx);
  const { count } = await trx
    .selectFrom("signupAttempts")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("clientHash", "=", clientHash)
    .where("createdAt", ">", new Date(now.getTime() - 3600_000))
    .executeTakeFirstOrThrow();
  if (Number(count) >= SIGNUP_LIMIT.perClientPerHour) return false;
  await trx.insertInto("signupAttempts").values({ clientHash, createdAt: now }).execute();
  return true;
}

/**
 * Stores a sign-up unless its address is already on that list, and queues its confirmation
 * e-mail only if it was stored — in one statement. The id is drawn and the link signed first, so a
 * known address costs the very work a new one does: the time taken tells nothing either.
 */
async function storeUnconfirmed(
  trx: Transaction<Database>,
  signup: {
    email: string;
    name: string | null;
    locale: Locale;
    source: SignupSource;
    productId: number | null;
  },
  request: { clientHash: string; secret: string; now?: Date },
  waitlist: { model: ModelCode; productName: string } | null,
): Promise<boolean> {
  const { id } = (
    await sql<{ id: number }>`SELECT nextval(pg_get_serial_sequence('signups', 'id'))::int AS id`.execute(trx)
  ).rows[0] as { id: number };
  const mail = emailRow(signup, {
    type: "signup_confirmation",
    payload: {
      list: waitlist ? "waitlist" : "newsletter",
      model: waitlist?.model ?? null,
      productName: waitlist?.productName ?? null,
      token: signupToken(request.secret, "confirm", id, request.now),
    },
  });
  // OVERRIDING SYSTEM VALUE: the id was drawn from the column's own sequence just above.
  const queued = await sql<{ id: number }>`
    WITH stored AS (
      INSERT INTO signups (id, email, name, locale, source, product_id, client_hash)
      OVERRIDING SYSTEM VALUE
      VALUES (${id}, ${signup.email}, ${signup.name}, ${signup.locale}, ${signup.source},
        ${signup.productId}, ${request.clientHash})
      ON CONFLICT ON CONSTRAINT signups_email_product_key DO NOTHING
      RETURNING id
    )
    INSERT INTO email_queue (order_id, recipient, locale, type, subject, payload, priority)
    SELECT NULL, ${mail.recipient}::text, ${mail.locale}::text, ${mail.type}::text, ${mail.subject}::text,
      ${mail.payload}::jsonb, ${mail.priority}::smallint
    FROM stored
    RETURNING id`.execute(trx);
  return queued.rows.length > 0;
}

export type ConfirmOutcome = "confirmed" | "already_confirmed" | "expired" | "invalid";

/** The double opt-in's second step: the link's owner confirms. The time kept is the proof of consent. */
export async function confirmSignup(
  db: Kysely<Database>,
  request: { token: unknown; secret: LinkSecrets; now?: Date },
): Promise<ConfirmOutcome> {
  const now = request.now ?? new Date();
  const check = readSignupToken(request.secret, "confirm", request.token, now);
  if (!check.ok) return check.reason;
  const confirmed = await db
    .updateTable("signups")
    .set({ confirmedAt: now })
    .where("id", "=", check.signupId)
    .where("confirmedAt", "is", null)
    .returning("id")
    .executeTakeFirst();
  if (confirmed) return "confirmed";
  const exists = await db
    .selectFrom("signups")
    .select("id")
    .where("id", "=", check.signupId)
    .executeTakeFirst();
  // A sign-up deleted since (unsubscribed, or never confirmed in time) cannot be confirmed.
  return exists ? "already_confirmed" : "invalid";
}

/**
 * One-click unsubscribe (RFC 8058) from a marketing e-mail's link: every sign-up of that address
 * is deleted, newsletter and back-in-stock lists alike. Doing it twice is still a success.
 */
export async function unsubscribe(
  db: Kysely<Database>,
  request: { token: unknown; secret: LinkSecrets },
): Promise<"unsubscribed" | "invalid"> {
  const check = readSignupToken(request.secret, "unsubscribe", request.token);
  if (!check.ok) return "invalid";
  await db
    .deleteFrom("signups")
    .where("email", "in", (eb) => eb.selectFrom("signups").select("email").where("id", "=", check.signupId))
    .execute();
  return "unsubscribed";
}

/**
 * Queues one back-in-stock e-mail for each confirmed address waiting on a model that can be bought
 * again, and marks it notified in the same transaction. Run by the worker, so it catches every way
 * stock comes back (a released hold, the owner's restock, a withdrawal); two workers never send
 * twice. Each notice carries its one-click unsubscribe link.
 */
export async function notifyRestockedWaitlists(
  db: Kysely<Database>,
  secret: string,
  now = new Date(),
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const waiting = await trx
      .selectFrom("signups")
      .innerJoin("products", "products.id", "signups.productId")
      // The model's page in the address's language, as it is now (an older address answers 301).
      .leftJoin("productTexts", (join) =>
        join
          .onRef("productTexts.productId", "=", "products.id")
          .onRef("productTexts.locale", "=", "signups.locale"),
      )
      .select([
        "signups.id",
        "signups.email",
        "signups.locale",
        "products.slug",
        "products.name",
        "productTexts.path",
      ])
      .where("signups.notifiedAt", "is", null)
      // Double opt-in: an address nobody confirmed never receives a notice.
      .where("signups.confirmedAt", "is not", null)
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
        payload: {
          model: signup.slug,
          productName: signup.name,
          ...(signup.path ? { productPath: signup.path } : {}),
          unsubscribeToken: signupToken(secret, "unsubscribe", signup.id, now),
        },
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
