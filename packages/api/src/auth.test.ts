import { seedProducts } from "@souls/db";
import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import { placePaidOrder } from "@souls/shop/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "./errors";
import { createCaller } from "./router";
import {
  callPath,
  errorShape,
  ownerContext,
  PROCEDURES,
  rowCounts,
  trpcError,
  WELL_FORMED_INPUTS,
} from "./testing";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await seedProducts(t.db);
  await placePaidOrder(t.db);
});
afterAll(() => t.drop());

const paths = PROCEDURES.map((p) => p.path);

it("walks the router's own list of procedures: every one of the contract's is there", () => {
  expect(paths.length).toBeGreaterThan(0);
  expect(paths).toEqual(
    expect.arrayContaining([
      "orders.list",
      "orders.detail",
      "orders.markShipped",
      "orders.markPrepared",
      "orders.markDelivered",
      "orders.releaseHold",
      "products.list",
      "products.create",
      "products.adjust",
      "products.remove",
      "products.createSample",
      "products.changes",
      "emails.stats",
      "emails.recent",
      "emails.retry",
      "emails.view",
      "emails.cleanup",
      "sampleOrders.run",
      "photos.list",
      "photos.reorder",
      "photos.setAlt",
      "photos.remove",
      "catalogue.list",
      "catalogue.detail",
      "catalogue.createModel",
      "catalogue.updateModel",
      "catalogue.updateTexts",
      "catalogue.changeAddress",
      "catalogue.save",
      "catalogue.duplicate",
      "catalogue.publish",
      "catalogue.unpublish",
      "catalogue.archive",
      "catalogue.unarchive",
      "catalogue.startSale",
      "catalogue.endSale",
      "catalogue.moveModel",
      "catalogue.createSeries",
      "catalogue.updateSeries",
      "catalogue.featureSeries",
      "catalogue.deleteSeries",
      "seller.get",
      "seller.save",
      "reviews.list",
      "reviews.waiting",
      "reviews.publish",
      "reviews.reject",
      "reviews.reply",
      "reviews.remove",
      "access.me",
      "access.rename",
      "access.changePassword",
      "access.sessions",
      "access.endSession",
      "access.endOtherSessions",
      "access.people",
      "access.addPerson",
      "access.removePerson",
    ]),
  );
  expect(PROCEDURES.find((p) => p.path === "products.changes")?.type).toBe("subscription");
  // Every procedure has a well-formed input written for it (the other tests use them).
  expect(Object.keys(WELL_FORMED_INPUTS).sort()).toEqual([...paths].sort());
});

describe.each(PROCEDURES)("without a session, $path ($type)", ({ path }) => {
  const anonymous = () => createCaller(ownerContext(t.db, { admin: null }));

  it.each([
    ["a well-formed input", WELL_FORMED_INPUTS[path]],
    ["no input", undefined],
    ["a malformed input", { junk: "x".repeat(10_000) }],
  ])("is UNAUTHORIZED with %s, and writes nothing", async (_, input) => {
    const before = await rowCounts(t.db);
    // A subscription is refused before any stream opens: the call itself rejects.
    const error = await trpcError(callPath(anonymous(), path, input));
    expect(error.code).toBe("UNAUTHORIZED");
    expect(error.message).toBe(MESSAGES.unauthorized);
    expect(errorShape(error, path)).toMatchObject({
      message: MESSAGES.unauthorized,
      data: { code: "UNAUTHORIZED", httpStatus: 401, zodError: null },
    });
    expect(await rowCounts(t.db)).toEqual(before);
  });
});
