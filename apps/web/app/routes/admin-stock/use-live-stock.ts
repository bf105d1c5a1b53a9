import { useEffect, useRef } from "react";
import { isUnauthorized, sendToLogin, trpc } from "~/lib/trpc";

export type LiveState = "connecting" | "live" | "off";

/**
 * Keeps the stock list current: every product change (a sale, another browser, a script — relayed
 * from PostgreSQL NOTIFY by products.changes over server-sent events) marks `products.list` stale, and
 * React Query fetches it again. After a reconnection the list is fetched once too, since changes
 * made while the stream was down were not seen.
 */
export function useLiveStock(): LiveState {
  const utils = trpc.useUtils();
  const subscription = trpc.products.changes.useSubscription(undefined, {
    onData: () => {
      void utils.products.list.invalidate();
    },
    onError: (error) => {
      if (isUnauthorized(error)) sendToLogin();
    },
  });

  const connectedBefore = useRef(false);
  useEffect(() => {
    if (subscription.status !== "pending") return;
    if (connectedBefore.current) void utils.products.list.invalidate();
    connectedBefore.current = true;
  }, [subscription.status, utils]);

  if (subscription.status === "pending") return "live";
  if (subscription.status === "error") return "off";
  return "connecting";
}
