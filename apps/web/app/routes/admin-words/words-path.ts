import type { Locale } from "@souls/core/locales";
import { ADMIN_PAGES } from "~/screens";

/** « Textes du site » in one language (`?langue=en`). */
export const wordsPagePath = (locale: Locale) => `${ADMIN_PAGES.words}?langue=${locale}`;
