/**
 * What one anonymous client may do with the shop's stock (docs/security.md, "Denial of
 * inventory"). Every value is a setting of the web app (apps/web/app/lib/env.server.ts); these are
 * the defaults. Pure: the cart in the browser reads the per-model limit too.
 */
export interface OrderLimits {
  /** How long pieces stay held for a shopper who has not paid yet. */
  holdMinutes: number;
  /** Pieces of one model in one order (every piece is unique: a few is a generous order). */
  maxPiecesPerModel: number;
  /** Pieces one client may hold at a time across its unpaid orders. */
  maxHeldPiecesPerClient: number;
  /** Unpaid orders one client may place in an hour. */
  maxUnpaidOrdersPerHour: number;
  /**
   * The share of a model's pieces that unpaid orders may hold at once, whoever placed them (at
   * least one piece), before a shopper's order may hold more: a crowd of addresses cannot hold a
   * whole series while buyers who pay take the rest. 1 holds no piece back.
   */
  maxHeldShareOfModel: number;
}

export const DEFAULT_ORDER_LIMITS: OrderLimits = {
  holdMinutes: 20,
  maxPiecesPerModel: 3,
  maxHeldPiecesPerClient: 6,
  maxUnpaidOrdersPerHour: 5,
  maxHeldShareOfModel: 0.5,
};

/**
 * Pieces of a model a shopper's order may still hold now: those available, within the share
 * unpaid orders may hold at once (at least one piece). The order's statement applies the same rule
 * on the locked row (`placeOrderStatement`); this one reads a copy, to spare it hopeless posts.
 */
export function holdableOf(
  model: { available: number; held: number },
  limits: Pick<OrderLimits, "maxHeldShareOfModel">,
) {
  const stock = model.available + model.held;
  const share = Math.max(1, Math.ceil(stock * limits.maxHeldShareOfModel));
  return Math.max(0, Math.min(model.available, share - model.held));
}

/**
 * The find-my-order form (docs/security.md §20), an anonymous write that sends an e-mail: one
 * client's requests an hour, matching or not, and the links one order is sent a day, whoever asks.
 * A shopper who mistypes her number twice still gets her link; a script neither learns which
 * orders exist nor fills a buyer's mailbox. And the shop's requests an hour, from every client:
 * a crowd of addresses cannot make the shop a mail cannon (its shoppers still have the link of
 * every e-mail about their order).
 */
export const TRACKING_LINK_LIMIT = { perClientPerHour: 5, perOrderPerDay: 3, perShopPerHour: 600 } as const;

/**
 * Discount codes a client may try (docs/security.md §"Guessing discount codes", decision 048): the
 * codes it typed that the shop does not know, an hour — a shopper who mistypes hers twice still
 * gets it; a script learns nothing after a few. And the unknown codes an hour from every client:
 * a crowd of addresses cannot search the codes' space either (then every code waits the hour).
 */
export const DISCOUNT_CODE_LIMIT = { unknownPerClientPerHour: 10, unknownPerShopPerHour: 300 } as const;
