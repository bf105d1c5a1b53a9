import { useRouteLoaderData } from "@remix-run/react";
import type { RootData } from "~/root";
import { DEFAULT_LOCALE, type Locale } from "~/screens";

/** The page's locale, as the root loader resolved it from the matched route. */
export function useLocale(): Locale {
  return (useRouteLoaderData("root") as RootData | undefined)?.locale ?? DEFAULT_LOCALE;
}

export function useRootData(): RootData | undefined {
  return useRouteLoaderData("root") as RootData | undefined;
}
