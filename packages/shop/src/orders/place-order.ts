import { randomBytes } from "node:crypto";
import type { Locale } from "@souls/core/locales";
import type { ModelCode } from "@souls/core/models";
import { type Database, type Kysely, type Order, type PaymentProvider, prepared } from "@souls/db";
import { sql } from "kysely";
import type { Cart, CartLine } from "../cart";
import { promiseOf } from "../delivery/zones";
import { type CodeJudgement, judgeCode } from "../discounts/judge";
import type { EarlyAccessPass } from "../launch/early-access-token";
import { DEFAULT_ORDER_LIMITS, type OrderLimits } from "../limits";
import { ordersPlaced } from "../metrics";
import { OPEN_PAYMENTS } from "../order-status";
import type { ShippingDetails } from "./checkout-form";
import { type CheckoutPrice, priceCheckout } from "./checkout-price";
import { releaseOrderHold } from "./holds";
import { newOrderNumber } from "./order-number";
import { applyOrderEvent } from "./transitions";

export interface PlaceOrderInput {
  /** Same key for the same checkout form: a double submit finds the first order. */
  checkoutKey: string;
  locale: Locale;
  lines: Cart;
  details: ShippingDetails;
  provider: PaymentProvider;
  /**
   * The anonymous shopper placing it: a keyed hash of her address, bounded by the per-client
   * limits, and the unpaid orders her browser placed before (their holds are given back). Absent
   * for the owner's own test order.
   */
  client?: { hash: string; earlierOrders?: readonly string[] };
  /**
   * The owner's test order (« Test Commande »): its lines name real models at their prices but
   * hold no piece — a sold-out model can be tested, and no shopper ever finds a piece missing.
   */
  test?: boolean;
  limits?: OrderLimits;
  now?: Date;
  /**
   * The early-access passes this browser holds (its signed cookie): during a series' head start an
   * order of its pieces is taken only with a pass for it, to its sign-up's address (decision 039).
   */
  earlyAccess?: readonly EarlyAccessPass[];
  /** The shop's clock for the launch rules (a test run may move it); `now` otherwise. */
  launchNow?: Date;
  /**
   * The checkout as priced for this request (priceCheckout: its lines merged, the order limit, the
   * zone of its country and its shipping), the total the shopper was shown; priced now when absent.
   * The order is placed at these amounts only if its locked rows still have these prices.
   */
  price?: CheckoutPrice;
  /**
   * A discount code the shop knows (looked up within the guessing limits: lookUpCode), judged
   * again under its lock for this order's lines and address, its use counted in the order's own
   * statement (decision 048).
   */
  discountCodeId?: number;
}

export type ClientLimit = "held_pieces" | "unpaid_orders";

export type PlaceOrderResult =
  | { ok: true; order: Order; created: boolean }
  | { ok: false; reason: "unavailable"; model: ModelCode; available: number }
  /** Pieces are left, but as many as may be held at once are in other shoppers' unpaid orders. */
  | { ok: false; reason: "held_by_others"; model: ModelCode }
  | { ok: false; reason: "order_limit"; model: ModelCode; limit: number }
  | { ok: false; reason: "client_limit"; limit: ClientLimit }
  /** The model's series is not open yet (nor in its head start for this order). */
  | { ok: false; reason: "not_open"; model: ModelCode; opensAt: Date }
  /** The series is in its head start: only with a subscriber's pass, to her address. */
  | { ok: false; reason: "early_access"; model: ModelCode; opensAt: Date }
  /** The launch limit: one shopper (address or network) may not have more of this model yet. */
  | { ok: false; reason: "launch_limit"; model: ModelCode; limit: number }
  /** The discount code no longer applies to this order (ended, used up, already used with this address…). */
  | { ok: false; reason: "discount_code"; refusal: Extract<CodeJudgement, { ok: false }> }
  | { ok: false; reason: "empty" }
  /** The shop does not deliver to the country (any more). */
  | { ok: false; reason: "not_served" }
  /** A model's price changed since the checkout was priced: nothing held, the shopper sees the new one. */
  | { ok: false; reason: "price_changed" };

