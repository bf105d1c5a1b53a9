import { seedProducts } from "@souls/db";
import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  LISTENER_NAME,
  type ListeningProductChangeSource,
  listenToProductChanges,
  type ProductChange,
  type ProductChangeSource,
  parseProductChange,
} from "./product-changes";

let t: TestDatabase;
let source: ListeningProductChangeSource;
const errors: Error[] = [];
let onListening: (() => void) | undefined;

beforeAll(async () => {
  t = await createTestDatabase();
  await seedProducts(t.db);
  source = await listenToProductChanges(t.url, {
    minRetryMs: 5,
    onError: (error) => errors.push(error),
    onListening: () => onListening?.(),
  });
});
afterAll(async () => {
  await source.close();
  await t.drop();
});

/** The next `count` changes the source announces (optionally only those `matching`). */
function nextChanges(
  from: ProductChangeSource,
  count = 1,
  matching: (change: ProductChange) => boolean = () => true,
): Promise<ProductChange[]> {
  return new Promise((resolve) => {
    const seen: ProductChange[] = [];
    const unsubscribe = from.subscribe((change) => {
      if (!matching(change)) return;
      seen.push(change);
      if (seen.length === count) {
        unsubscribe();
        resolve(seen);
      }
    });
  });
}

const product = (slug: string) =>
  t.db.selectFrom("products").selectAll().where("slug", "=", slug).executeTakeFirstOrThrow();

