import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type ListeningProductChangeSource, listenToProductChanges } from "../product-changes";
import { EMPTY_SELLER, requiredSellerFields } from "./fields";
import { showSeller } from "./identity";
import { InvalidSellerError, loadSeller, saveSeller } from "./store";
import { FILLED_IN_SELLER, MICRO_SELLER, SELLER_OF_EACH_FORM } from "./testing";

let t: TestDatabase;
let changes: ListeningProductChangeSource;
beforeAll(async () => {
  t = await createTestDatabase();
  changes = await listenToProductChanges(t.url, { onError: () => {} });
});
afterAll(async () => {
  await changes.close();
  await t.drop();
});
beforeEach(async () => {
  // Back to a new shop's row: nothing filled in, never saved.
  await sql`UPDATE seller SET ${sql.join(
    [...Object.keys(EMPTY_SELLER), "savedBy", "savedAt"].map(
      (field) => sql`${sql.ref(field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`))} = NULL`,
    ),
  )}`.execute(t.db);
});

const row = () => t.db.selectFrom("seller").selectAll().executeTakeFirstOrThrow();

async function refusedWith(input: unknown): Promise<InvalidSellerError> {
  const error = await saveSeller(t.db, input).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(InvalidSellerError);
  return error as InvalidSellerError;
}

describe("the seller's identity", () => {
  it("starts with nothing filled in: the pages show nothing invented, and say what is missing", async () => {
    const seller = await loadSeller(t.db);
    expect(seller).toEqual({ details: EMPTY_SELLER, savedAt: null, savedBy: null });
    const shown = showSeller(seller.details);
    expect(shown).toMatchObject({ filledIn: false, companyName: null, shareCapital: null, siren: null });
    expect(shown.missing).toEqual(requiredSellerFields(EMPTY_SELLER));
  });

  it("refuses garbage, overlong text, a bad SIREN, VAT number or address with a message per field, writing nothing", async () => {
    const before = await row();
    const cases: [unknown, Record<string, string>][] = [
      [{ ...FILLED_IN_SELLER, companyName: "x".repeat(121) }, { companyName: "admin:input.tooLong" }],
      [{ ...FILLED_IN_SELLER, siren: "732829321" }, { siren: "admin:input.sirenInvalid" }],
      [{ ...FILLED_IN_SELLER, vatNumber: "FR45732829320" }, { vatNumber: "admin:input.vatInvalid" }],
      [{ ...FILLED_IN_SELLER, vatNumber: "FR83404833048" }, { vatNumber: "admin:input.vatNotSiren" }],
      [{ ...FILLED_IN_SELLER, mediatorUrl: "http://cm2c.net" }, { mediatorUrl: "admin:input.httpsUrl" }],
      [{ ...FILLED_IN_SELLER, email: "bonjour" }, { email: "admin:input.emailInvalid" }],
      [{ ...FILLED_IN_SELLER, street: "8 rue\r\nde Charonne" }, { street: "admin:input.oneLine" }],
      [{ ...FILLED_IN_SELLER, phone: 612345678 }, { phone: "admin:input.textExpected" }],
      [{ ...FILLED_IN_SELLER, junk: true }, { "": "admin:input.unknownField" }],
      ["garbage", { "": "admin:input.malformed" }],
    ];
    for (const [input, expected] of cases) {
      const error = await refusedWith(input);
      const first = Object.fromEntries([
        ...error.formErrors.map((message) => ["", message]),
        ...Object.entries(error.fieldErrors).map(([field, messages]) => [field, messages?.[0]]),
      ]);
      expect(first, JSON.stringify(input).slice(0, 80)).toEqual(expected);
    }
    expect(await row()).toEqual(before);
  });

  it("saves every detail in its stored form, recording who and when; filled in once the law's details are", async () => {
    const partly = await saveSeller(t.db, {
      ...EMPTY_SELLER,
      companyName: "Souls Atelier SAS",
      siren: "732 829 320",
    });
    expect(partly.details).toMatchObject({
      companyName: "Souls Atelier SAS",
      siren: "732829320",
      email: null,
    });
    expect(partly.savedBy).toBe("admin");
    expect(partly.savedAt).toBeInstanceOf(Date);
    expect(showSeller(partly.details).filledIn).toBe(false);
    expect(showSeller(partly.details).missing).not.toContain("companyName");

    const complete = await saveSeller(
      t.db,
      { ...FILLED_IN_SELLER, vatNumber: "fr 44 732 829 320" },
      "script",
    );
    expect(complete.details).toEqual(FILLED_IN_SELLER);
    expect(complete.savedBy).toBe("script");
    expect(complete.savedAt?.getTime()).toBeGreaterThanOrEqual(partly.savedAt?.getTime() ?? 0);
    expect(showSeller(complete.details)).toMatchObject({ filledIn: true, missing: [] });
    expect(await loadSeller(t.db)).toEqual(complete);

    // Emptying a detail makes it missing again.
    const emptied = await saveSeller(t.db, { ...FILLED_IN_SELLER, hostPhone: "" });
    expect(showSeller(emptied.details)).toMatchObject({ filledIn: false, missing: ["hostPhone"] });
  });

  it("saves each legal form with the details of its own, complete without a VAT number", async () => {
    for (const [form, details] of Object.entries(SELLER_OF_EACH_FORM)) {
      const saved = await saveSeller(t.db, { ...details, vatNumber: null });
      expect(saved.details, form).toEqual({ ...details, vatNumber: null });
      expect(showSeller(saved.details).missing, form).toEqual([]);
    }
    // A company is in the RCS though the form did not say; an EI says where she is.
    const company = await saveSeller(t.db, { ...FILLED_IN_SELLER, register: null });
    expect(company.details.register).toBe("rcs");
    const ei = await saveSeller(t.db, { ...MICRO_SELLER, register: null });
    expect(showSeller(ei.details).missing).toEqual(["register"]);
    const trader = await saveSeller(t.db, { ...MICRO_SELLER, register: "rcs" });
    expect(showSeller(trader.details).missing).toEqual(["rcsCity"]);
    const sas = await saveSeller(t.db, { ...FILLED_IN_SELLER, shareCapital: null, rcsCity: null });
    expect(showSeller(sas.details).missing).toEqual(["shareCapital", "rcsCity"]);
  });

  it("refuses what the legal form does not have, and garbage for the form and register, writing nothing", async () => {
    await saveSeller(t.db, MICRO_SELLER);
    const before = await row();
    const cases: [unknown, Record<string, string>][] = [
      [{ ...MICRO_SELLER, shareCapital: "1 000 €" }, { shareCapital: "admin:input.noCapitalForEi" }],
      [{ ...MICRO_SELLER, rcsCity: "Paris" }, { rcsCity: "admin:input.noRcsCity" }],
      [{ ...FILLED_IN_SELLER, register: "rne", rcsCity: null }, { register: "admin:input.companyInRcs" }],
      [{ ...MICRO_SELLER, legalForm: "auto-entrepreneur" }, { legalForm: "admin:input.legalFormInvalid" }],
      [{ ...MICRO_SELLER, legalForm: ["ei"] }, { legalForm: "admin:input.textExpected" }],
      [{ ...MICRO_SELLER, register: "répertoire des métiers" }, { register: "admin:input.tooLong" }],
      [{ ...MICRO_SELLER, register: "rm" }, { register: "admin:input.registerInvalid" }],
      [{ ...MICRO_SELLER, register: 1 }, { register: "admin:input.textExpected" }],
    ];
    for (const [input, expected] of cases) {
      const error = await refusedWith(input);
      const first = Object.fromEntries(
        Object.entries(error.fieldErrors).map(([field, messages]) => [field, messages?.[0]]),
      );
      expect(first, JSON.stringify(input).slice(0, 120)).toEqual(expected);
    }
    expect(await row()).toEqual(before);
  });

  it("is held by the table too: no capital for an EI, no company outside the RCS, no registry's city for the RNE", async () => {
    await saveSeller(t.db, MICRO_SELLER);
    await expect(sql`UPDATE seller SET share_capital = '1 000 €'`.execute(t.db)).rejects.toThrow(
      /seller_form_details/,
    );
    await expect(sql`UPDATE seller SET rcs_city = 'Paris'`.execute(t.db)).rejects.toThrow(
      /seller_rcs_city_register/,
    );
    await expect(sql`UPDATE seller SET legal_form = 'SA', register = 'rcs'`.execute(t.db)).rejects.toThrow(
      /seller_legal_form_choice/,
    );
    await saveSeller(t.db, FILLED_IN_SELLER);
    await expect(sql`UPDATE seller SET register = 'rne', rcs_city = NULL`.execute(t.db)).rejects.toThrow(
      /seller_form_details/,
    );
  });

  it("is one row: the table refuses a second", async () => {
    await expect(sql`INSERT INTO seller (id) VALUES (2)`.execute(t.db)).rejects.toThrow(/seller_id_check/);
  });

  it("is heard by every web server as a change of what the shop shows", async () => {
    await changes.catchUp(); // the set-up's own change, heard before counting
    let heard = 0;
    const stop = changes.subscribeToAll(() => heard++);
    await saveSeller(t.db, FILLED_IN_SELLER);
    expect(await changes.catchUp()).toBe(true);
    stop();
    expect(heard).toBe(1);
  });
});
