/** Queue rows and a delivery set-up for the worker's tests. */
import { randomBytes } from "node:crypto";
import type { Locale } from "@souls/core/locales";
import type { Database, EmailQueueRow, Kysely } from "@souls/db";
import { renderEmail } from "@souls/emails";
import { type EmailType, emailSubject, isMarketingEmail, parseEmailMessage } from "@souls/emails/messages";
import type { EmailDelivery, MailSetup, MailTransport } from "@souls/shop/mail";

let orders = 0;

/** An order confirmation as the shop queues it once a payment succeeds. */
export function confirmationPayload(orderNumber = `SOULS-${String(++orders).padStart(6, "0")}TEST`) {
  return {
    orderNumber,
    customerName: "Amina Benali",
    orderedAt: "2026-11-22T09:15:00.000Z",
    items: [{ name: "Nadia", model: "nadia", quantity: 1, unitPriceCents: 8900 }],
    subtotalCents: 8900,
    shippingCents: 590,
    totalCents: 9490,
    currency: "EUR",
    shippingAddress: {
      name: "Amina Benali",
      address: "12 rue des Lilas",
      postalCode: "69003",
      city: "Lyon",
      country: "FR",
    },
    deliveryInstructions: null,
    delivery: { tier: "france", minDays: 2, maxDays: 4 },
    trackingToken: randomBytes(32).toString("base64url"),
  };
}

/** A back-in-stock notice as the restock job queues it (marketing: it waits behind the rest). */
export function backInStockPayload() {
  return { model: "nadia", productName: "Nadia", unsubscribeToken: `u.1.0.${"x".repeat(43)}` };
}

/** Inserts a queue row; the subject is the catalogue's when the payload is valid. */
export async function queueEmail(
  db: Kysely<Database>,
  row: { recipient?: string; locale?: Locale; type?: string; payload?: Record<string, unknown> } = {},
): Promise<EmailQueueRow> {
  const type = row.type ?? "order_confirmation";
  const locale = row.locale ?? "fr";
  const payload = row.payload ?? confirmationPayload();
  let subject = "(invalid)";
  try {
    subject = emailSubject(parseEmailMessage({ type, locale, payload }));
  } catch {}
  return db
    .insertInto("emailQueue")
    .values({
      recipient: row.recipient ?? "amina@example.com",
      locale,
      // A test may queue a row of a type the catalogue does not know (the worker must refuse it).
      type: type as EmailType,
      subject,
      payload: JSON.stringify(payload),
      // As the shop's outbox does: marketing mail waits behind the rest.
      priority: isMarketingEmail(type as EmailType) ? 1 : 0,
      // Due by this process's clock, in whole milliseconds as the round's `now` is: the database's
      // now() has microseconds, and a round started within the same millisecond found the row
      // not due yet (a flake on fast runs).
      nextAttemptAt: new Date(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export const queued = (db: Kysely<Database>, id: number) =>
  db.selectFrom("emailQueue").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

export function testDelivery(
  transport: MailTransport,
  overrides: Partial<EmailDelivery> = {},
): EmailDelivery {
  return {
    transport,
    render: renderEmail,
    context: {
      siteUrl: "https://souls.example",
      seller: {
        brand: "SOULS",
        companyName: "SOULS SAS (exemple)",
        address: "1 rue de l'Exemple, 75001 Paris, France",
        email: "contact@souls.example",
      },
    },
    from: "SOULS <commandes@souls.example>",
    ...overrides,
  };
}

/** The worker's mail set-up, as main.ts builds it without MAIL_FROM: it sends as the stored seller. */
export function testMailSetup(transport: MailTransport, overrides: Partial<MailSetup> = {}): MailSetup {
  return { transport, render: renderEmail, siteUrl: "https://souls.example", ...overrides };
}
