import { RETENTION } from "@souls/core/retention";
import type { Database, Kysely } from "@souls/db";
import { sql } from "kysely";

/**
 * Deletes messages older than the retention period that are done with (sent, or failed for good):
 * one still on its way is never dropped. The worker's hourly retention and the owner's clean-up
 * button both run this one DELETE. Returns how many went.
 */
export async function deleteOldEmails(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  const result = await db
    .deleteFrom("emailQueue")
    .where(
      "createdAt",
      "<",
      sql<Date>`${now}::timestamptz - make_interval(months => ${RETENTION.emailQueueMonths})`,
    )
    .where("status", "in", ["sent", "failed"])
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
