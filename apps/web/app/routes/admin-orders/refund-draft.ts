/**
 * The refund form's rules, apart from its markup: what it suggests, what it adds up to, what it
 * refuses before asking the server (which checks everything again) and what it sends.
 */

import { copy } from "@souls/api/admin-words";
import { fill } from "@souls/core/placeholders";
import type { OwnerRefundReason, RestockChoice } from "@souls/core/refunds";
import { formatCents, parseEuros } from "~/components/admin/format";

const TEXT = copy.refund;

export type RefundReasonChoice = OwnerRefundReason;
export type { RestockChoice };

export interface RefundableOrder {
  currency: string;
  shippedAt: string | null;
  withdrawnAt: string | null;
  refundableCents: number;
  refundableShippingCents: number;
}

export interface RefundableItem {
  id: number;
  name: string;
  unitPriceCents: number;
  refundableQuantity: number;
}

export interface RefundDraft {
  /** Pieces of the order (their price), or an amount. */
  mode: "lines" | "amount";
  /** Pieces to refund per order line (order_items.id). */
  quantities: Record<number, number>;
  includeShipping: boolean;
  /** As typed, "12,50" or "12.50". */
  amount: string;
  reason: RefundReasonChoice;
  /** Null while the owner has not chosen: the suggestion follows the reason. */
  restock: RestockChoice | null;
  note: string;
}

/** A withdrawn order's refund is the withdrawal's; a parcel that left comes back as a return. */
export function suggestedReason(order: RefundableOrder): RefundReasonChoice {
  if (order.withdrawnAt) return "withdrawal";
  return order.shippedAt ? "return" : "goodwill";
}

/** Pieces that left the workshop go back on the shelf when they are back in it; others at once. */
export function suggestedRestock(order: RefundableOrder, reason: RefundReasonChoice): RestockChoice {
  return order.shippedAt && (reason === "return" || reason === "withdrawal") ? "on_return" : "now";
}

export function emptyDraft(order: RefundableOrder): RefundDraft {
  return {
    mode: "lines",
    quantities: {},
    includeShipping: false,
    amount: "",
    reason: suggestedReason(order),
    restock: null,
    note: "",
  };
}

export function restockOf(draft: RefundDraft, order: RefundableOrder): RestockChoice {
  // An amount names no piece: the server would take it as the whole order, so nothing moves.
  if (draft.mode === "amount") return "no";
  return draft.restock ?? suggestedRestock(order, draft.reason);
}

function chosenLines(draft: RefundDraft, items: RefundableItem[]) {
  return items
    .map((item) => ({ item, quantity: Math.min(draft.quantities[item.id] ?? 0, item.refundableQuantity) }))
    .filter((line) => line.quantity > 0);
}

/** What the refund comes to, in cents; null while the amount typed is not one. */
export function draftTotalCents(draft: RefundDraft, items: RefundableItem[], order: RefundableOrder) {
  if (draft.mode === "amount") {
    const euros = parseEuros(draft.amount);
    return Number.isNaN(euros) ? null : Math.round(euros * 100);
  }
  const pieces = chosenLines(draft, items).reduce(
    (sum, line) => sum + line.item.unitPriceCents * line.quantity,
    0,
  );
  return pieces + (draft.includeShipping ? order.refundableShippingCents : 0);
}

export interface DraftErrors {
  lines?: string;
  amount?: string;
}

/** The form's own checks; the server's answer may still refuse (another tab refunded meanwhile). */
export function checkRefundDraft(
  draft: RefundDraft,
  items: RefundableItem[],
  order: RefundableOrder,
): DraftErrors {
  const max = formatCents(order.refundableCents, order.currency);
  const total = draftTotalCents(draft, items, order);
  if (draft.mode === "amount") {
    if (total === null || total <= 0) return { amount: TEXT.amountInvalid };
    if (total > order.refundableCents) return { amount: fill(TEXT.tooMuch, { max }) };
    return {};
  }
  if (chosenLines(draft, items).length === 0) return { lines: TEXT.noLines };
  if ((total ?? 0) > order.refundableCents) return { lines: fill(TEXT.tooMuch, { max }) };
  return {};
}

/** The orders.refund input for a checked draft (without the order number and the click's key). */
export function refundInput(draft: RefundDraft, items: RefundableItem[], order: RefundableOrder) {
  const common = {
    reason: draft.reason,
    restock: restockOf(draft, order),
    note: draft.note.trim() || undefined,
  };
  if (draft.mode === "amount") return { ...common, amount: parseEuros(draft.amount) };
  return {
    ...common,
    lines: chosenLines(draft, items).map((line) => ({ itemId: line.item.id, quantity: line.quantity })),
    includeShipping: draft.includeShipping,
  };
}

/**
 * The key of one click: its retries (a lost answer, a double click) are the same refund.
 * randomUUID exists only on secure pages; getRandomValues also on the workshop's plain-http address.
 */
export function newRequestKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
