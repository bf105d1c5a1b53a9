/**
 * `@souls/shop/outbox`: the e-mail queue (transactional outbox) as the worker drives it. Use cases
 * queue their messages inside their own transactions (enqueue.ts, not exported: only the shop's
 * use cases write to the queue); the worker claims, sends and settles them; retention clears old ones.
 */

export { deleteOldEmails } from "./clean-up";
export {
  claimEmail,
  claimNextEmail,
  LEASE_MS,
  MAX_ATTEMPTS,
  retryDelayMs,
  type Settlement,
  settleEmail,
  settlementAfterFailure,
} from "./delivery";
