import { useEffect } from "react";

/**
 * A message shown to a shopper or to the owner, already in her words: the shop's server
 * translates a toast when it raises it (it knows the page's language), the owner's panel writes
 * its French. The Toaster only shows it.
 */
export interface Toast {
  id: string;
  kind: "success" | "error";
  title: string;
  text?: string;
  /** A way on from the message (« Voir le panier »). */
  link?: { href: string; label: string };
}

type Listener = (toast: Toast) => void;
const listeners = new Set<Listener>();

/** Shows a toast raised in the browser (a fetcher's answer, an admin action); the Toaster listens. */
export function showToast(toast: Toast): void {
  for (const listener of listeners) listener(toast);
}

export function onToast(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Every form answer names its outcome; some carry a toast. */
interface FormAnswer {
  outcome?: string;
  toast?: Toast | null;
}

/** Shows the toast a fetcher's action answered with, once the fetcher is back to idle. */
export function useFetcherToast(
  fetcher: { state: string; data?: FormAnswer | undefined },
  onShown?: () => void,
): void {
  const answer = fetcher.data;
  useEffect(() => {
    if (fetcher.state === "idle" && answer?.toast) {
      showToast(answer.toast);
      onShown?.();
    }
  }, [fetcher.state, answer, onShown]);
}
