import { nameOfSeller } from "@souls/core/legal-forms";
import { describe, expect, it } from "vitest";
import {
  EMPTY_SELLER,
  missingSellerFields,
  REQUIRED_SELLER_FIELDS,
  requiredSellerFields,
  SELLER_FIELDS,
} from "./fields";
import {
  emailContextFor,
  mailSenderOf,
  manufacturerOf,
  postalAddressLine,
  showSeller,
  sirenForReading,
} from "./identity";
import { isFrenchVatNumber, isSiren, sellerDetailsSchema, vatKeyOf } from "./rules";
import { FILLED_IN_SELLER, MICRO_SELLER } from "./testing";

const FILLED_IN = FILLED_IN_SELLER;

const refusal = (input: unknown) => {
  const result = sellerDetailsSchema.safeParse(input);
  if (result.success) throw new Error(`accepted ${JSON.stringify(input).slice(0, 100)}`);
  // The first message of each field, as the panel shows it.
  const messages: Record<string, string> = {};
  for (const issue of result.error.issues) messages[String(issue.path[0] ?? "")] ??= issue.message;
  return messages;
};

describe("a SIREN and a French VAT number", () => {
  it("carry their checks: a SIREN's Luhn digit, a VAT number's key of its SIREN", () => {
    expect(isSiren("732829320")).toBe(true);
    expect(isSiren("404833048")).toBe(true);
    expect(isSiren("732829321")).toBe(false);
    expect(isSiren("123456789")).toBe(false);
    expect(isSiren("73282932")).toBe(false);
    expect(vatKeyOf("404833048")).toBe("83");
    expect(isFrenchVatNumber("FR83404833048")).toBe(true);
    expect(isFrenchVatNumber("FR84404833048")).toBe(false);
    expect(isFrenchVatNumber("FR32123456789")).toBe(false); // the key fits, the SIREN does not
    expect(isFrenchVatNumber("DE123456789")).toBe(false);
    expect(sirenForReading("732829320")).toBe("732 829 320");
  });
});

describe("the seller's rules", () => {
  it("take every detail as typed, trimmed, without bidirectional controls, in the stored form", () => {
    const parsed = sellerDetailsSchema.parse({
      ...FILLED_IN,
      companyName: "  \u202ESouls Atelier SAS\u202C ",
      siren: "732 829 320",
      vatNumber: "fr 44 732829320",
      postalCode: " 75011 ",
      country: "fr",
      brand: "",
      instagramUrl: "   ",
    });
    expect(parsed).toEqual({
      ...FILLED_IN,
      brand: null,
      instagramUrl: null,
    });
  });

  it("refuse garbage, overlong text, a bad SIREN, VAT number, e-mail, phone or address, each under its field", () => {
    expect(
      refusal({
        ...FILLED_IN,
        companyName: "x".repeat(121),
        legalForm: 42,
        siren: "732829321",
        vatNumber: "FR00732829320",
        email: "bonjour-at-souls.fr",
        phone: "call me",
        instagramUrl: "http://instagram.com/souls",
        mediatorUrl: "javascript:alert(1)",
        street: "8 rue\nde Charonne",
        city: "<b>Paris</b>",
        country: "ZZ",
        hostName: "\u0000",
      }),
    ).toEqual({
      companyName: "admin:input.tooLong",
      legalForm: "admin:input.textExpected",
      siren: "admin:input.sirenInvalid",
      vatNumber: "admin:input.vatInvalid",
      email: "admin:input.emailInvalid",
      phone: "admin:input.phoneInvalid",
      instagramUrl: "admin:input.httpsUrl",
      mediatorUrl: "admin:input.httpsUrl",
      street: "admin:input.oneLine",
      city: "admin:input.plainText",
      country: "admin:input.countryInvalid",
      hostName: "admin:input.invalidCharacters",
    });
  });

  it("check the details together: the VAT number holds the SIREN, a French postal code has five digits", () => {
    expect(refusal({ ...FILLED_IN, vatNumber: "FR83404833048" })).toEqual({
      vatNumber: "admin:input.vatNotSiren",
    });
    expect(refusal({ ...FILLED_IN, postalCode: "7501" })).toEqual({
      postalCode: "admin:input.frenchPostalCode",
    });
    expect(
      sellerDetailsSchema.parse({ ...FILLED_IN, country: "PT", postalCode: "4000-123" }).postalCode,
    ).toBe("4000-123");
  });

  it("ask for every detail by name, and nothing else", () => {
    const { brand: _, ...withoutBrand } = FILLED_IN;
    expect(refusal(withoutBrand)).toEqual({ brand: "admin:input.required" });
    expect(refusal({ ...FILLED_IN, owner: "me" })).toEqual({ "": "admin:input.unknownField" });
    expect(refusal(null)).toEqual({ "": "admin:input.malformed" });
    // A refused detail's value is anything: the checks between details leave it to its own message.
    expect(refusal({ ...FILLED_IN, vatNumber: 44, postalCode: 75011, siren: null })).toEqual({
      vatNumber: "admin:input.textExpected",
      postalCode: "admin:input.textExpected",
    });
  });
});

