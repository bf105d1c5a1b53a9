/**
 * The shop's words as pages show them (decision 051): what the owner published, else today's
 * text from the locale files — so a shop where she changed nothing renders exactly what it did
 * when these words were code. Read once per catalogue version like the catalogue: a publication
 * is a NOTIFY on the products channel, so every server reads the words again at its next request.
 */
import type { Locale } from "@souls/core/locales";
import { SHOP_VALUES, type ShopWord, type ShopWordOverrides } from "@souls/core/shop-words";
import { publishedHeroPicture } from "@souls/shop/photos";
import { loadShopWords } from "@souls/shop/words";
import { fixedT } from "~/i18n.server";
import { catalogueVersion, keepCollection } from "./catalogue.server";
import { pagesDb } from "./db.server";
import { shownSeller } from "./seller.server";

export const shownShopWords = keepCollection(() => loadShopWords(pagesDb), catalogueVersion);

/** The hero picture she published beside her words, or null; read again like the words. */
export const shownHeroPicture = keepCollection(
  async () => ({ picture: await publishedHeroPicture(pagesDb) }),
  catalogueVersion,
);

export type ShopWords = Record<ShopWord, string>;

/** Today's texts, as the locale files (and the seller's brand, in the legal pages' titles) write them. */
export async function defaultShopWords(locale: Locale): Promise<ShopWords> {
  const [t, seller] = await Promise.all([
    fixedT(locale, ["common", "home", "magazine", "legal", "tracking"]),
    shownSeller(),
  ]);
  const values = Object.fromEntries(
    SHOP_VALUES.flatMap((value) => [
      [`${value}Title`, t(`home:values.${value}.title`)],
      [`${value}Text`, t(`home:values.${value}.text`)],
    ]),
  ) as Record<`${(typeof SHOP_VALUES)[number]}${"Title" | "Text"}`, string>;
  const legal = (document: "legalNotice" | "privacy" | "terms") =>
    `${t(`legal:${document}.title`)} – ${seller.brand}`;
  return {
    storyTitle: t("home:story.title"),
    // Two paragraphs in the locale files: one text with a blank line between them here.
    storyText: `${t("home:story.text1")}\n\n${t("home:story.text2")}`,
    valuesTitle: t("home:values.title"),
    ...values,
    footerTagline: t("common:footer.tagline"),
    homeTitle: t("home:meta.title"),
    homeDescription: t("home:meta.description"),
    allPiecesTitle: t("common:collections.allMetaTitle"),
    allPiecesDescription: t("common:collections.allMetaDescription"),
    magazineTitle: `${t("magazine:list.title")} – SOULS`,
    magazineDescription: t("magazine:list.metaDescription"),
    trackingTitle: t("tracking:meta.title"),
    trackingDescription: t("tracking:meta.description"),
    legalNoticeTitle: legal("legalNotice"),
    legalNoticeDescription: t("legal:legalNotice.metaDescription"),
    privacyTitle: legal("privacy"),
    privacyDescription: t("legal:privacy.metaDescription"),
    termsTitle: legal("terms"),
    termsDescription: t("legal:terms.metaDescription"),
  };
}

/** Her changes over today's texts. */
export function withOverrides(defaults: ShopWords, overrides: ShopWordOverrides): ShopWords {
  return { ...defaults, ...overrides };
}

/** The words every shopper's page shows in `locale`. */
export async function shopWords(locale: Locale): Promise<ShopWords> {
  const [defaults, published] = await Promise.all([defaultShopWords(locale), shownShopWords()]);
  return withOverrides(defaults, published[locale]);
}

/** A page's title and description for search engines (and social networks). */
export async function pageTitle(
  locale: Locale,
  page: "home" | "allPieces" | "magazine" | "tracking" | "legalNotice" | "privacy" | "terms",
): Promise<{ title: string; description: string }> {
  const words = await shopWords(locale);
  return { title: words[`${page}Title`], description: words[`${page}Description`] };
}
