import { type Kysely, sql } from "kysely";

// Frozen once landed: change the schema with a new timestamped migration.

const ORDER_STATUSES = sql.raw(
  "'awaiting_payment', 'pending_preparation', 'prepared', 'shipped', 'delivered', 'cancelled', 'expired', 'refunded', 'partially_refunded', 'withdrawn'",
);

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE orders DROP CONSTRAINT orders_status_check`.execute(db);
  await sql`ALTER TABLE orders ADD CONSTRAINT orders_status_check CHECK (status IN (${ORDER_STATUSES}))`.execute(
    db,
  );
  await sql`ALTER TABLE orders DROP CONSTRAINT orders_payment_status_check`.execute(db);
  await sql`ALTER TABLE orders ADD CONSTRAINT orders_payment_status_check
    CHECK (payment_status IN ('pending', 'paid', 'failed', 'refunded', 'partially_refunded'))`.execute(db);
  // The parcel of a withdrawn order back in the workshop.
  await db.schema.alterTable("orders").addColumn("returned_at", "timestamptz").execute();
  // Pieces of a line back on the shelf: never more than the line sold, never twice.
  await db.schema
    .alterTable("order_items")
    .addColumn("restocked_quantity", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`ALTER TABLE order_items ADD CONSTRAINT order_items_restocked_check
    CHECK (restocked_quantity >= 0 AND restocked_quantity <= quantity)`.execute(db);

  // Every refund of an order, through the gateway that took its payment. A refund is `pending`
  // while the gateway is asked (outside any transaction), then `succeeded` or `failed`.
  await db.schema
    .createTable("refunds")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("provider", "text", (c) => c.notNull().check(sql`provider IN ('stripe', 'test')`))
    .addColumn("amount_cents", "integer", (c) => c.notNull().check(sql`amount_cents > 0`))
    // The part of the amount that gives back the delivery (it is refunded once at most).
    .addColumn("shipping_cents", "integer", (c) =>
      c.notNull().defaultTo(0).check(sql`shipping_cents >= 0 AND shipping_cents <= amount_cents`),
    )
    .addColumn("reason", "text", (c) =>
      c
        .notNull()
        .check(sql`reason IN ('cancellation', 'withdrawal', 'return', 'goodwill', 'sold_out', 'provider')`),
    )
    .addColumn("note", "text")
    .addColumn("status", "text", (c) =>
      c.notNull().defaultTo("pending").check(sql`status IN ('pending', 'succeeded', 'failed')`),
    )
    // One click, one refund: the same request sent again finds this row.
    .addColumn("request_key", "text", (c) => c.unique())
    // The gateway's id: a refund seen again in a webhook is not counted twice.
    .addColumn("provider_refund_id", "text", (c) => c.unique())
    .addColumn("source", "text", (c) => c.notNull().check(sql`source IN ('admin', 'system', 'provider')`))
    .addColumn("restock", "text", (c) => c.notNull().check(sql`restock IN ('now', 'on_return', 'no')`))
    .addColumn("last_error", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("settled_at", "timestamptz")
    .execute();
  await db.schema.createIndex("refunds_order_idx").on("refunds").column("order_id").execute();
  await db.schema
    .createTable("refund_items")
    .addColumn("refund_id", "integer", (c) => c.notNull().references("refunds.id").onDelete("cascade"))
    .addColumn("order_item_id", "integer", (c) =>
      c.notNull().references("order_items.id").onDelete("cascade"),
    )
    .addColumn("quantity", "integer", (c) => c.notNull().check(sql`quantity > 0`))
    .addPrimaryKeyConstraint("refund_items_pkey", ["refund_id", "order_item_id"])
    .execute();

  // A product's history: created, its price changed, its stock adjusted, archived or back.
  await db.schema
    .createTable("product_events")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) =>
      c
        .notNull()
        .check(sql`kind IN ('created', 'price_changed', 'stock_adjusted', 'archived', 'unarchived')`),
    )
    .addColumn("from_value", "text")
    .addColumn("to_value", "text")
    .addColumn("actor", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("product_events_product_idx")
    .on("product_events")
    .columns(["product_id", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("product_events").execute();
  await db.schema.dropTable("refund_items").execute();
  await db.schema.dropTable("refunds").execute();
  await sql`ALTER TABLE order_items DROP CONSTRAINT order_items_restocked_check`.execute(db);
  await db.schema.alterTable("order_items").dropColumn("restocked_quantity").execute();
  await db.schema.alterTable("orders").dropColumn("returned_at").execute();
  await sql`ALTER TABLE orders DROP CONSTRAINT orders_payment_status_check`.execute(db);
  await sql`ALTER TABLE orders ADD CONSTRAINT orders_payment_status_check
    CHECK (payment_status IN ('pending', 'paid', 'failed', 'refunded'))`.execute(db);
  await sql`ALTER TABLE orders DROP CONSTRAINT orders_status_check`.execute(db);
  await sql`ALTER TABLE orders ADD CONSTRAINT orders_status_check CHECK (status IN (
    'awaiting_payment', 'pending_preparation', 'prepared', 'shipped', 'delivered', 'cancelled', 'expired', 'refunded', 'withdrawn'))`.execute(
    db,
  );
}