describe("the seller's legal form", () => {
  it("takes a form from the list, as its code, and refuses any other", () => {
    expect(sellerDetailsSchema.parse({ ...FILLED_IN, legalForm: " SASU " }).legalForm).toBe("sasu");
    expect(refusal({ ...FILLED_IN, legalForm: "Société anonyme" })).toEqual({
      legalForm: "admin:input.legalFormInvalid",
    });
    expect(refusal({ ...FILLED_IN, register: "RM" })).toEqual({ register: "admin:input.registerInvalid" });
  });

  it("asks each form for its own details: a company's capital and RCS city, an EI's register, and the RCS city only in the RCS", () => {
    const always = REQUIRED_SELLER_FIELDS.filter(
      (field) => !["shareCapital", "register", "rcsCity"].includes(field),
    );
    expect(requiredSellerFields({ legalForm: null, register: null })).toEqual(always);
    for (const form of ["eurl", "sarl", "sas", "sasu"]) {
      const required = requiredSellerFields({ legalForm: form, register: null });
      expect(required, form).toContain("shareCapital");
      expect(required, form).toContain("rcsCity");
      expect(required, form).not.toContain("register");
      expect(required, form).not.toContain("vatNumber");
    }
    const ei = requiredSellerFields({ legalForm: "ei", register: null });
    expect(ei).toContain("register");
    expect(ei).not.toContain("shareCapital");
    expect(ei).not.toContain("rcsCity");
    expect(requiredSellerFields({ legalForm: "ei", register: "rcs" })).toContain("rcsCity");
    expect(requiredSellerFields({ legalForm: "ei", register: "rne" })).not.toContain("rcsCity");
    // A micro-entrepreneur without a VAT number, a capital or a registry's city is complete.
    expect(missingSellerFields(MICRO_SELLER)).toEqual([]);
    expect(missingSellerFields({ ...FILLED_IN, shareCapital: null, vatNumber: null })).toEqual([
      "shareCapital",
    ]);
  });

  it("refuses what a form does not have: an EI's capital, a company outside the RCS, a registry's city for the RNE", () => {
    expect(refusal({ ...MICRO_SELLER, shareCapital: "1 000 €" })).toEqual({
      shareCapital: "admin:input.noCapitalForEi",
    });
    expect(refusal({ ...FILLED_IN, register: "rne", rcsCity: null })).toEqual({
      register: "admin:input.companyInRcs",
    });
    expect(refusal({ ...MICRO_SELLER, rcsCity: "Paris" })).toEqual({ rcsCity: "admin:input.noRcsCity" });
    // A trader EI is in the RCS, with its city; a VAT number is hers to give or not.
    expect(
      sellerDetailsSchema.parse({
        ...MICRO_SELLER,
        register: "rcs",
        rcsCity: "Paris",
        vatNumber: "FR83404833048",
      }),
    ).toMatchObject({ register: "rcs", rcsCity: "Paris", vatNumber: "FR83404833048" });
  });

  it("writes an EI's name followed by « EI », unless she wrote it so", () => {
    expect(nameOfSeller("Zora Benali", "ei")).toBe("Zora Benali EI");
    expect(nameOfSeller("Zora Benali EI", "ei")).toBe("Zora Benali EI");
    expect(nameOfSeller("EI Zora Benali", "ei")).toBe("EI Zora Benali");
    expect(nameOfSeller("Zora Benali, entrepreneur individuel", "ei")).toBe(
      "Zora Benali, entrepreneur individuel",
    );
    expect(nameOfSeller("Eileen Deim", "ei")).toBe("Eileen Deim EI");
    expect(nameOfSeller("Souls Atelier SAS", "sas")).toBe("Souls Atelier SAS");
  });
});

