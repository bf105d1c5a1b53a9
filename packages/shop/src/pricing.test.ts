import { seedProducts } from "@souls/db";
import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CatalogueRefusedError } from "./admin/catalogue/errors";
import { endSale, startSale } from "./admin/catalogue/sales";
import { lowestPriceBefore, type PriceChange, referencePrices } from "./pricing";

const DAY = 24 * 60 * 60 * 1000;
const SALE = new Date("2026-12-01T10:00:00Z");
const daysBefore = (days: number) => new Date(SALE.getTime() - days * DAY);
const change = (days: number, fromCents: number | null, toCents: number): PriceChange => ({
  at: daysBefore(days),
  fromCents,
  toCents,
});

describe("the lowest price of the 30 days before a sale (art. L112-1-1 Code de la consommation)", () => {
  it("is the current price when the model has no history", () => {
    expect(lowestPriceBefore({ changes: [], currentCents: 16900 }, SALE)).toBe(16900);
  });

  it("is the price of the whole month when it never changed before the sale", () => {
    const history = { changes: [change(0, 16900, 14900)], currentCents: 14900 };
    expect(lowestPriceBefore(history, SALE)).toBe(16900);
  });

  it("does not let a rise just before the sale make a bigger discount", () => {
    const history = {
      changes: [change(200, null, 16900), change(5, 16900, 19900), change(0, 19900, 14900)],
      currentCents: 14900,
    };
    expect(lowestPriceBefore(history, SALE)).toBe(16900);
  });

  it("takes the lowest of several changes in the window, and the price the window opened with", () => {
    const history = {
      changes: [
        change(90, null, 18900),
        change(25, 18900, 15900),
        change(12, 15900, 17900),
        change(3, 17900, 19900),
        change(0, 19900, 14900),
      ],
      currentCents: 14900,
    };
    expect(lowestPriceBefore(history, SALE)).toBe(15900);
    // The price of 90 days ago held until 25 days before: it opened the window.
    const opening = { changes: [change(90, null, 12900), change(25, 12900, 17900)], currentCents: 17900 };
    expect(lowestPriceBefore(opening, SALE)).toBe(12900);
  });

  it("forgets prices older than the window, and ignores changes at or after the sale's start", () => {
    const history = {
      changes: [
        change(45, 16900, 9900),
        change(31, 9900, 16900),
        change(0, 16900, 13900),
        change(-2, 13900, 11900),
      ],
      currentCents: 11900,
    };
    expect(lowestPriceBefore(history, SALE)).toBe(16900);
    expect(lowestPriceBefore(history, SALE, 60)).toBe(9900);
  });

  it("counts only the days since a model created within the window", () => {
    const history = { changes: [change(10, null, 17900), change(0, 17900, 14900)], currentCents: 14900 };
    expect(lowestPriceBefore(history, SALE)).toBe(17900);
  });
});

