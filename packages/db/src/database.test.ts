import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, pendingMigrations } from "./migrate";
import { SEED_PRODUCTS, seedProducts } from "./seed";
import { createTestDatabase, type TestDatabase } from "./testing/index";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

describe("schema", () => {
  it("is current after migrating from empty, and migrating again changes nothing", async () => {
    expect(await pendingMigrations(t.db)).toEqual([]);
    const again = await migrateToLatest(t.db);
    expect(again.results).toEqual([]);
  });

  it("seeding twice gives the four launch products once, at 169 €", async () => {
    await seedProducts(t.db);
    await seedProducts(t.db);
    const rows = await t.db
      .selectFrom("products")
      .select(["reference", "slug", "priceCents", "stock", "reserved"])
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      { reference: "Aicha-01", slug: "aicha", priceCents: 16900, stock: 40, reserved: 0 },
      { reference: "Nadia-01", slug: "nadia", priceCents: 16900, stock: 25, reserved: 0 },
      { reference: "Bilin-01", slug: "bilin", priceCents: 16900, stock: 41, reserved: 0 },
      { reference: "Ilian-01", slug: "ilian", priceCents: 16900, stock: 29, reserved: 0 },
    ]);
    expect(rows).toHaveLength(SEED_PRODUCTS.length);
  });

  it("seeding again keeps stock that sales changed", async () => {
    await t.db.updateTable("products").set({ stock: 3 }).where("reference", "=", "Nadia-01").execute();
    await seedProducts(t.db);
    const nadia = await t.db
      .selectFrom("products")
      .select("stock")
      .where("reference", "=", "Nadia-01")
      .executeTakeFirstOrThrow();
    expect(nadia.stock).toBe(3);
  });

  it("refuses to hold more pieces than are on hand, or a negative stock", async () => {
    const reserveTooMany = t.db
      .updateTable("products")
      .set({ reserved: sql<number>`stock + 1` })
      .where("reference", "=", "Aicha-01")
      .execute();
    await expect(reserveTooMany).rejects.toMatchObject({ constraint: "products_stock_check" });
    const negative = t.db
      .updateTable("products")
      .set({ stock: -1 })
      .where("reference", "=", "Bilin-01")
      .execute();
    await expect(negative).rejects.toMatchObject({ constraint: "products_stock_check" });
  });

  it("refuses a second product with the same reference", async () => {
    const duplicate = t.db
      .insertInto("products")
      .values({ reference: "Aicha-01", slug: "aicha-bis", name: "Aicha", priceCents: 16900 })
      .execute();
    await expect(duplicate).rejects.toMatchObject({ code: "23505" });
  });
});
