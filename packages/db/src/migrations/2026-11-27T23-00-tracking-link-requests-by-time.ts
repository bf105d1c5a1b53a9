import { type Kysely, sql } from "kysely";

/**
 * The find-my-order form's requests by time alone: the shop-wide allowance of an hour counts
 * them all, whichever client sent them, in one range of this index however many a flood wrote.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX tracking_link_requests_time_idx ON tracking_link_requests (created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX tracking_link_requests_time_idx`.execute(db);
}
