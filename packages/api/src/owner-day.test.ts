import { seedProducts } from "@souls/db";
import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import { markShipped } from "@souls/shop/admin";
import { placePaidOrder } from "@souls/shop/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorShape, ownerCaller, trpcError } from "./testing";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await seedProducts(t.db);
});
afterAll(() => t.drop());

describe("the owner's day through the API", () => {
  it("saves her settings and says where her e-mails go when she gives no address", async () => {
    const caller = ownerCaller(t.db);
    expect(await caller.settings.get()).toMatchObject({
      settings: {
        ownerEmail: null,
        newOrderEmail: true,
        lowStockBelow: 3,
        vatRegime: "france",
        savedAt: null,
      },
      shopEmail: null,
    });
    const saved = await caller.settings.save({
      ownerEmail: " atelier@souls.example ",
      newOrderEmail: false,
      lowStockEmail: true,
      lowStockBelow: 2,
      vatRegime: "destination",
    });
    expect(saved).toMatchObject({
      ownerEmail: "atelier@souls.example",
      newOrderEmail: false,
      vatRegime: "destination",
    });
    expect(typeof saved.savedAt).toBe("string");
    const refused = await trpcError(
      caller.settings.save({
        ownerEmail: "atelier",
        newOrderEmail: true,
        lowStockEmail: true,
        lowStockBelow: 3,
        vatRegime: "france",
      }),
    );
    expect(errorShape(refused, "settings.save").data.zodError?.fieldErrors).toEqual({
      ownerEmail: [{ key: "admin:input.emailInvalid", values: {} }],
    });
  });

  it("shows her home page with dates on the wire as strings", async () => {
    await placePaidOrder(t.db);
    const board = await ownerCaller(t.db).dashboard.get();
    expect(board.today.orders).toBeGreaterThanOrEqual(1);
    expect(board.waiting.toPrepare.count).toBeGreaterThanOrEqual(1);
    expect(typeof board.waiting.toPrepare.since).toBe("string");
    expect(board.days).toHaveLength(90);
  });

  it("corrects an address before the parcel leaves, and says in French why not after", async () => {
    const paid = await placePaidOrder(t.db);
    const caller = ownerCaller(t.db);
    const correction = {
      orderNumber: paid.orderNumber,
      firstName: "Camille",
      lastName: "Martin",
      address: "42 rue des Martyrs",
      postalCode: "75009",
      city: "Paris",
      deliveryInstructions: "",
    };
    expect(await caller.orders.correctAddress(correction)).toEqual({ orderNumber: paid.orderNumber });
    const detail = await caller.orders.detail({ orderNumber: paid.orderNumber });
    expect(detail.order).toMatchObject({
      address: "42 rue des Martyrs",
      deliveryInstructions: null,
      addressCorrectable: true,
    });
    expect(detail.changes.map((change) => change.kind)).toEqual(["address_corrected"]);
    // The second line and the phone, as the checkout takes them; a phone the carrier could not call is refused.
    await caller.orders.correctAddress({
      ...correction,
      addressLine2: "Bâtiment B",
      phone: "06 12 34 56 78",
    });
    expect((await caller.orders.detail({ orderNumber: paid.orderNumber })).order).toMatchObject({
      addressLine2: "Bâtiment B",
      phone: "06 12 34 56 78",
    });
    const badPhone = await trpcError(caller.orders.correctAddress({ ...correction, phone: "appelez-moi" }));
    expect(errorShape(badPhone, "orders.correctAddress").data.zodError?.fieldErrors).toEqual({
      phone: [{ key: "admin:input.phoneInvalid", values: {} }],
    });
    await markShipped(t.db, { orderNumber: paid.orderNumber, carrier: "colissimo", trackingNumber: "6A123" });
    const error = await trpcError(caller.orders.correctAddress({ ...correction, address: "1 rue Neuve" }));
    expect(error).toMatchObject({
      code: "CONFLICT",
      message: "Le colis est déjà parti : son adresse ne peut plus être corrigée.",
    });
  });

  it("sends an e-mail again, and refuses one already on its way in French", async () => {
    const paid = await placePaidOrder(t.db);
    const caller = ownerCaller(t.db);
    const { emails } = await caller.orders.detail({ orderNumber: paid.orderNumber });
    const confirmation = emails.find((email) => email.type === "order_confirmation");
    const error = await trpcError(
      caller.orders.resendEmail({ orderNumber: paid.orderNumber, emailId: confirmation?.id ?? 0 }),
    );
    expect(error).toMatchObject({
      code: "CONFLICT",
      message: "Cet e-mail est « En attente » : il part déjà. Attendez qu'il soit envoyé pour le renvoyer.",
    });
    await t.db
      .updateTable("emailQueue")
      .set({ status: "sent" })
      .where("id", "=", confirmation?.id ?? 0)
      .execute();
    const again = await caller.orders.resendEmail({
      orderNumber: paid.orderNumber,
      emailId: confirmation?.id ?? 0,
    });
    expect(again.status).toBe("pending");
    expect(again.id).not.toBe(confirmation?.id);
  });

  it("lists the sign-ups masked, reads one address in full and deletes it from every list", async () => {
    await t.db
      .insertInto("signups")
      .values([
        { email: "lea@example.org", locale: "fr", source: "newsletter", confirmedAt: new Date() },
        { email: "lea@example.org", locale: "fr", source: "waitlist", productId: 1 },
      ])
      .execute();
    const caller = ownerCaller(t.db);
    const { signups } = await caller.signups.list({ search: "lea@" });
    // In full: her own list, in her own panel (decision 027).
    expect(signups.map((signup) => signup.email)).toEqual(["lea@example.org", "lea@example.org"]);
    const id = signups[0]?.id ?? 0;
    expect(await caller.signups.address({ id })).toEqual({ id, email: "lea@example.org" });
    expect(await caller.signups.delete({ id })).toEqual({ deleted: 2 });
    const gone = await trpcError(caller.signups.address({ id }));
    expect(gone).toMatchObject({ code: "NOT_FOUND" });
  });
});
