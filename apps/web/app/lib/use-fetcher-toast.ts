import type { FetcherWithComponents } from "@remix-run/react";
import { useEffect } from "react";
import type { Toast } from "./toast";
import { showToast } from "./toast-events";

/** Shows the toast a fetcher's action answered with, once the fetcher is back to idle. */
export function useFetcherToast(fetcher: FetcherWithComponents<unknown>, onToast?: () => void): void {
  const answer = fetcher.data as { toast?: Toast | null } | undefined;
  useEffect(() => {
    if (fetcher.state === "idle" && answer?.toast) {
      showToast(answer.toast);
      onToast?.();
    }
  }, [fetcher.state, answer, onToast]);
}
