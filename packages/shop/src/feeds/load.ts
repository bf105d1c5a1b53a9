import type { Database, Kysely } from "@souls/db";
import { loadCatalogue } from "../catalogue";
import type { FeedSource } from "./lines";

/** The catalogue and its series' openings, read together (the feeds are built from them). */
export async function loadFeedSource(db: Kysely<Database>): Promise<FeedSource> {
  const [catalogue, series] = await Promise.all([
    loadCatalogue(db),
    db.selectFrom("series").select(["id", "opensAt"]).execute(),
  ]);
  return { catalogue, seriesOpensAt: new Map(series.map((one) => [one.id, one.opensAt])) };
}
