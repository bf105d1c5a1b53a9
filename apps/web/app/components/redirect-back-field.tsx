import { useLocation } from "@remix-run/react";
import { useHydrated } from "~/lib/hydrated";

/**
 * Present only until React hydrates: a form posted without JavaScript asks its action for a
 * 303 back to this page (with a toast cookie); a fetcher gets data instead. See decision 003.
 */
export function RedirectBackField() {
  const hydrated = useHydrated();
  const { pathname, search } = useLocation();
  return hydrated ? null : <input type="hidden" name="redirectTo" value={`${pathname}${search}`} />;
}
