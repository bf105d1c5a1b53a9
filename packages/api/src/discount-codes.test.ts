import { seedProducts } from "@souls/db";
import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCaller } from "./router";
import { errorShape, helperContext, ownerCaller, trpcError, WELL_FORMED_INPUTS } from "./testing";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await seedProducts(t.db);
});
afterAll(() => t.drop());

const WELL_FORMED = WELL_FORMED_INPUTS["discountCodes.create"] as Record<string, unknown>;

describe("« Codes de réduction » through the API", () => {
  it("creates a code, lists it with its uses and history under her name, ends it, and answers refusals in French", async () => {
    const api = ownerCaller(t.db);
    const nadia = await t.db
      .selectFrom("products")
      .select("id")
      .where("slug", "=", "nadia")
      .executeTakeFirstOrThrow();
    const created = await api.discountCodes.create({
      ...WELL_FORMED,
      code: " influence-lea ",
      kind: "amount",
      value: 2000,
      startsAt: "2026-12-01T09:00",
      productIds: [nadia.id],
    } as never);
    // 9:00 in Paris in winter is 8:00 UTC; the code is stored in upper case.
    expect(created).toMatchObject({ code: "INFLUENCE-LEA", kind: "amount", value: 2000 });
    expect(created.startsAt).toBe("2026-12-01T08:00:00.000Z");
    const list = await api.discountCodes.list();
    expect(list.find((code) => code.id === created.id)).toMatchObject({ uses: 0, discountedCents: 0 });

    const again = await trpcError(
      api.discountCodes.create({ ...WELL_FORMED, code: "influence-lea" } as never),
    );
    expect(errorShape(again, "discountCodes.create")).toMatchObject({
      message: "Ce code existe déjà (même terminé) : choisissez-en un autre.",
      data: { httpStatus: 409 },
    });
    await api.discountCodes.end({ id: created.id });
    const ended = await trpcError(api.discountCodes.end({ id: created.id }));
    expect(errorShape(ended, "discountCodes.end")).toMatchObject({
      message: "Ce code est déjà terminé.",
      data: { httpStatus: 409 },
    });
    const missing = await trpcError(api.discountCodes.uses({ id: 999_999 }));
    expect(errorShape(missing, "discountCodes.uses")).toMatchObject({
      message: "Ce code de réduction n'existe pas.",
      data: { httpStatus: 404 },
    });
    const { history } = await api.discountCodes.uses({ id: created.id });
    expect(history.map((entry) => [entry.kind, entry.actorName])).toEqual([
      ["created", "Propriétaire"],
      ["ended", "Propriétaire"],
    ]);
  });

  it("refuses garbage with a 400 and a French message under the field", async () => {
    const api = ownerCaller(t.db);
    const cases: [Record<string, unknown>, string][] = [
      [{ code: "a" }, "code"],
      [{ code: "x".repeat(33) }, "code"],
      [{ code: "PROMO<script>" }, "code"],
      [{ code: "ÉTÉ2026" }, "code"],
      [{ kind: "free" }, "kind"],
      [{ value: 150 }, "value"],
      [{ value: 0 }, "value"],
      [{ value: 1.5 }, "value"],
      [{ startsAt: "demain" }, "startsAt"],
      [{ startsAt: "2099-12-31T23:59", endsAt: "2099-12-01T00:00" }, "endsAt"],
      [{ maxUses: -1 }, "maxUses"],
      [{ minSubtotalCents: "100" }, "minSubtotalCents"],
      [{ productIds: Array.from({ length: 101 }, (_, index) => index + 1) }, "productIds"],
      [{ productIds: [999_999] }, ""],
      [{ oncePerEmail: "yes" }, "oncePerEmail"],
    ];
    for (const [change, field] of cases) {
      const error = await trpcError(api.discountCodes.create({ ...WELL_FORMED, ...change } as never));
      const shape = errorShape(error, "discountCodes.create");
      expect(shape.data.httpStatus, JSON.stringify(change)).toBe(400);
      expect(shape.message).toMatch(/[a-zé]/);
      if (field)
        expect(Object.keys(shape.data.zodError?.fieldErrors ?? {}), JSON.stringify(change)).toContain(field);
    }
    const unknownField = await trpcError(api.discountCodes.create({ ...WELL_FORMED, extra: 1 } as never));
    expect(errorShape(unknownField, "discountCodes.create").data.httpStatus).toBe(400);
  });

  it("is the owner's alone: the packing helper is refused every procedure", async () => {
    const helper = createCaller(helperContext(t.db));
    for (const call of [
      helper.discountCodes.list(),
      helper.discountCodes.create(WELL_FORMED as never),
      helper.discountCodes.end({ id: 1 }),
      helper.discountCodes.uses({ id: 1 }),
    ]) {
      const error = await trpcError(call);
      expect(errorShape(error, "discountCodes").data.httpStatus).toBe(403);
    }
  });
});
