/**
 * Spec §2 "Test Commande": a whole order through the real use cases — hold, order, payment by the
 * test gateway, confirmation e-mail queued — for a test customer in Paris. The steps are the log the
 * owner reads ("Résultats du Test"). It sells a real piece of Aicha, as a real order would.
 */
import type { Database, Kysely } from "@souls/db";
import { loadCollection } from "../catalogue";
import { ORDER_NUMBER_PATTERN } from "../order-number";
import type { ShippingDetails } from "../orders/checkout-form";
import { finalizePayment } from "../orders/finalize-payment";
import { newCheckoutKey, placeOrder } from "../orders/place-order";
import { testGateway } from "../payments/test-gateway";

export const TEST_ORDER_CUSTOMER: ShippingDetails = {
  firstName: "Client",
  lastName: "Test",
  email: "test@souls.example",
  address: "12 rue des Martyrs",
  postalCode: "75009",
  city: "Paris",
  country: "FR",
  deliveryInstructions: null,
  customerNote: "Commande de test passée depuis l’administration",
};

export interface TestStep {
  label: string;
  ok: boolean;
  detail?: string;
}

export interface TestOrderRun {
  /** Null when no order could be placed (Aicha sold out). */
  orderNumber: string | null;
  steps: TestStep[];
}

const euros = (cents: number) =>
  new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR" }).format(cents / 100);

export async function runTestOrder(db: Kysely<Database>): Promise<TestOrderRun> {
  const steps: TestStep[] = [];
  const { aicha } = await loadCollection(db);
  if (aicha.available < 1) {
    steps.push({ label: "Aicha est épuisée : aucune commande de test possible", ok: false });
    return { orderNumber: null, steps };
  }
  steps.push({
    label: "Produit de test : Aicha",
    ok: true,
    detail: `${euros(aicha.priceCents)}, ${aicha.available} pièce(s) disponible(s)`,
  });

  const placed = await placeOrder(db, {
    checkoutKey: newCheckoutKey(),
    locale: "fr",
    lines: [{ model: "aicha", quantity: 1 }],
    details: TEST_ORDER_CUSTOMER,
    provider: "test",
  });
  if (!placed.ok) {
    // Sold between the check above and the hold: the same answer, never an exception.
    steps.push({ label: "Aicha est épuisée : aucune commande de test possible", ok: false });
    return { orderNumber: null, steps };
  }
  const { order } = placed;
  steps.push({
    label: `Commande créée : ${order.orderNumber}`,
    ok: ORDER_NUMBER_PATTERN.test(order.orderNumber),
    detail: `${TEST_ORDER_CUSTOMER.firstName} ${TEST_ORDER_CUSTOMER.lastName}, ${TEST_ORDER_CUSTOMER.address}, ${TEST_ORDER_CUSTOMER.postalCode} ${TEST_ORDER_CUSTOMER.city} — total ${euros(order.totalCents)}`,
  });

  const outcome = await finalizePayment(db, testGateway, {
    provider: "test",
    eventId: `admin-test-${order.orderNumber}`,
    type: "succeeded",
    orderNumber: order.orderNumber,
  });
  steps.push({
    label: "Paiement de test accepté",
    ok: outcome === "paid",
    ...(outcome === "paid" ? {} : { detail: `Résultat du paiement : ${outcome}` }),
  });

  const confirmation = await db
    .selectFrom("emailQueue")
    .select(["status", "subject"])
    .where("orderId", "=", order.id)
    .where("type", "=", "order_confirmation")
    .executeTakeFirst();
  steps.push(
    confirmation
      ? {
          label: `E-mail de confirmation mis en file pour ${TEST_ORDER_CUSTOMER.email}`,
          ok: true,
          detail: confirmation.subject,
        }
      : { label: "Aucun e-mail de confirmation en file", ok: false },
  );
  return { orderNumber: order.orderNumber, steps };
}
