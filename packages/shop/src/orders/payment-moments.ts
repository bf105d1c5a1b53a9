/**
 * The moments a shopper meets her order's payment, each one use case returning what her page
 * shows: back from the gateway (the thank-you page), a checkout resumed (`?order=`), and the
 * offline test gateway's own page. The web routes parse the request, call one of these and render;
 * the decisions — may this order still be paid, is the gateway's answer to be applied, what state
 * does the page say — are made here, and the reconciler applies the gateway's answer with the very
 * same code (`applyGatewayAnswer`).
 */
import type { Database, Kysely, Order } from "@souls/db";
import { paymentIsOpen } from "../order-status";
import type { CurrentOutcome, PaymentGateway } from "../payments/gateway";
import { chargeOfflineCard, type OfflineCardOutcome, offlinePaymentEvent } from "../payments/offline-gateway";
import { finalizePayment } from "./finalize-payment";
import { findOrder, type OrderWithLines } from "./queries";

/**
 * Where an order's payment stands, as the thank-you page says it: paid; refunded; taken for
 * another amount (`checking`: the owner checks it); being confirmed (`pending`: the shopper
 * confirmed, the gateway is finishing — or it took the money and the shop could not apply it yet);
 * not paid (no attempt under way: she can pay now); closed (the hold ran out unpaid). "Being
 * confirmed" only ever follows a payment she made.
 */
export type ShownPaymentState = "paid" | "refunded" | "checking" | "pending" | "notPaid" | "closed";

/**
 * Whether an order can still be paid with this gateway: `payable`; `settled` when money was taken
 * (paid, refunded, or to be checked: the thank-you page says which); `ended` when its hold ran out
 * or it was placed while the shop took payments another way (that payment is gone with its gateway).
 */
export type Payability = "payable" | "settled" | "ended";

export function payabilityOf(
  order: Pick<Order, "status" | "paymentStatus" | "paymentProvider">,
  gateway: Pick<PaymentGateway, "provider">,
): Payability {
  if (!paymentIsOpen(order.paymentStatus)) return "settled";
  if (order.status !== "awaiting_payment" || order.paymentProvider !== gateway.provider) return "ended";
  return "payable";
}

/**
 * What the gateway says of an order's payment, applied when it took the money (through
 * finalizePayment, which makes any repeat harmless): the shopper's return and the reconciler both
 * ask this way. `via` names who asked, in the event's id.
 */
export async function applyGatewayAnswer(
  db: Kysely<Database>,
  gateway: PaymentGateway,
  order: { orderNumber: string; paymentReference: string },
  via: "return" | "reconcile",
): Promise<CurrentOutcome> {
  const outcome = await gateway.currentOutcome(order.paymentReference);
  if (outcome.type === "succeeded") {
    await finalizePayment(db, gateway, {
      provider: gateway.provider,
      eventId: `${via}:${order.paymentReference}`,
      type: "succeeded",
      orderNumber: order.orderNumber,
      taken: outcome.taken,
    });
  }
  return outcome;
}

/** The order's state as its row says it; null while its payment is open with this gateway (ask it). */
function settledState(order: Order, gateway: PaymentGateway): ShownPaymentState | null {
  if (order.status === "refunded") return "refunded";
  if (order.paymentStatus === "paid" || order.paymentStatus === "partially_refunded") return "paid";
  if (order.paymentStatus === "refunded") return "refunded";
  if (order.paymentStatus === "mismatch") return "checking";
  if (order.status !== "awaiting_payment") return "closed";
  if (order.paymentProvider !== gateway.provider || !order.paymentReference) return "notPaid";
  return null;
}

/** The thank-you page's order: its state, and where she pays it when it is not paid yet. */
export interface GatewayReturn extends OrderWithLines {
  state: ShownPaymentState;
  /** Where an order not paid yet is paid: never thanked for, it goes to its own payment page. */
  payOn: "offline_page" | "checkout" | null;
}

/**
 * The shopper back from the gateway (the thank-you page): a payment the gateway took before its
 * event arrived is applied now, the same way the reconciler does; the order is then read again and
 * its state said. Undefined for an order that does not exist.
 */
export async function returnFromGateway(
  db: Kysely<Database>,
  gateway: PaymentGateway,
  orderNumber: string,
): Promise<GatewayReturn | undefined> {
  const found = await findOrder(db, orderNumber);
  if (!found) return undefined;
  const settled = settledState(found.order, gateway);
  if (settled) return shownReturn(found, settled);
  const { order } = found;
  const answer = await applyGatewayAnswer(
    db,
    gateway,
    { orderNumber: order.orderNumber, paymentReference: order.paymentReference as string },
    "return",
  );
  if (answer.type !== "succeeded")
    return shownReturn(found, answer.type === "pending" ? "pending" : "notPaid");
  const again = (await findOrder(db, order.orderNumber)) ?? found;
  // The gateway took it and the shop could not apply it yet: its webhook or the reconciler will.
  return shownReturn(again, settledState(again.order, gateway) ?? "pending");
}

