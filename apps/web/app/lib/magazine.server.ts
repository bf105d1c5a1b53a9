/**
 * The magazine for this server's pages (decision 052): the owner's articles, read once per
 * catalogue version like the catalogue (a save in « Magazine » is a NOTIFY on the products channel),
 * and shown by the shop's clock: a scheduled article is out from its moment, on every server by
 * itself — the kept pages' generation counts the articles out (pageCache), as it counts a series'
 * launch moments.
 */
import type { Locale } from "@souls/core/locales";
import { articleAddressLocale, articlePath } from "@souls/core/magazine";
import { articleMomentsPassed, articlesOut, loadMagazine, type Magazine } from "@souls/shop/magazine";
import { catalogueVersion, keepCollection } from "./catalogue.server";
import { pagesDb } from "./db.server";
import { launchClock } from "./launch.server";
import { productChanges } from "./live.server";
import { processWide } from "./server-process.server";

export const shownMagazine = keepCollection(() => loadMagazine(pagesDb), catalogueVersion);

/** The moment a page of the magazine is shown for: the shop's clock (moved only in a test run). */
export function magazineNow(): Date {
  return launchClock.now();
}

/** An article page's addresses in both languages, when `pathname` is one a shopper may read. */
export function articlePaths(magazine: Magazine, pathname: string, now = magazineNow()) {
  const locale = articleAddressLocale(pathname);
  if (!locale) return undefined;
  const slug = pathname.slice(articlePath("", locale).length);
  const article = articlesOut(magazine, now).find((one) => one.slug[locale] === slug);
  return (
    article &&
    ({ fr: articlePath(article.slug.fr, "fr"), en: articlePath(article.slug.en, "en") } as Record<
      Locale,
      string
    >)
  );
}

const watched = processWide("magazine", () => ({ magazine: null as Magazine | null, started: false }));

/**
 * What kept pages depend on in the magazine besides the catalogue version: how many articles are
 * out at `now` — a page kept before a scheduled article came out (the magazine's list, the sitemap,
 * an article's « À lire aussi ») is not served after. Read from the last magazine this server
 * loaded, loaded again at every change.
 */
export function magazineGeneration(now = magazineNow()): string {
  if (!watched.started) {
    watched.started = true;
    const refresh = () => {
      shownMagazine().then(
        (magazine) => {
          watched.magazine = magazine;
        },
        (error: unknown) => console.error("[magazine] cannot read the articles:", (error as Error).message),
      );
    };
    productChanges.subscribeToAll(refresh);
    refresh();
  }
  return watched.magazine ? String(articleMomentsPassed(watched.magazine, now)) : "?";
}
