import { seedProducts } from "@souls/db";
import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import { afterAll, beforeAll, expect, it } from "vitest";
import { loadCollection } from "./catalogue";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

it("says how many pieces of each model are available: stock minus reserved", async () => {
  await seedProducts(t.db);
  await t.db.updateTable("products").set({ stock: 2, reserved: 2 }).where("slug", "=", "bilin").execute();
  await t.db.updateTable("products").set({ stock: 5, reserved: 1 }).where("slug", "=", "nadia").execute();
  const collection = await loadCollection(t.db);
  expect(collection.aicha).toEqual({
    model: "aicha",
    reference: "Aicha-01",
    priceCents: 16900,
    currency: "EUR",
    available: 40,
  });
  expect(collection.nadia.available).toBe(4);
  expect(collection.bilin.available).toBe(0);
});

it("shows a model missing from the database as sold out", async () => {
  await t.db.deleteFrom("products").where("slug", "=", "ilian").execute();
  expect((await loadCollection(t.db)).ilian.available).toBe(0);
});
