/**
 * The stock page's live table end to end: an UPDATE made by another connection fires the
 * `products_notify` trigger, PostgreSQL NOTIFY reaches the LISTEN connection, and the
 * `products.changes` subscription yields it to the owner — until the client goes away.
 */
import { seedProducts } from "@souls/db";
import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import type { ProductChange, ProductChangeSource } from "@souls/shop/product-changes";
import { type ListeningProductChangeSource, listenToProductChanges } from "@souls/shop/product-changes";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createCaller } from "./router";
import { ownerContext } from "./testing";

let t: TestDatabase;
let source: ListeningProductChangeSource;
beforeAll(async () => {
  t = await createTestDatabase();
  await seedProducts(t.db);
  source = await listenToProductChanges(t.url);
});
afterAll(async () => {
  await source.close();
  await t.drop();
});

/** The real source, counting its open subscriptions. */
function counted(inner: ProductChangeSource) {
  const counter = {
    open: 0,
    subscribe(listener: (change: ProductChange) => void) {
      counter.open++;
      const unsubscribe = inner.subscribe(listener);
      return () => {
        counter.open--;
        unsubscribe();
      };
    },
  };
  return counter;
}

const product = (slug: string) =>
  t.db.selectFrom("products").selectAll().where("slug", "=", slug).executeTakeFirstOrThrow();

it("products.changes yields a change made by another connection, then ends and unsubscribes when the client leaves", async () => {
  const productChanges = counted(source);
  const client = new AbortController();
  const caller = createCaller(ownerContext(t.db, { productChanges }), { signal: client.signal });
  const changes = (await caller.products.changes())[Symbol.asyncIterator]();

  const first = changes.next(); // the subscription is open from the first read
  expect(productChanges.open).toBe(1);
  const aicha = await product("aicha");
  await t.db.updateTable("products").set({ stock: 7 }).where("id", "=", aicha.id).execute();
  expect(await first).toEqual({
    done: false,
    value: {
      id: aicha.id,
      slug: "aicha",
      reference: "Aicha-01",
      available: 7,
      held: 0,
      operation: "update",
      stockOnly: true,
    },
  });

  // The owner's own change through the API arrives the same way.
  const second = changes.next();
  await caller.products.adjust({ id: aicha.id, delta: 1 });
  expect(await second).toMatchObject({ done: false, value: { slug: "aicha", available: 8 } });

  const waiting = changes.next();
  client.abort();
  expect(await waiting).toEqual({ done: true, value: undefined });
  expect(productChanges.open).toBe(0);
});

it("products.changes unsubscribes when the consumer stops reading", async () => {
  const productChanges = counted(source);
  const caller = createCaller(ownerContext(t.db, { productChanges }));
  const stream = await caller.products.changes();
  const nadia = await product("nadia");
  let heard: ProductChange | undefined;
  // Runs once the loop below has asked for its first change (and so subscribed).
  let update: Promise<unknown> | undefined;
  queueMicrotask(() => {
    update = t.db.updateTable("products").set({ stock: 3 }).where("id", "=", nadia.id).execute();
  });
  for await (const change of stream) {
    if (change.operation === "update" && change.id === nadia.id) {
      heard = change;
      break;
    }
  }
  await update;
  expect(heard).toMatchObject({ slug: "nadia", available: 3 });
  expect(productChanges.open).toBe(0);
});
