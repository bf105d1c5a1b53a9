import { type Kysely, sql } from "kysely";

// Frozen once landed: change the schema with a new timestamped migration.

/**
 * Issue 32 (decision 032): a refund of some pieces before the parcel left now leaves the order
 * where it was (« En préparation », « Préparée »), and a refund of every piece before it left
 * makes it « Remboursée ». Orders refunded so before this change were left « Partiellement
 * remboursée », out of what the owner has to prepare: each goes back where the state machine
 * would have put it, with its `order_events` row (actor « system »).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    WITH stranded AS (
      SELECT o.id,
        CASE
          WHEN NOT EXISTS (
            SELECT 1 FROM order_items i WHERE i.order_id = o.id AND i.quantity > (
              SELECT coalesce(sum(ri.quantity), 0) FROM refund_items ri JOIN refunds r ON r.id = ri.refund_id
              WHERE ri.order_item_id = i.id AND r.status = 'succeeded'))
            THEN 'refunded'
          ELSE coalesce((
            SELECT e.from_status FROM order_events e
            WHERE e.order_id = o.id AND e.to_status = 'partially_refunded'
              AND e.from_status IN ('pending_preparation', 'prepared')
            ORDER BY e.id DESC LIMIT 1), 'pending_preparation')
        END AS status
      FROM orders o
      WHERE o.status = 'partially_refunded' AND o.shipped_at IS NULL AND o.withdrawn_at IS NULL
    ),
    moved AS (
      UPDATE orders o SET status = s.status, updated_at = now()
      FROM stranded s WHERE o.id = s.id
      RETURNING o.id, s.status
    )
    INSERT INTO order_events (order_id, from_status, to_status, actor, note)
    SELECT id, 'partially_refunded', status, 'system', 'fulfilment follows refunds (issue 32)' FROM moved`.execute(
    db,
  );
}

/** The statuses are kept: the orders moved are told by their `order_events` rows. */
export async function down(): Promise<void> {}
