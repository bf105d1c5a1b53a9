import { isModelCode, type ModelCode } from "@souls/core/models";
import { type Cart, type CartLine, MAX_QUANTITY_PER_LINE } from "../cart";

export type CheckoutQuery = { ok: true; lines: Cart; fromQuery: boolean } | { ok: false };

const MAX_LINES = 10;

/**
 * Reads the spec's checkout address: `product`, `qty`, then `product2`, `qty2`, and so on. A
 * missing product means `defaultModel` (the home page's first model: Aicha at launch), a missing
 * quantity 1; anything else malformed is refused (never silently changed). Without any of these
 * parameters, the cart is what the shopper buys. Whether each model exists is the catalogue's to say.
 */
export function parseCheckoutQuery(
  params: URLSearchParams,
  cart: Cart,
  defaultModel: ModelCode | undefined,
): CheckoutQuery {
  const keys = [...params.keys()].filter((key) => /^(product|qty)\d*$/.test(key));
  if (keys.length === 0) {
    if (cart.length > 0) return { ok: true, lines: cart, fromQuery: false };
    return defaultModel
      ? { ok: true, lines: [{ model: defaultModel, quantity: 1 }], fromQuery: true }
      : { ok: false };
  }
  const lines: CartLine[] = [];
  for (let index = 1; index <= MAX_LINES; index++) {
    const suffix = index === 1 ? "" : String(index);
    const product = params.get(`product${suffix}`);
    const qty = params.get(`qty${suffix}`);
    if (index > 1 && product === null && qty === null) continue;
    const model = product ?? defaultModel;
    if (!isModelCode(model)) return { ok: false };
    const quantity = qty === null ? 1 : Number(qty);
    if (!/^\d+$/.test(qty ?? "1") || quantity < 1 || quantity > MAX_QUANTITY_PER_LINE) return { ok: false };
    lines.push({ model, quantity });
  }
  // Any other numbered line (product11, qty0…) is not a line this shop writes.
  if (keys.some((key) => !/^(product|qty)([2-9]|10)?$/.test(key))) return { ok: false };
  return { ok: true, lines: mergeLines(lines), fromQuery: true };
}

/** Lines of the same model become one (its quantities added), in the order models first appear. */
export function mergeLines(lines: readonly CartLine[]): CartLine[] {
  const merged = new Map<CartLine["model"], number>();
  for (const line of lines) merged.set(line.model, (merged.get(line.model) ?? 0) + line.quantity);
  return [...merged].map(([model, quantity]) => ({ model, quantity }));
}

/** The first model asked in more pieces than one order may take, with that limit. */
export function overOrderLimit(
  lines: readonly CartLine[],
  maxPiecesPerModel: number,
): { model: CartLine["model"]; limit: number } | null {
  const over = mergeLines(lines).find((line) => line.quantity > maxPiecesPerModel);
  return over ? { model: over.model, limit: maxPiecesPerModel } : null;
}
