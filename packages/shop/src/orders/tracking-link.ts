import type { Locale } from "@souls/core/locales";
import type { PaymentStatus } from "@souls/core/statuses";
import type { Database, Kysely } from "@souls/db";
import { sql } from "kysely";
import { z } from "zod";
import { TRACKING_LINK_LIMIT } from "../limits";
import { emailRow } from "../outbox/enqueue";
import { isStorableText, withoutBidiControls } from "../text";
import { ORDER_NUMBER_PATTERN } from "./order-number";
import { newTrackingToken } from "./tracking-token";

/**
 * An order number as a shopper may type it ("souls-068887atp6", "068887 ATP6", an O read for a 0)
 * in the shop's own form, "SOULS-068887ATP6". Its six first characters are digits: an O there is a
 * 0, an I or an L a 1 (some fonts draw them alike); the four after are any letter or digit.
 */
export function normalizeOrderNumber(typed: string): string {
  const compact = typed
    .normalize("NFKC")
    .toUpperCase()
    .replace(/[\s._-]/g, "");
  const rest = compact.startsWith("SOULS") ? compact.slice("SOULS".length) : compact;
  const digits = rest.slice(0, 6).replace(/O/g, "0").replace(/[IL]/g, "1");
  return `SOULS-${digits}${rest.slice(6)}`;
}

/** Why the find-my-order form is refused: a code the page words in her language (decision 062). */
export const TRACKING_LINK_REFUSALS = [
  "orderNumberRequired",
  "orderNumber",
  "emailRequired",
  "email",
] as const;
export type TrackingLinkRefusal = (typeof TRACKING_LINK_REFUSALS)[number];
const NUMBER_REQUIRED = "orderNumberRequired" satisfies TrackingLinkRefusal;
const NUMBER_INVALID = "orderNumber" satisfies TrackingLinkRefusal;
const EMAIL_REQUIRED = "emailRequired" satisfies TrackingLinkRefusal;
const EMAIL_INVALID = "email" satisfies TrackingLinkRefusal;

/** The find-my-order form; its messages are `TrackingLinkRefusal` codes. */
export const trackingLinkRequestSchema = z.object({
  orderNumber: z
    .string({ error: NUMBER_REQUIRED })
    .trim()
    .min(1, { error: NUMBER_REQUIRED })
    .max(40, { error: NUMBER_INVALID })
    .transform(normalizeOrderNumber)
    .pipe(z.string().regex(ORDER_NUMBER_PATTERN, { error: NUMBER_INVALID })),
  email: z
    .string({ error: EMAIL_REQUIRED })
    .overwrite(withoutBidiControls)
    .trim()
    .min(1, { error: EMAIL_REQUIRED })
    .max(254, { error: EMAIL_INVALID })
    .refine(isStorableText, { error: EMAIL_INVALID })
    .pipe(z.email({ error: EMAIL_INVALID })),
});

export interface TrackingLinkRequest {
  /** As the form's schema gives it: the shop's own form of the number. */
  orderNumber: string;
  email: string;
  /** The page's language: the e-mail is written in it. */
  locale: Locale;
  /** A keyed hash of the client's address: the per-client allowance's key. */
  clientHash: string;
  now?: Date;
}

/**
 * `answered` whatever was typed (a link may have gone out, or not); `rate_limited` for the
 * client; `busy` when the whole shop has answered its hour's allowance.
 */
export type TrackingLinkOutcome = "answered" | "rate_limited" | "busy";

/** Orders whose payment was taken: the ones the shop has written to about, with a page to follow. */
const FOLLOWED: PaymentStatus[] = ["paid", "partially_refunded", "refunded"];

const HOUR = 3600_000;

/**
 * The find-my-order form: when a paid order has this number and this address (in any case), its
 * tracking link goes to the order's own address through the outbox; the answer never says whether
 * one did. Every request counts against the client's hourly allowance, and one order is sent only
 * a few links a day. A match and a miss run the very same statements, with a token drawn and a
 * message written either way, so neither the answer nor its time tells which orders exist.
 */
