import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import { EMPTY_SELLER, requiredSellerFields } from "@souls/shop/seller";
import { FILLED_IN_SELLER, MICRO_SELLER } from "@souls/shop/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "./errors";
import { errorShape, ownerCaller, trpcError } from "./testing";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

const stored = () => t.db.selectFrom("seller").selectAll().executeTakeFirstOrThrow();

describe("the owner's « Ma boutique »", () => {
  it("starts empty: every detail the law asks for is still to fill in", async () => {
    const seller = await ownerCaller(t.db).seller.get();
    expect(seller.savedAt).toBeNull();
    expect(Object.values(seller.details).every((value) => value === null)).toBe(true);
    expect(seller.missing).toEqual(requiredSellerFields(EMPTY_SELLER));
  });

  it("refuses a bad SIREN, VAT number, address or link with a message under each field, saving nothing", async () => {
    const before = await stored();
    const error = await trpcError(
      ownerCaller(t.db).seller.save({
        ...FILLED_IN_SELLER,
        siren: "732 829 321",
        vatNumber: "FR 00 732829320",
        mediatorUrl: "http://www.cm2c.net",
        companyName: "x".repeat(121),
        street: "8 rue\nde Charonne",
      }),
    );
    const shape = errorShape(error, "seller.save");
    expect(shape.message).toBe(MESSAGES.validation);
    expect(shape.data.zodError?.fieldErrors).toEqual({
      siren: [{ key: "admin:input.sirenInvalid", values: {} }],
      vatNumber: [{ key: "admin:input.vatInvalid", values: {} }],
      mediatorUrl: [{ key: "admin:input.httpsUrl", values: {} }],
      companyName: [{ key: "admin:input.tooLong", values: { max: 120 } }],
      street: [{ key: "admin:input.oneLine", values: {} }],
    });
    const mismatch = await trpcError(
      ownerCaller(t.db).seller.save({ ...FILLED_IN_SELLER, vatNumber: "FR83404833048" }),
    );
    expect(errorShape(mismatch, "seller.save").data.zodError?.fieldErrors).toEqual({
      vatNumber: [{ key: "admin:input.vatNotSiren", values: {} }],
    });
    expect(await stored()).toEqual(before);
  });

  it("refuses what her legal form does not have and garbage for the form and register, in French, saving nothing", async () => {
    const before = await stored();
    const error = await trpcError(
      ownerCaller(t.db).seller.save({ ...MICRO_SELLER, shareCapital: "1 000 €", rcsCity: "Paris" }),
    );
    expect(errorShape(error, "seller.save").data.zodError?.fieldErrors).toEqual({
      shareCapital: [{ key: "admin:input.noCapitalForEi", values: {} }],
      rcsCity: [{ key: "admin:input.noRcsCity", values: {} }],
    });
    const garbage = await trpcError(
      // What a tampered request may send: an object where text is expected.
      ownerCaller(t.db).seller.save({
        ...FILLED_IN_SELLER,
        legalForm: "SA",
        register: { rcs: true } as unknown as string,
      }),
    );
    expect(errorShape(garbage, "seller.save").data.zodError?.fieldErrors).toEqual({
      legalForm: [{ key: "admin:input.legalFormInvalid", values: {} }],
      register: [{ key: "admin:input.textExpected", values: {} }],
    });
    const company = await trpcError(
      ownerCaller(t.db).seller.save({ ...FILLED_IN_SELLER, register: "rne", rcsCity: null }),
    );
    expect(errorShape(company, "seller.save").data.zodError?.fieldErrors).toEqual({
      register: [{ key: "admin:input.companyInRcs", values: {} }],
    });
    expect(await stored()).toEqual(before);
    // A micro-entrepreneur with no capital, registry's city or VAT number has said all the law asks.
    expect((await ownerCaller(t.db).seller.save(MICRO_SELLER)).missing).toEqual([]);
  });

  it("saves what she typed in its stored form, says when, and what is left to fill in", async () => {
    const caller = ownerCaller(t.db);
    const partly = await caller.seller.save({
      ...FILLED_IN_SELLER,
      companyName: " \u202ESouls Atelier SAS ",
      siren: "732 829 320",
      vatNumber: "fr 44 732 829 320",
      hostPhone: "",
      mediatorName: null,
    });
    expect(partly.details).toEqual({ ...FILLED_IN_SELLER, hostPhone: null, mediatorName: null });
    expect(partly.missing).toEqual(["hostPhone", "mediatorName"]);
    expect(partly.savedBy).toBe("admin");
    expect(typeof partly.savedAt).toBe("string");

    const complete = await caller.seller.save(FILLED_IN_SELLER);
    expect(complete.missing).toEqual([]);
    expect(await caller.seller.get()).toEqual(complete);
  });
});
