import { seededTestDatabase } from "@souls/db/testing";
import { describe, expect, it } from "vitest";
import { orderDetail } from "../admin/orders";
import { recordSignup, signupSchema } from "../signups/signups";
import { placePaidOrder, TEST_SECRET, TEST_SHIPPING } from "../testing";
import { shippingDetailsSchema } from "./checkout-form";

const t = seededTestDatabase();
const ANY_BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

describe("what a shopper types, as the shop stores it", () => {
  it("keeps no bidirectional control in an order's name and address, its panel view or its e-mail", async () => {
    // "Martin" typed reversed behind a right-to-left override: the panel would show "Martin".
    const details = shippingDetailsSchema.parse({
      ...TEST_SHIPPING,
      firstName: "Camille\u2067",
      lastName: "\u202EnitraM\u202C",
      address: "12 rue des \u200FMartyrs\u2069",
      addressLine2: "B\u00e2timent \u202EB",
      phone: "+33\u200E 6 12 34 56 78",
      postalCode: "\u202D75009",
      city: "Pa\u061Cris",
      deliveryInstructions: "\u202BDigicode 1234",
      customerNote: "Merci\u200E",
    });
    const paid = await placePaidOrder(t.db, { details });
    const stored = await t.db
      .selectFrom("orders")
      .select([
        "firstName",
        "lastName",
        "address",
        "addressLine2",
        "phone",
        "postalCode",
        "city",
        "deliveryInstructions",
        "customerNote",
      ])
      .where("id", "=", paid.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({
      firstName: "Camille",
      lastName: "nitraM",
      address: "12 rue des Martyrs",
      addressLine2: "Bâtiment B",
      phone: "+33 6 12 34 56 78",
      postalCode: "75009",
      city: "Paris",
      deliveryInstructions: "Digicode 1234",
      customerNote: "Merci",
    });
    expect(JSON.stringify(await orderDetail(t.db, paid.orderNumber))).not.toMatch(ANY_BIDI);
    const mail = await t.db
      .selectFrom("emailQueue")
      .select(["subject", "payload"])
      .where("orderId", "=", paid.id)
      .execute();
    expect(mail.length).toBeGreaterThan(0);
    expect(JSON.stringify(mail)).not.toMatch(ANY_BIDI);
  });

  it("keeps no bidirectional control in a sign-up's name", async () => {
    const signup = signupSchema.parse({ email: "zoe@example.org", name: "Zo\u202Eé\u202C" });
    await recordSignup(t.db, {
      ...signup,
      locale: "fr",
      source: "home",
      clientHash: "bidi-client",
      secret: TEST_SECRET,
    });
    const stored = await t.db
      .selectFrom("signups")
      .select("name")
      .where("email", "=", "zoe@example.org")
      .executeTakeFirstOrThrow();
    expect(stored.name).toBe("Zoé");
  });
});

describe("the optional phone and second address line", () => {
  const parse = (fields: Record<string, string>) =>
    shippingDetailsSchema.safeParse({
      ...TEST_SHIPPING,
      phone: "",
      addressLine2: "",
      deliveryInstructions: "",
      customerNote: "",
      ...fields,
    });

  it("takes a phone as people write it, and nothing when left empty", () => {
    for (const phone of ["06 12 34 56 78", "+33 6 12 34 56 78", "+33 (0)6-12.34.56.78", "+1 212 555 0100"]) {
      expect(parse({ phone }).data?.phone, phone).toBe(phone);
    }
    expect(parse({ phone: "  " }).data?.phone).toBeNull();
    expect(parse({ addressLine2: "" }).data?.addressLine2).toBeNull();
    expect(parse({ addressLine2: " Bâtiment B, 3e étage " }).data?.addressLine2).toBe("Bâtiment B, 3e étage");
  });

  it("refuses what is not a phone number, with the field's message", () => {
    for (const phone of [
      "appelez-moi",
      "12345",
      "+33 6 12 34 56 78 90 12 34 56 7",
      "06 12 34 56 78 ext. 2",
    ]) {
      const parsed = parse({ phone });
      expect(parsed.success, phone).toBe(false);
      expect(parsed.error?.issues[0]?.message).toMatch(/^(phone|tooLong)$/);
    }
    expect(parse({ addressLine2: "x".repeat(201) }).error?.issues[0]?.message).toBe("tooLong");
  });

  it("refuses a line break or a tab in a field the papers print as one line, and keeps them in the notes", () => {
    for (const field of ["firstName", "lastName", "address", "addressLine2", "city", "phone"] as const) {
      for (const typed of ["12 rue\nde Paris", "12 rue\r\nde Paris", "Camille\tMartin"]) {
        const value = field === "phone" ? typed.replace(/[^\n\r\t]+/g, "06 12 34 56 78") : typed;
        const parsed = parse({ [field]: value });
        expect(parsed.success, `${field}: ${JSON.stringify(value)}`).toBe(false);
        expect(parsed.error?.issues.map((issue) => issue.message)).toContain("oneLine");
      }
    }
    const notes = parse({
      deliveryInstructions: "Code 1234\nInterphone B",
      customerNote: "Merci !\n\nÀ bientôt",
    });
    expect(notes.data?.deliveryInstructions).toBe("Code 1234\nInterphone B");
  });
});
