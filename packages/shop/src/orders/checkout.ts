/**
 * The checkout's money, in one place: a delivery quote (moving an order and its payment together
 * once a payment exists), and paying — a total that changed is shown first, the order of this
 * checkout is placed or found again, and its payment started or taken up again. The web app
 * parses the form and answers with what these return; it decides no price and no step.
 */
import type { Locale } from "@souls/core/locales";
import type { ModelCode } from "@souls/core/models";
import type { Database, Kysely, Order } from "@souls/db";
import type { Cart } from "../cart";
import { deliveryQuoteFor } from "../delivery/zones";
import { judgeCode, lookUpCode } from "../discounts/judge";
import type { CodeRefusal } from "../discounts/rules";
import type { EarlyAccessPass } from "../launch/early-access-token";
import { DEFAULT_ORDER_LIMITS, type OrderLimits } from "../limits";
import type { PaymentGateway } from "../payments/gateway";
import type { ShippingDetails } from "./checkout-form";
import { type CheckoutPrice, type CheckoutPricing, priceCheckout } from "./checkout-price";
import { type CountryChange, changeDeliveryCountry, type DeliveryQuote } from "./delivery-country";
import { payabilityOf } from "./payment-moments";
import { type ClientLimit, findByCheckoutKey, placeOrder } from "./place-order";
import { startPayment } from "./start-payment";

/** Where the gateway sends the shopper back: after paying, or when she gives up. */
export interface PaymentLinks {
  returnUrl: string;
  cancelUrl: string;
}

/** The next step of a payment, as the shopper takes it. */
export type PaymentStep =
  /** Stripe's Payment Element on the checkout page (JavaScript). */
  | { kind: "element"; clientSecret: string }
  /** The gateway's own page (Stripe Checkout without JavaScript). */
  | { kind: "redirect"; url: string }
  /** The shop's own test payment page (offline gateway). */
  | { kind: "offline_page" };

/** Why a checkout cannot go on. */
export type CheckoutRefusal =
  | { problem: "orderLimit"; model: ModelCode; limit: number }
  | { problem: "clientLimit"; reason: ClientLimit }
  | { problem: "unavailable"; model: ModelCode; available: number }
  /** The pieces left are all held by shoppers paying now: one may come back within the hold. */
  | { problem: "heldByOthers"; model: ModelCode }
  /** The order of this checkout was not paid in time: its pieces went back on sale. */
  | { problem: "reservationEnded" }
  /** The model's series opens later (decision 039). */
  | { problem: "notOpen"; model: ModelCode; opensAt: Date }
  /** The series' head start: only with a subscriber's link, to her address. */
  | { problem: "earlyAccess"; model: ModelCode; opensAt: Date }
  /** The launch limit: no more of this model to one shopper yet. */
  | { problem: "launchLimit"; model: ModelCode; limit: number }
  /** The shop does not deliver to this country (any more): the owner withdrew it. */
  | { problem: "notServed"; country: string }
  /** The discount code typed is refused, and why (decision 048); the minimum when below it. */
  | { problem: "discountCode"; reason: CodeRefusal; minSubtotalCents?: number }
  | { problem: "empty" };

export type CheckoutOutcome =
  /** The total differs from the one the shopper saw (a country's shipping): show it before anything. */
  | { outcome: "review"; review: DeliveryQuote & { discountCents?: number } }
  | { outcome: "refused"; refusal: CheckoutRefusal }
  | { outcome: "pay"; order: Order; step: PaymentStep }
  /** Nothing is left to pay: paid already, or a payment the owner must check. */
  | { outcome: "done"; order: Order }
  /** The gateway could not be asked; the order keeps its hold and can be paid later. */
  | { outcome: "gateway_unavailable"; order: Order; cause: string };

export interface CheckoutPayment {
  /** The form's own key: the same form posted twice is the same order. */
  checkoutKey: string;
  locale: Locale;
  lines: Cart;
  details: ShippingDetails;
  /** The total the shopper was shown when she clicked (null: none shown, so review it). */
  expectedTotalCents: number | null;
  withJavaScript: boolean;
  client?: { hash: string; earlierOrders?: readonly string[] };
  limits?: OrderLimits;
  /** The browser's early-access passes and the launch rules' clock (placeOrder). */
  earlyAccess?: readonly EarlyAccessPass[];
  launchNow?: Date;
  links: (orderNumber: string) => PaymentLinks;
  /** The discount code the shopper typed, if any (judged here, on the server). */
  discountCode?: string;
}

