import { useLocation } from "@remix-run/react";
import { useHydrated } from "~/lib/hydrated";

/**
 * Present only until React hydrates: a form posted without JavaScript asks its action for a
 * 303 back to this page (with a toast cookie); a fetcher gets data instead. See decision 003.
 * With an `anchor` (the id of the form's section), the page comes back where the shopper was.
 */
export function RedirectBackField({ anchor }: { anchor?: string }) {
  const hydrated = useHydrated();
  const { pathname, search } = useLocation();
  const back = `${pathname}${search}${anchor ? `#${anchor}` : ""}`;
  return hydrated ? null : <input type="hidden" name="redirectTo" value={back} />;
}
