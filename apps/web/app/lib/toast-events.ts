import type { Toast } from "./toast";

type Listener = (toast: Toast) => void;
const listeners = new Set<Listener>();

/** Shows a toast from the browser (a fetcher's answer); the Toaster listens. */
export function showToast(toast: Toast): void {
  for (const listener of listeners) listener(toast);
}

export function onToast(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
