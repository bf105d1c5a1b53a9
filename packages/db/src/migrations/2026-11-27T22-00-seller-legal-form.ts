import { type Kysely, sql } from "kysely";

// Frozen once landed: change the schema with a new timestamped migration.

export async function up(db: Kysely<unknown>): Promise<void> {
  // The seller's legal form becomes one of the panel's choices (an individual entrepreneur or a
  // commercial company, @souls/shop/seller-fields), and her register a detail of its own: the RCS
  // (companies and traders) or the national register of businesses (RNE, artisans). A form typed
  // before is read as its code when it is one; otherwise it is asked again.
  await sql`
    UPDATE seller SET legal_form = CASE upper(trim(regexp_replace(legal_form, '[[:space:].()-]+', ' ', 'g')))
      WHEN 'EI' THEN 'ei' WHEN 'ENTREPRENEUR INDIVIDUEL' THEN 'ei' WHEN 'ENTREPRISE INDIVIDUELLE' THEN 'ei'
      WHEN 'MICRO ENTREPRISE' THEN 'ei' WHEN 'MICRO ENTREPRENEUR' THEN 'ei' WHEN 'AUTO ENTREPRENEUR' THEN 'ei'
      WHEN 'EURL' THEN 'eurl' WHEN 'SARL' THEN 'sarl' WHEN 'SAS' THEN 'sas' WHEN 'SASU' THEN 'sasu'
      ELSE NULL END`.execute(db);
  await sql`ALTER TABLE seller ADD COLUMN register text CHECK (register IN ('rcs', 'rne'))`.execute(db);
  // A company is in the RCS; an individual entrepreneur has no share capital, and is in the RCS
  // when a registry's city was given.
  await sql`
    UPDATE seller SET
      register = CASE WHEN legal_form <> 'ei' OR rcs_city IS NOT NULL THEN 'rcs' END,
      share_capital = CASE WHEN legal_form = 'ei' THEN NULL ELSE share_capital END`.execute(db);
  await sql`
    ALTER TABLE seller
      ADD CONSTRAINT seller_legal_form_choice CHECK (legal_form IN ('ei', 'eurl', 'sarl', 'sas', 'sasu')),
      ADD CONSTRAINT seller_form_details CHECK (
        (legal_form = 'ei' AND share_capital IS NULL)
        OR (legal_form <> 'ei' AND register = 'rcs')
        OR legal_form IS NULL),
      ADD CONSTRAINT seller_rcs_city_register CHECK (rcs_city IS NULL OR register IS DISTINCT FROM 'rne')`.execute(
    db,
  );
  // The legal pages say « TVA non applicable, art. 293 B du CGI » under the VAT franchise chosen in
  // « Réglages »: a change of the settings, like one of the seller, empties every web server's
  // kept pages (decision 013).
  await sql`
    CREATE TRIGGER shop_settings_notify AFTER INSERT OR UPDATE OR DELETE ON shop_settings
    FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_change()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER shop_settings_notify ON shop_settings`.execute(db);
  await sql`
    ALTER TABLE seller
      DROP CONSTRAINT seller_rcs_city_register,
      DROP CONSTRAINT seller_form_details,
      DROP CONSTRAINT seller_legal_form_choice,
      DROP COLUMN register`.execute(db);
}
