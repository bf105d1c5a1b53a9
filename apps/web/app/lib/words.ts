/**
 * The words the browser has, on the pages React runs on there (decision 030): the namespaces its
 * first page names (see PageWords), loaded before it hydrates, then those a later page drawn in
 * the browser loads before it renders (its route's clientLoader: only the pages that hydrate have
 * one, decision 062; the others are reached by a document navigation).
 */
import type { ClientLoaderFunctionArgs } from "@remix-run/react";
import { isLocale, type Locale } from "@souls/core/locales";
import { localeForPath } from "~/screens";
import type { Namespace, PageNamespaces, Resources, WordSource } from "./translations";

// Each namespace of each locale is its own file (hashed, cached for a year), fetched as JSON
// only by a page that needs it.
const files = import.meta.glob<string>("../locales/*/*.json", {
  query: "?url",
  import: "default",
  eager: true,
});

/** The address of a namespace's file, the same on the server (which preloads it) as in the browser. */
export function wordsFile(locale: Locale, namespace: string): string | undefined {
  return files[`../locales/${locale}/${namespace}.json`];
}

const loaded: Partial<Record<Locale, Resources>> = {};

/**
 * The words of the page the browser was sent: its namespaces' files, already on their way (the
 * page preloads them). Fails if one cannot be had: the page then stays as the server wrote it,
 * every form working without JavaScript.
 */
export async function browserWords(): Promise<WordSource> {
  const page = JSON.parse(document.getElementById("page-words")?.textContent ?? "{}") as PageNamespaces;
  if (!isLocale(page.locale) || !Array.isArray(page.namespaces)) throw new Error("page-words unreadable");
  await loadWords(page.locale, page.namespaces);
  return { page, resources: (of) => loaded[of] ?? {} };
}

async function loadWords(locale: Locale, namespaces: readonly string[]): Promise<void> {
  const have = loaded[locale] ?? {};
  loaded[locale] = have;
  await Promise.all(
    namespaces
      .filter((namespace) => !have[namespace])
      .map(async (namespace) => {
        const file = wordsFile(locale, namespace);
        if (!file) return;
        const response = await fetch(file);
        if (!response.ok) throw new Error(`${file}: ${response.status}`);
        have[namespace] = (await response.json()) as Namespace;
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
