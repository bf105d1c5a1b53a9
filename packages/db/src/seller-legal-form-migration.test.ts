import { Migrator, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { migrateToLatest } from "./migrate";
import { migrations } from "./migrations/index";
import { createTestDatabase } from "./testing";

describe("the seller's legal form migration (issue 32)", () => {
  it("reads a typed form as its code, gives a company the RCS, and takes an EI's capital away", async () => {
    const shop = await createTestDatabase();
    try {
      const migrator = new Migrator({ db: shop.db, provider: { getMigrations: async () => migrations } });
      const before = async (details: string) => {
        expect(
          (await migrator.migrateTo("2026-11-26T20-00-papers-and-the-owners-day")).error,
        ).toBeUndefined();
        await sql.raw(`UPDATE seller SET ${details}`).execute(shop.db);
        await migrateToLatest(shop.db);
        return sql<
          Record<string, string | null>
        >`SELECT legal_form, share_capital, register, rcs_city FROM seller`
          .execute(shop.db)
          .then(({ rows }) => rows[0]);
      };
      expect(
        await before("legal_form = 'Micro-entreprise', share_capital = '1 000 €', rcs_city = NULL"),
      ).toEqual({
        legalForm: "ei",
        shareCapital: null,
        register: null,
        rcsCity: null,
      });
      expect(await before("legal_form = ' sas ', share_capital = '5 000 €', rcs_city = 'Lyon'")).toEqual({
        legalForm: "sas",
        shareCapital: "5 000 €",
        register: "rcs",
        rcsCity: "Lyon",
      });
      expect(await before("legal_form = 'EI', share_capital = NULL, rcs_city = 'Paris'")).toEqual({
        legalForm: "ei",
        shareCapital: null,
        register: "rcs",
        rcsCity: "Paris",
      });
      // A form that is none of the list is asked again.
      expect(
        await before("legal_form = 'Société anonyme', share_capital = '37 000 €', rcs_city = 'Nice'"),
      ).toEqual({
        legalForm: null,
        shareCapital: "37 000 €",
        register: "rcs",
        rcsCity: "Nice",
      });
    } finally {
      await shop.drop();
    }
  });
});
