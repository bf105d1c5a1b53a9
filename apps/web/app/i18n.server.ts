import type { Locale } from "@souls/core/locales";
import { type Resources, type Translate, translate } from "./lib/translations";

const files = import.meta.glob<Resources[string]>("./locales/*/*.json", { eager: true, import: "default" });

/** Every namespace of every locale, bundled into the server build. */
export const resources: Record<string, Resources> = {};
for (const [file, content] of Object.entries(files)) {
  const [, locale, namespace] = file.match(/\.\/locales\/(\w+)\/(\w+)\.json$/) ?? [];
  if (!locale || !namespace) continue;
  resources[locale] ??= {};
  resources[locale][namespace] = content;
}

/**
 * A `t` for one locale, for loaders and actions (titles, descriptions, toasts): keys of the first
 * namespace given, or `ns:key`. The same lookup as the pages' (lib/translations.tsx).
 */
export async function fixedT(locale: Locale, namespace: string | string[]): Promise<Translate> {
  const [first = "common"] = typeof namespace === "string" ? [namespace] : namespace;
  const words = resources[locale] ?? {};
  return (key, values) => translate(words, locale, first, key, values);
}

/** The words of the namespaces a page's routes declare (`handle.i18n`). */
export function pageWords(locale: Locale, namespaces: readonly string[]): Resources {
  const words = resources[locale] ?? {};
  return Object.fromEntries(
    namespaces.flatMap((namespace) => {
      const entry = words[namespace];
      return entry ? [[namespace, entry]] : [];
    }),
  );
}