/** A code typed at checkout, as the checkout shows it: what it takes off, or why it is refused. */
export type CodeAnswer =
  | { ok: true; code: string; discountCents: number }
  | { ok: false; reason: CodeRefusal; minSubtotalCents?: number };

/**
 * « Appliquer » (and « Payer » with a code): the code looked up within the guessing limits
 * (docs/security.md) and judged against these lines, priced by the shop, and the shopper's address
 * when she gave it (checked again, under the code's lock, when the order is placed).
 */
export async function checkDiscountCode(
  db: Kysely<Database>,
  request: {
    code: string;
    lines: Cart;
    email: string | null;
    clientHash: string | null;
    now?: Date;
  },
): Promise<CodeAnswer & { codeId?: number }> {
  const looked = await lookUpCode(db, request.code, request.clientHash, request.now);
  if (!looked.ok) return { ok: false, reason: looked.reason };
  const judged = await judgeCode(
    db,
    looked.code.id,
    { email: request.email, lines: request.lines },
    request.now,
  );
  if (!judged.ok) return judged;
  return { ok: true, code: judged.code.code, discountCents: judged.totalCents, codeId: judged.code.id };
}

/**
 * A delivery quote for a country: before the order exists, the lines' subtotal and the country's
 * shipping; once it exists, its country moves with its payment's amount, or nothing moves.
 */
export async function quoteDelivery(
  db: Kysely<Database>,
  gateway: PaymentGateway,
  request: { subtotalCents: number; country: string; orderNumber?: string | null },
): Promise<CountryChange> {
  if (request.orderNumber) {
    return changeDeliveryCountry(db, gateway, { orderNumber: request.orderNumber, country: request.country });
  }
  const delivery = await deliveryQuoteFor(db, request.country, request.subtotalCents);
  if (!delivery) return { ok: false, reason: "not_served", kept: null };
  const { shippingCents } = delivery;
  return {
    ok: true,
    quote: { country: request.country, shippingCents, totalCents: request.subtotalCents + shippingCents },
  };
}

/**
 * "Payer": the order of this checkout, placed now or found again (a second click, a back button, a
 * reload), and the step that pays it — never a thank-you for an order no payment was made for.
 */
export async function payForCheckout(
  db: Kysely<Database>,
  gateway: PaymentGateway,
  input: CheckoutPayment,
): Promise<CheckoutOutcome> {
  const limits = input.limits ?? DEFAULT_ORDER_LIMITS;
  // The one pricing of this request, from the database: the review shows it, the order is placed at it.
  // Before anything else: no review, no order for more than one order may take of a model.
  const pricing = await priceCheckout(db, { lines: input.lines, country: input.details.country, limits });
  if (!pricing.ok) return { outcome: "refused", refusal: refusalOf(pricing, input.details.country) };
  const { price } = pricing;
  // With a code: the order of this checkout placed already keeps the discount it was placed with.
  const code = input.discountCode ? await codeOfCheckout(db, input) : null;
  if (code && "existing" in code) {
    return paymentOf(
      db,
      gateway,
      code.existing,
      input.withJavaScript,
      input.links(code.existing.orderNumber),
    );
  }
  if (code && !code.ok) {
    const { ok: _, ...refusal } = code;
    return { outcome: "refused", refusal: { problem: "discountCode", ...refusal } };
  }
  const discountCents = code?.discountCents ?? 0;
  if (input.expectedTotalCents !== totalOf(price, discountCents)) {
    return { outcome: "review", review: reviewOf(price, input.details.country, discountCents) };
  }
  const placed = await placeOrder(db, {
    checkoutKey: input.checkoutKey,
    locale: input.locale,
    lines: input.lines,
    details: input.details,
    provider: gateway.provider,
    client: input.client,
    limits,
    price,
    ...(input.earlyAccess ? { earlyAccess: input.earlyAccess } : {}),
    ...(input.launchNow ? { launchNow: input.launchNow } : {}),
    ...(code?.codeId !== undefined ? { discountCodeId: code.codeId } : {}),
  });
  if (!placed.ok) {
    switch (placed.reason) {
      case "discount_code": {
        const { ok: _, ...refusal } = placed.refusal;
        return { outcome: "refused", refusal: { problem: "discountCode", ...refusal } };
      }
      case "order_limit":
        return {
          outcome: "refused",
          refusal: { problem: "orderLimit", model: placed.model, limit: placed.limit },
        };
      case "client_limit":
        return { outcome: "refused", refusal: { problem: "clientLimit", reason: placed.limit } };
      case "unavailable":
        return {
          outcome: "refused",
          refusal: { problem: "unavailable", model: placed.model, available: placed.available },
        };
      case "held_by_others":
        return { outcome: "refused", refusal: { problem: "heldByOthers", model: placed.model } };
      case "not_open":
        return {
          outcome: "refused",
          refusal: { problem: "notOpen", model: placed.model, opensAt: placed.opensAt },
        };
      case "early_access":
        return {
          outcome: "refused",
          refusal: { problem: "earlyAccess", model: placed.model, opensAt: placed.opensAt },
        };
      case "launch_limit":
        return {
          outcome: "refused",
          refusal: { problem: "launchLimit", model: placed.model, limit: placed.limit },
        };
      case "empty":
      case "not_served":
        return { outcome: "refused", refusal: refusalOf(placed, input.details.country) };
      case "price_changed": {
        // A price changed since this request priced the checkout: she sees the new total first.
        const again = await priceCheckout(db, { lines: input.lines, country: input.details.country, limits });
        if (!again.ok) return { outcome: "refused", refusal: refusalOf(again, input.details.country) };
        return { outcome: "review", review: reviewOf(again.price, input.details.country, discountCents) };
      }
    }
  }
  return paymentOf(db, gateway, placed.order, input.withJavaScript, input.links(placed.order.orderNumber));
}