describe("sales and the price struck through", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.drop());
  beforeEach(async () => {
    await t.db.deleteFrom("orders").execute();
    await t.db.deleteFrom("products").execute();
    await seedProducts(t.db);
  });

  const idOf = async (slug: string) =>
    (await t.db.selectFrom("products").select("id").where("slug", "=", slug).executeTakeFirstOrThrow()).id;
  /** Writes a model's price changes as if the owner had made them `days` ago, and its price now. */
  const pastPrices = async (productId: number, changes: [days: number, from: number, to: number][]) => {
    for (const [days, from, to] of changes) {
      await t.db
        .insertInto("productEvents")
        .values({
          productId,
          kind: "price_changed",
          fromValue: `${from}`,
          toValue: `${to}`,
          actor: "admin",
          createdAt: new Date(Date.now() - days * DAY),
        })
        .execute();
    }
    const last = changes.at(-1);
    if (last)
      await t.db.updateTable("products").set({ priceCents: last[2] }).where("id", "=", productId).execute();
  };

  it("strikes through the price the model had before its sale, and starts the sale at the transaction's time", async () => {
    const id = await idOf("aicha");
    const sale = await startSale(t.db, id, 12900);
    expect(sale.priceCents).toBe(12900);
    const product = await t.db
      .selectFrom("products")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(product.onSaleSince).toBeInstanceOf(Date);
    const prices = await referencePrices(t.db, [id, await idOf("nadia")]);
    expect([...prices.keys()]).toEqual([id]);
    expect(prices.get(id)).toMatchObject({ referenceCents: 16900, priceCents: 12900 });
    const kinds = await t.db
      .selectFrom("productEvents")
      .select(["kind", "fromValue", "toValue"])
      .where("productId", "=", id)
      .orderBy("id")
      .execute();
    expect(kinds).toEqual([
      { kind: "price_changed", fromValue: "16900", toValue: "12900" },
      { kind: "sale_started", fromValue: "16900", toValue: "12900" },
    ]);
  });

  it("shows nothing struck through when the model had the sale price within the month", async () => {
    const id = await idOf("nadia");
    await pastPrices(id, [
      [10, 16900, 12900],
      [4, 12900, 16900],
    ]);
    await startSale(t.db, id, 12900);
    expect((await referencePrices(t.db, [id])).size).toBe(0);
  });

  it("ignores a rise made just before the sale: the lowest price of the month is struck through", async () => {
    const id = await idOf("bilin");
    await pastPrices(id, [
      [40, 16900, 15900],
      [20, 15900, 14900],
      [2, 14900, 19900],
    ]);
    await startSale(t.db, id, 13900);
    expect((await referencePrices(t.db, [id])).get(id)).toMatchObject({
      referenceCents: 14900,
      priceCents: 13900,
    });
    // Older than the month, 159 € no longer counts; with no change at all, today's price is the one.
    const other = await idOf("ilian");
    await pastPrices(other, [[45, 16900, 9900]]);
    await startSale(t.db, other, 8900);
    expect((await referencePrices(t.db, [other])).get(other)?.referenceCents).toBe(9900);
  });

  it("refuses a sale price that is not lower than today's, and keeps the sale's start through a further reduction", async () => {
    const id = await idOf("ilian");
    for (const price of [16900, 17900]) {
      await expect(startSale(t.db, id, price)).rejects.toMatchObject(
        new CatalogueRefusedError("sale_not_lower", 16900),
      );
    }
    await startSale(t.db, id, 14900);
    const since = (
      await t.db.selectFrom("products").select("onSaleSince").where("id", "=", id).executeTakeFirstOrThrow()
    ).onSaleSince;
    await startSale(t.db, id, 12900);
    const product = await t.db
      .selectFrom("products")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(product.onSaleSince).toEqual(since);
    expect((await referencePrices(t.db, [id])).get(id)?.referenceCents).toBe(16900);
    await expect(startSale(t.db, id, 12900)).rejects.toBeInstanceOf(CatalogueRefusedError);
  });

  it("ends a sale at a new price, and refuses to end one that is not running", async () => {
    const id = await idOf("aicha");
    await expect(endSale(t.db, id)).rejects.toMatchObject({ reason: "not_on_sale" });
    await startSale(t.db, id, 14900);
    const ended = await endSale(t.db, id, 16900);
    expect(ended.priceCents).toBe(16900);
    expect((await referencePrices(t.db, [id])).size).toBe(0);
    const last = await t.db
      .selectFrom("productEvents")
      .select(["kind"])
      .where("productId", "=", id)
      .orderBy("id", "desc")
      .limit(2)
      .execute();
    expect(last.map((event) => event.kind)).toEqual(["price_changed", "sale_ended"]);
  });

  it("refuses a sale on an archived model", async () => {
    const id = await idOf("aicha");
    await t.db.updateTable("products").set({ archivedAt: new Date() }).where("id", "=", id).execute();
    await expect(startSale(t.db, id, 9900)).rejects.toMatchObject({ reason: "archived" });
  });
});
