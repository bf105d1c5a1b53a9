import { describe, expect, it } from "vitest";
import { EMPTY_SELLER, REQUIRED_SELLER_FIELDS, SELLER_FIELDS } from "./fields";
import {
  EXAMPLE_SELLER,
  emailContextFor,
  mailSenderOf,
  manufacturerOf,
  showSeller,
  sirenForReading,
} from "./identity";
import { isFrenchVatNumber, isSiren, sellerDetailsSchema, vatKeyOf } from "./rules";
import { FILLED_IN_SELLER } from "./testing";

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

describe("the seller the pages show", () => {
  it("is today's examples, each marked, while nothing is filled in", () => {
    const shown = showSeller(EMPTY_SELLER);
    expect(shown.filledIn).toBe(false);
    expect(shown.examples).toEqual([...REQUIRED_SELLER_FIELDS]);
    expect(shown).toMatchObject({
      brand: "SOULS",
      companyName: EXAMPLE_SELLER.companyName,
      siren: "000000000",
      email: "contact@souls.example",
      instagramUrl: null,
      host: { name: "Hébergeur (exemple)" },
      manufacturer: { name: EXAMPLE_SELLER.companyName, address: null, email: "contact@souls.example" },
    });
  });

  it("shows what is filled in, examples only for the rest, and is filled in once the law's details are", () => {
    const partly = showSeller({ ...EMPTY_SELLER, companyName: "Souls Atelier SAS", hostName: "OVH SAS" });
    expect(partly.filledIn).toBe(false);
    expect(partly.companyName).toBe("Souls Atelier SAS");
    expect(partly.host).toEqual({
      name: "OVH SAS",
      address: EXAMPLE_SELLER.hostAddress,
      phone: EXAMPLE_SELLER.hostPhone,
    });
    expect(partly.examples).not.toContain("companyName");
    expect(partly.examples).toContain("hostAddress");

    // The optional details (brand, Instagram, the manufacturer) are not needed to be filled in.
    const optional = new Set(
      SELLER_FIELDS.filter((field) => !(REQUIRED_SELLER_FIELDS as readonly string[]).includes(field)),
    );
    expect(optional).toEqual(
      new Set(["brand", "instagramUrl", "manufacturerName", "manufacturerAddress", "manufacturerEmail"]),
    );
    const complete = showSeller({ ...FILLED_IN, brand: null, instagramUrl: null });
    expect(complete).toMatchObject({ filledIn: true, examples: [], brand: "SOULS", instagramUrl: null });
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

  it("gives the e-mails their seller and sender", () => {
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
    expect(mailSenderOf(seller)).toBe('"Souls \\"Paris\\"" <bonjour@souls.fr>');
  });
});
