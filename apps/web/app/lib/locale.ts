import { useRouteLoaderData } from "@remix-run/react";
import { DEFAULT_LOCALE, type Locale } from "@souls/core/locales";
import type { loader as rootLoader } from "~/root";

/** What the root loader answers for every page (locale, cart count, toast, the seller for the footer). */
export function useRootData() {
  return useRouteLoaderData<typeof rootLoader>("root");
}

/** The page's locale, as the root loader resolved it from the matched route. */
export function useLocale(): Locale {
  return useRootData()?.locale ?? DEFAULT_LOCALE;
}
