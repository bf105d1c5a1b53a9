import { seedProducts } from "@souls/db";
import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadCollection } from "../catalogue";
import {
  AdminNotFoundError,
  DuplicateReferenceError,
  InvalidProductError,
  ProductArchivedError,
  StockLimitError,
} from "../errors";
import { newCheckoutKey, placeOrder } from "../orders/place-order";
import { productHistory } from "../product-history";
import { joinWaitlist } from "../signups/signups";
import { placePaidOrder, TEST_SECRET, TEST_SHIPPING } from "../testing";
import { adjustStock, setProductPrice, unarchiveProduct } from "./product-updates";
import { createProduct, createSampleProduct, listProducts, removeProduct, slugFor } from "./products";

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

const product = (slug: string) =>
  t.db.selectFrom("products").selectAll().where("slug", "=", slug).executeTakeFirstOrThrow();
const productCount = async () =>
  Number(
    (
      await t.db
        .selectFrom("products")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("the stock list", () => {
  it("lists every product with its pieces, archived ones last and flagged, and sums up the shop", async () => {
    await t.db.updateTable("products").set({ stock: 2, reserved: 1 }).where("slug", "=", "nadia").execute();
    await t.db.updateTable("products").set({ stock: 3 }).where("slug", "=", "bilin").execute();
    await t.db
      .updateTable("products")
      .set({ archivedAt: new Date(), stock: 1 })
      .where("slug", "=", "ilian")
      .execute();
    const { products, summary } = await listProducts(t.db);
    expect(products.map((p) => p.slug)).toHaveLength(4);
    expect(products.at(-1)).toMatchObject({ slug: "ilian", archived: true });
    expect(products.slice(0, 3).every((p) => !p.archived)).toBe(true);
    expect(products.find((p) => p.slug === "nadia")).toMatchObject({
      reference: "Nadia-01",
      name: "Nadia",
      priceCents: 16900,
      stock: 2,
      reserved: 1,
      available: 1,
      archived: false,
    });
    // Archived Ilian is out of the shop: not counted. Nadia (1 available) is low; Bilin (3) is not.
    expect(summary).toEqual({ totalProducts: 3, lowStock: 1, totalStock: 40 + 2 + 3 });
  });

  it("finds products by part of the reference or the name, in any case", async () => {
    await createProduct(t.db, { reference: "PX-100", name: "Pochette jacquard", priceCents: 4500 });
    const search = async (text: string) => (await listProducts(t.db, text)).products.map((p) => p.reference);
    expect(await search("nadia-0")).toEqual(["Nadia-01"]);
    expect(await search("POCHETTE")).toEqual(["PX-100"]);
    expect(await search("%")).toEqual([]);
    expect((await listProducts(t.db, "zzz")).summary.totalProducts).toBe(5);
  });
});

describe("a new product", () => {
  it("is stored trimmed, with a slug that follows its reference", async () => {
    const created = await createProduct(t.db, {
      reference: "  Élan 02 ",
      name: " Sac Élan ",
      priceCents: 16900,
      stock: 3,
    });
    expect(created).toMatchObject({
      reference: "Élan 02",
      name: "Sac Élan",
      slug: "elan-02",
      priceCents: 16900,
      stock: 3,
      reserved: 0,
      available: 3,
      archived: false,
    });
    expect(created.createdAt).toBeInstanceOf(Date);
    expect(slugFor("***")).toBe("produit");
  });

  it("takes a free slug when its own is taken by another reference", async () => {
    const created = await createProduct(t.db, { reference: "AICHA", name: "Aicha bis", priceCents: 100 });
    expect(created.slug).toBe("aicha-2");
    expect((await product("aicha")).reference).toBe("Aicha-01");
  });

  it("is refused when its reference exists, even when two are created at once", async () => {
    await expect(
      createProduct(t.db, { reference: " Aicha-01 ", name: "Copie", priceCents: 100 }),
    ).rejects.toBeInstanceOf(DuplicateReferenceError);
    const results = await Promise.allSettled(
      [1, 2, 3].map(() => createProduct(t.db, { reference: "RACE-1", name: "Course", priceCents: 100 })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results.filter((r) => r.status === "rejected")) {
      expect(r.reason).toBeInstanceOf(DuplicateReferenceError);
    }
    expect(await productCount()).toBe(5);
  });

  it("is refused with an empty reference or name, a price that is not whole cents above 0, or negative stock", async () => {
    const valid = { reference: "OK-1", name: "Valide", priceCents: 100, stock: 0 };
    for (const wrong of [
      { reference: "   " },
      { reference: "x".repeat(41) },
      { name: "" },
      { priceCents: 0 },
      { priceCents: 12.5 },
      { stock: -1 },
      { stock: 1.5 },
    ]) {
      await expect(createProduct(t.db, { ...valid, ...wrong })).rejects.toBeInstanceOf(InvalidProductError);
    }
    expect(await productCount()).toBe(4);
  });

  it("for the Test DB button is TEST- and six characters, 169.00 €, one piece", async () => {
    const created = await createSampleProduct(t.db);
    expect(created.reference).toMatch(/^TEST-[A-Z0-9]{6}$/);
    expect(created).toMatchObject({ name: "Produit test", priceCents: 16900, stock: 1 });
    expect(created.slug).toBe(created.reference.toLowerCase());
  });
});

describe("adjusting stock", () => {
  it("adds and removes one piece", async () => {
    const { id } = await product("bilin");
    expect(await adjustStock(t.db, id, 1)).toMatchObject({ stock: 42, available: 42 });
    expect(await adjustStock(t.db, id, -1)).toMatchObject({ stock: 41 });
  });

  it("never goes below zero", async () => {
    const { id } = await product("bilin");
    await t.db.updateTable("products").set({ stock: 0 }).where("id", "=", id).execute();
    const error = await adjustStock(t.db, id, -1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StockLimitError);
    expect(error).toMatchObject({ limit: "zero" });
    expect((await product("bilin")).stock).toBe(0);
  });

  it("never goes below the pieces held by unpaid orders", async () => {
    await t.db.updateTable("products").set({ stock: 1 }).where("slug", "=", "nadia").execute();
    const placed = await placeOrder(t.db, {
      checkoutKey: newCheckoutKey(),
      locale: "fr",
      lines: [{ model: "nadia", quantity: 1 }],
      details: TEST_SHIPPING,
      provider: "test",
    });
    expect(placed.ok).toBe(true);
    const { id } = await product("nadia");
    const error = await adjustStock(t.db, id, -1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StockLimitError);
    expect(error).toMatchObject({ limit: "reserved", reserved: 1 });
    expect(await product("nadia")).toMatchObject({ stock: 1, reserved: 1 });
  });

  it("holds under concurrent clicks: exactly the free pieces go, never more", async () => {
    const { id } = await product("ilian");
    await t.db.updateTable("products").set({ stock: 3, reserved: 1 }).where("id", "=", id).execute();
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => adjustStock(t.db, id, -1)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(2);
    for (const r of results.filter((r) => r.status === "rejected")) {
      expect(r.reason).toBeInstanceOf(StockLimitError);
    }
    expect(await product("ilian")).toMatchObject({ stock: 1, reserved: 1 });
  });

  it("is refused for an unknown or an archived product", async () => {
    await expect(adjustStock(t.db, 999_999, 1)).rejects.toBeInstanceOf(AdminNotFoundError);
    const { id } = await product("ilian");
    await t.db.updateTable("products").set({ archivedAt: new Date() }).where("id", "=", id).execute();
    await expect(adjustStock(t.db, id, 1)).rejects.toBeInstanceOf(ProductArchivedError);
    expect((await product("ilian")).stock).toBe(29);
  });
});

describe("removing a product", () => {
  it("deletes one that was never ordered", async () => {
    const created = await createSampleProduct(t.db);
    expect(await removeProduct(t.db, created.id)).toBe("deleted");
    expect(await t.db.selectFrom("products").select("id").where("id", "=", created.id).execute()).toEqual([]);
  });

  it("archives one that has orders: its orders keep it, the shop no longer sells it", async () => {
    const paid = await placePaidOrder(t.db, { model: "nadia" });
    const { id } = await product("nadia");
    expect(await removeProduct(t.db, id)).toBe("archived");
    expect(await removeProduct(t.db, id)).toBe("archived");
    expect((await product("nadia")).archivedAt).toBeInstanceOf(Date);
    expect(
      await t.db.selectFrom("orderItems").select("productId").where("orderId", "=", paid.id).execute(),
    ).toEqual([{ productId: id }]);

    expect((await loadCollection(t.db)).nadia?.available).toBe(0);
    expect(
      await placeOrder(t.db, {
        checkoutKey: newCheckoutKey(),
        locale: "fr",
        lines: [{ model: "nadia", quantity: 1 }],
        details: TEST_SHIPPING,
        provider: "test",
      }),
    ).toEqual({ ok: false, reason: "unavailable", model: "nadia", available: 0 });
    expect(
      await joinWaitlist(t.db, {
        email: "a@example.org",
        locale: "fr",
        model: "nadia",
        clientHash: "archived",
        secret: TEST_SECRET,
      }),
    ).toBe("unknown_model");
  });

  it("is not found for an unknown product", async () => {
    await expect(removeProduct(t.db, 999_999)).rejects.toBeInstanceOf(AdminNotFoundError);
  });
});

describe("a model's price and its history", () => {
  it("changes the shop's price while orders placed before keep theirs, each change on the history", async () => {
    const paid = await placePaidOrder(t.db, { model: "ilian" });
    const ilian = await product("ilian");
    expect(await setProductPrice(t.db, ilian.id, 14900)).toMatchObject({ priceCents: 14900 });
    expect((await loadCollection(t.db)).ilian?.priceCents).toBe(14900);
    const sold = await t.db
      .selectFrom("orderItems")
      .select("unitPriceCents")
      .where("orderId", "=", paid.id)
      .execute();
    expect(sold).toEqual([{ unitPriceCents: 16900 }]);
    // The same price again changes nothing, not even the history.
    await setProductPrice(t.db, ilian.id, 14900);
    await adjustStock(t.db, ilian.id, 1);
    const history = await productHistory(t.db, ilian.id);
    expect(history.map(({ kind, fromValue, toValue }) => ({ kind, fromValue, toValue }))).toEqual([
      { kind: "stock_adjusted", fromValue: String(ilian.stock), toValue: String(ilian.stock + 1) },
      { kind: "price_changed", fromValue: "16900", toValue: "14900" },
    ]);
    await expect(setProductPrice(t.db, ilian.id, 0)).rejects.toBeInstanceOf(InvalidProductError);
    await setProductPrice(t.db, ilian.id, 16900);
  });

  it("brings an archived model back to the shop, and refuses to price it while archived", async () => {
    await placePaidOrder(t.db, { model: "nadia" });
    const nadia = await product("nadia");
    expect(await removeProduct(t.db, nadia.id)).toBe("archived");
    expect((await loadCollection(t.db)).nadia?.available).toBe(0);
    await expect(setProductPrice(t.db, nadia.id, 8900)).rejects.toBeInstanceOf(ProductArchivedError);
    expect(await unarchiveProduct(t.db, nadia.id)).toMatchObject({ archived: false, stock: nadia.stock });
    expect((await loadCollection(t.db)).nadia?.available).toBe(nadia.stock);
    const kinds = (await productHistory(t.db, nadia.id)).map((entry) => entry.kind);
    expect(kinds).toEqual(["unarchived", "archived"]);
    await expect(productHistory(t.db, 999_999)).rejects.toBeInstanceOf(AdminNotFoundError);
  });
});
