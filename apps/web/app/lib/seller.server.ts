import type { Locale } from "@souls/core/locales";
import type { EmailContext } from "@souls/emails/messages";
import { loadOwnerSettings } from "@souls/shop/owner";
import {
  emailContextFor,
  loadSeller,
  type Manufacturer,
  manufacturerOf,
  type ShownSeller,
  showSeller,
} from "@souls/shop/seller";
import { ADMIN_PAGES } from "~/screens";
import { catalogueVersion, keepCollection } from "./catalogue.server";
import { db, pagesDb } from "./db.server";
import { env } from "./env.server";
import { siteOrigin } from "./page.server";

/**
 * The seller for this server's pages (footer, legal pages, structured data, e-mail previews), with
 * what her VAT regime says of VAT, read once per catalogue version like the catalogue: a save of
 * « Ma boutique » or « Réglages » is a NOTIFY on the products channel, so every server reads it
 * again at its next request, never later.
 */
export const shownSeller = keepCollection(async () => {
  const [{ details }, { vatRegime }] = await Promise.all([loadSeller(pagesDb), loadOwnerSettings(pagesDb)]);
  return showSeller(details, vatRegime);
}, catalogueVersion);

/** What the e-mail templates need: the panel's previews render with the seller of the moment. */
export async function sellerEmailContext(): Promise<EmailContext> {
  return emailContextFor(await shownSeller(), siteOrigin);
}

/**
 * The manufacturer a product page's safety block names (EU General Product Safety Regulation
 * 2023/988, art. 19): the seller unless the owner named another, its address in the page's language.
 */
export async function productManufacturer(locale: Locale): Promise<Manufacturer> {
  return manufacturerOf(await shownSeller(), locale);
}

export const SELLER_NOT_FILLED_IN = `[web] the seller's identity is not filled in: the legal pages leave out what the law requires (${ADMIN_PAGES.seller})`;

/**
 * Said once when a production server starts while the legal pages still miss a required detail, so that
 * whoever deploys sees it in the log before a shopper sees it on the site.
 */
export async function checkSellerAtStart(
  seller: () => Promise<ShownSeller> = async () => showSeller((await loadSeller(db)).details),
): Promise<void> {
  try {
    if (!(await seller()).filledIn) console.warn(SELLER_NOT_FILLED_IN);
  } catch (error) {
    // The database may not answer yet: the pages will say it themselves.
    console.error(`[web] cannot read the seller's identity at start: ${(error as Error).message}`);
  }
}

/** The start-up check of this server (resolved at once outside production). */
export const sellerCheckedAtStart: Promise<void> =
  env.NODE_ENV === "production" ? checkSellerAtStart() : Promise.resolve();
