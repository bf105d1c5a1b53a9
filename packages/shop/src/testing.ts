/** Test helpers shared with the apps' tests (never imported by production code). */
import type { Locale } from "@souls/core/locales";
import type { ModelCode } from "@souls/core/models";
import type { Database, Kysely, Order } from "@souls/db";
import { sql } from "kysely";
import { markShipped } from "./admin/orders";
import type { ShippingDetails } from "./orders/checkout-form";
import { finalizePayment } from "./orders/finalize-payment";
import { newCheckoutKey, placeOrder } from "./orders/place-order";
import { offlineGateway } from "./payments/offline-gateway";
import { confirmSignup, joinWaitlist } from "./signups/signups";

/** A catalogue model's complete words and a described photo, for tests of publication. */
export { completeTexts, insertDescribedPhoto } from "./admin/catalogue/testing";
/** Photos and files the photo tests send, made with sharp on the spot. */
export {
  exifTags,
  gifImage,
  heicPhoto,
  pdfNamedJpg,
  phonePhoto,
  pngBomb,
  smallPhoto,
  svgImage,
  truncatedJpeg,
} from "./photos/fixtures";
/** Signs a review invitation's links as the shop does (a test builds what an e-mail would carry). */
export { reviewLinkToken } from "./reviews/tokens";
export { FILLED_IN_SELLER, MICRO_SELLER, SELLER_OF_EACH_FORM } from "./seller/testing";
/** Signs a sign-up's link as the shop does (a test builds the link an e-mail would carry). */
export { signupToken } from "./signups/tokens";

/** The test customer and Paris address of the spec's test order. */
export const TEST_SHIPPING: ShippingDetails = {
  firstName: "Camille",
  lastName: "Martin",
  email: "camille@example.org",
  phone: null,
  address: "12 rue des Martyrs",
  addressLine2: null,
  postalCode: "75009",
  city: "Paris",
  country: "FR",
  deliveryInstructions: null,
  customerNote: null,
};

/**
 * An order placed and paid through the real use cases and the test gateway, with the tracking
 * token read back from its queued confirmation (as the shopper would read it in the e-mail).
 */
export async function placePaidOrder(
  db: Kysely<Database>,
  options: {
    model?: ModelCode;
    /** Several models at once (then `model` is not read). */
    lines?: { model: ModelCode; quantity: number }[];
    locale?: Locale;
    details?: Partial<ShippingDetails>;
    now?: Date;
  } = {},
): Promise<{ id: number; orderNumber: string; token: string }> {
  const placed = await placeOrder(db, {
    checkoutKey: newCheckoutKey(),
    locale: options.locale ?? "fr",
    lines: options.lines ?? [{ model: options.model ?? "aicha", quantity: 1 }],
    details: { ...TEST_SHIPPING, ...options.details },
    provider: "test",
    now: options.now,
  });
  if (!placed.ok) throw new Error("the test order was refused");
  const { orderNumber, id, totalCents, currency } = placed.order;
  const paid = await finalizePayment(
    db,
    offlineGateway,
    {
      provider: "test",
      eventId: `test-paid-${orderNumber}`,
      type: "succeeded",
      orderNumber,
      taken: { amountCents: totalCents, currency },
    },
    options.now,
  );
  if (paid !== "paid") throw new Error(`the test payment ended ${paid}`);
  const confirmation = await db
    .selectFrom("emailQueue")
    .select("payload")
    .where("orderId", "=", id)
    .where("type", "=", "order_confirmation")
    .executeTakeFirstOrThrow();
  return { id, orderNumber, token: String(confirmation.payload.trackingToken) };
}

/** An order placed, paid and shipped by the owner (her use case) at `shippedAt`. */
export async function placeShippedOrder(
  db: Kysely<Database>,
  options: Parameters<typeof placePaidOrder>[1] & { shippedAt?: Date } = {},
): Promise<{ id: number; orderNumber: string; token: string }> {
  const order = await placePaidOrder(db, options);
  await markShipped(db, {
    orderNumber: order.orderNumber,
    carrier: "colissimo",
    trackingNumber: "6A12345678901",
    now: options.shippedAt,
  });
  return order;
}

/**
 * An order placed and not paid, its pieces held since `minutesAgo`. With a `paymentReference`, its
 * payment was started at the provider as long ago (`created_at` is the database's own: dated back here).
 */
export async function placeHeldOrder(
  db: Kysely<Database>,
  options: { minutesAgo?: number; provider?: "test" | "stripe"; paymentReference?: string } = {},
): Promise<Order> {
  const minutesAgo = options.minutesAgo ?? 0;
  const placed = await placeOrder(db, {
    checkoutKey: newCheckoutKey(),
    locale: "fr",
    lines: [{ model: "aicha", quantity: 1 }],
    details: TEST_SHIPPING,
    provider: options.provider ?? "test",
    now: new Date(Date.now() - minutesAgo * 60_000),
  });
  if (!placed.ok) throw new Error("the test order was refused");
  if (options.paymentReference !== undefined) {
    await sql`UPDATE orders SET payment_reference = ${options.paymentReference}, created_at = now() - make_interval(mins => ${minutesAgo}) WHERE id = ${placed.order.id}`.execute(
      db,
    );
  }
  return placed.order;
}

