import { isModelCode, type ModelCode } from "@souls/core/models";
import { z } from "zod";

/** A cart holds model codes and quantities only; prices always come from the database. */
export interface CartLine {
  model: ModelCode;
  quantity: number;
}
export type Cart = readonly CartLine[];

/**
 * Upper bound of a stored line, whatever the settings say: a cookie must stay small. The shop's
 * own limit per order (`OrderLimits.maxPiecesPerModel`, 3 by default) is lower.
 */
export const MAX_QUANTITY_PER_LINE = 20;
/** Lines a cart may hold: a cookie must stay small (4 KB). */
export const MAX_CART_LINES = 20;

const storedCartSchema = z
  .array(
    z.object({
      model: z.string(),
      quantity: z.number().int().min(1).max(MAX_QUANTITY_PER_LINE),
    }),
  )
  .max(MAX_CART_LINES);

/**
 * Reads a cart from untrusted storage; anything malformed is dropped. Whether each model still
 * exists is the catalogue's to say (a line of a model no longer sold shows nothing).
 */
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
  /** The line already holds as many pieces as one order may take of a model. */
  | { outcome: "order_limit"; cart: Cart; limit: number }
  | { outcome: "sold_out"; cart: Cart };

export function quantityOf(cart: Cart, model: ModelCode): number {
  return cart.find((line) => line.model === model)?.quantity ?? 0;
}

/**
 * Why a line cannot hold `quantity` pieces: none left, fewer left, or more than one order may
 * take of a model (`maxPerModel`). Null when it can.
 */
function refusal(cart: Cart, quantity: number, available: number, maxPerModel: number): CartChange | null {
  if (available <= 0) return { outcome: "sold_out", cart };
  const orderLimit = Math.min(maxPerModel, MAX_QUANTITY_PER_LINE);
  if (quantity > orderLimit && orderLimit <= available)
    return { outcome: "order_limit", cart, limit: orderLimit };
  if (quantity > available) return { outcome: "limit", cart, available };
  return null;
}

/** Adds one piece: a new line with quantity 1, or one more on the existing line. */
export function addToCart(cart: Cart, model: ModelCode, available: number, maxPerModel: number): CartChange {
  const current = quantityOf(cart, model);
  const refused = refusal(cart, current + 1, available, maxPerModel);
  if (refused) return refused;
  return {
    outcome: "added",
    cart: current === 0 ? [...cart, { model, quantity: 1 }] : withQuantity(cart, model, current + 1),
  };
}

/** Sets a line's quantity; 0 or less removes it, more than is available or allowed is refused. */
export function setQuantity(
  cart: Cart,
  model: ModelCode,
  quantity: number,
  available: number,
  maxPerModel: number,
): CartChange {
  if (quantityOf(cart, model) === 0) return { outcome: "removed", cart };
  if (quantity <= 0) return removeFromCart(cart, model);
  const refused = refusal(cart, quantity, available, maxPerModel);
  if (refused) return refused;
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
