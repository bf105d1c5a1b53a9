import { RemixI18Next } from "remix-i18next/server";
import { i18nConfig } from "./i18n";
import { DEFAULT_LOCALE, LOCALES, localeForPath } from "./screens";

type Resource = Record<string, unknown>;
const files = import.meta.glob<Resource>("./locales/*/*.json", { eager: true, import: "default" });

/** Every namespace of every locale, bundled into the server build. */
export const resources: Record<string, Record<string, Resource>> = {};
for (const [file, content] of Object.entries(files)) {
  const [, locale, namespace] = file.match(/\.\/locales\/(\w+)\/(\w+)\.json$/) ?? [];
  if (!locale || !namespace) continue;
  resources[locale] ??= {};
  resources[locale][namespace] = content;
}

export const i18next = new RemixI18Next({
  detection: {
    supportedLanguages: [...LOCALES],
    fallbackLanguage: DEFAULT_LOCALE,
    // The locale is the matched page's, never the browser's preference.
    order: ["custom"],
    findLocale: async (request) => localeForPath(new URL(request.url).pathname),
  },
  i18next: { ...i18nConfig, resources },
});
