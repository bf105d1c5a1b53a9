import { seededTestDatabase } from "@souls/db/testing";
import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_ORDER_LIMITS } from "../limits";
import { TEST_SHIPPING } from "../testing";
import { newCheckoutKey, placeOrder } from "./place-order";

const t = seededTestDatabase();
beforeEach(async () => {
  await t.db.deleteFrom("orders").execute();
  await t.db.updateTable("products").set({ reserved: 0 }).execute();
});

const PARIS = TEST_SHIPPING;

const order = (lines: { model: "aicha" | "nadia" | "bilin" | "ilian"; quantity: number }[], country = "FR") =>
  placeOrder(t.db, {
    checkoutKey: newCheckoutKey(),
    locale: "fr",
    lines,
    details: { ...PARIS, country },
    provider: "test",
  });

describe("placing an order", () => {
  it("holds the pieces, prices them from the database and adds shipping by country", async () => {
    const result = await order([{ model: "aicha", quantity: 2 }], "DE");
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.order).toMatchObject({
      status: "awaiting_payment",
      paymentStatus: "pending",
      subtotalCents: 33800,
      shippingCents: 1200,
      totalCents: 35000,
    });
    expect(result.order.orderNumber).toMatch(/^SOULS-\d{6}[A-Z0-9]{4}$/);
    const aicha = await t.db
      .selectFrom("products")
      .select(["stock", "reserved"])
      .where("slug", "=", "aicha")
      .executeTakeFirstOrThrow();
    expect(aicha).toEqual({ stock: 40, reserved: 2 });
    const events = await t.db.selectFrom("orderEvents").select(["fromStatus", "toStatus"]).execute();
    expect(events).toEqual([{ fromStatus: null, toStatus: "awaiting_payment" }]);
  });

  it("sums the quantities of one model given on several lines", async () => {
    const result = await order([
      { model: "nadia", quantity: 1 },
      { model: "nadia", quantity: 2 },
    ]);
    expect(result.ok && result.order.subtotalCents).toBe(50700);
    const items = await t.db.selectFrom("orderItems").select(["quantity"]).execute();
    expect(items).toEqual([{ quantity: 3 }]);
  });

  it("refuses more than is available and holds nothing", async () => {
    await t.db.updateTable("products").set({ stock: 1 }).where("slug", "=", "ilian").execute();
    const result = await order([
      { model: "aicha", quantity: 1 },
      { model: "ilian", quantity: 2 },
    ]);
    expect(result).toEqual({ ok: false, reason: "unavailable", model: "ilian", available: 1 });
    const held = await t.db
      .selectFrom("products")
      .select(t.db.fn.sum<number>("reserved").as("held"))
      .executeTakeFirstOrThrow();
    expect(Number(held.held)).toBe(0);
    expect(await t.db.selectFrom("orders").selectAll().execute()).toEqual([]);
  });

  it("creates one order for a form submitted twice, even at the same moment", async () => {
    const input = {
      checkoutKey: newCheckoutKey(),
      locale: "en" as const,
      lines: [{ model: "bilin" as const, quantity: 1 }],
      details: PARIS,
      provider: "test" as const,
    };
    const [a, b, c] = await Promise.all([
      placeOrder(t.db, input),
      placeOrder(t.db, input),
      placeOrder(t.db, input),
    ]);
    const numbers = [a, b, c].map((r) => (r.ok ? r.order.orderNumber : "refused"));
    expect(new Set(numbers).size).toBe(1);
    const bilin = await t.db
      .selectFrom("products")
      .select("reserved")
      .where("slug", "=", "bilin")
      .executeTakeFirstOrThrow();
    expect(bilin.reserved).toBe(1);
  });

  it("lets exactly one of 50 concurrent buyers hold the last piece", async () => {
    await t.db.updateTable("products").set({ stock: 1, reserved: 0 }).where("slug", "=", "nadia").execute();
    const results = await Promise.all(
      Array.from({ length: 50 }, () => order([{ model: "nadia", quantity: 1 }])),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const refusals = results.filter((r) => !r.ok);
    expect(refusals).toHaveLength(49);
    for (const refusal of refusals)
      expect(refusal).toEqual({ ok: false, reason: "unavailable", model: "nadia", available: 0 });
    const nadia = await t.db
      .selectFrom("products")
      .select(["stock", "reserved"])
      .where("slug", "=", "nadia")
      .executeTakeFirstOrThrow();
    expect(nadia).toEqual({ stock: 1, reserved: 1 });
    const orders = await t.db.selectFrom("orders").select("id").execute();
    expect(orders).toHaveLength(1);
  });

  it("charges the price of the row it holds: an owner's change made meanwhile waits for the order", async () => {
    // The order's statement locks the product, then waits (a trigger on its lines) on a gate this
    // test holds; the owner's price change, sent meanwhile from another connection, must wait for
    // the order's commit — the order is priced at the row it locked, never half and half.
    await sql`
      CREATE FUNCTION wait_at_gate() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_advisory_xact_lock(4242); RETURN NEW; END $$`.execute(t.db);
    await sql`CREATE TRIGGER wait_at_gate BEFORE INSERT ON order_items
      FOR EACH ROW EXECUTE FUNCTION wait_at_gate()`.execute(t.db);
    const waiting = async (count: number) => {
      for (;;) {
        const { rows } = await sql<{ waiting: number }>`
          SELECT count(*)::int AS waiting FROM pg_locks WHERE NOT granted`.execute(t.db);
        if ((rows[0]?.waiting ?? 0) >= count) return;
      }
    };
    try {
      const [result] = await t.db.connection().execute(async (gate) => {
        await sql`SELECT pg_advisory_lock(4242)`.execute(gate);
        const placing = order([{ model: "bilin", quantity: 1 }]);
        await waiting(1);
        const changing = t.db
          .updateTable("products")
          .set({ priceCents: 17900 })
          .where("slug", "=", "bilin")
          .execute();
        await waiting(2);
        await sql`SELECT pg_advisory_unlock(4242)`.execute(gate);
        return Promise.all([placing, changing]);
      });
      expect(result.ok && result.order.subtotalCents).toBe(16900);
      const items = await t.db.selectFrom("orderItems").select(["unitPriceCents"]).execute();
      expect(items).toEqual([{ unitPriceCents: 16900 }]);
      const bilin = await t.db
        .selectFrom("products")
        .select("priceCents")
        .where("slug", "=", "bilin")
        .executeTakeFirstOrThrow();
      expect(bilin.priceCents).toBe(17900);
    } finally {
      await sql`DROP TRIGGER wait_at_gate ON order_items`.execute(t.db);
      await sql`DROP FUNCTION wait_at_gate()`.execute(t.db);
      await t.db.updateTable("products").set({ priceCents: 16900 }).where("slug", "=", "bilin").execute();
    }
  });
});

