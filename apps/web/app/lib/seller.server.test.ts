/**
 * The pages read the seller once per catalogue version, again at the first request after a change;
 * a production start reads it once and says, in one log line, while the legal pages still show
 * examples; outside production it reads nothing.
 */
import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import { EMPTY_SELLER, saveSeller, showSeller } from "@souls/shop/seller";
import { FILLED_IN_SELLER } from "@souls/shop/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

beforeEach(() => {
  vi.stubEnv("DATABASE_URL", t.url);
  // A production build on the local database: the start-up rules without a deployment's secrets.
  vi.stubEnv("SHOP_EMBEDDED_DB", "1");
});

/** Starts the web app's seller module as a server start does; what it wrote to the log. */
async function start(nodeEnv: "production" | "development") {
  vi.resetModules();
  vi.stubEnv("NODE_ENV", nodeEnv);
  const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  try {
    await (await import("./seller.server")).sellerCheckedAtStart;
    return warn.mock.calls.map((call) => call.join(" "));
  } finally {
    warn.mockRestore();
    await (await import("./db.server")).db.destroy();
  }
}

it("says once at a production start that the legal pages show examples, naming the page that ends it", async () => {
  await saveSeller(t.db, EMPTY_SELLER);
  expect(await start("production")).toEqual([
    "[web] the seller's identity is not filled in: the legal pages show examples (/admin-boutique)",
  ]);
  // Development is the owner's own machine: nothing to warn a deployment about.
  expect(await start("development")).toEqual([]);
});

it("says nothing once every detail the law asks for is filled in", async () => {
  await saveSeller(t.db, { ...FILLED_IN_SELLER, instagramUrl: null, brand: null });
  expect(await start("production")).toEqual([]);
  await saveSeller(t.db, { ...FILLED_IN_SELLER, mediatorUrl: null });
  expect(await start("production")).toHaveLength(1);
});

/** A channel the test drives: announces changes, drops and comes back. */
function channel() {
  const listeners = new Set<() => void>();
  let connection: number | null = 1;
  return {
    subscribeToAll(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    connection: () => connection,
    catchUp: async () => connection !== null,
    announce: () => {
      for (const listener of listeners) listener();
    },
    drop: () => {
      connection = null;
    },
  };
}

describe("the seller the pages show", () => {
  it("is read once while nothing changes, again at the first request after a change, never kept while deaf", async () => {
    vi.resetModules();
    const [{ keepSeller }, { versionOf }] = await Promise.all([
      import("./seller.server"),
      import("./catalogue.server"),
    ]);
    const changes = channel();
    const load = vi.fn(async () =>
      showSeller({ ...FILLED_IN_SELLER, brand: `Souls ${load.mock.calls.length}` }),
    );
    const shown = keepSeller(load, versionOf(changes));

    expect((await shown()).brand).toBe("Souls 1");
    expect(await shown()).toBe(await shown());
    expect(load).toHaveBeenCalledTimes(1);
    expect(Object.isFrozen(await shown())).toBe(true);

    changes.announce();
    expect((await shown()).brand).toBe("Souls 2");
    expect(load).toHaveBeenCalledTimes(2);

    // While the channel is down a save could not be heard: every request reads it.
    changes.drop();
    await shown();
    await shown();
    expect(load).toHaveBeenCalledTimes(4);
    await (await import("./db.server")).db.destroy();
  });
});
