import type { Kysely } from "kysely";
import { addLaunchCatalogue } from "./launch-catalogue";
import type { Database } from "./schema";

/**
 * A new shop opens with its first collection: the launch series and its four models, 169 € each,
 * published with their words and drawings (launch-catalogue.ts). A shop that already has a
 * catalogue is left as it is, so running it again never resets what sales or the owner changed.
 */
export async function seedProducts(db: Kysely<Database>): Promise<void> {
  await addLaunchCatalogue(db as Kysely<unknown>);
}
