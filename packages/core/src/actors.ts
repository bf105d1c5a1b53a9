/**
 * Who changes an order (order_events.actor, order_changes.actor) or a product (product_events.actor):
 * defined once; the panel's dictionary labels each (`copy.labels.actor` in @souls/api/admin-words).
 */
export const ACTORS = ["shopper", "system", "admin", "stripe", "test_gateway"] as const;
export type Actor = (typeof ACTORS)[number];

/**
 * What happened to an order besides a change of status, on its timeline (order_changes.kind):
 * the owner corrected its address, or sent one of its e-mails again.
 */
export const ORDER_CHANGES = ["address_corrected", "email_resent"] as const;
export type OrderChange = (typeof ORDER_CHANGES)[number];
