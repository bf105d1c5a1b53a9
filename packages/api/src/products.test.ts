import { seedProducts } from "@souls/db";
import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import { loadCollection } from "@souls/shop/catalogue";
import { newCheckoutKey, placeOrder } from "@souls/shop/orders";
import { placePaidOrder, TEST_SHIPPING } from "@souls/shop/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { errorShape, ownerCaller, rowCounts, trpcError } from "./testing";

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

describe("products.list", () => {
  it("lists products with their summary, dates as ISO strings", async () => {
    const { products, summary } = await ownerCaller(t.db).products.list({ search: "a" });
    expect(products.map((p) => p.reference).sort()).toEqual(["Aicha-01", "Nadia-01", "Ilian-01"].sort());
    expect(typeof products[0]?.createdAt).toBe("string");
    expect(summary).toEqual({ totalProducts: 4, lowStock: 0, totalStock: 40 + 25 + 41 + 29 });
  });
});

describe("products.create", () => {
  it("adds a draft model from euros, and refuses a duplicate reference with CONFLICT « Cette référence existe déjà »", async () => {
    const caller = ownerCaller(t.db);
    const created = await caller.products.create({
      reference: "Aicha-02",
      name: "Aicha",
      price: 169,
      stock: 2,
    });
    expect(created).toMatchObject({
      reference: "Aicha-02",
      // The code follows the name (Aicha is taken): carts and links name the model by it.
      slug: "aicha-2",
      priceCents: 16900,
      stock: 2,
      reserved: 0,
      available: 2,
      archived: false,
    });
    const before = await rowCounts(t.db);
    const error = await trpcError(
      caller.products.create({ reference: "Aicha-02", name: "Autre", price: 10 }),
    );
    expect(error.code).toBe("CONFLICT");
    expect(errorShape(error, "products.create")).toMatchObject({
      message: "Cette référence existe déjà",
      data: { httpStatus: 409, zodError: null },
    });
    expect(await rowCounts(t.db)).toEqual(before);
  });
});

describe("products.adjust", () => {
  it("adds and removes one piece, never below 0", async () => {
    const caller = ownerCaller(t.db);
    const { id } = await product("nadia");
    expect(await caller.products.adjust({ id, delta: 1 })).toMatchObject({ stock: 26 });
    await t.db.updateTable("products").set({ stock: 0 }).where("id", "=", id).execute();
    const error = await trpcError(caller.products.adjust({ id, delta: -1 }));
    expect(error).toMatchObject({
      code: "CONFLICT",
      message: "Le stock ne peut pas descendre en dessous de 0.",
    });
    expect((await product("nadia")).stock).toBe(0);
  });

  it("never below the pieces held by unpaid orders, and says so", async () => {
    await t.db.updateTable("products").set({ stock: 2 }).where("slug", "=", "bilin").execute();
    for (let i = 0; i < 2; i++) {
      const placed = await placeOrder(t.db, {
        checkoutKey: newCheckoutKey(),
        locale: "fr",
        lines: [{ model: "bilin", quantity: 1 }],
        details: TEST_SHIPPING,
        provider: "test",
      });
      expect(placed.ok).toBe(true);
    }
    const { id } = await product("bilin");
    const error = await trpcError(ownerCaller(t.db).products.adjust({ id, delta: -1 }));
    expect(error).toMatchObject({
      code: "CONFLICT",
      message: "Impossible : 2 pièces sont réservées par des commandes en attente de paiement.",
    });
    expect(await product("bilin")).toMatchObject({ stock: 2, reserved: 2 });
  });

  it("holds under concurrent clicks", async () => {
    const { id } = await product("ilian");
    await t.db.updateTable("products").set({ stock: 4, reserved: 1 }).where("id", "=", id).execute();
    const caller = ownerCaller(t.db);
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () => caller.products.adjust({ id, delta: -1 })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    expect(
      results
        .filter((r) => r.status === "rejected")
        .every((r) => (r.reason as { code: string }).code === "CONFLICT"),
    ).toBe(true);
    expect(await product("ilian")).toMatchObject({ stock: 1, reserved: 1 });
  });

  it("says NOT_FOUND for an unknown product", async () => {
    const error = await trpcError(ownerCaller(t.db).products.adjust({ id: 2_000_000_000, delta: 1 }));
    expect(error).toMatchObject({ code: "NOT_FOUND", message: "Produit introuvable" });
  });
});

describe("products.remove", () => {
  it("archives a product that has orders (it leaves the shop) and deletes one that has none", async () => {
    const caller = ownerCaller(t.db);
    await placePaidOrder(t.db, { model: "aicha" });
    const aicha = await product("aicha");
    expect(await caller.products.remove({ id: aicha.id })).toEqual({ outcome: "archived" });
    expect((await product("aicha")).archivedAt).toBeInstanceOf(Date);
    expect((await loadCollection(t.db)).aicha?.available).toBe(0);
    const listed = await caller.products.list();
    expect(listed.products.at(-1)).toMatchObject({ reference: "Aicha-01", archived: true });
    expect(listed.summary.totalProducts).toBe(3);

    const testProduct = await caller.products.createSample();
    expect(await caller.products.remove({ id: testProduct.id })).toEqual({ outcome: "deleted" });
    expect(await t.db.selectFrom("products").select("id").where("id", "=", testProduct.id).execute()).toEqual(
      [],
    );
  });

  it("says NOT_FOUND for an unknown product", async () => {
    const error = await trpcError(ownerCaller(t.db).products.remove({ id: 2_000_000_000 }));
    expect(error).toMatchObject({ code: "NOT_FOUND", message: "Produit introuvable" });
  });
});

describe("products.createSample", () => {
  it("inserts the spec's Test DB product", async () => {
    const created = await ownerCaller(t.db).products.createSample();
    expect(created.reference).toMatch(/^TEST-[A-Z0-9]{6}$/);
    expect(created).toMatchObject({ name: "Produit test", priceCents: 16900, stock: 1, archived: false });
  });
});
