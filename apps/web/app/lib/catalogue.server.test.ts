/**
 * The collection the pages show is read once and kept until PostgreSQL announces a change:
 * a sale, an edit or a released hold, made through any server, must show on the next page,
 * never a stale count.
 */

import { seedProducts } from "@souls/db";
import { createTestDatabase } from "@souls/db/testing";
import { type Collection, loadCollection } from "@souls/shop/catalogue";
import { listenToProductChanges } from "@souls/shop/product-changes";
import { describe, expect, it, vi } from "vitest";

vi.stubEnv("DATABASE_URL", "postgres://shop@127.0.0.1:5432/souls");
const { keepCollection, versionOf } = await import("./catalogue.server");

const collection = (available: number): Collection =>
  Object.fromEntries(
    ["aicha", "nadia", "bilin", "ilian"].map((model) => [
      model,
      { model, name: model, reference: `${model}-01`, priceCents: 16900, currency: "EUR", available },
    ]),
  ) as Collection;

/** A channel the test drives: announces changes, drops and comes back. */
function channel() {
  const listeners = new Set<(change: null) => void>();
  let connection: number | null = 1;
  return {
    subscribeToAll(listener: (change: null) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    connection: () => connection,
    catchUp: async () => connection !== null,
    announce() {
      for (const listener of listeners) listener(null);
    },
    drop: () => {
      connection = null;
    },
    reconnect: () => {
      connection = 2;
    },
  };
}

describe("the collection shown on pages", () => {
  it("is read once while nothing changes, and read again after a change is announced", async () => {
    const changes = channel();
    const load = vi.fn(async () => collection(load.mock.calls.length));
    const shown = keepCollection(load, versionOf(changes));

    expect((await shown()).aicha?.available).toBe(1);
    expect((await shown()).aicha?.available).toBe(1);
    expect(load).toHaveBeenCalledTimes(1);

    changes.announce();
    expect((await shown()).aicha?.available).toBe(2);
    expect(await shown()).toBe(await shown());
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("is read once for the requests asking while a read of their version is under way", async () => {
    const changes = channel();
    const reads: (() => void)[] = [];
    const load = vi.fn(
      () =>
        new Promise<Collection>((done) => {
          const read = load.mock.calls.length;
          reads.push(() => done(collection(read)));
        }),
    );
    const shown = keepCollection(load, versionOf(changes));

    const asked = [shown(), shown(), shown()];
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    // A change heard meanwhile: the request asking now reads the newer catalogue, not the old read.
    changes.announce();
    const later = shown();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    for (const finish of reads) finish();
    expect((await later).aicha?.available).toBe(2);
    const [first, second, third] = await Promise.all(asked);
    expect(first?.aicha?.available).toBe(1);
    expect(second).toBe(first);
    expect(third).toBe(first);
  });

  it("gives its last copy without waiting for the changes of the moment, once one was read", async () => {
    const changes = channel();
    const load = vi.fn(async () => collection(load.mock.calls.length));
    const shown = keepCollection(load, versionOf(changes));

    // Nothing read yet: the last copy is a fresh one.
    expect((await shown.lastShown()).aicha?.available).toBe(1);
    changes.announce();
    // A change heard: the last copy is still the one read, and no read is made for it.
    expect((await shown.lastShown()).aicha?.available).toBe(1);
    expect(load).toHaveBeenCalledTimes(1);
    expect((await shown()).aicha?.available).toBe(2);
    expect((await shown.lastShown()).aicha?.available).toBe(2);
  });

  it("is read on every page while the channel does not listen, and kept again once it does", async () => {
    const changes = channel();
    const load = vi.fn(async () => collection(5));
    const shown = keepCollection(load, versionOf(changes));
    await shown();

    changes.drop();
    await shown();
    await shown();
    expect(load).toHaveBeenCalledTimes(3);

    // Changes made while disconnected were never heard: the copy from before is not trusted.
    changes.reconnect();
    await shown();
    await shown();
    expect(load).toHaveBeenCalledTimes(4);
  });

  it("does not keep a read during which a change was announced: it may predate the change", async () => {
    const changes = channel();
    let reads = 0;
    const shown = keepCollection(async () => {
      reads++;
      if (reads === 1) changes.announce();
      return collection(reads);
    }, versionOf(changes));

    expect((await shown()).aicha?.available).toBe(1);
    expect((await shown()).aicha?.available).toBe(2);
    expect((await shown()).aicha?.available).toBe(2);
    expect(reads).toBe(2);
  });

  it("cannot be changed by one request for the next", async () => {
    const shown = keepCollection(async () => collection(4), versionOf(channel()));
    const first = await shown();
    expect(() => {
      (first.aicha as { available: number }).available = 0;
    }).toThrow(TypeError);
    expect((await shown()).aicha?.available).toBe(4);
  });

  it("shows a change made through another connection on the next page, without waiting to hear it", async () => {
    const t = await createTestDatabase();
    const source = await listenToProductChanges(t.url);
    try {
      await seedProducts(t.db);
      const shown = keepCollection(() => loadCollection(t.db), versionOf(source));
      expect((await shown()).nadia?.available).toBe(25);

      for (let reserved = 1; reserved <= 24; reserved++) {
        await t.db.updateTable("products").set({ reserved }).where("slug", "=", "nadia").execute();
        expect((await shown()).nadia?.available).toBe(25 - reserved);
      }
    } finally {
      await source.close();
      await t.drop();
    }
  });

  it("is not read again for a held piece paid for (stock and reserved down by one), which no page shows", async () => {
    const t = await createTestDatabase();
    const source = await listenToProductChanges(t.url);
    try {
      await seedProducts(t.db);
      const load = vi.fn(() => loadCollection(t.db));
      const shown = keepCollection(load, versionOf(source));
      const nadia = () => t.db.updateTable("products").where("slug", "=", "nadia");
      expect((await shown()).nadia?.available).toBe(25); // listening from here
      await nadia().set({ reserved: 1 }).execute();
      expect((await shown()).nadia?.available).toBe(24);
      const reads = load.mock.calls.length;

      await nadia()
        .set((eb) => ({ stock: eb("stock", "-", 1), reserved: 0 }))
        .execute();
      expect((await shown()).nadia?.available).toBe(24);
      expect(load).toHaveBeenCalledTimes(reads);

      // The same columns, another availability (a hold given back): read again.
      await nadia().set({ stock: 26 }).execute();
      expect((await shown()).nadia?.available).toBe(26);
      // Another column with the same availability (a price): read again.
      await nadia().set({ priceCents: 15900 }).execute();
      await shown();
      expect(load).toHaveBeenCalledTimes(reads + 2);
    } finally {
      await source.close();
      await t.drop();
    }
  });
});
