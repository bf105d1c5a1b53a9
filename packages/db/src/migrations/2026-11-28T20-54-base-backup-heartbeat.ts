import { type Kysely, sql } from "kysely";

// Frozen once landed: change the schema with a new timestamped migration.

export async function up(db: Kysely<unknown>): Promise<void> {
  // The base backups of the point-in-time recovery (decision 054, docker/backup/pitr.sh) record
  // their last success beside the nightly dump's, for the BaseBackupTooOld alert.
  await sql`ALTER TABLE heartbeats DROP CONSTRAINT heartbeats_name_check`.execute(db);
  await sql`
    ALTER TABLE heartbeats ADD CONSTRAINT heartbeats_name_check
      CHECK (name IN ('worker', 'backup', 'base-backup'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM heartbeats WHERE name = 'base-backup'`.execute(db);
  await sql`ALTER TABLE heartbeats DROP CONSTRAINT heartbeats_name_check`.execute(db);
  await sql`ALTER TABLE heartbeats ADD CONSTRAINT heartbeats_name_check CHECK (name IN ('worker', 'backup'))`.execute(
    db,
  );
}