/** The secret the tests sign sign-up links with. */
export const TEST_SECRET = "test-secret-for-signed-links-0123456789";

/**
 * A back-in-stock sign-up that its owner confirmed, through the real use cases: joined (the model
 * must be sold out) and confirmed with the token of its queued confirmation e-mail.
 */
export async function joinWaitlistConfirmed(
  db: Kysely<Database>,
  request: { email: string; locale: Locale; model: ModelCode; now?: Date },
): Promise<void> {
  const outcome = await joinWaitlist(db, {
    ...request,
    clientHash: `test-${request.email}`,
    secret: TEST_SECRET,
  });
  if (outcome !== "created") throw new Error(`the test sign-up ended ${outcome}`);
  const email = await db
    .selectFrom("emailQueue")
    .select("payload")
    .where("type", "=", "signup_confirmation")
    .where("recipient", "=", request.email.trim().toLowerCase())
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  const confirmed = await confirmSignup(db, {
    token: email.payload.token,
    secret: TEST_SECRET,
    now: request.now,
  });
  if (confirmed !== "confirmed") throw new Error(`the test confirmation ended ${confirmed}`);
}

/**
 * Paid orders in bulk, each with its invoice as the shop issues it (the test gateway's series,
 * French VAT under the default regime): `count` sales `everySeconds` apart from `paidFrom`, every
 * third one to Germany with 12 € of delivery. For tests of big periods (the accountant's export).
 */
export async function insertPaidOrders(
  db: Kysely<Database>,
  { count, paidFrom, everySeconds = 1 }: { count: number; paidFrom: Date; everySeconds?: number },
): Promise<void> {
  // Order numbers as the shop writes them, this call's four letters after the row's six digits.
  const batch = Array.from(
    { length: 4 },
    () => "ABCDEFGHJKLMNPQRSTUVWXYZ"[Math.floor(Math.random() * 24)],
  ).join("");
  await sql`
    WITH inserted AS (
      INSERT INTO orders (order_number, checkout_key, locale, status, payment_status, first_name,
        last_name, email, address, postal_code, city, country, subtotal_cents, shipping_cents, total_cents,
        payment_provider, payment_reference, reserved_until, paid_at, created_at)
      SELECT 'SOULS-' || lpad(g::text, 6, '0') || ${batch}, 'bulk-' || ${batch} || '-' || g, 'fr',
        'pending_preparation', 'paid', 'Camille', 'Martin ' || g, 'bulk-' || g || '@example.org',
        '12 rue des Martyrs', '75009', 'Paris', CASE WHEN g % 3 = 0 THEN 'DE' ELSE 'FR' END, 16900,
        CASE WHEN g % 3 = 0 THEN 1200 ELSE 0 END, CASE WHEN g % 3 = 0 THEN 18100 ELSE 16900 END, 'test',
        'bulk-' || ${batch} || '-' || g, paid, paid, paid - interval '5 minutes'
      FROM generate_series(1, ${count}::int) AS g,
        LATERAL (SELECT ${paidFrom}::timestamptz + make_interval(secs => g * ${everySeconds}::int) AS paid) AS p
      RETURNING *
    ),
    counter AS (
      UPDATE paper_counters SET last = last + ${count}::int WHERE series = 'test_invoice'
      RETURNING last - ${count}::int AS before
    )
    INSERT INTO invoices (order_id, number, issued_at, payment_reference, vat_basis, vat_territory, vat_rate_bp,
      net_cents, vat_cents, total_cents, shipping_cents, currency, locale, lines, buyer, seller)
    SELECT o.id, 'TEST-F-' || lpad((counter.before + row_number() OVER (ORDER BY o.paid_at, o.id))::text, 6, '0'),
      o.paid_at, o.payment_reference, 'france', 'FR', 2000, round(o.total_cents / 1.2)::int,
      o.total_cents - round(o.total_cents / 1.2)::int, o.total_cents, o.shipping_cents, o.currency, o.locale,
      jsonb_build_array(
        jsonb_build_object('kind', 'item', 'name', 'Aicha', 'reference', 'Aicha-01', 'quantity', 1,
          'unitCents', 16900, 'totalCents', 16900, 'netCents', 14083, 'vatCents', 2817),
        jsonb_build_object('kind', 'shipping', 'quantity', 1, 'unitCents', o.shipping_cents,
          'totalCents', o.shipping_cents, 'netCents', round(o.total_cents / 1.2)::int - 14083,
          'vatCents', o.shipping_cents - (round(o.total_cents / 1.2)::int - 14083))),
      jsonb_build_object('name', o.first_name || ' ' || o.last_name, 'email', o.email,
        'addressLines', jsonb_build_array(o.address), 'postalCode', o.postal_code, 'city', o.city,
        'country', o.country),
      '{}'
    FROM inserted o, counter`.execute(db);
}
