/**
 * Turns a listener-based source into an async generator for a subscription: events wait in a small
 * queue until the client takes them; the generator ends when `signal` aborts (the client went
 * away) and always unsubscribes on the way out.
 */
export async function* relay<T>(
  subscribe: (push: (item: T) => void) => () => void,
  signal: AbortSignal | undefined,
  /** A client that stops reading loses the oldest events, not the server's memory. */
  maxQueued = 100,
): AsyncGenerator<T, void, undefined> {
  if (signal?.aborted) return;
  const queue: T[] = [];
  let wake: (() => void) | undefined;
  const wakeUp = () => {
    const resolve = wake;
    wake = undefined;
    resolve?.();
  };
  const unsubscribe = subscribe((item) => {
    queue.push(item);
    if (queue.length > maxQueued) queue.shift();
    wakeUp();
  });
  signal?.addEventListener("abort", wakeUp, { once: true });
  try {
    while (!signal?.aborted) {
      if (queue.length > 0) {
        yield queue.shift() as T;
        continue;
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  } finally {
    unsubscribe();
    signal?.removeEventListener("abort", wakeUp);
  }
}
