import { type Kysely, sql } from "kysely";

// Frozen once landed: change the schema with a new timestamped migration.

export async function up(db: Kysely<unknown>): Promise<void> {
  // Every e-mail about an order carries its own tracking link (decision 029): an order has as
  // many tokens as links sent, each valid 90 days from its e-mail, none of them stored in clear.
  await sql`ALTER TABLE tracking_tokens DROP CONSTRAINT tracking_tokens_order_id_key`.execute(db);
  await sql`CREATE INDEX tracking_tokens_order_idx ON tracking_tokens (order_id)`.execute(db);

  // Every request of the find-my-order form, matching or not: the per-client allowance counts
  // them all; `order_id` is set only when a link was sent, and the per-order allowance counts
  // those. Only the keyed hash of the client's address, never what was typed; swept after a day.
  await sql`
    CREATE TABLE tracking_link_requests (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      client_hash text NOT NULL,
      order_id integer REFERENCES orders (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX tracking_link_requests_client_idx
    ON tracking_link_requests (client_hash, created_at)`.execute(db);
  await sql`CREATE INDEX tracking_link_requests_order_idx
    ON tracking_link_requests (order_id, created_at) WHERE order_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE tracking_link_requests`.execute(db);
  // Back to one token per order: the newest of each order is kept.
  await sql`DELETE FROM tracking_tokens t WHERE EXISTS
    (SELECT 1 FROM tracking_tokens n WHERE n.order_id = t.order_id AND n.id > t.id)`.execute(db);
  await sql`DROP INDEX tracking_tokens_order_idx`.execute(db);
  await sql`ALTER TABLE tracking_tokens ADD CONSTRAINT tracking_tokens_order_id_key UNIQUE (order_id)`.execute(
    db,
  );
}
