import { type Kysely, sql } from "kysely";

// Frozen once landed: change the schema with a new timestamped migration.

/**
 * The legal pages name the carriers she ships with (the privacy policy's recipients, the terms'
 * delivery): a change of her carriers empties every web server's kept pages, like the seller's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TRIGGER carriers_notify AFTER INSERT OR UPDATE OR DELETE ON carriers
    FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_change()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER carriers_notify ON carriers`.execute(db);
}