const totalOf = (price: CheckoutPrice, discountCents: number) =>
  price.subtotalCents - discountCents + price.shippingCents;

/** The total shown before anything is placed: exactly what the order is placed at. */
const reviewOf = (price: CheckoutPrice, country: string, discountCents: number) => ({
  country,
  shippingCents: price.shippingCents,
  totalCents: totalOf(price, discountCents),
  ...(discountCents > 0 ? { discountCents } : {}),
});

/** Why a checkout could not be priced, as the checkout refuses it. */
function refusalOf(refused: Extract<CheckoutPricing, { ok: false }>, country: string): CheckoutRefusal {
  switch (refused.reason) {
    case "empty":
      return { problem: "empty" };
    case "order_limit":
      return { problem: "orderLimit", model: refused.model, limit: refused.limit };
    case "not_served":
      return { problem: "notServed", country };
  }
}

/** The code of a checkout: its order if placed already, else the code judged for its lines and address. */
async function codeOfCheckout(db: Kysely<Database>, input: CheckoutPayment & { discountCode?: string }) {
  const existing = await findByCheckoutKey(db, input.checkoutKey);
  if (existing) return { existing };
  return checkDiscountCode(db, {
    code: input.discountCode ?? "",
    lines: input.lines,
    email: input.details.email,
    clientHash: input.client?.hash ?? null,
  });
}

/** Paying an order placed earlier by this browser (its thank-you page, a checkout reopened). */
export async function resumeOrderPayment(
  db: Kysely<Database>,
  gateway: PaymentGateway,
  input: { orderNumber: string; withJavaScript: boolean; links: PaymentLinks },
): Promise<CheckoutOutcome | null> {
  const order = await db
    .selectFrom("orders")
    .selectAll()
    .where("orderNumber", "=", input.orderNumber)
    .executeTakeFirst();
  if (!order) return null;
  return paymentOf(db, gateway, order, input.withJavaScript, input.links);
}

/** What an order's payment is now, from the shopper's side: the step to take, or why there is none. */
async function paymentOf(
  db: Kysely<Database>,
  gateway: PaymentGateway,
  order: Order,
  withJavaScript: boolean,
  links: PaymentLinks,
): Promise<CheckoutOutcome> {
  switch (payabilityOf(order, gateway)) {
    case "settled":
      // Money taken (paid, refunded, or to be checked): the thank-you page says which.
      return { outcome: "done", order };
    case "ended":
      return { outcome: "refused", refusal: { problem: "reservationEnded" } };
  }
  let started: Awaited<ReturnType<typeof startPayment>>;
  try {
    started = await startPayment(db, gateway, order, { ...links, withJavaScript });
  } catch (error) {
    return {
      outcome: "gateway_unavailable",
      order,
      cause: String((error as Error)?.message ?? error).slice(0, 200),
    };
  }
  if (!started) return { outcome: "done", order };
  if (started.clientSecret)
    return { outcome: "pay", order, step: { kind: "element", clientSecret: started.clientSecret } };
  if (started.redirectUrl)
    return { outcome: "pay", order, step: { kind: "redirect", url: started.redirectUrl } };
  return { outcome: "pay", order, step: { kind: "offline_page" } };
}
