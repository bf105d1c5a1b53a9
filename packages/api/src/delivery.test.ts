/** « Livraison » through the panel's API (decision 049): owner only, refusals in French, her history. */
import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "./errors";
import { createCaller } from "./router";
import { errorShape, helperContext, ownerCaller, trpcError } from "./testing";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

const zoneInput = (zone: { id: number; [field: string]: unknown }, changes: Record<string, unknown> = {}) => {
  const { position: _position, updatedAt: _updatedAt, ...fields } = { ...zone, ...changes };
  return fields as Parameters<ReturnType<typeof ownerCaller>["delivery"]["saveZone"]>[0];
};

describe("the owner's « Livraison »", () => {
  it("lists the launch's zones, every country she may choose named in French, and an empty history", async () => {
    const delivery = await ownerCaller(t.db).delivery.get();
    expect(delivery.zones.map((zone) => [zone.name, zone.priceCents, zone.freeFromCents])).toEqual([
      ["France", 0, null],
      ["Union européenne", 1200, null],
      ["Europe hors Union", 1200, null],
      ["Reste du monde", 2500, null],
    ]);
    expect(delivery.countries).toContainEqual({ code: "DE", name: "Allemagne" });
    expect(delivery.history).toEqual([]);
  });

  it("saves free delivery from 300 € to the EU, naming her in the history", async () => {
    const { zones } = await ownerCaller(t.db).delivery.get();
    const eu = zones.find((zone) => zone.name === "Union européenne");
    if (!eu) throw new Error("no EU zone");
    const saved = await ownerCaller(t.db).delivery.saveZone(zoneInput(eu, { freeFromCents: 30000 }));
    expect(saved.zones.find((zone) => zone.id === eu.id)?.freeFromCents).toBe(30000);
    expect(saved.history[0]).toMatchObject({
      actorName: "Propriétaire",
      zoneName: "Union européenne",
      summary: expect.stringMatching(/^offerte dès 300,00\s€$/),
    });
  });

  it("answers a rule between zones in French, with a 4xx, changing nothing", async () => {
    const caller = ownerCaller(t.db);
    const { zones } = await caller.delivery.get();
    const world = zones.find((zone) => zone.name === "Reste du monde");
    if (!world) throw new Error("no world zone");
    const elsewhere = await trpcError(
      caller.delivery.saveZone(zoneInput(world, { countries: [...world.countries, "DE"] })),
    );
    expect(errorShape(elsewhere, "delivery.saveZone")).toMatchObject({
      message: "Allemagne est déjà dans la zone « Union européenne » : retirez ce pays de celle-ci d'abord.",
      data: { code: "CONFLICT", httpStatus: 409 },
    });
    const taken = await trpcError(caller.delivery.saveZone(zoneInput(world, { name: "France" })));
    expect(errorShape(taken, "delivery.saveZone")).toMatchObject({
      message: "Une zone s'appelle déjà « France » : choisissez un autre nom.",
      data: { httpStatus: 409 },
    });
    const gone = await trpcError(caller.delivery.removeZone({ id: 999_999 }));
    expect(errorShape(gone, "delivery.removeZone")).toMatchObject({
      message: "Cette zone n'existe plus : rechargez la page.",
      data: { code: "NOT_FOUND", httpStatus: 404 },
    });
    expect((await caller.delivery.get()).zones).toEqual(zones);
  });

  it("is refused to her packing helper, whatever she sends", async () => {
    const helper = createCaller(helperContext(t.db));
    for (const call of [
      () => helper.delivery.get(),
      () => helper.delivery.removeZone({ id: 1 }),
      () => helper.delivery.saveZone({} as never),
    ]) {
      const error = await trpcError(call());
      expect(error.code).toBe("FORBIDDEN");
      expect(error.message).toBe(MESSAGES.forbidden);
    }
  });
});
