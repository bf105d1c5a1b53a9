import { seededTestDatabase } from "@souls/db/testing";
import { beforeEach, describe, expect, it } from "vitest";
import { AddressRefusedError, AdminNotFoundError, EmailNotRetryableError } from "../errors";
import { newCheckoutKey, placeOrder } from "../orders/place-order";
import { placePaidOrder, TEST_SHIPPING } from "../testing";
import { correctShippingAddress, resendEmail } from "./order-changes";
import { markShipped, orderDetail } from "./orders";

const t = seededTestDatabase();
beforeEach(async () => {
  await t.db.deleteFrom("orders").execute();
  await t.db.updateTable("products").set({ stock: 20, reserved: 0 }).execute();
});

const corrected = (orderNumber: string) => ({
  orderNumber,
  firstName: "Camille",
  lastName: "Martin",
  address: "42 rue des Martyrs",
  addressLine2: "Bâtiment B, 3e étage",
  postalCode: "75009",
  city: "Paris",
  phone: "+33 6 12 34 56 78",
  deliveryInstructions: "Digicode 1234",
});

const emailsOf = (orderId: number) =>
  t.db.selectFrom("emailQueue").selectAll().where("orderId", "=", orderId).orderBy("id").execute();

describe("correcting a shipping address", () => {
  it("changes the order before the parcel leaves, tells the shopper, and writes it on the timeline", async () => {
    const paid = await placePaidOrder(t.db);
    await correctShippingAddress(t.db, corrected(paid.orderNumber));
    const detail = await orderDetail(t.db, paid.orderNumber);
    expect(detail.order).toMatchObject({
      address: "42 rue des Martyrs",
      addressLine2: "Bâtiment B, 3e étage",
      phone: "+33 6 12 34 56 78",
      deliveryInstructions: "Digicode 1234",
    });
    expect(detail.changes).toEqual([
      expect.objectContaining({
        kind: "address_corrected",
        actor: "admin",
        detail: {
          before: expect.objectContaining({
            address: "12 rue des Martyrs",
            addressLine2: null,
            phone: null,
            deliveryInstructions: null,
          }),
          after: expect.objectContaining({
            address: "42 rue des Martyrs",
            addressLine2: "Bâtiment B, 3e étage",
            phone: "+33 6 12 34 56 78",
            deliveryInstructions: "Digicode 1234",
          }),
        },
      }),
    ]);
    const told = (await emailsOf(paid.id)).find((email) => email.type === "address_corrected");
    expect(told).toMatchObject({ recipient: "camille@example.org", locale: "fr", status: "pending" });
    expect(told?.payload).toMatchObject({
      orderNumber: paid.orderNumber,
      shippingAddress: {
        address: "42 rue des Martyrs",
        addressLine2: "Bâtiment B, 3e étage",
        postalCode: "75009",
        city: "Paris",
        country: "FR",
      },
    });
    // The invoice keeps the address it was issued with.
    const invoice = await t.db
      .selectFrom("invoices")
      .selectAll()
      .where("orderId", "=", paid.id)
      .executeTakeFirstOrThrow();
    expect(invoice.buyer.addressLines).toEqual(["12 rue des Martyrs"]);
  });

  it("is refused once the parcel left, for an unpaid order, nothing changed, or out of the sale's VAT territory", async () => {
    const unpaid = await placeOrder(t.db, {
      checkoutKey: newCheckoutKey(),
      locale: "fr",
      lines: [{ model: "aicha", quantity: 1 }],
      details: TEST_SHIPPING,
      provider: "test",
    });
    if (!unpaid.ok) throw new Error("refused");
    const paid = await placePaidOrder(t.db);
    const refusal = (promise: Promise<unknown>) =>
      promise.then(
        () => null,
        (error: unknown) => error,
      );
    expect(await refusal(correctShippingAddress(t.db, corrected(unpaid.order.orderNumber)))).toMatchObject({
      reason: "unpaid",
    });
    expect(
      await refusal(
        correctShippingAddress(t.db, {
          ...corrected(paid.orderNumber),
          address: "12 rue des Martyrs",
          addressLine2: null,
          phone: null,
          deliveryInstructions: null,
        }),
      ),
    ).toMatchObject({ reason: "unchanged" });
    // Guadeloupe is outside the EU VAT territory: the invoice would be wrong.
    expect(
      await refusal(
        correctShippingAddress(t.db, {
          ...corrected(paid.orderNumber),
          postalCode: "97110",
          city: "Pointe-à-Pitre",
        }),
      ),
    ).toMatchObject({ reason: "vatTerritory" });
    await markShipped(t.db, { orderNumber: paid.orderNumber, carrier: "colissimo", trackingNumber: "6A123" });
    const shipped = await refusal(correctShippingAddress(t.db, corrected(paid.orderNumber)));
    expect(shipped).toBeInstanceOf(AddressRefusedError);
    expect(shipped).toMatchObject({ reason: "shipped" });
    expect((await orderDetail(t.db, paid.orderNumber)).order.address).toBe("12 rue des Martyrs");
    await expect(correctShippingAddress(t.db, corrected("SOULS-000000XXXX"))).rejects.toBeInstanceOf(
      AdminNotFoundError,
    );
  });
});

describe("sending an e-mail again", () => {
  it("sends a sent confirmation again as a new message, with the address as it is now and the same link", async () => {
    const paid = await placePaidOrder(t.db);
    await t.db
      .updateTable("emailQueue")
      .set({ status: "sent", sentAt: new Date() })
      .where("orderId", "=", paid.id)
      .execute();
    await correctShippingAddress(t.db, corrected(paid.orderNumber));
    const [confirmation] = await emailsOf(paid.id);
    const { id } = await resendEmail(t.db, { orderNumber: paid.orderNumber, emailId: confirmation?.id ?? 0 });
    const copy = (await emailsOf(paid.id)).find((email) => email.id === id);
    expect(copy).toMatchObject({
      type: "order_confirmation",
      status: "pending",
      recipient: "camille@example.org",
    });
    expect(copy?.subject).toBe(confirmation?.subject);
    expect(copy?.payload).toMatchObject({
      trackingToken: paid.token,
      shippingAddress: { address: "42 rue des Martyrs" },
    });
    expect((await orderDetail(t.db, paid.orderNumber)).changes.map((change) => change.kind)).toEqual([
      "address_corrected",
      "email_resent",
    ]);
  });

  it("tries a failed one again in its place, and refuses one on its way or another order's", async () => {
    const paid = await placePaidOrder(t.db);
    const other = await placePaidOrder(t.db);
    const [confirmation] = await emailsOf(paid.id);
    const refused = await resendEmail(t.db, {
      orderNumber: paid.orderNumber,
      emailId: confirmation?.id ?? 0,
    }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(EmailNotRetryableError);
    expect(refused).toMatchObject({ status: "pending", resend: true });
    await t.db
      .updateTable("emailQueue")
      .set({ status: "failed", attempts: 5, lastError: "timeout" })
      .where("id", "=", confirmation?.id ?? 0)
      .execute();
    expect(
      await resendEmail(t.db, { orderNumber: paid.orderNumber, emailId: confirmation?.id ?? 0 }),
    ).toEqual({
      id: confirmation?.id,
      status: "pending",
    });
    expect((await emailsOf(paid.id)).find((email) => email.id === confirmation?.id)).toMatchObject({
      status: "pending",
      attempts: 0,
      lastError: null,
    });
    await expect(
      resendEmail(t.db, { orderNumber: other.orderNumber, emailId: confirmation?.id ?? 0 }),
    ).rejects.toBeInstanceOf(AdminNotFoundError);
  });
});
