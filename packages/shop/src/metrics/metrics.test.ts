import type { AddressInfo } from "node:net";
import { connect } from "@souls/db";
import { seededTestDatabase } from "@souls/db/testing";
import { sql } from "kysely";
import { Registry } from "prom-client";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { finalizePayment } from "../orders/finalize-payment";
import { newCheckoutKey, placeOrder } from "../orders/place-order";
import { recordHeartbeat } from "../owner/incidents";
import { offlineGateway } from "../payments/offline-gateway";
import { placePaidOrder, TEST_SHIPPING } from "../testing";
import { readShopGauges, registry, serveMetrics, watchDatabase } from ".";

const t = seededTestDatabase();
let server: Awaited<ReturnType<typeof serveMetrics>>;
let metricsUrl: string;

beforeAll(async () => {
  watchDatabase(t.db);
  server = await serveMetrics({ port: 0, host: "127.0.0.1" });
  metricsUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(async () => {
  await t.db.deleteFrom("orders").execute();
  await t.db.deleteFrom("emailQueue").execute();
  await t.db.deleteFrom("heartbeats").execute();
  await t.db.updateTable("products").set({ stock: 20, reserved: 0 }).execute();
});

/** A sample's value as Prometheus reads it at /metrics: `name{labels}` exactly, 0 when absent. */
async function scraped(sample: string): Promise<number> {
  const text = await (await fetch(`${metricsUrl}/metrics`)).text();
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${sample} `));
  return line ? Number(line.slice(sample.length + 1)) : 0;
}

async function placeUnpaid() {
  const placed = await placeOrder(t.db, {
    checkoutKey: newCheckoutKey(),
    locale: "fr",
    lines: [{ model: "aicha", quantity: 2 }],
    details: TEST_SHIPPING,
    provider: "test",
  });
  if (!placed.ok) throw new Error("refused");
  return placed.order;
}

describe("the shop's metrics", () => {
  it("counts an order placed, its pieces held, its payment, and a declined card", async () => {
    const placedBefore = await scraped("souls_orders_placed_total");
    const paidBefore = await scraped("souls_orders_paid_total");
    const declinedBefore = await scraped('souls_payment_failures_total{reason="declined"}');
    const order = await placeUnpaid();
    expect(await scraped("souls_orders_placed_total")).toBe(placedBefore + 1);
    expect(await scraped("souls_held_pieces")).toBe(2);
    await finalizePayment(t.db, offlineGateway, {
      provider: "test",
      eventId: `declined-${order.orderNumber}`,
      type: "failed",
      orderNumber: order.orderNumber,
    });
    expect(await scraped('souls_payment_failures_total{reason="declined"}')).toBe(declinedBefore + 1);
    await placePaidOrder(t.db);
    expect(await scraped("souls_orders_placed_total")).toBe(placedBefore + 2);
    expect(await scraped("souls_orders_paid_total")).toBe(paidBefore + 1);
    // The paid order's pieces left the hold; the declined one still holds its two.
    expect(await scraped("souls_held_pieces")).toBe(2);
  });

  it("shows the outbox's pending and failed e-mails, and the oldest one's age", async () => {
    const values = (status: "pending" | "failed", minutesAgo: number) => ({
      recipient: "camille@example.org",
      locale: "fr" as const,
      type: "tracking_link" as const,
      subject: "Le lien de suivi",
      payload: "{}",
      status,
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
    });
    expect(await scraped('souls_outbox_emails{status="failed"}')).toBe(0);
    await t.db
      .insertInto("emailQueue")
      .values([values("pending", 10), values("pending", 1)])
      .execute();
    await t.db.insertInto("emailQueue").values(values("failed", 30)).execute();
    expect(await scraped('souls_outbox_emails{status="pending"}')).toBe(2);
    expect(await scraped('souls_outbox_emails{status="failed"}')).toBe(1);
    const age = await scraped("souls_outbox_oldest_pending_age_seconds");
    expect(age).toBeGreaterThanOrEqual(600);
    expect(age).toBeLessThan(3600);
  });

  it("shows an announcement's progress while it goes out, by its recipients' status", async () => {
    const announcement = async (status: string, recipients: string[]) => {
      const { rows } = await sql<{ id: number }>`
        INSERT INTO announcements (status, content) VALUES (${status}, '{}') RETURNING id`.execute(t.db);
      const id = rows[0]?.id;
      for (const [i, recipientStatus] of recipients.entries()) {
        await sql`
          INSERT INTO announcement_recipients (announcement_id, email, signup_id, locale, status)
          VALUES (${id}, ${`r${i}-${status}@example.org`}, ${i + 1}, 'fr', ${recipientStatus})`.execute(t.db);
      }
    };
    await announcement("sending", ["sent", "sent", "queued", "queued", "queued", "failed", "unsubscribed"]);
    await announcement("sent", ["sent", "sent", "sent"]);
    expect(await scraped('souls_announcement_recipients{status="queued"}')).toBe(3);
    expect(await scraped('souls_announcement_recipients{status="sent"}')).toBe(2);
    expect(await scraped('souls_announcement_recipients{status="failed"}')).toBe(1);
    expect(await scraped('souls_announcement_recipients{status="unsubscribed"}')).toBe(1);
    await sql`UPDATE announcements SET status = 'paused' WHERE status = 'sending'`.execute(t.db);
    expect(await scraped('souls_announcement_recipients{status="queued"}')).toBe(3);
    await sql`DELETE FROM announcements`.execute(t.db);
    expect(await scraped('souls_announcement_recipients{status="queued"}')).toBe(0);
  });

  it("reads the worker's last round and the backup's last dump from their heartbeats (0: never)", async () => {
    expect(await readShopGauges(t.db)).toMatchObject({
      workerLastRound: 0,
      backupLastSuccess: 0,
      baseBackupLastSuccess: 0,
    });
    const round = new Date("2026-11-28T02:00:00Z");
    await recordHeartbeat(t.db, "worker", round);
    await recordHeartbeat(t.db, "backup", new Date("2026-11-28T01:30:00Z"));
    expect(await scraped("souls_worker_last_round_timestamp_seconds")).toBe(round.getTime() / 1000);
    expect(await scraped("souls_backup_last_success_timestamp_seconds")).toBe(
      Date.parse("2026-11-28T01:30:00Z") / 1000,
    );
    await recordHeartbeat(t.db, "base-backup", new Date("2026-11-28T03:30:00Z"));
    expect(await scraped("souls_base_backup_last_success_timestamp_seconds")).toBe(
      Date.parse("2026-11-28T03:30:00Z") / 1000,
    );
    expect(await scraped("souls_database_up")).toBe(1);
  });

  it("says the database is down, and its gauges unknown (NaN), when it does not answer", async () => {
    const elsewhere = new Registry();
    const unreachable = connect("postgres://souls@127.0.0.1:9/nowhere");
    try {
      watchDatabase(unreachable, elsewhere);
      const text = await elsewhere.metrics();
      expect(text).toMatch(/^souls_database_up 0$/m);
      // prom-client writes it `Nan`, which Prometheus reads as NaN (case-insensitive).
      expect(text).toMatch(/^souls_held_pieces NaN$/im);
      expect(text).toMatch(/^souls_worker_last_round_timestamp_seconds NaN$/im);
      expect(text).toMatch(/^souls_outbox_emails\{status="failed"\} NaN$/im);
    } finally {
      await unreachable.destroy();
    }
  });

  it("shows the database pool, the event loop's delay, and nothing but /metrics", async () => {
    const text = await (await fetch(`${metricsUrl}/metrics`)).text();
    expect(text).toMatch(/^souls_db_pool_connections\{state="total"\} \d+$/m);
    expect(text).toMatch(/^souls_db_pool_connections\{state="waiting"\} 0$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds [\d.e-]+$/m);
    const other = await fetch(`${metricsUrl}/`);
    expect(other.status).toBe(404);
    await other.text();
    expect(registry.contentType).toMatch(/^text\/plain/);
  });
});
