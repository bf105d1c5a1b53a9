import { DEFAULT_LOCALE, LOCALES } from "@souls/core/locales";
import type { InitOptions } from "i18next";

/** Settings shared by the server and the browser. Namespaces are declared by each route's `handle.i18n`. */
export const i18nConfig = {
  supportedLngs: [...LOCALES],
  fallbackLng: DEFAULT_LOCALE,
  defaultNS: "common",
  // React escapes what it renders; escaping twice would show &amp; to shoppers.
  interpolation: { escapeValue: false },
} satisfies InitOptions;
