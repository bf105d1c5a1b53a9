import type { Kysely } from "kysely";
import type { Database, NewProduct } from "./schema";

/** The first collection as launched: one reference per model, 169 € each. */
export const SEED_PRODUCTS: readonly NewProduct[] = [
  { reference: "Aicha-01", slug: "aicha", name: "Aicha", priceCents: 16900, stock: 40 },
  { reference: "Nadia-01", slug: "nadia", name: "Nadia", priceCents: 16900, stock: 25 },
  { reference: "Bilin-01", slug: "bilin", name: "Bilin", priceCents: 16900, stock: 41 },
  { reference: "Ilian-01", slug: "ilian", name: "Ilian", priceCents: 16900, stock: 29 },
];

/**
 * Inserts the launch products that are missing. Existing rows are left as they are, so
 * running it again never resets stock that sales or the owner have changed.
 */
export async function seedProducts(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto("products")
    .values([...SEED_PRODUCTS])
    .onConflict((oc) => oc.column("reference").doNothing())
    .execute();
}
