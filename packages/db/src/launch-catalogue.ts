/**
 * The first collection as a new shop opens with it (the seed): the launch series and its four
 * models as the catalogue migration shipped them. Their words, addresses and drawings are that
 * migration's frozen copy, read here and never repeated (decision 063); this file adds what the
 * migration did not need, the shop it filled already selling them: each model's code, name, price
 * and stock. The owner changes all of it from the panel; nothing reads this file at run time.
 */
import { type Kysely, sql } from "kysely";
import { fillLaunchModels } from "./migrations/2026-11-25T03-00-catalogue";
import { LAUNCH_SERIES, LAUNCH_MODELS as SHIPPED } from "./migrations/2026-11-25T03-00-catalogue.data";

export { LAUNCH_SERIES };

interface ForSale {
  code: string;
  name: string;
  priceCents: number;
  stock: number;
}

/** What a new shop sells each launch model at and holds of it, by reference. */
const FOR_SALE: Record<string, ForSale> = {
  "Aicha-01": { code: "aicha", name: "Aicha", priceCents: 16900, stock: 40 },
  "Nadia-01": { code: "nadia", name: "Nadia", priceCents: 16900, stock: 25 },
  "Bilin-01": { code: "bilin", name: "Bilin", priceCents: 16900, stock: 41 },
  "Ilian-01": { code: "ilian", name: "Ilian", priceCents: 16900, stock: 29 },
};

export type LaunchModel = ForSale & (typeof SHIPPED)[number];

export const LAUNCH_MODELS: readonly LaunchModel[] = SHIPPED.map((model) => {
  const forSale = FOR_SALE[model.reference];
  if (!forSale) throw new Error(`The launch model ${model.reference} has no price nor stock`);
  return { ...forSale, ...model };
});

/**
 * Creates the launch models in a new shop (the seed), then gives them their place in the
 * catalogue by the catalogue migration's own statements: the first series (featured on the home
 * page), and each model's words, addresses and drawings, published. Only in a shop that has no
 * product yet: a catalogue the owner has made is never touched.
 */
export async function addLaunchCatalogue(db: Kysely<unknown>) {
  const { rows } = await sql<{ taken: boolean }>`SELECT EXISTS (SELECT 1 FROM products) AS taken`.execute(db);
  if (rows[0]?.taken) return;
  for (const model of LAUNCH_MODELS) {
    await sql`
      INSERT INTO products (reference, slug, name, price_cents, stock)
      VALUES (${model.reference}, ${model.code}, ${model.name}, ${model.priceCents}, ${model.stock})`.execute(
      db,
    );
  }
  await fillLaunchModels(db);
}
