/**
 * A browser that asks for English before French, on a French page of the shop, is offered the
 * English page: a link, never a redirect (decision 033). One rule for the page that shows the
 * offer (the root loader) and the page cache that must never keep it (page-cache.server.ts).
 */
import { isAdminPath, localeForPath } from "~/screens";

/** Longer than any browser sends: such a header is not read (nothing is offered). */
const MAX_ACCEPT_LANGUAGE = 512;

/**
 * Whether the client's Accept-Language puts English before French: of the languages it names
 * with a weight above 0, the first of the highest weight that is English or French (`en-GB`,
 * `fr-CA`… by their primary tag) is English. A header naming neither, `*` alone, or none at all
 * asks for nothing. Read in one pass over a bounded header, without regular expressions.
 */
export function prefersEnglish(header: string | null | undefined): boolean {
  if (!header || header.length > MAX_ACCEPT_LANGUAGE) return false;
  let best: { language: "en" | "fr"; weight: number } | null = null;
  for (const part of header.split(",")) {
    const [range = "", ...parameters] = part.split(";");
    const language = range.trim().toLowerCase().split("-")[0];
    if (language !== "en" && language !== "fr") continue;
    let weight = 1;
    for (const parameter of parameters) {
      const [name = "", value = ""] = parameter.split("=");
      if (name.trim().toLowerCase() === "q") weight = Number(value.trim());
    }
    if (!(weight > 0 && weight <= 1)) continue;
    if (!best || weight > best.weight) best = { language, weight };
  }
  return best?.language === "en";
}

/** Whether the page at `pathname` offers its English version to a client sending `acceptLanguage`. */
export function offersEnglish(pathname: string, acceptLanguage: string | null | undefined): boolean {
  return localeForPath(pathname) === "fr" && !isAdminPath(pathname) && prefersEnglish(acceptLanguage);
}
