import { seededTestDatabase } from "@souls/db/testing";
import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { placePaidOrder } from "../testing";
import { trackOrder } from "./tracking";
import { withdrawFromContract } from "./withdraw";

const t = seededTestDatabase();
beforeEach(async () => {
  await t.db.deleteFrom("trackingBlocks").execute();
  await t.db.deleteFrom("trackingAccessLog").execute();
});

const DAY = 24 * 3600_000;
let clients = 0;
/** Each test looks up from its own client, so one test's failures never block another. */
const newClient = () => `client-${++clients}`;
const altered = (token: string) => `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;

describe("tracking an order by its secret token", () => {
  it("shows the order, its lines, total and the timeline of its statuses", async () => {
    const paid = await placePaidOrder(t.db, { model: "nadia" });
    const result = await trackOrder(t.db, { token: ` ${paid.token}\n`, clientHash: newClient() });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.order).toMatchObject({
      orderNumber: paid.orderNumber,
      status: "pending_preparation",
      paymentStatus: "paid",
      customerName: "Camille Martin",
      totalCents: 16900,
      lines: [{ model: "nadia", name: "Nadia", quantity: 1, unitPriceCents: 16900 }],
      carrierUrl: null,
      withdrawal: { open: true, closesAt: null },
    });
    expect(result.order.timeline.map((step) => step.status)).toEqual([
      "awaiting_payment",
      "pending_preparation",
    ]);
  });

  it("tells apart an unknown, a malformed and an expired token", async () => {
    const paid = await placePaidOrder(t.db);
    const client = newClient();
    expect(await trackOrder(t.db, { token: altered(paid.token), clientHash: client })).toEqual({
      ok: false,
      reason: "unknown",
    });
    for (const token of ["x".repeat(31), "x".repeat(129), "short"]) {
      expect(await trackOrder(t.db, { token, clientHash: client })).toEqual({
        ok: false,
        reason: "malformed",
      });
    }
    const in91Days = new Date(Date.now() + 91 * DAY);
    expect(await trackOrder(t.db, { token: paid.token, clientHash: client, now: in91Days })).toEqual({
      ok: false,
      reason: "expired",
    });
  });

  it("blocks a client for an hour after 10 failures in an hour, even with the right token", async () => {
    const paid = await placePaidOrder(t.db);
    const client = newClient();
    const start = new Date();
    for (let i = 0; i < 10; i++) {
      const at = new Date(start.getTime() + i * 60_000);
      expect(
        await trackOrder(t.db, { token: altered(paid.token), clientHash: client, now: at }),
      ).toMatchObject({
        reason: "unknown",
      });
    }
    const eleventh = new Date(start.getTime() + 11 * 60_000);
    expect(await trackOrder(t.db, { token: paid.token, clientHash: client, now: eleventh })).toEqual({
      ok: false,
      reason: "blocked",
    });
    // Another client is not affected.
    expect((await trackOrder(t.db, { token: paid.token, clientHash: newClient(), now: eleventh })).ok).toBe(
      true,
    );
    // An hour after the tenth failure the block is over.
    const later = new Date(start.getTime() + 9 * 60_000 + 61 * 60_000);
    expect((await trackOrder(t.db, { token: paid.token, clientHash: client, now: later })).ok).toBe(true);
  });

  it("counts parallel guesses from one client exactly, and logs one row per block however hard it hammers", async () => {
    const client = newClient();
    const results = await Promise.all(
      Array.from({ length: 200 }, () => trackOrder(t.db, { token: "g".repeat(40), clientHash: client })),
    );
    expect(results.filter((r) => !r.ok && r.reason === "blocked")).toHaveLength(190);
    const rows = await t.db
      .selectFrom("trackingAccessLog")
      .select("outcome")
      .where("clientHash", "=", client)
      .execute();
    expect(rows.filter((r) => r.outcome === "unknown")).toHaveLength(10);
    expect(rows.filter((r) => r.outcome === "blocked")).toHaveLength(1);
  });

  it("logs every access with its time, client and outcome, and never the token", async () => {
    const paid = await placePaidOrder(t.db);
    const client = newClient();
    await trackOrder(t.db, { token: paid.token, clientHash: client });
    await trackOrder(t.db, { token: altered(paid.token), clientHash: client });
    const rows = await t.db
      .selectFrom("trackingAccessLog")
      .select(["success", "outcome", "orderId", "createdAt"])
      .where("clientHash", "=", client)
      .orderBy("id")
      .execute();
    expect(rows).toMatchObject([
      { success: true, outcome: "found", orderId: paid.id },
      { success: false, outcome: "unknown", orderId: null },
    ]);
    const dump = await sql<{
      row: string;
    }>`SELECT row_to_json(l)::text AS row FROM tracking_access_log l`.execute(t.db);
    for (const { row } of dump.rows) {
      expect(row).not.toContain(paid.token);
      expect(row).not.toContain(altered(paid.token));
    }
  });
});

describe("withdrawing from the contract", () => {
  const stockOf = async (slug: string) =>
    (await t.db.selectFrom("products").select("stock").where("slug", "=", slug).executeTakeFirstOrThrow())
      .stock;

  it("records the withdrawal, its event and acknowledgement, and puts an unshipped piece back", async () => {
    const paid = await placePaidOrder(t.db, { model: "bilin", locale: "en" });
    const stockBefore = await stockOf("bilin");
    const result = await withdrawFromContract(t.db, { token: paid.token, clientHash: newClient() });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.order.status).toBe("withdrawn");
    expect(result.order.withdrawal.open).toBe(false);
    expect(await stockOf("bilin")).toBe(stockBefore + 1);
    const events = await t.db
      .selectFrom("orderEvents")
      .select(["fromStatus", "toStatus", "actor"])
      .where("orderId", "=", paid.id)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(events).toEqual({ fromStatus: "pending_preparation", toStatus: "withdrawn", actor: "shopper" });
    const ack = await t.db
      .selectFrom("emailQueue")
      .select(["recipient", "locale", "subject", "payload"])
      .where("orderId", "=", paid.id)
      .where("type", "=", "withdrawal_acknowledgement")
      .execute();
    expect(ack).toHaveLength(1);
    expect(ack[0]).toMatchObject({
      recipient: "camille@example.org",
      locale: "en",
      subject: `Withdrawal received for your order ${paid.orderNumber}`,
      payload: { receivedAt: result.receivedAt.toISOString(), totalCents: 16900 },
    });
    // A second withdrawal changes nothing and queues nothing.
    expect(await withdrawFromContract(t.db, { token: paid.token, clientHash: newClient() })).toEqual({
      ok: false,
      reason: "period_over",
    });
  });

  it("is open until 14 days after delivery and refused after, forged request or not", async () => {
    const paid = await placePaidOrder(t.db);
    const delivered = new Date(Date.now() - 15 * DAY);
    await t.db
      .updateTable("orders")
      .set({ status: "delivered", deliveredAt: delivered })
      .where("id", "=", paid.id)
      .execute();
    const tracked = await trackOrder(t.db, { token: paid.token, clientHash: newClient() });
    expect(tracked.ok && tracked.order.withdrawal).toEqual({
      open: false,
      closesAt: new Date(delivered.getTime() + 14 * DAY),
    });
    expect(await withdrawFromContract(t.db, { token: paid.token, clientHash: newClient() })).toEqual({
      ok: false,
      reason: "period_over",
    });
    const order = await t.db
      .selectFrom("orders")
      .select("status")
      .where("id", "=", paid.id)
      .executeTakeFirstOrThrow();
    expect(order.status).toBe("delivered");

    // Thirteen days after delivery it is still open, and a shipped piece is not restocked.
    await t.db
      .updateTable("orders")
      .set({ deliveredAt: new Date(Date.now() - 13 * DAY) })
      .where("id", "=", paid.id)
      .execute();
    const stockBefore = await stockOf("aicha");
    const result = await withdrawFromContract(t.db, { token: paid.token, clientHash: newClient() });
    expect(result.ok && result.order.status).toBe("withdrawn");
    expect(await stockOf("aicha")).toBe(stockBefore);
  });

  it("needs a valid token like any look-up", async () => {
    expect(await withdrawFromContract(t.db, { token: "z".repeat(43), clientHash: newClient() })).toEqual({
      ok: false,
      reason: "unknown",
    });
  });
});