const shownReturn = (found: OrderWithLines, state: ShownPaymentState): GatewayReturn => ({
  ...found,
  state,
  payOn: state === "notPaid" ? (found.order.paymentProvider === "test" ? "offline_page" : "checkout") : null,
});

/**
 * A checkout reopened for an order this browser placed (`?order=`): paid from there while it can
 * be (`pay`), else the thank-you page says what became of it (`thankYou`). Undefined for an order
 * that does not exist.
 */
export async function resumeCheckout(
  db: Kysely<Database>,
  gateway: PaymentGateway,
  orderNumber: string,
): Promise<({ next: "pay" } & OrderWithLines) | { next: "thankYou"; order: Order } | undefined> {
  const found = await findOrder(db, orderNumber);
  if (!found) return undefined;
  if (payabilityOf(found.order, gateway) !== "payable") return { next: "thankYou", order: found.order };
  return { next: "pay", ...found };
}

/**
 * The offline gateway's page for an order. It exists only while the shop runs on that gateway,
 * and only for an order it took (it can never pay a Stripe order: finalizePayment refuses such an
 * event too): undefined otherwise. A paid order goes to its thank-you page; any other shows its
 * card form, which can be used while the order is payable.
 */
export async function offlinePaymentPage(
  db: Kysely<Database>,
  gateway: PaymentGateway,
  orderNumber: string,
): Promise<
  ({ next: "pay"; payable: boolean } & OrderWithLines) | { next: "thankYou"; order: Order } | undefined
> {
  const found = await offlineOrder(db, gateway, orderNumber);
  if (!found) return undefined;
  if (found.order.paymentStatus === "paid") return { next: "thankYou", order: found.order };
  return {
    next: "pay",
    ...found,
    payable: found.order.status === "awaiting_payment" && paymentIsOpen(found.order.paymentStatus),
  };
}

async function offlineOrder(db: Kysely<Database>, gateway: PaymentGateway, orderNumber: string) {
  if (gateway.provider !== "test") return undefined;
  const found = await findOrder(db, orderNumber);
  return found?.order.paymentProvider === "test" ? found : undefined;
}

/** What the offline page's form asks: to cancel, to pay with a card number, or nothing it can read. */
export type OfflinePageRequest =
  | { intent: "cancel" }
  | { intent: "pay"; cardNumber: string }
  | { intent: "unread" };

export type OfflinePageAnswer =
  /** The payment given up: the order's hold is released (back to the cart). */
  | { outcome: "cancelled" }
  /** Nothing more to pay here: the thank-you page says what became of it (the cart emptied when paid). */
  | { outcome: "thankYou"; orderNumber: string; paid: boolean }
  /** A mistyped number (Luhn check): refused before it is "charged". */
  | { outcome: "invalidNumber" }
  | { outcome: "declined"; reason: Exclude<OfflineCardOutcome, "succeeded" | "invalid_number"> }
  /** Its hold ran out, or it was cancelled meanwhile. */
  | { outcome: "notPayable" }
  /** A form the page does not send: the page says so (after the order was found hers). */
  | { outcome: "unread" };

/**
 * The offline page's form posted: the card "charged" (Stripe's test numbers) the order's total as
 * read now — what the page's button showed — or the payment cancelled, applied as the gateway's
 * event. Undefined where the page does not exist (offlinePaymentPage).
 */
export async function answerOfflinePayment(
  db: Kysely<Database>,
  gateway: PaymentGateway,
  orderNumber: string,
  request: OfflinePageRequest,
): Promise<OfflinePageAnswer | undefined> {
  const found = await offlineOrder(db, gateway, orderNumber);
  if (!found) return undefined;
  const { order } = found;
  if (request.intent === "unread") return { outcome: "unread" };
  if (request.intent === "cancel") {
    await finalizePayment(db, gateway, offlinePaymentEvent(order, "cancelled"));
    return { outcome: "cancelled" };
  }
  const charge = chargeOfflineCard(request.cardNumber);
  if (charge === "invalid_number") return { outcome: "invalidNumber" };
  const outcome = await finalizePayment(db, gateway, offlinePaymentEvent(order, charge));
  switch (outcome) {
    case "paid":
    case "refunded_sold_out":
    case "amount_mismatch":
    case "no_change":
      return { outcome: "thankYou", orderNumber: order.orderNumber, paid: outcome === "paid" };
    case "declined":
      return charge === "succeeded" ? { outcome: "notPayable" } : { outcome: "declined", reason: charge };
    default:
      return { outcome: "notPayable" };
  }
}
