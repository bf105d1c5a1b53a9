import { seededTestDatabase } from "@souls/db/testing";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { finalizePayment } from "../orders";
import { newCheckoutKey, placeOrder } from "../orders/place-order";
import { offlineGateway } from "../payments/offline-gateway";
import { applyRetention } from "../retention";
import { placePaidOrder, TEST_SHIPPING } from "../testing";
import { createAudienceCounter } from "./counter";
import { OTHER } from "./sources";
import { audienceBoard, noteOrderSource, settleAudienceOrders, writeAudience } from "./store";

const t = seededTestDatabase();
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile Safari/604.1";
const INSTAGRAM = {
  referrerHost: "instagram.com",
  utmSource: "instagram",
  utmMedium: "social",
  utmCampaign: "",
};

const rows = async (table: string) =>
  Number(
    (await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(t.db)).rows[0]?.n ?? 0,
  );

describe("the audience in PostgreSQL", () => {
  it("counts the path from a model's page to a paid order under the visit's source", async () => {
    const now = new Date();
    const counter = createAudienceCounter({ now: () => now });
    const visitor = { network: "203.0.113.9", userAgent: IPHONE };
    counter.record({ page: "product", locale: "fr", model: "nadia", ...visitor, source: INSTAGRAM });
    const source = counter.sourceOfVisitor(visitor.network, visitor.userAgent) ?? "";
    expect(source).toBe("instagram");
    counter.step("nadia", source, "cart");
    const placed = await placeOrder(t.db, {
      checkoutKey: newCheckoutKey(),
      locale: "fr",
      lines: [{ model: "nadia", quantity: 1 }],
      details: TEST_SHIPPING,
      provider: "test",
    });
    if (!placed.ok) throw new Error("refused");
    expect(await noteOrderSource(t.db, placed.order.id, source)).toBe(true);
    // The same form posted again is the same order: noted once.
    expect(await noteOrderSource(t.db, placed.order.id, source)).toBe(false);
    counter.step("nadia", source, "checkout");
    await writeAudience(t.db, counter.drain());

    // Not paid yet: nothing counted, the order's source waits.
    expect(await settleAudienceOrders(t.db, now)).toBe(0);
    await finalizePayment(t.db, offlineGateway, {
      provider: "test",
      eventId: `audience-${placed.order.orderNumber}`,
      type: "succeeded",
      orderNumber: placed.order.orderNumber,
      taken: { amountCents: placed.order.totalCents, currency: placed.order.currency },
    });
    expect(await settleAudienceOrders(t.db, now)).toBe(1);
    // Counted once, and the link between the order and its source is gone.
    expect(await settleAudienceOrders(t.db, now)).toBe(0);
    expect(
      await t.db
        .selectFrom("audienceOrders")
        .select("orderId")
        .where("orderId", "=", placed.order.id)
        .execute(),
    ).toEqual([]);

    const board = await audienceBoard(t.db, now);
    expect(board.funnel.find((line) => line.model === "nadia" && line.source === "instagram")).toMatchObject({
      page: 1,
      cart: 1,
      checkout: 1,
      paid: 1,
    });
    expect(board.sources).toContainEqual({ ...INSTAGRAM, visits: 1 });
    expect(board.days).toHaveLength(30);
    expect(board.days.at(-1)).toMatchObject({ visits: expect.any(Number), views: expect.any(Number) });
    expect(board.days.at(-1)?.views).toBeGreaterThanOrEqual(1);
  });

  it("forgets an order given up, and never counts the owner's test order", async () => {
    const paid = await placePaidOrder(t.db, { model: "bilin" });
    await t.db.updateTable("orders").set({ isTest: true }).where("id", "=", paid.id).execute();
    await noteOrderSource(t.db, paid.id, "testeuse");
    await settleAudienceOrders(t.db);
    const counted = await t.db
      .selectFrom("audienceFunnel")
      .select("source")
      .where("source", "=", "testeuse")
      .execute();
    expect(counted).toEqual([]);
    expect(
      await t.db.selectFrom("audienceOrders").select("orderId").where("orderId", "=", paid.id).execute(),
    ).toEqual([]);
  });

  it("keeps a flood of fake visits to a bounded number of rows, across batches and servers", async () => {
    const day = "2026-10-01";
    const at = () => new Date(`${day}T10:00:00Z`);
    const cap = 25;
    const before = await rows("audience_sources");
    // Two servers, each flooded with thousands of distinct referrers, campaigns and paths.
    for (const server of [0, 1]) {
      const counter = createAudienceCounter({
        now: at,
        limits: { visitors: 500, sourcesPerDay: cap, pagesPerDay: 30 },
      });
      for (let i = 0; i < 3000; i++) {
        counter.record({
          page: `/fake/${server}/${i}`,
          locale: "fr",
          model: `fake-${server}-${i}`,
          network: `10.${server}.${i >> 8}.${i & 255}`,
          userAgent: `${IPHONE} ${i}`,
          source: {
            referrerHost: `spam-${server}-${i}.example`,
            utmSource: `s${server}-${i}`,
            utmMedium: `m${i}`,
            utmCampaign: `c${i}`,
          },
        });
        if (i % 1000 === 999) await writeAudience(t.db, counter.drain(), cap);
      }
    }
    const sources = await t.db.selectFrom("audienceSources").selectAll().where("day", "=", day).execute();
    expect(sources.length).toBeLessThanOrEqual(cap + 1);
    expect(sources.reduce((sum, row) => sum + Number(row.visits), 0)).toBe(6000);
    expect(sources.some((row) => row.referrerHost === OTHER)).toBe(true);
    const labels = await t.db
      .selectFrom("audienceFunnel")
      .select("source")
      .distinct()
      .where("day", "=", day)
      .execute();
    expect(labels.length).toBeLessThanOrEqual(cap + 1);
    const pages = await t.db.selectFrom("audiencePages").select("page").where("day", "=", day).execute();
    expect(pages.length).toBeLessThanOrEqual(2 * 31);
    expect((await rows("audience_sources")) - before).toBeLessThanOrEqual(cap + 1);
  });

  it("deletes counts older than 25 months, and nothing younger", async () => {
    const old = "2020-01-15";
    const recent = new Date(Date.now() - 24 * 31 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    for (const day of [old, recent]) {
      await writeAudience(t.db, {
        pages: [{ day, page: "home", locale: "fr", views: 3, visits: 2 }],
        sources: [{ day, referrerHost: "", utmSource: "", utmMedium: "", utmCampaign: "", visits: 2 }],
        funnel: [{ day, model: "aicha", source: "direct", step: "page", count: 1 }],
      });
    }
    const report = await applyRetention(t.db);
    expect(report.audienceRows).toBeGreaterThanOrEqual(3);
    for (const table of ["audiencePages", "audienceSources", "audienceFunnel"] as const) {
      const days = await t.db
        .selectFrom(table)
        .select(sql<string>`to_char(day, 'YYYY-MM-DD')`.as("day"))
        .where("day", "in", [old, recent])
        .execute();
      expect(days.map((row) => row.day)).toEqual([recent]);
    }
  });

  it("has no column that could hold a visitor: only days, names and counts", async () => {
    const columns = await sql<{ tableName: string; columnName: string }>`
      SELECT table_name, column_name FROM information_schema.columns
      WHERE table_name LIKE 'audience\\_%' ORDER BY table_name, column_name`.execute(t.db);
    expect(columns.rows.map((row) => `${row.tableName}.${row.columnName}`)).toEqual([
      "audience_funnel.count",
      "audience_funnel.day",
      "audience_funnel.model",
      "audience_funnel.source",
      "audience_funnel.step",
      "audience_orders.created_at",
      "audience_orders.order_id",
      "audience_orders.source",
      "audience_pages.day",
      "audience_pages.locale",
      "audience_pages.page",
      "audience_pages.views",
      "audience_pages.visits",
      "audience_sources.day",
      "audience_sources.referrer_host",
      "audience_sources.utm_campaign",
      "audience_sources.utm_medium",
      "audience_sources.utm_source",
      "audience_sources.visits",
    ]);
  });
});
