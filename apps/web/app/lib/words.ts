/**
 * The words the browser has: those its first page carried (as JSON, see EmbeddedWords), then the
 * namespaces each later page loads before it renders (its route's clientLoader).
 */
import type { ClientLoaderFunctionArgs } from "@remix-run/react";
import { isLocale, type Locale } from "@souls/core/locales";
import { localeForPath } from "~/screens";
import type { Namespace, Resources, WordSource } from "./translations";

// Each namespace of each locale is its own file, fetched as JSON only by a page that needs it.
const urls = import.meta.glob<string>("../locales/*/*.json", {
  query: "?url",
  import: "default",
  eager: true,
});

const loaded: Partial<Record<Locale, Resources>> = {};

/** The words of the page the browser was sent, read once before hydrating. */
export function browserWords(): WordSource {
  const embedded = document.getElementById("page-words")?.textContent ?? "{}";
  const { locale, resources } = JSON.parse(embedded) as { locale?: string; resources?: Resources };
  if (isLocale(locale) && resources) loaded[locale] = { ...resources };
  return { embedded, resources: (of) => loaded[of] ?? {} };
}

async function loadWords(locale: Locale, namespaces: readonly string[]): Promise<void> {
  const have = loaded[locale] ?? {};
  loaded[locale] = have;
  await Promise.all(
    namespaces
      .filter((namespace) => !have[namespace])
      .map(async (namespace) => {
        const url = urls[`../locales/${locale}/${namespace}.json`];
        if (url) have[namespace] = (await (await fetch(url)).json()) as Namespace;
      }),
  );
}

/**
 * A page's clientLoader: its namespaces (its `handle.i18n`) are there before it renders, then
 * its data comes from its loader as usual.
 */
export function loadsWords(handle: { i18n: readonly string[] }) {
  return async ({ request, serverLoader }: ClientLoaderFunctionArgs) => {
    await loadWords(localeForPath(new URL(request.url).pathname), handle.i18n);
    return serverLoader();
  };
}