export function newCheckoutKey(): string {
  return randomBytes(16).toString("base64url");
}

/**
 * Holds the pieces and creates the unpaid order. Each product's hold is a conditional update
 * (`reserved + q <= stock`) on its locked row, so two shoppers can never hold the same last piece;
 * the checkout's price (priceCheckout) is placed only if those very rows still have its prices. Everything is one statement (placeOrderStatement) between
 * BEGIN and COMMIT: a model's row stays locked for one round trip, so buyers of the same model
 * queue as little as possible. The payment is created afterwards (see startPayment), so no
 * product row stays locked during a call to the payment provider.
 *
 * Against a script holding the stock hostage: lines of a model merge and stay within the
 * per-model limit, and an anonymous client holds only a few pieces in only a few unpaid orders —
 * its orders are placed one at a time (an advisory lock on its hash) so parallel requests cannot
 * slip past the count.
 */
export async function placeOrder(db: Kysely<Database>, input: PlaceOrderInput): Promise<PlaceOrderResult> {
  const limits = input.limits ?? DEFAULT_ORDER_LIMITS;
  const pricing = input.price
    ? { ok: true as const, price: input.price }
    : await priceCheckout(db, { lines: input.lines, country: input.details.country, limits });
  if (!pricing.ok) return pricing;
  const { price } = pricing;
  const lines = price.lines;

  const now = input.now ?? new Date();
  // A new checkout from the same browser gives back what its earlier unpaid orders held.
  if (input.client?.earlierOrders?.length) {
    await releaseEarlierHolds(db, input.client.earlierOrders, input.checkoutKey);
  }
  // An order number taken in the same millisecond is drawn again.
  for (let attempt = 0; ; attempt++) {
    try {
      const placed = await placedByClient(db, shopperLocks(input), async (connection) => {
        const discount = await discountFor(connection, input, lines, now);
        if (discount && !discount.ok) return { codeRefused: discount };
        return placeOrderStatement(
          connection,
          input,
          price,
          limits,
          newOrderNumber(now.getTime() + attempt),
          now,
          discount,
        );
      });
      if ("codeRefused" in placed) return { ok: false, reason: "discount_code", refusal: placed.codeRefused };
      if (placed.order) {
        if (!placed.existing) ordersPlaced.inc();
        return { ok: true, order: placed.order, created: !placed.existing };
      }
      if (!placed.allowed) {
        const limit =
          placed.placedThisHour >= limits.maxUnpaidOrdersPerHour ? "unpaid_orders" : "held_pieces";
        return { ok: false, reason: "client_limit", limit };
      }
      if (placed.repriced) return { ok: false, reason: "price_changed" };
      const launchRefused = lines.find((line) => placed.launch.has(line.model));
      const launch = launchRefused && placed.launch.get(launchRefused.model);
      if (launchRefused && launch) {
        if (launch.refused === "launch_limit")
          return { ok: false, reason: "launch_limit", model: launchRefused.model, limit: launch.limit };
        return {
          ok: false,
          reason: launch.refused,
          model: launchRefused.model,
          opensAt: new Date(launch.opensAt),
        };
      }
      // Not every line could be held, so none was: the first one short is said.
      const short =
        lines.find((line) => (placed.available.get(line.model) ?? 0) < line.quantity) ??
        lines.find((line) => (placed.holdable.get(line.model) ?? 0) < line.quantity);
      if (!short) throw new Error("an order refused with every line available");
      if ((placed.available.get(short.model) ?? 0) >= short.quantity) {
        return { ok: false, reason: "held_by_others", model: short.model };
      }
      return {
        ok: false,
        reason: "unavailable",
        model: short.model,
        available: placed.available.get(short.model) ?? 0,
      };
    } catch (error) {
      const constraint = (error as { constraint?: string }).constraint;
      if (constraint === "orders_order_number_key" && attempt < 4) continue;
      // The same form submitted twice at once (by a caller without a client): the other request created the order.
      if (constraint === "orders_checkout_key_key") {
        const order = await findByCheckoutKey(db, input.checkoutKey);
        if (order) return { ok: true, order, created: false };
      }
      throw error;
    }
  }
}

