import { type Kysely, sql } from "kysely";

// Frozen once landed: change the schema with a new timestamped migration.

const ORDER_STATUSES = sql.raw(
  "'awaiting_payment', 'pending_preparation', 'prepared', 'shipped', 'delivered', 'cancelled', 'expired', 'refunded', 'withdrawn'",
);

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("orders")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("order_number", "text", (c) => c.notNull().unique())
    // A double submit of the same checkout form carries the same key: one order, never two.
    .addColumn("checkout_key", "text", (c) => c.notNull().unique())
    .addColumn("locale", "text", (c) => c.notNull().check(sql`locale IN ('fr', 'en')`))
    .addColumn("status", "text", (c) =>
      c.notNull().defaultTo("awaiting_payment").check(sql`status IN (${ORDER_STATUSES})`),
    )
    .addColumn("payment_status", "text", (c) =>
      c
        .notNull()
        .defaultTo("pending")
        .check(sql`payment_status IN ('pending', 'paid', 'failed', 'refunded')`),
    )
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("postal_code", "text", (c) => c.notNull())
    .addColumn("city", "text", (c) => c.notNull())
    .addColumn("country", "char(2)", (c) => c.notNull())
    .addColumn("delivery_instructions", "text")
    .addColumn("customer_note", "text")
    .addColumn("subtotal_cents", "integer", (c) => c.notNull().check(sql`subtotal_cents > 0`))
    .addColumn("shipping_cents", "integer", (c) => c.notNull().check(sql`shipping_cents >= 0`))
    .addColumn("total_cents", "integer", (c) => c.notNull())
    .addColumn("currency", "char(3)", (c) => c.notNull().defaultTo("EUR"))
    .addColumn("payment_provider", "text", (c) =>
      c.notNull().check(sql`payment_provider IN ('stripe', 'test')`),
    )
    .addColumn("payment_reference", "text", (c) => c.unique())
    .addColumn("reserved_until", "timestamptz", (c) => c.notNull())
    .addColumn("carrier", "text", (c) => c.check(sql`carrier IN ('colissimo', 'chronopost', 'dhl', 'ups')`))
    .addColumn("tracking_number", "text")
    .addColumn("paid_at", "timestamptz")
    .addColumn("shipped_at", "timestamptz")
    .addColumn("delivered_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("orders_total_check", sql`total_cents = subtotal_cents + shipping_cents`)
    .execute();
  // The hold expiry job looks for unpaid orders past their time.
  await db.schema
    .createIndex("orders_awaiting_payment_idx")
    .on("orders")
    .column("reserved_until")
    .where(sql.ref("status"), "=", "awaiting_payment")
    .execute();

  await db.schema
    .createTable("order_items")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("unit_price_cents", "integer", (c) => c.notNull().check(sql`unit_price_cents > 0`))
    .addColumn("quantity", "integer", (c) => c.notNull().check(sql`quantity > 0`))
    .addUniqueConstraint("order_items_one_line_per_product", ["order_id", "product_id"])
    .execute();

  await db.schema
    .createTable("order_events")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("from_status", "text")
    .addColumn("to_status", "text", (c) => c.notNull())
    .addColumn("actor", "text", (c) => c.notNull())
    .addColumn("note", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("order_events_order_idx").on("order_events").column("order_id").execute();

  await db.schema
    .createTable("payment_events")
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("event_id", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("order_id", "integer", (c) => c.references("orders.id").onDelete("set null"))
    .addColumn("received_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    // A provider event is applied once, however many times it is delivered.
    .addPrimaryKeyConstraint("payment_events_pkey", ["provider", "event_id"])
    .execute();

  await db.schema
    .createTable("email_queue")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("order_id", "integer", (c) => c.references("orders.id").onDelete("set null"))
    .addColumn("recipient", "text", (c) => c.notNull())
    .addColumn("locale", "text", (c) => c.notNull().check(sql`locale IN ('fr', 'en')`))
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("payload", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("status", "text", (c) =>
      c.notNull().defaultTo("pending").check(sql`status IN ('pending', 'sending', 'sent', 'failed')`),
    )
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("locked_until", "timestamptz")
    .addColumn("last_error", "text")
    .addColumn("sent_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("email_queue_due_idx")
    .on("email_queue")
    .columns(["status", "next_attempt_at"])
    .execute();

  await db.schema
    .createTable("tracking_tokens")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("order_id", "integer", (c) => c.notNull().unique().references("orders.id").onDelete("cascade"))
    // sha-256 of the token, hex: the token itself is only ever in the confirmation e-mail.
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "tracking_tokens",
    "email_queue",
    "payment_events",
    "order_events",
    "order_items",
    "orders",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
