import type { Locale } from "@souls/core/locales";
import { emailPhotoUrl, type ShownPhoto } from "@souls/core/photos";
import { type Catalogue, homeSeries, type Series, seriesModels, shownSeries } from "@souls/shop/catalogue";
import type { CardModel } from "~/components/product-card";
import { seriesAddressLocale, seriesPath } from "~/screens";
import { cardOf } from "./catalogue.server";
import { env } from "./env.server";

/** A series as the header and footer link to it. */
export interface SeriesLink {
  title: string;
  path: string;
}

/** Every series shoppers may find, the home page's first then the newest: the menus' links. */
export function seriesLinks(catalogue: Catalogue, locale: Locale): SeriesLink[] {
  return shownSeries(catalogue).map((series) => ({
    title: series.title[locale],
    path: seriesPath(series.slug[locale], locale),
  }));
}

/** A model's series as its page's breadcrumb names it, while the series has a page. */
export function seriesLinkOf(
  catalogue: Catalogue,
  seriesId: number | null,
  locale: Locale,
): SeriesLink | null {
  const series = shownSeries(catalogue).find((one) => one.id === seriesId);
  return series ? { title: series.title[locale], path: seriesPath(series.slug[locale], locale) } : null;
}

/** A series as its page and the « all pieces » page show it, in one language. */
export interface SeriesView {
  id: number;
  title: string;
  subtitle: string;
  path: string;
  /** The home page's series (« Nouvelle série »). */
  featured: boolean;
  picture: ShownPhoto | null;
  models: CardModel[];
}

export function seriesView(catalogue: Catalogue, series: Series, locale: Locale): SeriesView {
  return {
    id: series.id,
    title: series.title[locale],
    subtitle: series.subtitle[locale],
    path: seriesPath(series.slug[locale], locale),
    featured: series.id === homeSeries(catalogue).series?.id,
    picture: series.picture,
    models: seriesModels(catalogue, series.id).map((model) => cardOf(model, locale)),
  };
}

/** A series page's addresses in both languages, when `pathname` is one a shopper may find. */
export function seriesPaths(catalogue: Catalogue, pathname: string): Record<Locale, string> | undefined {
  const locale = seriesAddressLocale(pathname);
  if (!locale) return undefined;
  const slug = pathname.slice(seriesPath("", locale).length);
  const series = shownSeries(catalogue).find((one) => one.slug[locale] === slug);
  return series && { fr: seriesPath(series.slug.fr, "fr"), en: seriesPath(series.slug.en, "en") };
}

/** A picture for social networks: an uploaded photo's large JPEG (they read no SVG drawing). */
export function socialImageOf(picture: ShownPhoto | null | undefined) {
  const url = picture && emailPhotoUrl(env.siteUrl, picture, 1200);
  if (!picture || !url) return undefined;
  const width = Math.min(1200, picture.width);
  return { url, width, height: Math.round((picture.height * width) / picture.width) };
}