describe("the seller the pages show", () => {
  it("is nothing invented while nothing is filled in: every detail null, every required one missing", () => {
    const shown = showSeller(EMPTY_SELLER);
    expect(shown.filledIn).toBe(false);
    expect(shown.missing).toEqual(requiredSellerFields(EMPTY_SELLER));
    expect(shown).toMatchObject({
      brand: "SOULS",
      companyName: null,
      legalForm: null,
      shareCapital: null,
      siren: null,
      rcsCity: null,
      vatNumber: null,
      email: null,
      instagramUrl: null,
      address: { street: null, postalCode: null, city: null, country: null },
      host: { name: null, address: null, phone: null },
      manufacturer: { name: "SOULS", address: null, email: null },
    });
    expect(postalAddressLine(shown.address, "fr")).toBeNull();
  });

  it("shows what is filled in, and is filled in once the law's details for her form are", () => {
    const partly = showSeller({ ...EMPTY_SELLER, companyName: "Souls Atelier SAS", hostName: "OVH SAS" });
    expect(partly.filledIn).toBe(false);
    expect(partly.companyName).toBe("Souls Atelier SAS");
    expect(partly.host).toEqual({ name: "OVH SAS", address: null, phone: null });
    expect(partly.missing).not.toContain("companyName");
    expect(partly.missing).toContain("hostAddress");
    expect(postalAddressLine({ ...partly.address, city: "Paris", country: "FR" }, "en")).toBe(
      "Paris, France",
    );

    const optional = new Set(
      SELLER_FIELDS.filter((field) => !(REQUIRED_SELLER_FIELDS as readonly string[]).includes(field)),
    );
    expect(optional).toEqual(
      new Set([
        "brand",
        "vatNumber",
        "instagramUrl",
        "manufacturerName",
        "manufacturerAddress",
        "manufacturerEmail",
      ]),
    );
    const complete = showSeller({ ...FILLED_IN, brand: null, instagramUrl: null });
    expect(complete).toMatchObject({ filledIn: true, missing: [], brand: "SOULS", instagramUrl: null });
  });

  it("shows a micro-entrepreneur as she is: her name and « EI », no capital, the RNE, and the franchise instead of a VAT number", () => {
    const micro = showSeller({ ...MICRO_SELLER, vatNumber: "FR83404833048" }, "franchise");
    expect(micro).toMatchObject({
      filledIn: true,
      companyName: "Zora Benali EI",
      legalForm: "ei",
      shareCapital: null,
      register: "rne",
      rcsCity: null,
      vatNumber: null,
      vatFranchise: true,
    });
    // Under French VAT, the VAT number she gave is shown.
    expect(showSeller({ ...MICRO_SELLER, vatNumber: "FR83404833048" }, "france").vatNumber).toBe(
      "FR83404833048",
    );
    // A company is in the RCS, whatever was stored.
    expect(showSeller({ ...FILLED_IN, register: null }).register).toBe("rcs");
  });

  it("names the seller as manufacturer unless another is given, its address in the reader's language", () => {
    const seller = showSeller(FILLED_IN);
    expect(manufacturerOf(seller, "fr")).toEqual({
      name: "Souls Atelier SAS",
      address: "8 rue de Charonne, 75011 Paris, France",
      email: "bonjour@souls.fr",
    });
    const workshop = showSeller({
      ...FILLED_IN,
      country: "PT",
      manufacturerName: "Oficina do Porto Lda",
      manufacturerAddress: "Rua das Flores 12, 4050-262 Porto, Portugal",
      manufacturerEmail: "oficina@example.pt",
    });
    expect(manufacturerOf(workshop, "en")).toEqual({
      name: "Oficina do Porto Lda",
      address: "Rua das Flores 12, 4050-262 Porto, Portugal",
      email: "oficina@example.pt",
    });
  });

  it("gives the e-mails their seller and sender, and nothing invented while a detail is not filled in", () => {
    const seller = showSeller({ ...FILLED_IN, brand: 'Souls "Paris"' });
    expect(emailContextFor(seller, "https://souls.fr")).toEqual({
      siteUrl: "https://souls.fr",
      seller: {
        brand: 'Souls "Paris"',
        companyName: "Souls Atelier SAS",
        address: "8 rue de Charonne, 75011 Paris, France",
        email: "bonjour@souls.fr",
      },
    });
    expect(mailSenderOf(seller, "https://souls.fr")).toBe('"Souls \\"Paris\\"" <bonjour@souls.fr>');
    const empty = showSeller(EMPTY_SELLER);
    expect(emailContextFor(empty, "https://souls.fr").seller).toEqual({
      brand: "SOULS",
      companyName: "SOULS",
      address: null,
      email: null,
    });
    expect(mailSenderOf(empty, "https://souls.fr")).toBe('"SOULS" <no-reply@souls.fr>');
  });
});
