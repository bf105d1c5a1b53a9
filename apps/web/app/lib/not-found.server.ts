import { data } from "@remix-run/node";
import type { Locale } from "@souls/core/locales";
import { type Catalogue, homeSeries } from "@souls/shop/catalogue";
import type { CardModel } from "~/components/product-card";
import { cardOf } from "./catalogue.server";

/** What a 404 answer carries: the home page's models, so a wrong address still leads somewhere. */
export interface NotFoundData {
  collection: CardModel[];
}

export function notFoundData(catalogue: Catalogue | null, locale: Locale): NotFoundData {
  return { collection: catalogue ? homeSeries(catalogue).models.map((model) => cardOf(model, locale)) : [] };
}

/** A 404 thrown by a page's loader, shown by the root's error boundary with the collection. */
export function notFound(catalogue: Catalogue | null, locale: Locale) {
  return data(notFoundData(catalogue, locale), { status: 404 });
}
