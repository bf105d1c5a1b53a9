import { seedProducts } from "@souls/db";
import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  homeSeries,
  loadCatalogue,
  loadCollection,
  modelAtAddress,
  modelByCode,
  otherModels,
  priceLines,
} from "./catalogue";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await seedProducts(t.db);
});
afterAll(() => t.drop());

const DAY = 24 * 3600_000;
const productId = async (slug: string) =>
  (await t.db.selectFrom("products").select("id").where("slug", "=", slug).executeTakeFirstOrThrow()).id;

describe("the collection (what the cart and the checkout sell)", () => {
  it("says how many pieces of each model are available: stock minus reserved", async () => {
    await t.db.updateTable("products").set({ stock: 2, reserved: 2 }).where("slug", "=", "bilin").execute();
    await t.db.updateTable("products").set({ stock: 5, reserved: 1 }).where("slug", "=", "nadia").execute();
    const collection = await loadCollection(t.db);
    expect(collection.aicha).toEqual({
      model: "aicha",
      name: "Aicha",
      reference: "Aicha-01",
      priceCents: 16900,
      currency: "EUR",
      available: 40,
    });
    expect(collection.nadia?.available).toBe(4);
    expect(collection.bilin?.available).toBe(0);
  });

  it("has no draft in it: a cart or a link naming one finds nothing", async () => {
    await t.db
      .insertInto("products")
      .values({ reference: "ZORA-01", slug: "zora", name: "Zora", priceCents: 16900, stock: 3 })
      .execute();
    expect((await loadCollection(t.db)).zora).toBeUndefined();
  });
});

describe("the catalogue the pages show", () => {
  it("gives every model its words, address and photos per language, in the owner's order", async () => {
    const catalogue = await loadCatalogue(t.db);
    const { series, models } = homeSeries(catalogue);
    expect(series?.title).toEqual({ fr: "Première collection", en: "First collection" });
    expect(models.map((model) => model.model)).toEqual(["aicha", "nadia", "bilin", "ilian"]);
    const nadia = modelByCode(catalogue, "nadia");
    expect(nadia?.texts.en?.path).toBe("/en/product/nadia-fanny-pack");
    expect(nadia?.texts.fr?.materials.fabric).toMatch(/turquoise/);
    expect(nadia?.photos).toHaveLength(4);
    expect(nadia?.photos[0]).toMatchObject({
      source: "/images/products/nadia-1.svg",
      width: 1000,
      height: 1250,
    });
    expect(modelAtAddress(catalogue, "/produit/sac-banane-nadia")).toMatchObject({
      kind: "current",
      locale: "fr",
      model: { model: "nadia" },
    });
  });

  it("keeps a draft to the owner, and an archived model's page off the grid, sold out", async () => {
    await t.db.updateTable("products").set({ archivedAt: new Date() }).where("slug", "=", "ilian").execute();
    try {
      const catalogue = await loadCatalogue(t.db);
      expect(modelByCode(catalogue, "zora")).toBeUndefined();
      expect(modelByCode(catalogue, "zora", { draftsToo: true })?.state).toBe("draft");
      const ilian = modelByCode(catalogue, "ilian");
      expect(ilian).toMatchObject({ state: "archived", available: 0 });
      expect(homeSeries(catalogue).models.map((model) => model.model)).not.toContain("ilian");
      expect(otherModels(catalogue, "aicha").map((model) => model.model)).toEqual(["nadia", "bilin"]);
    } finally {
      await t.db.updateTable("products").set({ archivedAt: null }).where("slug", "=", "ilian").execute();
    }
  });

  it("finds a model at an address it had, to send the shopper to its current one", async () => {
    const id = await productId("bilin");
    await t.db
      .insertInto("productPaths")
      .values({ path: "/en/product/bilin-old-name", productId: id, locale: "en" })
      .execute();
    expect(modelAtAddress(await loadCatalogue(t.db), "/en/product/bilin-old-name")).toMatchObject({
      kind: "retired",
      locale: "en",
      path: "/en/product/bilin-fanny-pack",
    });
    expect(modelAtAddress(await loadCatalogue(t.db), "/en/product/nobody")).toBeUndefined();
  });
});

describe("lines priced for the cart and the checkout", () => {
  it("prices each line at the model's price and sums them, leaving out what shoppers cannot find", async () => {
    await t.db.updateTable("products").set({ priceCents: 15900 }).where("slug", "=", "nadia").execute();
    try {
      const priced = priceLines(await loadCatalogue(t.db), [
        { model: "aicha", quantity: 2 },
        { model: "nadia", quantity: 1 },
        { model: "zora", quantity: 1 },
        { model: "nobody", quantity: 1 },
      ]);
      expect(
        priced.lines.map(({ model, quantity, unitPriceCents }) => ({ model, quantity, unitPriceCents })),
      ).toEqual([
        { model: "aicha", quantity: 2, unitPriceCents: 16900 },
        { model: "nadia", quantity: 1, unitPriceCents: 15900 },
      ]);
      expect(priced.subtotalCents).toBe(2 * 16900 + 15900);
      // A draft is the owner's, an unknown code nobody's: neither is sold.
      expect(priced.unknown).toEqual(["zora", "nobody"]);
      expect(priced.lines[1]?.paths).toEqual({
        fr: "/produit/sac-banane-nadia",
        en: "/en/product/nadia-fanny-pack",
      });
    } finally {
      await t.db.updateTable("products").set({ priceCents: 16900 }).where("slug", "=", "nadia").execute();
    }
  });
});

describe("the price struck through during a sale (art. L112-1-1 Code de la consommation)", () => {
  // The sale's own price change and its start are one moment (one transaction's now()).
  const now = new Date();

  /** Sets a price change in the history, `daysAgo` days before now. */
  async function priceChange(id: number, from: number, to: number, daysAgo: number) {
    await t.db
      .insertInto("productEvents")
      .values({
        productId: id,
        kind: "price_changed",
        fromValue: String(from),
        toValue: String(to),
        actor: "admin",
        createdAt: new Date(now.getTime() - daysAgo * DAY),
      })
      .execute();
  }

  it("is the lowest price of the 30 days before the sale, not the one raised just before it", async () => {
    const id = await productId("aicha");
    await priceChange(id, 16900, 15900, 40); // in effect when the window opens
    await priceChange(id, 15900, 19900, 2); // raised just before the sale
    await priceChange(id, 19900, 13900, 0);
    await t.db
      .updateTable("products")
      .set({ priceCents: 13900, onSaleSince: now })
      .where("id", "=", id)
      .execute();
    const aicha = modelByCode(await loadCatalogue(t.db), "aicha");
    expect(aicha).toMatchObject({ priceCents: 13900, beforePriceCents: 15900 });
  });

  it("is today's price when it never changed, and nothing is struck through when it is not higher", async () => {
    const nadia = await productId("nadia");
    await t.db.updateTable("products").set({ onSaleSince: now }).where("id", "=", nadia).execute();
    expect(modelByCode(await loadCatalogue(t.db), "nadia")?.beforePriceCents).toBeNull();
    const bilin = await productId("bilin");
    await priceChange(bilin, 14900, 16900, 10);
    await priceChange(bilin, 16900, 15900, 0);
    await t.db
      .updateTable("products")
      .set({ priceCents: 15900, onSaleSince: now })
      .where("id", "=", bilin)
      .execute();
    // 14,900 was in effect when the window opened (the first change in it replaced it).
    expect(modelByCode(await loadCatalogue(t.db), "bilin")?.beforePriceCents).toBeNull();
    await sql`UPDATE products SET on_sale_since = NULL`.execute(t.db);
  });
});
