/**
 * Realistic messages for the preview server and the tests: what the shop really queues for an
 * order of one Aicha bag delivered in Paris.
 */
import type { EmailContext, EmailPayload, EmailType } from "./messages";

export const sampleContext: EmailContext = {
  siteUrl: "https://souls.example",
  seller: {
    brand: "SOULS",
    companyName: "SOULS SAS",
    address: "8 rue de Charonne, 75011 Paris, France",
    email: "contact@souls.example",
  },
};

/** A tracking token as the shop makes them: 32 random bytes in base64url, 43 characters. */
export const sampleTrackingToken = "q7Vb3kX9_mTzR2pL-8sWnY4eHcA0uJfGdKiOxQvE1Nw";
/** The token of a sign-up's confirmation link, made the same way. */
export const sampleSignupToken = "Zr4nT8wq_Lk2XbV0-hJc7sYdE5mPa9GfUoRi3NeQ6tC";
/** The token of a subscriber's unsubscribe link, made the same way. */
export const sampleUnsubscribeToken = "Hd2Kq9vX_b7TnR4w-Lp0sEy6JcA3mZgFuW8iNoQ1tVk";

const order = {
  orderNumber: "SOULS-123456ABCD",
  customerName: "Camille Durand",
  items: [{ name: "Aicha", model: "aicha", quantity: 1, unitPriceCents: 16900 }],
  subtotalCents: 16900,
  shippingCents: 0,
  totalCents: 16900,
  currency: "EUR",
};

export const samplePayloads = {
  order_confirmation: {
    ...order,
    orderedAt: "2025-03-12T13:32:05.000Z",
    shippingAddress: {
      name: "Camille Durand",
      address: "24 rue des Martyrs",
      postalCode: "75009",
      city: "Paris",
      country: "FR",
    },
    deliveryInstructions: "Digicode 4521B, 3e étage gauche",
    delivery: { tier: "france", minDays: 3, maxDays: 5 },
    trackingToken: sampleTrackingToken,
  },
  shipping_notification: {
    orderNumber: order.orderNumber,
    customerName: order.customerName,
    carrier: "colissimo",
    trackingNumber: "6A12345678901",
    carrierUrl: "https://www.laposte.fr/outils/suivre-vos-envois?code=6A12345678901",
    shippedAt: "2025-03-13T09:15:00.000Z",
  },
  withdrawal_acknowledgement: {
    ...order,
    receivedAt: "2025-03-18T16:47:00.000Z",
  },
  order_refunded_sold_out: order,
  // The refund that follows the withdrawal above: everything paid, the shipping was free.
  order_refund: {
    orderNumber: order.orderNumber,
    customerName: order.customerName,
    reason: "withdrawal",
    amountCents: 16900,
    currency: "EUR",
    items: order.items,
    fullyRefunded: true,
    refundedAt: "2025-03-24T10:20:00.000Z",
  },
  back_in_stock: {
    model: "aicha",
    productName: "Aicha",
    productPath: "/produit/sac-banane-aicha",
    unsubscribeToken: sampleUnsubscribeToken,
  },
  // A shopper who asked to hear when Aicha returns, before that address is used.
  signup_confirmation: { list: "waitlist", model: "aicha", productName: "Aicha", token: sampleSignupToken },
} satisfies { [T in EmailType]: EmailPayload<T> };