/**
 * What one shopper's orders are serialized on: her client's network (the per-client limits) and
 * her address, normalized (the launch limit counts both: decision 039). Sorted, so two orders
 * sharing both never wait on each other in a cycle. None for the owner's test order.
 */
function shopperLocks(input: PlaceOrderInput): string[] {
  // A discount code's orders, one at a time: each counts the uses the one before committed.
  const code = input.discountCodeId === undefined ? [] : [`discount:${input.discountCodeId}`];
  if (input.test) return [...(input.client ? [`orders:${input.client.hash}`] : []), ...code].sort();
  const keys = [`launch:${normalizedEmail(input.details.email)}`, ...code];
  if (input.client) keys.push(`orders:${input.client.hash}`);
  return keys.sort();
}

/**
 * The order's discount, judged under the code's lock (so its uses are the last committed ones):
 * none without a code, nor for a checkout whose order exists already (the same form posted again
 * finds it, with the discount it was placed with).
 */
async function discountFor(
  db: Kysely<Database>,
  input: PlaceOrderInput,
  lines: readonly CartLine[],
  now: Date,
): Promise<CodeJudgement | null> {
  if (input.discountCodeId === undefined) return null;
  if (await findByCheckoutKey(db, input.checkoutKey)) return null;
  return judgeCode(db, input.discountCodeId, { email: input.details.email, lines }, now);
}

const normalizedEmail = (email: string) => email.trim().toLowerCase();

/**
 * Runs the order's statement on one connection, a shopper's orders one at a time: session
 * advisory locks on her client's hash and her address, taken before the statement (whose
 * snapshot then sees her last order) and released after its commit. The statement commits on its
 * own, so no product row stays locked for a round trip of ours.
 */
