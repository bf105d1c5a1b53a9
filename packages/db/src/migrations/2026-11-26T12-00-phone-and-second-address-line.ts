import { type Kysely, sql } from "kysely";

// Frozen once landed: change the schema with a new timestamped migration.

export async function up(db: Kysely<unknown>): Promise<void> {
  // The carriers text the recipient, and many addresses need a second line (a building, a floor):
  // both optional, bounded like the checkout's fields.
  await db.schema
    .alterTable("orders")
    .addColumn("phone", "text", (c) => c.check(sql`char_length(phone) <= 30`))
    .addColumn("address_line2", "text", (c) => c.check(sql`char_length(address_line2) <= 200`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("orders").dropColumn("phone").dropColumn("address_line2").execute();
}
