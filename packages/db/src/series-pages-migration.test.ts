import { Migrator, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { migrateToLatest } from "./migrate";
import { migrations } from "./migrations/index";
import { createTestDatabase } from "./testing";

describe("the series pages migration (decision 040)", () => {
  it("gives a shop's series their addresses from their titles, each once, and goes back down", async () => {
    const shop = await createTestDatabase();
    try {
      const migrator = new Migrator({ db: shop.db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo("2026-11-28T01-00-series-launch")).error).toBeUndefined();
      await sql`
        INSERT INTO series (title_fr, title_en, featured) VALUES
          ('Première collection', 'First collection', true),
          ('Été à Fès', 'Summer in Fez', false),
          ('Été à Fès', 'Summer  in  Fez!', false)`.execute(shop.db);

      await migrateToLatest(shop.db);
      const { rows } = await sql<{ slugFr: string; slugEn: string }>`
        SELECT slug_fr, slug_en FROM series ORDER BY id`.execute(shop.db);
      expect(rows).toEqual([
        { slugFr: "premiere-collection", slugEn: "first-collection" },
        { slugFr: "ete-a-fes", slugEn: "summer-in-fez" },
        { slugFr: "ete-a-fes-2", slugEn: "summer-in-fez-2" },
      ]);
      // A series inserted afterwards, by any statement, gets its own; a title change keeps it.
      await sql`INSERT INTO series (title_fr, title_en) VALUES ('Atlas', 'Atlas')`.execute(shop.db);
      await sql`UPDATE series SET title_fr = 'Atlas d''hiver' WHERE title_en = 'Atlas'`.execute(shop.db);
      const { rows: atlas } = await sql<{ slugFr: string }>`
        SELECT slug_fr FROM series WHERE title_en = 'Atlas'`.execute(shop.db);
      expect(atlas).toEqual([{ slugFr: "atlas" }]);

      expect((await migrator.migrateDown()).error).toBeUndefined();
      const { rows: columns } = await sql<{ columnName: string }>`
        SELECT column_name FROM information_schema.columns
        WHERE table_name = 'series' AND (column_name LIKE 'slug%' OR column_name LIKE 'picture%')`.execute(
        shop.db,
      );
      expect(columns).toEqual([]);
      await migrateToLatest(shop.db);
    } finally {
      await shop.drop();
    }
  });
});