async function placedByClient<T>(
  db: Kysely<Database>,
  keys: readonly string[],
  run: (connection: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (keys.length === 0) return run(db);
  return db.connection().execute(async (connection) => {
    for (const key of keys)
      await prepared(sql`SELECT pg_advisory_lock(hashtext(${key}))`).execute(connection);
    try {
      return await run(connection);
    } finally {
      for (const key of [...keys].reverse()) {
        await prepared(sql`SELECT pg_advisory_unlock(hashtext(${key}))`).execute(connection);
      }
    }
  });
}

interface LaunchRefusal {
  refused: "not_open" | "early_access" | "launch_limit";
  opensAt: string;
  limit: number;
}

interface PlacedStatement {
  /** The order of this checkout key, placed now or by an earlier submit of the same form. */
  order: Order | undefined;
  existing: boolean;
  /** The client's limits let it place this order. */
  allowed: boolean;
  placedThisHour: number;
  /** Pieces available of each model asked, as its locked row said (for a refusal's message). */
  available: Map<string, number>;
  /** Pieces of each model asked that may still be held now (the share unpaid orders may hold). */
  holdable: Map<string, number>;
  /** Lines its series' launch refuses: not open, head start without a pass, launch limit. */
  launch: Map<string, LaunchRefusal>;
  /** A locked row's price is not the one the checkout was priced at. */
  repriced: boolean;
}

/**
 * One statement, committed on its own: the order already placed under this checkout key, if any;
 * the client's unpaid orders of the hour and held pieces; the products locked in id order (two
 * orders never wait on each other in a cycle) and, only if every line has enough available and the
 * client is within its limits, all held at once; the order, its lines at the locked rows' prices
 * and its first event. All or nothing: a line short holds none.
 */
async function placeOrderStatement(
  db: Kysely<Database>,
  input: PlaceOrderInput,
  price: CheckoutPrice,
  limits: OrderLimits,
  orderNumber: string,
  now: Date,
  discount: Extract<CodeJudgement, { ok: true }> | null,
): Promise<PlacedStatement> {
  const hourAgo = new Date(now.getTime() - 3600_000);
  // The client's orders that can count: placed within the hour, or still holding (a hold began at
  // its order's creation): one range of the index of unpaid orders by client, however busy the shop.
  const holdsFrom = new Date(now.getTime() - limits.holdMinutes * 60_000);
  const countedFrom = holdsFrom < hourAgo ? holdsFrom : hourAgo;
  const clientHash = input.client?.hash ?? null;
  const { lines, zone, shippingCents } = price;
  const asked = lines.reduce((sum, line) => sum + line.quantity, 0);
  const delivery = JSON.stringify(promiseOf(zone));
  const models = lines.map((line) => line.model);
  const quantities = lines.map((line) => line.quantity);
  // The prices the checkout was priced at: held only if the locked rows still have them.
  const unitPrices = lines.map((line) => line.unitPriceCents);
  const { details } = input;
  const test = input.test === true;
  const launchNow = input.launchNow ?? now;
  const email = normalizedEmail(details.email);
  const passSeries = (input.earlyAccess ?? []).map((pass) => pass.seriesId);
  const passSignups = (input.earlyAccess ?? []).map((pass) => pass.signupId);
  const codeId = discount?.code.id ?? null;
  const codeText = discount?.code.code ?? null;
  const discountModels = discount?.perLine.map((line) => line.model) ?? [];
  const discountCents = discount?.perLine.map((line) => line.discountCents) ?? [];
  const result = await prepared(sql<
    Order & {
      existingOrder: boolean;
      allowed: boolean;
      placedThisHour: number;
      available: Record<string, number> | null;
      holdable: Record<string, number> | null;
      launch: Record<string, LaunchRefusal> | null;
      repriced: boolean;
    }
  >`
    WITH existing AS (
      SELECT * FROM orders WHERE checkout_key = ${input.checkoutKey}
    ),
    client_use AS (
      SELECT count(DISTINCT o.id) FILTER (WHERE o.created_at > ${hourAgo})::int AS placed,
             coalesce(sum(i.quantity) FILTER (WHERE o.status = 'awaiting_payment' AND o.reserved_until > ${now}), 0)::int AS held
      FROM orders o LEFT JOIN order_items i ON i.order_id = o.id
      WHERE o.client_hash = ${clientHash} AND o.payment_status <> 'paid' AND o.created_at > ${countedFrom}
    ),
    allowed AS (
      SELECT NOT EXISTS (SELECT 1 FROM existing)
             AND (${clientHash}::text IS NULL OR (placed < ${limits.maxUnpaidOrdersPerHour} AND held + ${asked} <= ${limits.maxHeldPiecesPerClient})) AS ok,
             placed
      FROM client_use
    ),
    wanted (slug, quantity, priced_cents) AS (
      SELECT * FROM unnest(${models}::text[], ${quantities}::int[], ${unitPrices}::int[])
    ),
    locked AS (
      SELECT p.id, p.slug, p.name, p.price_cents, p.stock, p.reserved, p.archived_at, p.series_id, w.quantity,
             w.priced_cents
      FROM products p JOIN wanted w ON w.slug = p.slug
      WHERE (SELECT ok FROM allowed)
      ORDER BY p.id FOR UPDATE OF p
    ),
    passes (series_id, signup_id) AS (SELECT * FROM unnest(${passSeries}::int[], ${passSignups}::int[])),
    -- A discount code's amount per line (decision 048), never more than the line.
    discounts (slug, cents) AS (SELECT * FROM unnest(${discountModels}::text[], ${discountCents}::int[])),
    -- The series' launch, read after the rows are locked (decision 039): before its head start
    -- nothing; during it only with a pass for it whose confirmed sign-up is this order's address;
    -- until its limit ends, no more of a model than the limit to one shopper — her address or her
    -- network, counting her orders not cancelled nor expired (her orders are placed one at a time).
    launch AS (
      SELECT l.slug, s.opens_at, s.launch_limit_pieces AS "limit",
        CASE
          WHEN ${test}::boolean OR s.opens_at IS NULL THEN NULL
          WHEN ${launchNow} < s.opens_at - make_interval(mins => s.early_access_minutes) THEN 'not_open'
          WHEN ${launchNow} < s.opens_at AND NOT EXISTS (
            SELECT 1 FROM passes g JOIN signups u ON u.id = g.signup_id
            WHERE g.series_id = s.id AND u.confirmed_at IS NOT NULL AND u.email = ${email}) THEN 'early_access'
          WHEN ${launchNow} < s.opens_at + make_interval(hours => s.launch_limit_hours)
            AND l.quantity + (
              SELECT coalesce(sum(i.quantity), 0) FROM order_items i JOIN orders o ON o.id = i.order_id
              WHERE i.product_id = l.id AND NOT o.is_test AND o.status NOT IN ('cancelled', 'expired')
                AND (lower(o.email) = ${email} OR o.client_hash = ${clientHash})
            ) > s.launch_limit_pieces THEN 'launch_limit'
        END AS refused
      FROM locked l LEFT JOIN series s ON s.id = l.series_id
    ),
    enough AS (
      SELECT count(*) = cardinality(${models}::text[])
             AND coalesce(bool_and(archived_at IS NULL AND price_cents = priced_cents AND (${test}::boolean OR (reserved + quantity <= stock
               AND (${clientHash}::text IS NULL
                 OR reserved + quantity <= greatest(1, ceil(stock * ${limits.maxHeldShareOfModel}::float8)))))), false)
             AND NOT EXISTS (SELECT 1 FROM launch WHERE refused IS NOT NULL) AS all_lines
      FROM locked
    ),
    held AS (
      UPDATE products p SET reserved = p.reserved + l.quantity, updated_at = ${now}
      FROM locked l
      WHERE p.id = l.id AND (SELECT all_lines FROM enough) AND NOT ${test}::boolean
      RETURNING p.id, p.slug, p.name, p.price_cents, l.quantity
    ),
    priced AS (
      SELECT * FROM held
      UNION ALL
      SELECT id, slug, name, price_cents, quantity FROM locked WHERE ${test}::boolean AND (SELECT all_lines FROM enough)
    ),
    new_order AS (
      INSERT INTO orders (order_number, checkout_key, locale, first_name, last_name, email, phone, address,
        address_line2, postal_code, city, country, delivery_instructions, customer_note, subtotal_cents,
        shipping_cents, total_cents, payment_provider, reserved_until, client_hash, is_test, delivery,
        discount_code_id, discount_code, discount_cents)
      SELECT ${orderNumber}, ${input.checkoutKey}, ${input.locale}, ${details.firstName}, ${details.lastName},
        ${details.email}, ${details.phone}, ${details.address}, ${details.addressLine2}, ${details.postalCode},
        ${details.city}, ${details.country},
        ${details.deliveryInstructions}, ${details.customerNote}, h.subtotal, ${shippingCents}::int,
        h.subtotal - h.discount + ${shippingCents}::int, ${input.provider}, ${new Date(now.getTime() + limits.holdMinutes * 60_000)},
        ${clientHash}, ${test}::boolean, ${delivery}::jsonb, ${codeId}::int, ${codeText}::text, h.discount
      FROM (SELECT sum(p.price_cents * p.quantity)::int AS subtotal,
                   coalesce(sum(least(coalesce(d.cents, 0), p.price_cents * p.quantity)), 0)::int AS discount,
                   count(*) AS lines
            FROM priced p LEFT JOIN discounts d ON d.slug = p.slug) h
      WHERE h.lines = cardinality(${models}::text[])
      RETURNING *
    ),
    items AS (
      INSERT INTO order_items (order_id, product_id, name, unit_price_cents, quantity, discount_cents)
      -- In the catalogue's order, so an order's lines read the same on every page and paper.
      SELECT o.id, h.id, h.name, h.price_cents, h.quantity, least(coalesce(d.cents, 0), h.price_cents * h.quantity)
      FROM new_order o CROSS JOIN priced h LEFT JOIN discounts d ON d.slug = h.slug ORDER BY h.id
    ),
    first_event AS (
      INSERT INTO order_events (order_id, from_status, to_status, actor)
      SELECT id, NULL, 'awaiting_payment', 'shopper' FROM new_order
    ),
    the_order AS (
      SELECT *, false AS existing_order FROM new_order
      UNION ALL SELECT *, true FROM existing
    )
    SELECT t.*, a.ok AS allowed, a.placed AS placed_this_hour,
           (SELECT json_object_agg(slug, CASE WHEN archived_at IS NULL THEN stock - reserved ELSE 0 END)
              FROM locked) AS available,
           (SELECT json_object_agg(slug, greatest(1, ceil(stock * ${limits.maxHeldShareOfModel}::float8))::int - reserved)
              FROM locked) AS holdable,
           (SELECT json_object_agg(slug, json_build_object('refused', refused, 'opensAt', opens_at, 'limit', "limit"))
              FROM launch WHERE refused IS NOT NULL) AS launch,
           (SELECT coalesce(bool_or(price_cents <> priced_cents), false) FROM locked) AS repriced
    FROM allowed a LEFT JOIN the_order t ON true`).execute(db);
  const row = result.rows[0];
  if (!row) throw new Error("the order statement returned no row");
  const { existingOrder, allowed, placedThisHour, available, holdable, launch, repriced, ...order } = row;
  return {
    order: order.id === null || order.id === undefined ? undefined : (order as Order),
    existing: existingOrder === true,
    allowed,
    placedThisHour,
    available: new Map(Object.entries(available ?? {})),
    holdable: new Map(Object.entries(holdable ?? {})),
    launch: new Map(Object.entries(launch ?? {})),
    repriced,
  };
}

/**
 * Gives back the holds of a browser's earlier unpaid orders (its signed cookie lists them): a
 * shopper who starts a new checkout no longer needs the pieces of the one she left. Never the
 * order of this very checkout: the same form posted again (a second click, a back button) goes on
 * to pay that order.
 */
async function releaseEarlierHolds(
  db: Kysely<Database>,
  orderNumbers: readonly string[],
  checkoutKey: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const earlier = await trx
      .selectFrom("orders")
      .select(["id", "status", "isTest"])
      .where("orderNumber", "in", [...orderNumbers])
      .where("checkoutKey", "!=", checkoutKey)
      .where("status", "=", "awaiting_payment")
      // Not one whose money was taken (a payment to check): its pieces stay held for the owner.
      .where("paymentStatus", "in", OPEN_PAYMENTS)
      .orderBy("id")
      .forUpdate()
      .execute();
    for (const order of earlier) {
      await releaseOrderHold(trx, order);
      await applyOrderEvent(
        trx,
        order,
        "payment_cancelled",
        "shopper",
        { paymentStatus: "failed" },
        "replaced by a new checkout",
      );
    }
  });
}

/**
 * Which of these checkouts' forms were already placed as orders (a second click, a reload of the
 * post): one query for many, as a launch's rush asks it of hundreds of posts at once.
 */
export async function placedCheckouts(
  db: Kysely<Database>,
  checkoutKeys: readonly string[],
): Promise<Set<string>> {
  if (checkoutKeys.length === 0) return new Set();
  const found = await db
    .selectFrom("orders")
    .select("checkoutKey")
    .where("checkoutKey", "in", [...checkoutKeys])
    .execute();
  return new Set(found.map((row) => row.checkoutKey));
}

export function findByCheckoutKey(db: Kysely<Database>, checkoutKey: string): Promise<Order | undefined> {
  return db.selectFrom("orders").selectAll().where("checkoutKey", "=", checkoutKey).executeTakeFirst();
}
