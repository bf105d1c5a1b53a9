/**
 * A code typed at checkout, judged on the server (decision 048): looked up within the guessing
 * limits (docs/security.md), then its dates, its uses, the shopper's address, the minimum and the
 * models it applies to — against the lines as the shop prices them, never as the browser says.
 */
import type { ModelCode } from "@souls/core/models";
import type { Database, DiscountCode, Kysely } from "@souls/db";
import { sql } from "kysely";
import { DISCOUNT_CODE_LIMIT } from "../limits";
import { type CodeLine, type CodeRefusal, discountOf, readCode } from "./rules";

/** The orders that hold a use of a code: every one but those cancelled or expired unpaid. */
const LIVE_ORDER = sql<boolean>`status NOT IN ('cancelled', 'expired')`;

export type CodeLookUp =
  | { ok: true; code: DiscountCode }
  | { ok: false; reason: "unknown" | "too_many_attempts" };

/**
 * The code the shop knows by this text, or why not. A client (its keyed network hash) that typed
 * too many unknown codes this hour, or a shop that received too many from everyone, is answered
 * `too_many_attempts` before any look-up: a script cannot search the codes. Each unknown code is
 * written down, within those limits only (so at most a bounded number of rows an hour); the
 * client's attempts are counted one at a time (a transaction lock on its hash). No client (the
 * owner's own test order): no limit.
 */
export async function lookUpCode(
  db: Kysely<Database>,
  typed: string,
  clientHash: string | null,
  now = new Date(),
): Promise<CodeLookUp> {
  const text = readCode(typed);
  if (clientHash === null) {
    const code = text ? await codeByText(db, text) : undefined;
    return code ? { ok: true, code } : { ok: false, reason: "unknown" };
  }
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`discount-attempts:${clientHash}`}))`.execute(trx);
    const hourAgo = new Date(now.getTime() - 3600_000);
    const [mine, shop] = await Promise.all([
      trx
        .selectFrom("discountCodeAttempts")
        .select((eb) => eb.fn.countAll<string>().as("count"))
        .where("clientHash", "=", clientHash)
        .where("createdAt", ">", hourAgo)
        .executeTakeFirstOrThrow(),
      trx
        .selectFrom((eb) =>
          eb
            .selectFrom("discountCodeAttempts")
            .select("id")
            .where("createdAt", ">", hourAgo)
            .limit(DISCOUNT_CODE_LIMIT.unknownPerShopPerHour)
            .as("recent"),
        )
        .select((eb) => eb.fn.countAll<string>().as("count"))
        .executeTakeFirstOrThrow(),
    ]);
    if (
      Number(mine.count) >= DISCOUNT_CODE_LIMIT.unknownPerClientPerHour ||
      Number(shop.count) >= DISCOUNT_CODE_LIMIT.unknownPerShopPerHour
    ) {
      return { ok: false, reason: "too_many_attempts" } as const;
    }
    const code = text ? await codeByText(trx, text) : undefined;
    if (code) return { ok: true, code } as const;
    await trx.insertInto("discountCodeAttempts").values({ clientHash, createdAt: now }).execute();
    // What no limit reads any more goes (two hours back): the table stays a few hundred rows.
    await trx
      .deleteFrom("discountCodeAttempts")
      .where("createdAt", "<", new Date(now.getTime() - 2 * 3600_000))
      .execute();
    return { ok: false, reason: "unknown" } as const;
  });
}

function codeByText(db: Kysely<Database>, text: string) {
  return db.selectFrom("discountCodes").selectAll().where("code", "=", text).executeTakeFirst();
}

/** A code judged for these lines: what it takes off each, or why it is refused. */
export type CodeJudgement =
  | {
      ok: true;
      code: DiscountCode;
      totalCents: number;
      perLine: { model: ModelCode; discountCents: number }[];
    }
  | { ok: false; reason: Exclude<CodeRefusal, "unknown" | "too_many_attempts">; minSubtotalCents?: number };

/**
 * A known code against an order's lines (by model) and the shopper's address (none yet: her
 * address is checked when she pays). Reads the code's row again (ended a second ago: refused), the
 * live orders that used it, and the models' prices, series and sales. When it runs under the
 * code's lock (placeOrder), what it counts is what the order's statement will find.
 */
export async function judgeCode(
  db: Kysely<Database>,
  codeId: number,
  order: { email: string | null; lines: readonly { model: ModelCode; quantity: number }[] },
  now = new Date(),
): Promise<CodeJudgement> {
  const code = await db
    .selectFrom("discountCodes")
    .selectAll()
    .where("id", "=", codeId)
    .executeTakeFirstOrThrow();
  if (code.endedAt !== null || (code.endsAt !== null && code.endsAt <= now))
    return { ok: false, reason: "ended" };
  if (code.startsAt > now) return { ok: false, reason: "not_started" };
  const email = order.email?.trim().toLowerCase() ?? null;
  const uses = await sql<{ total: number; mine: number }>`
    SELECT count(*)::int AS total,
           count(*) FILTER (WHERE lower(email) = ${email})::int AS mine
    FROM orders WHERE discount_code_id = ${code.id} AND ${LIVE_ORDER}`.execute(db);
  const counted = uses.rows[0] ?? { total: 0, mine: 0 };
  if (code.maxUses !== null && counted.total >= code.maxUses) return { ok: false, reason: "used_up" };
  if (code.oncePerEmail && email !== null && counted.mine > 0) return { ok: false, reason: "already_used" };

  const models = order.lines.map((line) => line.model);
  const products =
    models.length === 0
      ? []
      : await db
          .selectFrom("products")
          .select(["id", "slug", "seriesId", "priceCents", "onSaleSince"])
          .where("slug", "in", models)
          .execute();
  const lines: (CodeLine & { model: ModelCode })[] = [];
  for (const line of order.lines) {
    const product = products.find((row) => row.slug === line.model);
    if (!product) continue;
    lines.push({
      model: line.model,
      productId: product.id,
      seriesId: product.seriesId,
      unitPriceCents: product.priceCents,
      quantity: line.quantity,
      onSale: product.onSaleSince !== null,
    });
  }
  const discount = discountOf(code, lines);
  if (!discount.ok) {
    return discount.reason === "below_minimum"
      ? { ok: false, reason: "below_minimum", minSubtotalCents: code.minSubtotalCents }
      : { ok: false, reason: discount.reason };
  }
  return {
    ok: true,
    code,
    totalCents: discount.totalCents,
    perLine: lines.map((line, index) => ({ model: line.model, discountCents: discount.perLine[index] ?? 0 })),
  };
}
