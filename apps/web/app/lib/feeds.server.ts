/**
 * The product feeds (decision 046), built from the database at each catalogue or stock change,
 * like the kept pages, never per request: the four texts are built together once per catalogue
 * version (the `products` NOTIFY channel announces every sale, hold, edit, photo and series) and
 * once more when a series opens (its preorders become pieces in stock with no change to announce).
 * A rush of requests after a change builds them once. Each text carries its ETag (its hash) and
 * the moment it last changed, so a platform fetching an unchanged feed gets a 304.
 */
import { createHash } from "node:crypto";
import type { Locale } from "@souls/core/locales";
import {
  type FeedSource,
  feedLines,
  googleFeed,
  loadFeedSource,
  metaFeed,
  nextFeedChange,
  uploadedPhotoImage,
} from "@souls/shop/feeds";
import { fixedT } from "~/i18n.server";
import { FEED_FILE_NAMES, FEED_FILES, type FeedFile, feedPath, pathOf } from "~/screens";
import { type CatalogueVersion, catalogueVersion } from "./catalogue.server";
import { db } from "./db.server";
import { drawingImage } from "./drawings.server";
import { siteOrigin } from "./page.server";
import { shownSeller } from "./seller.server";

export interface FeedText {
  body: string;
  contentType: string;
  /** A strong validator: the hash of the text. */
  etag: string;
  /** When this text was first built as it is (to the second, as HTTP dates go). */
  lastModified: Date;
}

export type Feeds = Record<FeedFile, FeedText>;

export interface BuiltFeeds {
  feeds: Feeds;
  /** When they would say something else without a catalogue change (a series' opening), or null. */
  until: Date | null;
}

const CONTENT_TYPES = { google: "application/xml; charset=utf-8", meta: "text/csv; charset=utf-8" } as const;

/** The four feeds' texts from a catalogue, for a seller's brand, at `now`. */
export async function buildFeeds(
  source: FeedSource,
  { brand, now, previous }: { brand: string; now: Date; previous: Feeds | null },
): Promise<BuiltFeeds> {
  const texts = new Map<Locale, { fullName: (name: string) => string; title: string; description: string }>();
  for (const locale of ["fr", "en"] as const) {
    const [tc, th] = await Promise.all([fixedT(locale, "common"), fixedT(locale, "home")]);
    texts.set(locale, {
      fullName: (name) => tc("product.fullName", { name }),
      title: th("meta.title"),
      description: th("meta.description"),
    });
  }
  const second = new Date(Math.floor(now.getTime() / 1000) * 1000);
  const feeds = Object.fromEntries(
    FEED_FILE_NAMES.map((file) => {
      const { platform, locale } = FEED_FILES[file];
      const words = texts.get(locale);
      if (!words) throw new Error(`no words for ${locale}`);
      const lines = feedLines(source, {
        locale,
        origin: siteOrigin,
        now,
        brand,
        titleOf: (model) => words.fullName(model.name),
        imageOf: (photo) => uploadedPhotoImage(siteOrigin, photo) ?? drawingImage(photo),
      });
      const body =
        platform === "google"
          ? googleFeed(
              {
                title: words.title,
                link: `${siteOrigin}${pathOf("home", locale)}`,
                description: words.description,
              },
              lines,
            )
          : metaFeed(lines);
      const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
      const before = previous?.[file];
      const text: FeedText = {
        body,
        contentType: CONTENT_TYPES[platform],
        etag,
        lastModified: before?.etag === etag ? before.lastModified : second,
      };
      return [file, text];
    }),
  ) as Feeds;
  return { feeds, until: nextFeedChange(source, now) };
}

/**
 * The feeds kept for a catalogue version until the next change is heard or `until` passes. While
 * the LISTEN connection is down nothing is kept (a change could not be heard), as for the pages.
 */
export function keepFeeds(
  build: (previous: Feeds | null) => Promise<BuiltFeeds>,
  version: CatalogueVersion,
  now: () => Date = () => new Date(),
) {
  let kept: { feeds: Feeds; version: string; until: number | null } | undefined;
  let building: { version: string; promise: Promise<BuiltFeeds> } | undefined;
  let builds = 0;

  function start(previous: Feeds | null): Promise<BuiltFeeds> {
    builds++;
    return build(previous);
  }

  return {
    async feeds(): Promise<Feeds> {
      const before = await version.current();
      const fresh = kept && (kept.until === null || now().getTime() < kept.until);
      if (kept && fresh && before !== null && kept.version === before) return kept.feeds;
      let built: BuiltFeeds;
      if (before === null) {
        built = await start(kept?.feeds ?? null);
      } else {
        // The requests of the moment share one build of this version.
        if (building?.version !== before) {
          const promise = start(kept?.feeds ?? null);
          building = { version: before, promise };
          const done = () => {
            if (building?.promise === promise) building = undefined;
          };
          promise.then(done, done);
        }
        built = await building.promise;
      }
      // A change heard during the build may have committed after its read: that build is not kept.
      if (before !== null && version.heard() === before) {
        kept = { feeds: built.feeds, version: before, until: built.until?.getTime() ?? null };
      }
      return built.feeds;
    },
    /** How many times the feeds were built (tests: never per request). */
    get builds(): number {
      return builds;
    },
  };
}

/** This web server's feeds. */
export const shownFeeds = keepFeeds(
  async (previous) =>
    buildFeeds(await loadFeedSource(db), { brand: (await shownSeller()).brand, now: new Date(), previous }),
  catalogueVersion,
);

/** The feeds' absolute addresses, as the owner gives them to Google and Meta. */
export function feedAddresses(): { file: FeedFile; url: string }[] {
  return FEED_FILE_NAMES.map((file) => ({ file, url: `${siteOrigin}${feedPath(file)}` }));
}
