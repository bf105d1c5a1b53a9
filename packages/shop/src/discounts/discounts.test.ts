import { seededTestDatabase } from "@souls/db/testing";
import { beforeEach, describe, expect, it } from "vitest";
import { DISCOUNT_CODE_LIMIT } from "../limits";
import { checkDiscountCode } from "../orders/checkout";
import { newCheckoutKey, placeOrder } from "../orders/place-order";
import { TEST_SHIPPING } from "../testing";
import {
  createDiscountCode,
  DiscountCodeRefusedError,
  discountCodeUses,
  endDiscountCode,
  listDiscountCodes,
  type NewDiscountCode,
} from "./codes";
import { discountOf, paidForPieces, readCode, spread } from "./rules";

const t = seededTestDatabase();
beforeEach(async () => {
  await t.db.deleteFrom("orders").execute();
  await t.db.deleteFrom("discountCodeEvents").execute();
  await t.db.deleteFrom("discountCodes").execute();
  await t.db.deleteFrom("discountCodeAttempts").execute();
  await t.db.updateTable("products").set({ reserved: 0, onSaleSince: null }).execute();
});

const HOUR = 3600_000;
const terms = (overrides: Partial<NewDiscountCode> = {}): NewDiscountCode => ({
  code: "BIENVENUE10",
  kind: "percent",
  value: 10,
  startsAt: new Date(Date.now() - HOUR),
  endsAt: null,
  maxUses: null,
  oncePerEmail: false,
  minSubtotalCents: 0,
  productIds: [],
  seriesIds: [],
  addsToSale: false,
  ...overrides,
});

const check = (
  code: string,
  lines = [{ model: "aicha" as const, quantity: 1 }],
  email: string | null = null,
) => checkDiscountCode(t.db, { code, lines, email, clientHash: "client-a" });

const productId = async (slug: string) =>
  (await t.db.selectFrom("products").select("id").where("slug", "=", slug).executeTakeFirstOrThrow()).id;

const orderWith = (codeId: number, email = "camille@example.org", quantity = 1, client = "client-a") =>
  placeOrder(t.db, {
    checkoutKey: newCheckoutKey(),
    locale: "fr",
    lines: [{ model: "aicha", quantity }],
    details: { ...TEST_SHIPPING, email },
    provider: "test",
    client: { hash: client },
    discountCodeId: codeId,
  });

describe("a code's pure rules", () => {
  const line = (productId: number, unitPriceCents: number, quantity = 1, onSale = false) => ({
    productId,
    seriesId: 1,
    unitPriceCents,
    quantity,
    onSale,
  });
  const base = { minSubtotalCents: 0, productIds: [], seriesIds: [], addsToSale: false };

  it("reads a typed code as stored, and refuses what cannot be one", () => {
    expect(readCode("  bien venue10 ")).toBe("BIENVENUE10");
    expect(readCode("ab")).toBeNull();
    expect(readCode("x".repeat(33))).toBeNull();
    expect(readCode("PROMO;DROP")).toBeNull();
  });

  it("rounds a percentage down and never takes off more than the lines it applies to", () => {
    expect(discountOf({ ...base, kind: "percent", value: 15 }, [line(1, 16999)])).toEqual({
      ok: true,
      totalCents: 2549,
      perLine: [2549],
    });
    expect(discountOf({ ...base, kind: "amount", value: 50000 }, [line(1, 16900)])).toMatchObject({
      totalCents: 16900,
    });
  });

  it("spreads the amount over the lines in proportion, to the cent", () => {
    expect(spread(1000, [16900, 33800])).toEqual([333, 667]);
    expect(spread(1, [1, 1, 1]).reduce((a, b) => a + b)).toBe(1);
  });

  it("leaves a model on sale alone unless the code adds to a sale, and names models and series", () => {
    const lines = [line(1, 16900, 1, true), line(2, 16900)];
    expect(discountOf({ ...base, kind: "amount", value: 1000 }, lines)).toMatchObject({ perLine: [0, 1000] });
    expect(discountOf({ ...base, kind: "amount", value: 1000, addsToSale: true }, lines)).toMatchObject({
      perLine: [500, 500],
    });
    expect(discountOf({ ...base, kind: "amount", value: 1000, productIds: [3] }, lines)).toEqual({
      ok: false,
      reason: "not_applicable",
    });
    expect(
      discountOf({ ...base, kind: "amount", value: 1000, seriesIds: [1] }, [line(2, 100)]),
    ).toMatchObject({
      totalCents: 100,
    });
    expect(
      discountOf({ ...base, kind: "amount", value: 1000, minSubtotalCents: 20000 }, lines),
    ).toMatchObject({
      ok: true,
    });
    expect(discountOf({ ...base, kind: "amount", value: 1000, minSubtotalCents: 40000 }, lines)).toEqual({
      ok: false,
      reason: "below_minimum",
    });
  });

  it("gives back a line's pieces pro rata of what was paid for them", () => {
    const paid = { unitPriceCents: 16900, quantity: 3, discountCents: 5070 };
    expect(paidForPieces(paid, 1)).toBe(15210);
    expect(paidForPieces(paid, 3)).toBe(45630);
  });
});

