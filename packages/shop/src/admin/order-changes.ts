/**
 * The owner's everyday fixes to an order (issue 27): correct its shipping address before the
 * parcel leaves (the shopper told by e-mail, the change on the order's timeline), and send any of
 * its e-mails again. Each in one transaction with the order row locked.
 */
import { vatTerritoryOf } from "@souls/core/vat";
import type { Database, Kysely } from "@souls/db";
import { parseEmailMessage } from "@souls/emails/messages";
import { AddressRefusedError, AdminNotFoundError, EmailNotRetryableError } from "../errors";
import { mayCorrectAddress } from "../order-status";
import { lockOrder } from "../orders/lock-order";
import { issueTrackingToken } from "../orders/tracking-token";
import { emailRow, enqueueEmail } from "../outbox/enqueue";

export interface AddressCorrection {
  orderNumber: string;
  firstName: string;
  lastName: string;
  address: string;
  addressLine2: string | null;
  postalCode: string;
  city: string;
  /** For the carrier's label (it texts the recipient). */
  phone: string | null;
  deliveryInstructions: string | null;
}

const ADDRESS_FIELDS = [
  "firstName",
  "lastName",
  "address",
  "addressLine2",
  "postalCode",
  "city",
  "phone",
  "deliveryInstructions",
] as const;

/**
 * The owner corrects the shipping address of a paid order whose parcel has not left: the name,
 * the street and its second line, the postal code, the city, the phone for the carrier and the
 * delivery instructions, never the country (the
 * shipping fee and the invoice's VAT depend on it) nor a postal code that moves the parcel in or
 * out of the EU VAT territory (an overseas department, the Canary Islands…). The old and new
 * addresses go on the order's timeline and the shopper receives the new one by e-mail. The invoice
 * keeps the address it was issued with: a paper printed twice is the same paper.
 */
export async function correctShippingAddress(
  db: Kysely<Database>,
  correction: AddressCorrection,
  now = new Date(),
): Promise<{ orderNumber: string }> {
  return db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, correction.orderNumber);
    if (order.shippedAt) throw new AddressRefusedError("shipped");
    if (!mayCorrectAddress(order)) throw new AddressRefusedError("unpaid");
    const before = Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, order[field]]));
    const after = Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, correction[field]]));
    if (ADDRESS_FIELDS.every((field) => before[field] === after[field]))
      throw new AddressRefusedError("unchanged");
    const territory = (postalCode: string) => vatTerritoryOf({ country: order.country, postalCode });
    if (territory(correction.postalCode) !== territory(order.postalCode)) {
      throw new AddressRefusedError("vatTerritory");
    }
    await trx
      .updateTable("orders")
      .set({
        firstName: correction.firstName,
        lastName: correction.lastName,
        address: correction.address,
        addressLine2: correction.addressLine2,
        postalCode: correction.postalCode,
        city: correction.city,
        phone: correction.phone,
        deliveryInstructions: correction.deliveryInstructions,
        updatedAt: now,
      })
      .where("id", "=", order.id)
      .execute();
    await trx
      .insertInto("orderChanges")
      .values({
        orderId: order.id,
        kind: "address_corrected",
        actor: "admin",
        detail: JSON.stringify({ before, after }),
        createdAt: now,
      })
      .execute();
    await enqueueEmail(
      trx,
      { email: order.email, locale: order.locale, orderId: order.id },
      {
        type: "address_corrected",
        payload: {
          orderNumber: order.orderNumber,
          customerName: `${correction.firstName} ${correction.lastName}`,
          shippingAddress: {
            name: `${correction.firstName} ${correction.lastName}`,
            address: correction.address,
            addressLine2: correction.addressLine2,
            postalCode: correction.postalCode,
            city: correction.city,
            country: order.country,
          },
          deliveryInstructions: correction.deliveryInstructions,
          trackingToken: await issueTrackingToken(trx, order.id, now),
        },
      },
    );
    return { orderNumber: order.orderNumber };
  });
}

/**
 * Sends one of an order's e-mails again, whatever became of it: a message sent goes out again as
 * a new message of its own (the first left as it was); one that failed for good tries again. One
 * already on its way (waiting or being sent) is refused. A confirmation sent again shows the
 * order's shipping address as it is now (a corrected one), with the same tracking link. The resend
 * goes on the order's timeline.
 */
export async function resendEmail(
  db: Kysely<Database>,
  request: { orderNumber: string; emailId: number },
  now = new Date(),
): Promise<{ id: number; status: "pending" }> {
  return db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, request.orderNumber);
    const row = await trx
      .selectFrom("emailQueue")
      .select(["id", "type", "locale", "payload", "recipient", "status"])
      .where("id", "=", request.emailId)
      .where("orderId", "=", order.id)
      .executeTakeFirst();
    if (!row) throw new AdminNotFoundError("email", request.emailId);
    if (row.status === "pending" || row.status === "sending")
      throw new EmailNotRetryableError(row.status, true);
    const resent = async (copyId: number) =>
      trx
        .insertInto("orderChanges")
        .values({
          orderId: order.id,
          kind: "email_resent",
          actor: "admin",
          detail: JSON.stringify({ type: row.type, from: row.id, to: copyId }),
          createdAt: now,
        })
        .execute();
    if (row.status === "failed") {
      // Failed for good: the same message tries again, with a fresh count of tries (it is no
      // longer among the failures that wait for the owner).
      await trx
        .updateTable("emailQueue")
        .set({ status: "pending", attempts: 0, nextAttemptAt: now, lockedUntil: null, lastError: null })
        .where("id", "=", row.id)
        .execute();
      await resent(row.id);
      return { id: row.id, status: "pending" as const };
    }
    const message = parseEmailMessage(row);
    const { locale: _locale, ...again } =
      message.type === "order_confirmation"
        ? {
            ...message,
            payload: {
              ...message.payload,
              customerName: `${order.firstName} ${order.lastName}`,
              shippingAddress: {
                name: `${order.firstName} ${order.lastName}`,
                address: order.address,
                addressLine2: order.addressLine2,
                postalCode: order.postalCode,
                city: order.city,
                country: order.country,
              },
              deliveryInstructions: order.deliveryInstructions,
            },
          }
        : message;
    const copy = await trx
      .insertInto("emailQueue")
      .values(emailRow({ email: row.recipient, locale: message.locale, orderId: order.id }, again))
      .returning("id")
      .executeTakeFirstOrThrow();
    await resent(copy.id);
    return { id: copy.id, status: "pending" as const };
  });
}
