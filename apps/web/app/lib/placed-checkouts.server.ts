import { placedCheckouts } from "@souls/shop/orders";
import { db } from "./db.server";

/** Most keys one query asks for. */
const MAX_KEYS = 500;

/**
 * Whether a checkout's form was placed already, the posts asking within one turn of the event loop
 * answered by one query: in a launch's rush hundreds of posts learn at once that the last piece
 * went, and each asked the database alone, in the pool's queue before the posts still holding a
 * piece (issue 33).
 */
export function batchedPlacedCheckouts(lookUp: (keys: string[]) => Promise<Set<string>>) {
  type Asker = { answer: (placed: boolean) => void; fail: (error: unknown) => void };
  let asked = new Map<string, Asker[]>();

  function askNow() {
    const answering = asked;
    asked = new Map();
    const keys = [...answering.keys()];
    for (let from = 0; from < keys.length; from += MAX_KEYS) {
      const some = keys.slice(from, from + MAX_KEYS);
      const askers = (key: string) => answering.get(key) ?? [];
      lookUp(some).then(
        (placed) => {
          for (const key of some) for (const { answer } of askers(key)) answer(placed.has(key));
        },
        (error: unknown) => {
          for (const key of some) for (const { fail } of askers(key)) fail(error);
        },
      );
    }
  }

  return function checkoutWasPlaced(checkoutKey: string): Promise<boolean> {
    return new Promise((answer, fail) => {
      if (asked.size === 0) setImmediate(askNow);
      asked.set(checkoutKey, [...(asked.get(checkoutKey) ?? []), { answer, fail }]);
    });
  };
}

/** This web server's. */
export const checkoutWasPlaced = batchedPlacedCheckouts((keys) => placedCheckouts(db, keys));