describe("against a script holding the stock hostage", () => {
  beforeEach(async () => {
    await t.db.updateTable("products").set({ stock: 10, reserved: 0 }).execute();
  });
  const client = (hash: string, earlierOrders?: string[]) => ({ hash, earlierOrders });
  const byClient = (
    hash: string,
    lines: { model: "aicha" | "nadia" | "bilin" | "ilian"; quantity: number }[],
    earlierOrders?: string[],
  ) =>
    placeOrder(t.db, {
      checkoutKey: newCheckoutKey(),
      locale: "fr",
      lines,
      details: PARIS,
      provider: "test",
      client: client(hash, earlierOrders),
    });
  const reserved = async () =>
    Object.fromEntries(
      (await t.db.selectFrom("products").select(["slug", "reserved"]).execute()).map((p) => [
        p.slug,
        p.reserved,
      ]),
    );

  it("refuses ten lines of one model (the attack that held 115 pieces) and holds nothing", async () => {
    const lines = Array.from({ length: 10 }, () => ({ model: "nadia" as const, quantity: 20 }));
    expect(await byClient("attacker", lines)).toEqual({
      ok: false,
      reason: "order_limit",
      model: "nadia",
      limit: 3,
    });
    expect(await reserved()).toEqual({ aicha: 0, nadia: 0, bilin: 0, ilian: 0 });
    expect(await t.db.selectFrom("orders").select("id").execute()).toEqual([]);
  });

  it("merges lines of a model before the limit: two lines of two are four pieces, refused", async () => {
    const result = await byClient("merging", [
      { model: "aicha", quantity: 2 },
      { model: "aicha", quantity: 2 },
    ]);
    expect(result).toEqual({ ok: false, reason: "order_limit", model: "aicha", limit: 3 });
  });

  it("lets one client hold at most 6 pieces across its unpaid orders", async () => {
    expect(
      (
        await byClient("holder", [
          { model: "aicha", quantity: 3 },
          { model: "nadia", quantity: 3 },
        ])
      ).ok,
    ).toBe(true);
    expect(await byClient("holder", [{ model: "bilin", quantity: 1 }])).toEqual({
      ok: false,
      reason: "client_limit",
      limit: "held_pieces",
    });
    // Another client is not affected.
    expect((await byClient("neighbour", [{ model: "bilin", quantity: 1 }])).ok).toBe(true);
    expect(await reserved()).toEqual({ aicha: 3, nadia: 3, bilin: 1, ilian: 0 });
  });

  it("lets unpaid orders hold at most half of a model at once, whoever places them: a crowd cannot take a series", async () => {
    await t.db.updateTable("products").set({ stock: 5 }).where("slug", "=", "nadia").execute();
    // Three addresses (the attack held a whole model with three), one piece each: the third waits.
    expect((await byClient("crowd-1", [{ model: "nadia", quantity: 2 }])).ok).toBe(true);
    expect((await byClient("crowd-2", [{ model: "nadia", quantity: 1 }])).ok).toBe(true);
    expect(await byClient("crowd-3", [{ model: "nadia", quantity: 1 }])).toEqual({
      ok: false,
      reason: "held_by_others",
      model: "nadia",
    });
    expect(await reserved()).toMatchObject({ nadia: 3 });
    // A piece paid for leaves the stock and the holds: the share is of what is left.
    await t.db.updateTable("products").set({ stock: 4, reserved: 2 }).where("slug", "=", "nadia").execute();
    expect(await byClient("crowd-3", [{ model: "nadia", quantity: 1 }])).toEqual({
      ok: false,
      reason: "held_by_others",
      model: "nadia",
    });
    await t.db.updateTable("products").set({ reserved: 1 }).where("slug", "=", "nadia").execute();
    expect((await byClient("crowd-3", [{ model: "nadia", quantity: 1 }])).ok).toBe(true);
    // A unique piece can always be held by one shopper; a model with no piece left is sold out.
    await t.db.updateTable("products").set({ stock: 1, reserved: 0 }).where("slug", "=", "bilin").execute();
    expect((await byClient("crowd-4", [{ model: "bilin", quantity: 1 }])).ok).toBe(true);
    expect(await byClient("crowd-5", [{ model: "bilin", quantity: 1 }])).toEqual({
      ok: false,
      reason: "unavailable",
      model: "bilin",
      available: 0,
    });
  });

  it("holds every piece at a share of 100 %, as the owner may set it", async () => {
    await t.db.updateTable("products").set({ stock: 2 }).where("slug", "=", "ilian").execute();
    const limits = { ...DEFAULT_ORDER_LIMITS, maxHeldShareOfModel: 1 };
    const place = (hash: string) =>
      placeOrder(t.db, {
        checkoutKey: newCheckoutKey(),
        locale: "fr",
        lines: [{ model: "ilian", quantity: 1 }],
        details: PARIS,
        provider: "test",
        client: client(hash),
        limits,
      });
    expect((await place("one")).ok).toBe(true);
    expect((await place("two")).ok).toBe(true);
  });

  it("lets one client place at most 5 unpaid orders an hour, even when each held little", async () => {
    for (let i = 0; i < 5; i++) {
      const placed = await byClient("hammer", [{ model: "ilian", quantity: 1 }]);
      expect(placed.ok).toBe(true);
      // Released at once (cancelled): nothing is held any more, yet the order was placed.
      if (placed.ok)
        await t.db
          .updateTable("orders")
          .set({ status: "cancelled" })
          .where("id", "=", placed.order.id)
          .execute();
    }
    expect(await byClient("hammer", [{ model: "ilian", quantity: 1 }])).toEqual({
      ok: false,
      reason: "client_limit",
      limit: "unpaid_orders",
    });
  });

  it("counts 65 one-piece orders sent at once by one client against its limits: at most 5 placed", async () => {
    const results = await Promise.all(
      Array.from({ length: 65 }, () => byClient("flood", [{ model: "aicha", quantity: 1 }])),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    expect((await reserved()).aicha).toBe(5);
  });

  it("gives back the hold of the browser's earlier unpaid order when it checks out again", async () => {
    const first = await byClient("returning", [{ model: "bilin", quantity: 3 }]);
    if (!first.ok) throw new Error("refused");
    const second = await byClient("returning", [{ model: "bilin", quantity: 2 }], [first.order.orderNumber]);
    expect(second.ok).toBe(true);
    expect((await reserved()).bilin).toBe(2);
    const earlier = await t.db
      .selectFrom("orders")
      .select(["status"])
      .where("id", "=", first.order.id)
      .executeTakeFirstOrThrow();
    expect(earlier.status).toBe("cancelled");
    const events = await t.db
      .selectFrom("orderEvents")
      .select(["toStatus", "actor", "note"])
      .where("orderId", "=", first.order.id)
      .orderBy("id")
      .execute();
    expect(events.at(-1)).toEqual({
      toStatus: "cancelled",
      actor: "shopper",
      note: "replaced by a new checkout",
    });
  });

  it("never releases a paid order named by the browser", async () => {
    const paid = await byClient("buyer", [{ model: "ilian", quantity: 1 }]);
    if (!paid.ok) throw new Error("refused");
    await t.db
      .updateTable("orders")
      .set({ status: "pending_preparation", paymentStatus: "paid" })
      .where("id", "=", paid.order.id)
      .execute();
    await byClient("buyer", [{ model: "ilian", quantity: 1 }], [paid.order.orderNumber]);
    const row = await t.db
      .selectFrom("orders")
      .select("status")
      .where("id", "=", paid.order.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("pending_preparation");
  });
});
