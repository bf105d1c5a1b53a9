import { Migrator, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { WAIT_MS } from "../../../vitest.shared";
import { connect, createPool, isDatabaseUnavailable } from "./connection";
import { LAUNCH_MODELS } from "./launch-catalogue";
import { migrateToLatest, pendingMigrations } from "./migrate";
import { migrations } from "./migrations/index";
import { seedProducts } from "./seed";
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
    expect(rows).toHaveLength(LAUNCH_MODELS.length);
  });

  it("gives the launch models their series, words in both languages, addresses and drawings, published", async () => {
    const series = await t.db.selectFrom("series").select(["titleFr", "titleEn", "featured"]).execute();
    expect(series).toEqual([{ titleFr: "Première collection", titleEn: "First collection", featured: true }]);
    const models = await t.db
      .selectFrom("products")
      .innerJoin("productTexts", "productTexts.productId", "products.id")
      .select(["products.slug", "productTexts.locale", "productTexts.path", "products.publishedAt"])
      .where("products.slug", "=", "nadia")
      .orderBy("productTexts.locale", "desc")
      .execute();
    expect(models).toEqual([
      { slug: "nadia", locale: "fr", path: "/produit/sac-banane-nadia", publishedAt: expect.any(Date) },
      { slug: "nadia", locale: "en", path: "/en/product/nadia-fanny-pack", publishedAt: expect.any(Date) },
    ]);
    const photos = await t.db
      .selectFrom("productPhotos")
      .innerJoin("products", "products.id", "productPhotos.productId")
      .select("source")
      .where("slug", "=", "aicha")
      .orderBy("productPhotos.position")
      .limit(2)
      .execute();
    expect(photos).toEqual([
      { source: "/images/products/aicha-1.svg" },
      { source: "/images/products/aicha-2.svg" },
    ]);
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

  it("the catalogue migration gives a shop's launch models their words; a product the owner added stays a draft", async () => {
    const shop = await createTestDatabase();
    try {
      const migrator = new Migrator({ db: shop.db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo("2026-11-25T02-00-catalogue-changes")).error).toBeUndefined();
      // The shop as it was: the launch products seeded by reference, one added from the panel.
      await sql`INSERT INTO products (reference, slug, name, price_cents, stock) VALUES
        ('Aicha-01', 'aicha', 'Aicha', 16900, 12), ('Nadia-01', 'nadia', 'Nadia', 16900, 0),
        ('Bilin-01', 'bilin', 'Bilin', 16900, 3), ('Ilian-01', 'ilian', 'Ilian', 16900, 9),
        ('ZORA-01', 'zora', 'Zora', 16900, 3)`.execute(shop.db);
      await migrateToLatest(shop.db);
      const models = await shop.db
        .selectFrom("products")
        .leftJoin("productTexts", (join) =>
          join.onRef("productTexts.productId", "=", "products.id").on("productTexts.locale", "=", "en"),
        )
        .select([
          "reference",
          "stock",
          "position",
          "path",
          sql<boolean>`published_at IS NOT NULL`.as("published"),
        ])
        .orderBy("products.id")
        .execute();
      expect(models).toEqual([
        {
          reference: "Aicha-01",
          stock: 12,
          position: 1,
          path: "/en/product/aicha-fanny-pack",
          published: true,
        },
        {
          reference: "Nadia-01",
          stock: 0,
          position: 2,
          path: "/en/product/nadia-fanny-pack",
          published: true,
        },
        {
          reference: "Bilin-01",
          stock: 3,
          position: 3,
          path: "/en/product/bilin-fanny-pack",
          published: true,
        },
        {
          reference: "Ilian-01",
          stock: 9,
          position: 4,
          path: "/en/product/ilian-fanny-pack",
          published: true,
        },
        { reference: "ZORA-01", stock: 3, position: 0, path: null, published: false },
      ]);
      expect(
        await shop.db
          .selectFrom("productPhotos")
          .select(sql<number>`count(*)::int`.as("n"))
          .executeTakeFirst(),
      ).toEqual({ n: 16 });
      // And the seed leaves such a shop alone.
      await seedProducts(shop.db);
      expect(await shop.db.selectFrom("series").select("titleFr").execute()).toEqual([
        { titleFr: "Première collection" },
      ]);
    } finally {
      await shop.drop();
    }
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

describe("a connection that loses its server", () => {
  it("does not crash the process while checked out between two statements; its next query fails", async () => {
    const pool = createPool(t.url);
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const client = await pool.connect();
      const { rows } = await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
      // Closed once the server's "terminating connection" has been handled by the client.
      const ended = new Promise((resolve) => client.once("end", resolve));
      await sql`SELECT pg_terminate_backend(${rows[0]?.pid})`.execute(t.db);
      await ended;
      expect(logged).toHaveBeenCalledWith(
        "[db] connection lost:",
        "terminating connection due to administrator command",
      );
      await expect(client.query("SELECT 1")).rejects.toThrow();
      client.release(true);
    } finally {
      logged.mockRestore();
      await pool.end();
    }
  });

  it("fails a transaction cut between two statements with an error read as an outage, not a bug", async () => {
    const db = connect(t.url, { maxConnections: 1 });
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const failure = await db
        .transaction()
        .execute(async (trx) => {
          const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(trx);
          await sql`SELECT pg_terminate_backend(${rows[0]?.pid})`.execute(t.db);
          // The server's goodbye has reached the client before the transaction's next statement.
          await vi.waitFor(
            () => expect(logged).toHaveBeenCalledWith("[db] connection lost:", expect.any(String)),
            { timeout: WAIT_MS },
          );
          await sql`SELECT 1`.execute(trx);
        })
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect(failure).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(failure)).toBe(true);
      // The pool drops the dead connection and serves the next request.
      expect((await sql<{ one: number }>`SELECT 1 AS one`.execute(db)).rows).toEqual([{ one: 1 }]);
    } finally {
      logged.mockRestore();
      await db.destroy();
    }
  });

  it("tells an outage from a bug", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error("terminating connection"), { code: "57P01" }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(new Error("connect", { cause: { code: "ECONNREFUSED" } }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("cannot read properties of undefined"))).toBe(false);
  });
});
