import type { Database, Kysely } from "@souls/db";
import { loadCatalogue } from "../catalogue";
import { loadDeliveryZones } from "../delivery/zones";
import type { FeedSource } from "./lines";

/** The catalogue, its series' openings and the delivery zones, read together (the feeds are built from them). */
export async function loadFeedSource(db: Kysely<Database>): Promise<FeedSource> {
  const [catalogue, series, zones] = await Promise.all([
    loadCatalogue(db),
    db.selectFrom("series").select(["id", "opensAt"]).execute(),
    loadDeliveryZones(db),
  ]);
  return { catalogue, seriesOpensAt: new Map(series.map((one) => [one.id, one.opensAt])), zones };
}