describe("the owner's codes", () => {
  it("creates a code with its history, refuses a second of the same name, bad dates and unknown models", async () => {
    const created = await createDiscountCode(t.db, terms());
    expect(created).toMatchObject({ code: "BIENVENUE10", kind: "percent", value: 10 });
    await expect(createDiscountCode(t.db, terms())).rejects.toEqual(
      new DiscountCodeRefusedError("code_taken"),
    );
    await expect(
      createDiscountCode(t.db, terms({ code: "AUTRE", endsAt: new Date(Date.now() - 2 * HOUR) })),
    ).rejects.toMatchObject({ reason: "ends_before_start" });
    await expect(
      createDiscountCode(t.db, terms({ code: "AUTRE", productIds: [999999] })),
    ).rejects.toMatchObject({
      reason: "unknown_targets",
    });
    await expect(
      createDiscountCode(t.db, terms({ code: "AUTRE", seriesIds: [999999] })),
    ).rejects.toMatchObject({
      reason: "unknown_targets",
    });
    const { history } = await discountCodeUses(t.db, created.id);
    expect(history.map((entry) => entry.kind)).toEqual(["created"]);
  });

  it("ends a code once: refused at checkout from then on, its history says so", async () => {
    const created = await createDiscountCode(t.db, terms());
    await endDiscountCode(t.db, created.id);
    await expect(endDiscountCode(t.db, created.id)).rejects.toMatchObject({ reason: "already_ended" });
    await expect(endDiscountCode(t.db, 999999)).rejects.toMatchObject({ reason: "not_found" });
    expect(await check("bienvenue10")).toEqual({ ok: false, reason: "ended" });
    const [listed] = await listDiscountCodes(t.db);
    expect(listed).toMatchObject({ code: "BIENVENUE10", state: "ended", uses: 0 });
    const { history } = await discountCodeUses(t.db, created.id);
    expect(history.map((entry) => entry.kind)).toEqual(["created", "ended"]);
  });
});

