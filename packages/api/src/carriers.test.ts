/**
 * « Transporteurs » through the admin API on real PostgreSQL (decision 050): the owner changes her
 * carriers, each change in the history under her name; a helper who packs is refused every change
 * (403, in French) but ships with any carrier offered; refusals are 4xx with a French message.
 */
import { seedProducts } from "@souls/db";
import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import { placePaidOrder } from "@souls/shop/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "./errors";
import { createCaller } from "./router";
import { errorShape, helperContext, ownerCaller, rowCounts, trpcError } from "./testing";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await seedProducts(t.db);
});
afterAll(() => t.drop());

const MONDIAL_RELAY = {
  name: "Mondial Relay",
  trackingTemplate: "https://www.mondialrelay.fr/suivi-de-colis/?numeroExpedition={number}",
};

describe("the owner's carriers", () => {
  it("adds one, renames it, retires it: each change in the history, under her name", async () => {
    const owner = ownerCaller(t.db);
    const added = await owner.carriers.add(MONDIAL_RELAY);
    expect(added).toMatchObject({ key: "mondial-relay", name: "Mondial Relay", retiredAt: null });
    await owner.carriers.update({ key: "mondial-relay", ...MONDIAL_RELAY, name: "Mondial Relay Point" });
    await owner.carriers.retire({ key: "mondial-relay" });
    expect((await owner.carriers.active()).carriers.map((c) => c.key)).toEqual([
      "colissimo",
      "chronopost",
      "dhl",
      "ups",
    ]);
    const { carriers, history, maxCarriers } = await owner.carriers.list();
    expect(maxCarriers).toBe(20);
    expect(carriers.at(-1)).toMatchObject({ key: "mondial-relay", name: "Mondial Relay Point" });
    expect(typeof carriers.at(-1)?.retiredAt).toBe("string");
    expect(history.map(({ kind, actorName }) => ({ kind, actorName }))).toEqual([
      { kind: "retired", actorName: "Propriétaire" },
      { kind: "renamed", actorName: "Propriétaire" },
      { kind: "added", actorName: "Propriétaire" },
    ]);
    await owner.carriers.restore({ key: "mondial-relay" });
  });

  it("answers a refused change in French, with its 4xx", async () => {
    const owner = ownerCaller(t.db);
    const taken = await trpcError(owner.carriers.add({ ...MONDIAL_RELAY, name: "DHL" }));
    expect(errorShape(taken, "carriers.add")).toMatchObject({
      message: "Un autre transporteur porte déjà ce nom.",
      data: { code: "CONFLICT", httpStatus: 409 },
    });
    const unknown = await trpcError(owner.carriers.retire({ key: "fedex" }));
    expect(errorShape(unknown, "carriers.retire")).toMatchObject({
      message: "Ce transporteur n'existe pas : rechargez la page.",
      data: { httpStatus: 404 },
    });
    const template = await trpcError(
      owner.carriers.add({ name: "Relais", trackingTemplate: "http://relais.example/?n={number}" }),
    );
    expect(errorShape(template, "carriers.add")).toMatchObject({
      message: MESSAGES.validation,
      data: {
        httpStatus: 400,
        zodError: { fieldErrors: { trackingTemplate: [{ key: "admin:input.trackingTemplateHttps" }] } },
      },
    });
    const slot = await trpcError(
      owner.carriers.update({ key: "ups", name: "UPS", trackingTemplate: "https://www.ups.com/track" }),
    );
    expect(errorShape(slot, "carriers.update").data.zodError?.fieldErrors).toEqual({
      trackingTemplate: [{ key: "admin:input.trackingTemplateSlot", values: {} }],
    });
  });
});

describe("a helper who packs", () => {
  it("is refused every change of the carriers (403, in French), and changes nothing", async () => {
    const helper = createCaller(helperContext(t.db));
    const before = await rowCounts(t.db);
    for (const call of [
      () => helper.carriers.list(),
      () => helper.carriers.add(MONDIAL_RELAY),
      () =>
        helper.carriers.update({
          key: "dhl",
          name: "DHL",
          trackingTemplate: "https://evil.example/{number}",
        }),
      () => helper.carriers.retire({ key: "dhl" }),
      () => helper.carriers.restore({ key: "dhl" }),
    ]) {
      const error = await trpcError(call());
      expect(error.code).toBe("FORBIDDEN");
      expect(error.message).toBe(MESSAGES.forbidden);
    }
    expect(await rowCounts(t.db)).toEqual(before);
    const dhl = (await ownerCaller(t.db).carriers.list()).carriers.find((c) => c.key === "dhl");
    expect(dhl?.trackingTemplate).toBe("https://www.dhl.com/fr-en/home/tracking.html?tracking-id={number}");
  });

  it("ships with any carrier offered — one the owner added too — but not with a retired one", async () => {
    const helper = createCaller(helperContext(t.db));
    const offered = (await helper.carriers.active()).carriers.map((c) => c.key);
    expect(offered).toContain("mondial-relay");
    const paid = await placePaidOrder(t.db);
    await ownerCaller(t.db).carriers.retire({ key: "chronopost" });
    const retired = await trpcError(
      helper.orders.markShipped({
        orderNumber: paid.orderNumber,
        carrier: "chronopost",
        trackingNumber: "XY123",
      }),
    );
    expect(errorShape(retired, "orders.markShipped")).toMatchObject({
      message: "Ce transporteur n'est plus proposé : choisissez-en un autre (rechargez la page).",
      data: { code: "CONFLICT", httpStatus: 409 },
    });
    expect(
      await helper.orders.markShipped({
        orderNumber: paid.orderNumber,
        carrier: "mondial-relay",
        trackingNumber: "MR123",
      }),
    ).toEqual({ orderNumber: paid.orderNumber, status: "shipped" });
    const detail = await helper.orders.detail({ orderNumber: paid.orderNumber });
    expect(detail.order).toMatchObject({
      carrierName: "Mondial Relay Point",
      carrierTrackingUrl: "https://www.mondialrelay.fr/suivi-de-colis/?numeroExpedition=MR123",
    });
  });
});
