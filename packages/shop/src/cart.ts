import { z } from "zod";
import { isModelCode, MODEL_CODES, type ModelCode } from "./catalogue";

/** A cart holds model codes and quantities only; prices always come from the database. */
export interface CartLine {
  model: ModelCode;
  quantity: number;
}
export type Cart = readonly CartLine[];

/** Upper bound of one line, whatever the stock says: a cookie must stay small. */
export const MAX_QUANTITY_PER_LINE = 20;

const storedCartSchema = z
  .array(
    z.object({
      model: z.string(),
      quantity: z.number().int().min(1).max(MAX_QUANTITY_PER_LINE),
    }),
  )
  .max(MODEL_CODES.length);

/** Reads a cart from untrusted storage; anything malformed or unknown is dropped. */
export function parseStoredCart(value: unknown): Cart {
  const parsed = storedCartSchema.safeParse(value);
  if (!parsed.success) return [];
  const seen = new Set<string>();
  return parsed.data.filter((line): line is CartLine => {
    if (!isModelCode(line.model) || seen.has(line.model)) return false;
    seen.add(line.model);
    return true;
  });
}

export type CartChange =
  | { outcome: "added" | "updated" | "removed"; cart: Cart }
  /** The line already holds every available piece. */
  | { outcome: "limit"; cart: Cart; available: number }
  | { outcome: "sold_out"; cart: Cart };

export function quantityOf(cart: Cart, model: ModelCode): number {
  return cart.find((line) => line.model === model)?.quantity ?? 0;
}

/** Adds one piece: a new line with quantity 1, or one more on the existing line. */
export function addToCart(cart: Cart, model: ModelCode, available: number): CartChange {
  if (available <= 0) return { outcome: "sold_out", cart };
  const current = quantityOf(cart, model);
  if (current >= Math.min(available, MAX_QUANTITY_PER_LINE)) {
    return { outcome: "limit", cart, available };
  }
  return {
    outcome: "added",
    cart: current === 0 ? [...cart, { model, quantity: 1 }] : withQuantity(cart, model, current + 1),
  };
}

/** Sets a line's quantity; 0 or less removes it, more than is available is refused. */
export function setQuantity(cart: Cart, model: ModelCode, quantity: number, available: number): CartChange {
  if (quantityOf(cart, model) === 0) return { outcome: "removed", cart };
  if (quantity <= 0) return removeFromCart(cart, model);
  const limit = Math.min(available, MAX_QUANTITY_PER_LINE);
  if (quantity > limit) {
    return available <= 0 ? { outcome: "sold_out", cart } : { outcome: "limit", cart, available };
  }
  return { outcome: "updated", cart: withQuantity(cart, model, quantity) };
}

export function removeFromCart(cart: Cart, model: ModelCode): CartChange {
  return { outcome: "removed", cart: cart.filter((line) => line.model !== model) };
}

function withQuantity(cart: Cart, model: ModelCode, quantity: number): Cart {
  return cart.map((line) => (line.model === model ? { model, quantity } : line));
}

/** Number of pieces (the header badge). */
export function cartItemCount(cart: Cart): number {
  return cart.reduce((sum, line) => sum + line.quantity, 0);
}

export function cartTotalCents(cart: Cart, priceCentsOf: (model: ModelCode) => number): number {
  return cart.reduce((sum, line) => sum + priceCentsOf(line.model) * line.quantity, 0);
}

/**
 * The checkout's query for a cart, as the spec gives it:
 * `product=aicha&qty=1&product2=nadia&qty2=2`.
 */
export function checkoutQuery(cart: Cart): string {
  const params = new URLSearchParams();
  cart.forEach((line, index) => {
    const suffix = index === 0 ? "" : String(index + 1);
    params.set(`product${suffix}`, line.model);
    params.set(`qty${suffix}`, String(line.quantity));
  });
  return params.toString();
}
