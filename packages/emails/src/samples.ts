/**
 * Realistic messages for the preview server and the tests: what the shop really queues for an
 * order of one Aicha bag delivered in Paris. `samplePayload` is each template's sample in each
 * language, the one both the preview and the tests render.
 */
import type { Locale } from "@souls/core/locales";
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
/** A review invitation's links as the shop signs them: bound to order 42. */
export const sampleReviewToken = "r.42.Vq3nB8xL_k2TzR7w-Hp9sEa4JcD0mYgFuN6iKoQ1tWe";
export const sampleReviewOptOutToken = "o.42.Mb7Kq2vX_t9TnR4w-Lp0sEy6JcA3mZgFuW8iNoQ1tVd";

const order = {
  orderNumber: "SOULS-123456ABCD",
  customerName: "Camille Durand",
  items: [{ name: "Aicha", model: "aicha", quantity: 1, unitPriceCents: 16900 }],
  subtotalCents: 16900,
  shippingCents: 0,
  totalCents: 16900,
  currency: "EUR",
};

/** A series' announcement as the owner writes it in English (her French one is the sample below). */
export const sampleAnnouncementEn: EmailPayload<"announcement"> = {
  subject: "The Atlas series opens on Friday at 6 pm",
  title: "The Atlas series",
  subtitle: "Twelve one-of-a-kind pieces in blue jacquard from Fez",
  body: "It arrives on Friday: twelve bags cut from a jacquard woven in Fez, each one unique.\n\nAs always, you are the first to know.",
  models: [
    { name: "Aicha", priceCents: 16900, productPath: "/en/product/aicha-fanny-pack" },
    { name: "Nadia", priceCents: 17900, productPath: "/en/product/nadia-fanny-pack" },
  ],
  currency: "EUR",
  opensAt: "2026-12-04T17:00:00.000Z",
  earlyAccessAt: "2026-12-03T17:00:00.000Z",
  earlyAccessToken: "e.3.41.Hd2Kq9vX_b7TnR4w-Lp0sEy6JcA3mZgFuW8iNoQ1tVk",
  unsubscribeToken: sampleUnsubscribeToken,
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
    carrierName: "Colissimo",
    trackingNumber: "6A12345678901",
    carrierUrl: "https://www.laposte.fr/outils/suivre-vos-envois?code=6A12345678901",
    shippedAt: "2025-03-13T09:15:00.000Z",
    trackingToken: sampleTrackingToken,
  },
  withdrawal_acknowledgement: {
    ...order,
    receivedAt: "2025-03-18T16:47:00.000Z",
    trackingToken: sampleTrackingToken,
  },
  order_refunded_sold_out: { ...order, trackingToken: sampleTrackingToken },
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
    trackingToken: sampleTrackingToken,
  },
  // Asked for on the tracking page with the order's number and her address.
  tracking_link: {
    orderNumber: order.orderNumber,
    customerName: order.customerName,
    trackingToken: sampleTrackingToken,
  },
  back_in_stock: {
    model: "aicha",
    productName: "Aicha",
    productPath: "/produit/sac-banane-aicha",
    unsubscribeToken: sampleUnsubscribeToken,
  },
  // The early-notice list hears of the next series, with a day's head start.
  announcement: {
    subject: "La série Atlas ouvre vendredi à 18 h",
    title: "La série Atlas",
    subtitle: "Douze pièces uniques, en jacquard bleu de Fès",
    body: "Elle arrive vendredi : douze sacs coupés dans un jacquard tissé à Fès, chacun unique.\n\nComme toujours, vous êtes les premières à le savoir.",
    models: [
      { name: "Aicha", priceCents: 16900, productPath: "/produit/sac-banane-aicha" },
      { name: "Nadia", priceCents: 17900, productPath: "/produit/sac-banane-nadia" },
    ],
    currency: "EUR",
    opensAt: "2026-12-04T17:00:00.000Z",
    earlyAccessAt: "2026-12-03T17:00:00.000Z",
    earlyAccessToken: "e.3.41.Hd2Kq9vX_b7TnR4w-Lp0sEy6JcA3mZgFuW8iNoQ1tVk",
    unsubscribeToken: sampleUnsubscribeToken,
  },
  // Ten days after the Aicha of the order above left the workshop.
  review_invitation: {
    orderNumber: order.orderNumber,
    customerName: "Camille",
    items: [{ model: "aicha", name: "Aicha" }],
    token: sampleReviewToken,
    unsubscribeToken: sampleReviewOptOutToken,
    writeUntil: "2025-05-22T09:15:00.000Z",
  },
  // Her review named the carrier's driver and his phone number: refused, and she may change it.
  review_rejected: {
    customerName: "Camille",
    model: "aicha",
    productName: "Aicha",
    reviewTitle: "Superbe, livré vite",
    reason: "personal_data",
    withdrawn: false,
    token: sampleReviewToken,
    changeUntil: "2025-04-30T18:02:00.000Z",
  },
  // A shopper who asked to hear when Aicha returns, before that address is used.
  signup_confirmation: { list: "waitlist", model: "aicha", productName: "Aicha", token: sampleSignupToken },
  // The owner corrected a typo in the street before the parcel left.
  address_corrected: {
    orderNumber: order.orderNumber,
    customerName: order.customerName,
    shippingAddress: {
      name: "Camille Durand",
      address: "42 rue des Martyrs",
      addressLine2: "Bâtiment B, 3e étage",
      postalCode: "75009",
      city: "Paris",
      country: "FR",
    },
    deliveryInstructions: "Digicode 4521B, 3e étage gauche",
    trackingToken: sampleTrackingToken,
  },
  // To the owner, as the order above is paid.
  new_order: {
    ...order,
    paidAt: "2025-03-12T13:33:41.000Z",
    destination: { postalCode: "75009", city: "Paris", country: "FR" },
    deliveryInstructions: "Digicode 4521B, 3e étage gauche",
    customerNote: "C'est un cadeau : pouvez-vous retirer le prix ?",
    test: false,
  },
  low_stock: {
    threshold: 3,
    models: [
      { name: "Aicha", reference: "Aicha-01", stock: 2 },
      { name: "Nadia", reference: "Nadia-01", stock: 0 },
    ],
  },
  incident: {
    kind: "emails_failing",
    state: "open",
    openedAt: "2025-03-12T02:14:00.000Z",
    closedAt: null,
  },
} satisfies { [T in EmailType]: EmailPayload<T> };

/**
 * A type's sample as a reader of a language receives it: the same order in both (what a shopper
 * typed, her delivery instructions, is never translated); the owner's announcement in the words
 * she wrote for each language.
 */
export function samplePayload<T extends EmailType>(type: T, locale: Locale): EmailPayload<T> {
  if (type === "announcement" && locale === "en") return sampleAnnouncementEn as EmailPayload<T>;
  return samplePayloads[type] as EmailPayload<T>;
}