describe("a code at checkout", () => {
  it("takes its amount off, on the server's prices", async () => {
    await createDiscountCode(t.db, terms());
    expect(await check("bienvenue10")).toMatchObject({ ok: true, code: "BIENVENUE10", discountCents: 1690 });
  });

  it("says why a code is refused", async () => {
    const aicha = await productId("aicha");
    await createDiscountCode(t.db, terms({ code: "PLUSTARD", startsAt: new Date(Date.now() + HOUR) }));
    await createDiscountCode(
      t.db,
      terms({ code: "FINI", startsAt: new Date(Date.now() - 2 * HOUR), endsAt: new Date(Date.now() - HOUR) }),
    );
    await createDiscountCode(t.db, terms({ code: "MINIMUM", minSubtotalCents: 20000 }));
    await createDiscountCode(t.db, terms({ code: "NADIA", productIds: [await productId("nadia")] }));
    expect(await check("NEXISTEPAS")).toEqual({ ok: false, reason: "unknown" });
    expect(await check("PLUSTARD")).toEqual({ ok: false, reason: "not_started" });
    expect(await check("FINI")).toEqual({ ok: false, reason: "ended" });
    expect(await check("MINIMUM")).toEqual({ ok: false, reason: "below_minimum", minSubtotalCents: 20000 });
    expect(await check("MINIMUM", [{ model: "aicha", quantity: 2 }])).toMatchObject({ ok: true });
    expect(await check("NADIA")).toEqual({ ok: false, reason: "not_applicable" });
    expect(aicha).toBeGreaterThan(0);
  });

  it("counts its uses in the order, once per address when it says so, and gives back an expired order's use", async () => {
    const code = await createDiscountCode(t.db, terms({ maxUses: 2, oncePerEmail: true }));
    const first = await orderWith(code.id, "Lea@Example.org");
    expect(first).toMatchObject({ ok: true });
    if (!first.ok) return;
    expect(first.order).toMatchObject({
      subtotalCents: 16900,
      discountCents: 1690,
      discountCode: "BIENVENUE10",
      totalCents: 16900 - 1690 + first.order.shippingCents,
    });
    const items = await t.db
      .selectFrom("orderItems")
      .select("discountCents")
      .where("orderId", "=", first.order.id)
      .execute();
    expect(items).toEqual([{ discountCents: 1690 }]);
    expect(await check("BIENVENUE10", undefined, "lea@example.org")).toEqual({
      ok: false,
      reason: "already_used",
    });
    expect(await orderWith(code.id, "lea@example.org", 1, "client-b")).toMatchObject({
      ok: false,
      reason: "discount_code",
      refusal: { reason: "already_used" },
    });
    expect(await orderWith(code.id, "sam@example.org", 1, "client-b")).toMatchObject({ ok: true });
    expect(await orderWith(code.id, "noa@example.org", 1, "client-c")).toMatchObject({
      ok: false,
      refusal: { reason: "used_up" },
    });
    // An unpaid order that expired gives its use back.
    await t.db.updateTable("orders").set({ status: "expired" }).where("id", "=", first.order.id).execute();
    expect(await orderWith(code.id, "noa@example.org", 1, "client-c")).toMatchObject({ ok: true });
    const [listed] = await listDiscountCodes(t.db);
    expect(listed).toMatchObject({ uses: 2, discountedCents: 3380, state: "used_up" });
  });

  it("takes off only the lines it applies to, the others at their price", async () => {
    const code = await createDiscountCode(
      t.db,
      terms({ kind: "amount", value: 3000, productIds: [await productId("nadia")] }),
    );
    const placed = await placeOrder(t.db, {
      checkoutKey: newCheckoutKey(),
      locale: "fr",
      lines: [
        { model: "aicha", quantity: 1 },
        { model: "nadia", quantity: 2 },
      ],
      details: TEST_SHIPPING,
      provider: "test",
      discountCodeId: code.id,
    });
    expect(placed).toMatchObject({ ok: true, order: { subtotalCents: 50700, discountCents: 3000 } });
    if (!placed.ok) return;
    expect(placed.order.totalCents).toBe(50700 - 3000 + placed.order.shippingCents);
    const items = await t.db
      .selectFrom("orderItems")
      .innerJoin("products", "products.id", "orderItems.productId")
      .select(["products.slug", "orderItems.discountCents"])
      .where("orderId", "=", placed.order.id)
      .orderBy("products.slug")
      .execute();
    expect(items).toEqual([
      { slug: "aicha", discountCents: 0 },
      { slug: "nadia", discountCents: 3000 },
    ]);
  });

  it("never exceeds its uses under 50 checkouts at once", async () => {
    const code = await createDiscountCode(t.db, terms({ maxUses: 5 }));
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        orderWith(code.id, `buyer${index}@example.org`, 1, `crowd-${index}`),
      ),
    );
    const placed = results.filter((result) => result.ok);
    expect(placed).toHaveLength(5);
    expect(results.filter((result) => !result.ok && result.reason === "discount_code")).toHaveLength(45);
    const used = await t.db
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll<string>().as("count"))
      .where("discountCodeId", "=", code.id)
      .executeTakeFirstOrThrow();
    expect(Number(used.count)).toBe(5);
  });

  it("limits the unknown codes one client may try, then the whole shop's", async () => {
    await createDiscountCode(t.db, terms());
    for (let attempt = 0; attempt < DISCOUNT_CODE_LIMIT.unknownPerClientPerHour; attempt++) {
      expect(await check(`GUESS${attempt}`)).toEqual({ ok: false, reason: "unknown" });
    }
    // Even the right code: the script learns nothing more this hour.
    expect(await check("BIENVENUE10")).toEqual({ ok: false, reason: "too_many_attempts" });
    const other = await checkDiscountCode(t.db, {
      code: "BIENVENUE10",
      lines: [{ model: "aicha", quantity: 1 }],
      email: null,
      clientHash: "client-b",
    });
    expect(other).toMatchObject({ ok: true });
    const now = new Date();
    await t.db
      .insertInto("discountCodeAttempts")
      .values(
        Array.from({ length: DISCOUNT_CODE_LIMIT.unknownPerShopPerHour }, (_, index) => ({
          clientHash: `crowd-${index}`,
          createdAt: now,
        })),
      )
      .execute();
    const crowd = await checkDiscountCode(t.db, {
      code: "BIENVENUE10",
      lines: [{ model: "aicha", quantity: 1 }],
      email: null,
      clientHash: "client-c",
    });
    expect(crowd).toEqual({ ok: false, reason: "too_many_attempts" });
  });

  it("adds to a sale price only when it says so", async () => {
    await t.db.updateTable("products").set({ onSaleSince: new Date() }).where("slug", "=", "aicha").execute();
    await createDiscountCode(t.db, terms());
    await createDiscountCode(t.db, terms({ code: "CUMUL", addsToSale: true }));
    expect(await check("BIENVENUE10")).toEqual({ ok: false, reason: "not_applicable" });
    expect(await check("CUMUL")).toMatchObject({ ok: true, discountCents: 1690 });
  });
});
