import { type Kysely, sql } from "kysely";

// Frozen once landed: change the schema with a new timestamped migration.

export async function up(db: Kysely<unknown>): Promise<void> {
  // A series' launch (decision 039): the moment it opens to everyone (null: on sale as soon as its
  // models are published, as every series before), how long before that its confirmed early-notice
  // subscribers may buy through their own link, and the launch limit — pieces of one model a
  // shopper may buy during the launch's first hours.
  await sql`
    ALTER TABLE series
      ADD COLUMN opens_at timestamptz,
      ADD COLUMN early_access_minutes integer NOT NULL DEFAULT 0
        CHECK (early_access_minutes IN (0, 30, 60, 1440)),
      ADD COLUMN launch_limit_pieces integer NOT NULL DEFAULT 1
        CHECK (launch_limit_pieces BETWEEN 1 AND 20),
      ADD COLUMN launch_limit_hours integer NOT NULL DEFAULT 24
        CHECK (launch_limit_hours BETWEEN 0 AND 168)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE series
      DROP COLUMN opens_at,
      DROP COLUMN early_access_minutes,
      DROP COLUMN launch_limit_pieces,
      DROP COLUMN launch_limit_hours`.execute(db);
}
