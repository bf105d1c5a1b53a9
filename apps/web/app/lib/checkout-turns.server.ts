/**
 * A launch's checkouts take turns per model in each web server (issue 33). At the opening
 * thousands of shoppers post « Payer » within a second or two for a dozen pieces. Each post held
 * one of the pool's connections while its statement waited for the model's locked row, the pool's
 * queue grew to seconds — pages' reads and payments behind it — and nearly every post learned at
 * the end what the catalogue already said: gone.
 *
 * Here a post waits for its models' turns without a connection; whenever a turn ends, the waiting
 * posts read the catalogue as heard then (every change committed before the read: a hold, a sale),
 * and those it leaves nothing to leave at once. PostgreSQL stays the judge of every hold: a turn
 * only spares it the posts that could not succeed, and other servers take their own turns.
 */
import { checkoutsWaiting } from "@souls/shop/metrics";

export interface CheckoutTurns {
  /**
   * Waits for a turn on each model (in one order, so that two carts never wait on each other),
   * checking `stillPossible` after each turn that ended meanwhile. Resolves with the function that
   * ends the turns, or with null once `stillPossible` says no (no turn is then held).
   */
  take(models: readonly string[], stillPossible: () => Promise<boolean>): Promise<(() => void) | null>;
  /** Posts waiting for a turn now (the metrics, tests). */
  readonly waiting: number;
}

/**
 * `perModel`: the posts of one model placed at once (a model's row is locked one at a time anyway);
 * `onWaiting`: told how many posts wait, at each change (the metrics).
 */
export function createCheckoutTurns(
  perModel: number,
  onWaiting: (waiting: number) => void = () => {},
): CheckoutTurns {
  const running = new Map<string, number>();
  /** The posts waiting for each model's next ended turn. */
  const waiters = new Map<string, Set<() => void>>();
  let waiting = 0;

  function end(model: string) {
    const left = (running.get(model) ?? 1) - 1;
    if (left > 0) running.set(model, left);
    else running.delete(model);
    const woken = waiters.get(model);
    waiters.delete(model);
    for (const wake of woken ?? []) wake();
  }

  function turnEnded(model: string): Promise<void> {
    return new Promise((wake) => {
      let set = waiters.get(model);
      if (!set) {
        set = new Set();
        waiters.set(model, set);
      }
      set.add(wake);
    });
  }

  return {
    async take(models, stillPossible) {
      const held: string[] = [];
      const endAll = () => {
        for (const model of held.splice(0)) end(model);
      };
      try {
        for (const model of [...new Set(models)].sort()) {
          while ((running.get(model) ?? 0) >= perModel) {
            onWaiting(++waiting);
            try {
              await turnEnded(model);
            } finally {
              onWaiting(--waiting);
            }
            if (!(await stillPossible())) {
              endAll();
              return null;
            }
          }
          running.set(model, (running.get(model) ?? 0) + 1);
          held.push(model);
        }
      } catch (error) {
        endAll();
        throw error;
      }
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        endAll();
      };
    },
    get waiting() {
      return waiting;
    },
  };
}

/**
 * This web server's turns: one post of a model placed at a time (its row is locked one statement
 * at a time anyway), the others waiting without a connection: the pool stays free for the rest.
 */
export const checkoutTurns = createCheckoutTurns(1, (waiting) => checkoutsWaiting.set(waiting));