export async function requestTrackingLink(
  db: Kysely<Database>,
  request: TrackingLinkRequest,
): Promise<TrackingLinkOutcome> {
  const now = request.now ?? new Date();
  const token = newTrackingToken(now);
  return db.transaction().execute(async (trx) => {
    // One client's requests are decided one at a time: parallel ones cannot slip past the limit.
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`tracking-link:${request.clientHash}`}))`.execute(trx);
    const { asked } = await trx
      .selectFrom("trackingLinkRequests")
      .select((eb) => eb.fn.countAll<string>().as("asked"))
      .where("clientHash", "=", request.clientHash)
      .where("createdAt", ">", new Date(now.getTime() - HOUR))
      .executeTakeFirstOrThrow();
    if (Number(asked) >= TRACKING_LINK_LIMIT.perClientPerHour) return "rate_limited";
    // Counted up to the allowance only: one range of the time index, whatever a flood wrote.
    const { shopWide } = await trx
      .selectFrom((eb) =>
        eb
          .selectFrom("trackingLinkRequests")
          .select("id")
          .where("createdAt", ">", new Date(now.getTime() - HOUR))
          .limit(TRACKING_LINK_LIMIT.perShopPerHour)
          .as("lastHour"),
      )
      .select((eb) => eb.fn.countAll<string>().as("shopWide"))
      .executeTakeFirstOrThrow();
    if (Number(shopWide) >= TRACKING_LINK_LIMIT.perShopPerHour) return "busy";

    const order = await trx
      .selectFrom("orders")
      .select(["id", "email", "firstName", "lastName"])
      .where("orderNumber", "=", request.orderNumber)
      .where(sql<string>`lower(email)`, "=", request.email.toLowerCase())
      .where("paymentStatus", "in", FOLLOWED)
      .executeTakeFirst();
    // Counted for no order (-1) on a miss: the same query either way.
    const { sent } = await trx
      .selectFrom("trackingLinkRequests")
      .select((eb) => eb.fn.countAll<string>().as("sent"))
      .where("orderId", "=", order?.id ?? -1)
      .where("createdAt", ">", new Date(now.getTime() - 24 * HOUR))
      .executeTakeFirstOrThrow();
    const sendTo = order && Number(sent) < TRACKING_LINK_LIMIT.perOrderPerDay ? order : undefined;

    // Written on a miss too, then not inserted: the same work, never sent to what was typed.
    const mail = emailRow(
      { email: order?.email ?? request.email, locale: request.locale, orderId: order?.id ?? null },
      {
        type: "tracking_link",
        payload: {
          orderNumber: request.orderNumber,
          customerName: order ? `${order.firstName} ${order.lastName}` : request.email,
          trackingToken: token.token,
        },
      },
    );
    // One statement either way: the request recorded; the token and the e-mail only for a link sent.
    await sql`
      WITH recorded AS (
        INSERT INTO tracking_link_requests (client_hash, order_id, created_at)
        VALUES (${request.clientHash}, ${sendTo?.id ?? null}::integer, ${now})
        RETURNING order_id
      ),
      token AS (
        INSERT INTO tracking_tokens (order_id, token_hash, expires_at)
        SELECT order_id, ${token.tokenHash}, ${token.expiresAt} FROM recorded WHERE order_id IS NOT NULL
      )
      INSERT INTO email_queue (order_id, recipient, locale, type, subject, payload, priority)
      SELECT order_id, ${mail.recipient}::text, ${mail.locale}::text, ${mail.type}::text,
        ${mail.subject}::text, ${mail.payload}::jsonb, ${mail.priority}::smallint
      FROM recorded WHERE order_id IS NOT NULL`.execute(trx);
    return "answered";
  });
}
