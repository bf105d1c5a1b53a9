/**
 * A production start reads the seller once and says, in one log line, while the legal pages still
 * leave out a detail the law requires; outside production it reads nothing. (The pages' copy, kept per catalogue version,
 * is keepCollection's: catalogue.server.test.ts.)
 */
import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import { EMPTY_SELLER, saveSeller } from "@souls/shop/seller";
import { FILLED_IN_SELLER } from "@souls/shop/testing";
import { afterAll, beforeAll, beforeEach, expect, it, vi } from "vitest";

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

it("says once at a production start that the legal pages miss required details, naming the page that ends it", async () => {
  await saveSeller(t.db, EMPTY_SELLER);
  expect(await start("production")).toEqual([
    "[web] the seller's identity is not filled in: the legal pages leave out what the law requires (/admin-boutique)",
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
