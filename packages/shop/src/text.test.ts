import { describe, expect, it } from "vitest";
import { shippingDetailsSchema } from "./orders/checkout-form";
import { signupSchema } from "./signups/signups";
import { TEST_SHIPPING } from "./testing";
import { isStorableText, withoutBidiControls } from "./text";

/** Every bidirectional control: embeddings, overrides, isolates and the three marks. */
const BIDI = [
  "\u202A",
  "\u202B",
  "\u202C",
  "\u202D",
  "\u202E",
  "\u2066",
  "\u2067",
  "\u2068",
  "\u2069",
  "\u200E",
  "\u200F",
  "\u061C",
];
const ANY_BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

describe("text the shop stores", () => {
  it("loses every bidirectional control, and nothing else", () => {
    expect(withoutBidiControls(`Camille${BIDI.join("")} Martin`)).toBe("Camille Martin");
    // "Martin" shown reversed as "nitraM" in the panel, by a right-to-left override.
    expect(withoutBidiControls("\u202EnitraM\u202C")).toBe("nitraM");
    const kept = "Zoé Ærøskøbing مريم שרה 👩‍👩‍👧 e\u0301 \u200B\u200D \t";
    expect(withoutBidiControls(kept)).toBe(kept);
    expect(isStorableText(withoutBidiControls("\u202E\u0000"))).toBe(false);
  });

  it("is applied by the checkout's and the sign-up's forms before their lengths are checked", () => {
    const form = {
      ...TEST_SHIPPING,
      phone: "\u200E+33 6 12 34 56 78",
      addressLine2: "\u202EB\u202C",
      firstName: "\u202ECamille",
      lastName: "Mar\u2067tin\u2069",
      address: "12 rue des \u200FMartyrs",
      postalCode: "\u202D75009\u202C",
      city: "\u061CParis",
      deliveryInstructions: "\u202BCode 1234\u202C",
      customerNote: "\u200E",
    };
    const details = shippingDetailsSchema.parse(form);
    expect(details).toMatchObject({
      firstName: "Camille",
      lastName: "Martin",
      address: "12 rue des Martyrs",
      postalCode: "75009",
      city: "Paris",
      deliveryInstructions: "Code 1234",
      customerNote: null,
    });
    // A name of controls alone is no name.
    expect(shippingDetailsSchema.safeParse({ ...form, firstName: "\u202E\u202C" }).success).toBe(false);
    expect(signupSchema.parse({ email: "camille@example.org", name: "\u202Eelli\u200Fmac" })).toEqual({
      email: "camille@example.org",
      name: "ellimac",
    });
    expect(JSON.stringify(details)).not.toMatch(ANY_BIDI);
  });
});