describe("listening to product changes", () => {
  it("hears a change of stock made through another connection, with the pieces unpaid orders hold", async () => {
    const { id } = await product("nadia");
    const heard = nextChanges(source);
    await t.db.updateTable("products").set({ stock: 12, reserved: 2 }).where("id", "=", id).execute();
    expect(await heard).toEqual([
      {
        id,
        slug: "nadia",
        reference: "Nadia-01",
        available: 10,
        held: 2,
        operation: "update",
        stockOnly: true,
      },
    ]);
  });

  it("tells a change of stock alone from one a page shows otherwise (a price)", async () => {
    const { id } = await product("nadia");
    const heard = nextChanges(source, 2);
    await t.db.updateTable("products").set({ stock: 11, reserved: 1 }).where("id", "=", id).execute();
    await t.db.updateTable("products").set({ priceCents: 15900 }).where("id", "=", id).execute();
    expect((await heard).map((change) => [change.available, change.stockOnly])).toEqual([
      [10, true],
      [10, false],
    ]);
  });

  it("hears inserts, archiving (nothing available any more) and deletes", async () => {
    const heard = nextChanges(source, 3);
    const inserted = await t.db
      .insertInto("products")
      .values({ reference: "LIVE-1", slug: "live-1", name: "Live", priceCents: 100, stock: 4 })
      .returning("id")
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable("products")
      .set({ archivedAt: new Date() })
      .where("id", "=", inserted.id)
      .execute();
    await t.db.deleteFrom("products").where("id", "=", inserted.id).execute();
    expect((await heard).map((c) => [c.id, c.operation, c.available])).toEqual([
      [inserted.id, "insert", 4],
      [inserted.id, "update", 0],
      [inserted.id, "delete", 0],
    ]);
  });

  it("ignores payloads on the channel that are not product changes", async () => {
    const all: ProductChange[] = [];
    const unsubscribe = source.subscribe((change) => all.push(change));
    const heard = nextChanges(source);
    await sql`SELECT pg_notify('products', 'not json')`.execute(t.db);
    await sql`SELECT pg_notify('products', '{"id": "seven", "operation": "update"}')`.execute(t.db);
    await sql`SELECT pg_notify('products', '')`.execute(t.db);
    await t.db.updateTable("products").set({ stock: 30 }).where("slug", "=", "ilian").execute();
    // Notifications arrive in order: the bad ones were dropped before the real change came.
    expect(await heard).toMatchObject([{ slug: "ilian", available: 30 }]);
    unsubscribe();
    expect(all).toHaveLength(1);
    expect(
      parseProductChange('{"id":1,"slug":"a","reference":"A","available":1,"operation":"upsert"}'),
    ).toBeNull();
    expect(parseProductChange(undefined)).toBeNull();
    // A notification of before `held` was told (a server of the previous version): not known.
    expect(
      parseProductChange('{"id":1,"slug":"a","reference":"A","available":1,"operation":"update"}'),
    ).toMatchObject({ available: 1, held: null, stockOnly: false });
  });

  it("tells every change of what the shop shows to subscribeToAll, product rows and watched tables alike", async () => {
    await sql`CREATE TABLE shown_texts (id int)`.execute(t.db);
    await sql`CREATE TRIGGER shown_texts_notify AFTER INSERT OR UPDATE OR DELETE ON shown_texts
      FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_change()`.execute(t.db);
    let everything = 0;
    const products: ProductChange[] = [];
    const stopAll = source.subscribeToAll(() => everything++);
    const stopProducts = source.subscribe((change) => products.push(change));
    await sql`INSERT INTO shown_texts VALUES (1), (2)`.execute(t.db);
    await sql`SELECT pg_notify('products', '{"operation": "catalogue"}')`.execute(t.db);
    await sql`SELECT pg_notify('products', 'not json')`.execute(t.db);
    await t.db.updateTable("products").set({ stock: 31 }).where("slug", "=", "ilian").execute();
    expect(await source.catchUp()).toBe(true);
    stopAll();
    stopProducts();
    // One statement, one announcement; a payload without its table is not one; the product row is both.
    expect(everything).toBe(2);
    expect(products).toMatchObject([{ slug: "ilian", available: 31 }]);
  });

  it("stops calling a listener once unsubscribed, and one failing listener does not stop the others", async () => {
    const dropped: ProductChange[] = [];
    const unsubscribe = source.subscribe((change) => dropped.push(change));
    unsubscribe();
    const failing = source.subscribe(() => {
      throw new Error("a page's handler broke");
    });
    const heard = nextChanges(source);
    errors.length = 0;
    await t.db.updateTable("products").set({ stock: 31 }).where("slug", "=", "ilian").execute();
    expect(await heard).toMatchObject([{ slug: "ilian", available: 31 }]);
    failing();
    expect(dropped).toEqual([]);
    expect(errors.map((e) => e.message)).toEqual(["a page's handler broke"]);
  });

  it("has heard every change committed before catchUp was called once it resolves", async () => {
    const heard: number[] = [];
    const unsubscribe = source.subscribe((change) => heard.push(change.available));
    // Without the round trip, a change committed a moment ago is often not heard yet: each one
    // must be heard here, with no wait for the notification itself.
    for (let stock = 1; stock <= 40; stock++) {
      await t.db.updateTable("products").set({ stock, reserved: 0 }).where("slug", "=", "aicha").execute();
      expect(await source.catchUp()).toBe(true);
      expect(heard.at(-1)).toBe(stock);
    }
    unsubscribe();
  });

  it("shares a round trip between the calls made while it waits to be sent", async () => {
    await source.catchUp();
    const query = vi.spyOn(pg.Client.prototype, "query");
    try {
      const first = source.catchUp();
      await new Promise((resolve) => setImmediate(resolve)); // the first round trip is sent
      const later = Array.from({ length: 50 }, () => source.catchUp());
      expect(await Promise.all([first, ...later])).toEqual(Array(51).fill(true));
      expect(query.mock.calls.filter(([text]) => text === "SELECT 1")).toHaveLength(2);
    } finally {
      query.mockRestore();
    }
  });

  it("says false while it does not listen", async () => {
    const other = await listenToProductChanges(t.url);
    await other.close();
    expect(await other.catchUp()).toBe(false);
  });

  it("reconnects after the connection drops and hears changes again", async () => {
    const before = source.connection();
    expect(before).toEqual(expect.any(Number));
    const listeningAgain = new Promise<void>((resolve) => {
      onListening = resolve;
    });
    const killed = await sql<{ terminated: boolean }>`
      SELECT pg_terminate_backend(pid) AS terminated FROM pg_stat_activity
      WHERE datname = current_database() AND application_name = ${LISTENER_NAME}`.execute(t.db);
    expect(killed.rows).toEqual([{ terminated: true }]);
    await listeningAgain;
    onListening = undefined;
    expect(errors.length).toBeGreaterThan(0);
    // A new stretch of listening: whoever kept something from before knows changes were missed.
    expect(source.connection()).toEqual(expect.any(Number));
    expect(source.connection()).not.toBe(before);

    const heard = nextChanges(source);
    await t.db.updateTable("products").set({ stock: 5 }).where("slug", "=", "bilin").execute();
    expect(await heard).toMatchObject([{ slug: "bilin", available: 5, operation: "update" }]);
  });

  it("is quiet once closed", async () => {
    const other = await listenToProductChanges(t.url);
    const closedListener: ProductChange[] = [];
    other.subscribe((change) => closedListener.push(change));
    await other.close();
    expect(other.connection()).toBeNull();
    const heard = nextChanges(source);
    await t.db.updateTable("products").set({ stock: 6 }).where("slug", "=", "bilin").execute();
    await heard;
    expect(closedListener).toEqual([]);
  });

  it("fails at once when the database cannot be reached", async () => {
    const url = new URL(t.url);
    url.pathname = "/no_such_database";
    await expect(listenToProductChanges(url.toString())).rejects.toThrow(/no_such_database/);
  });
});
