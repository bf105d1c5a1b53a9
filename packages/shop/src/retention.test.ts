import { shopDay } from "@souls/core/format";
import { seededTestDatabase } from "@souls/db/testing";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { newCheckoutKey, placeOrder } from "./orders/place-order";
import { applyRetention, ERASED } from "./retention";
import { inviteReviewers } from "./reviews/invitations";
import { submitReview } from "./reviews/link";
import { publishReview, rejectReview } from "./reviews/moderation";
import {
  joinWaitlistConfirmed,
  placePaidOrder,
  placeShippedOrder,
  reviewLinkToken,
  TEST_SECRET,
  TEST_SHIPPING,
} from "./testing";

const t = seededTestDatabase();

const age = (table: string, id: number | string, interval: string) =>
  sql`UPDATE ${sql.table(table)} SET created_at = now() - ${interval}::interval WHERE id = ${id}`.execute(
    t.db,
  );

describe("data retention", () => {
  it("deletes e-mails after 2 years and access logs after 13 months, nothing younger", async () => {
    const paid = await placePaidOrder(t.db);
    const [confirmation] = await t.db
      .selectFrom("emailQueue")
      .select("id")
      .where("orderId", "=", paid.id)
      .execute();
    await t.db.updateTable("emailQueue").set({ status: "sent" }).execute();
    await age("email_queue", confirmation?.id ?? 0, "25 months");
    const recent = await t.db
      .insertInto("emailQueue")
      .values({ recipient: "a@b.co", locale: "fr", type: "back_in_stock", subject: "x", status: "sent" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await age("email_queue", recent.id, "23 months");

    const logs = await t.db
      .insertInto("trackingAccessLog")
      .values([
        { clientHash: "old", success: false, outcome: "unknown" },
        { clientHash: "new", success: true, outcome: "found" },
      ])
      .returning("id")
      .execute();
    await age("tracking_access_log", logs[0]?.id ?? "0", "14 months");
    await age("tracking_access_log", logs[1]?.id ?? "0", "12 months");

    const report = await applyRetention(t.db);
    expect(report).toMatchObject({ emails: 1, accessLogs: 1 });
    const left = await t.db.selectFrom("emailQueue").select("id").execute();
    expect(left.map((r) => r.id)).toEqual([recent.id]);
    const logsLeft = await t.db.selectFrom("trackingAccessLog").select("clientHash").execute();
    expect(logsLeft).toEqual([{ clientHash: "new" }]);
    expect(await applyRetention(t.db)).toEqual({
      audienceRows: 0,
      emails: 0,
      accessLogs: 0,
      unpaidOrdersErased: 0,
      unconfirmedSignups: 0,
      reviews: 0,
    });
  });

  it("forgets a back-in-stock address once its notice is queued, and keeps the waiting ones", async () => {
    const { notifyRestockedWaitlists } = await import("./signups");
    await t.db.updateTable("products").set({ stock: 0 }).where("slug", "=", "ilian").execute();
    await joinWaitlistConfirmed(t.db, { email: "told@example.org", locale: "fr", model: "ilian" });
    await t.db.updateTable("products").set({ stock: 1 }).where("slug", "=", "ilian").execute();
    await notifyRestockedWaitlists(t.db, TEST_SECRET);
    await t.db.updateTable("products").set({ stock: 0 }).where("slug", "=", "bilin").execute();
    await joinWaitlistConfirmed(t.db, { email: "waiting@example.org", locale: "fr", model: "bilin" });
    await applyRetention(t.db);
    const left = await t.db.selectFrom("signups").select("email").where("source", "=", "waitlist").execute();
    expect(left).toEqual([{ email: "waiting@example.org" }]);
  });

  it("deletes a sign-up nobody confirmed after 7 days, and keeps confirmed ones", async () => {
    const { recordSignup } = await import("./signups");
    const signUp = (email: string) =>
      recordSignup(t.db, { email, locale: "fr", source: "home", clientHash: email, secret: TEST_SECRET });
    await signUp("stranger@example.org");
    await signUp("fresh@example.org");
    await t.db.updateTable("products").set({ stock: 0 }).where("slug", "=", "aicha").execute();
    await joinWaitlistConfirmed(t.db, { email: "kept@example.org", locale: "fr", model: "aicha" });
    await sql`UPDATE signups SET created_at = now() - interval '8 days' WHERE email IN ('stranger@example.org', 'kept@example.org')`.execute(
      t.db,
    );
    expect((await applyRetention(t.db)).unconfirmedSignups).toBe(1);
    const left = await t.db.selectFrom("signups").select("email").orderBy("email").execute();
    expect(left.map((row) => row.email)).toEqual(
      expect.arrayContaining(["fresh@example.org", "kept@example.org"]),
    );
    expect(left.map((row) => row.email)).not.toContain("stranger@example.org");
    await t.db.updateTable("products").set({ stock: 40 }).where("slug", "=", "aicha").execute();
  });

  it("forgets a client's sign-up attempts after a day: they only count for the hour", async () => {
    const { recordSignup } = await import("./signups");
    await recordSignup(t.db, {
      email: "yesterday@example.org",
      locale: "fr",
      source: "home",
      clientHash: "a-client",
      secret: TEST_SECRET,
      now: new Date(Date.now() - 25 * 3600_000),
    });
    await recordSignup(t.db, {
      email: "today@example.org",
      locale: "fr",
      source: "home",
      clientHash: "a-client",
      secret: TEST_SECRET,
    });
    await applyRetention(t.db);
    const left = await t.db
      .selectFrom("signupAttempts")
      .select("createdAt")
      .where("clientHash", "=", "a-client")
      .execute();
    expect(left).toHaveLength(1);
    expect(left[0]?.createdAt.getTime()).toBeGreaterThan(Date.now() - 3600_000);
  });

  it("forgets find-my-order requests after a day: they only count for the hour and the day", async () => {
    const { requestTrackingLink } = await import("./orders/tracking-link");
    const paid = await placePaidOrder(t.db);
    const ask = (hoursAgo: number) =>
      requestTrackingLink(t.db, {
        orderNumber: paid.orderNumber,
        email: "camille@example.org",
        locale: "fr",
        clientHash: "a-finding-client",
        now: new Date(Date.now() - hoursAgo * 3600_000),
      });
    expect(await ask(25)).toBe("answered");
    expect(await ask(1)).toBe("answered");
    await applyRetention(t.db);
    const left = await t.db
      .selectFrom("trackingLinkRequests")
      .select(["createdAt", "orderId"])
      .where("clientHash", "=", "a-finding-client")
      .execute();
    expect(left).toHaveLength(1);
    expect(left[0]?.orderId).toBe(paid.id);
    expect(left[0]?.createdAt.getTime()).toBeGreaterThan(Date.now() - 2 * 3600_000);
  });

  it("deletes a tracking link 30 days after it ran out, keeping the order's live ones", async () => {
    const shipped = await placeShippedOrder(t.db);
    const tokens = await t.db
      .selectFrom("trackingTokens")
      .select("id")
      .where("orderId", "=", shipped.id)
      .orderBy("id")
      .execute();
    expect(tokens).toHaveLength(2); // the confirmation's and the shipping e-mail's
    const [confirmation, shipping] = tokens.map((token) => token.id);
    await sql`UPDATE tracking_tokens SET expires_at = now() - interval '31 days' WHERE id = ${confirmation}`.execute(
      t.db,
    );
    await sql`UPDATE tracking_tokens SET expires_at = now() - interval '29 days' WHERE id = ${shipping}`.execute(
      t.db,
    );
    await applyRetention(t.db);
    const left = await t.db
      .selectFrom("trackingTokens")
      .select("id")
      .where("orderId", "=", shipped.id)
      .execute();
    expect(left.map((token) => token.id)).toEqual([shipping]);
  });

  it("erases the customer's details from unpaid orders after 30 days, never from paid ones", async () => {
    const unpaid = await placeOrder(t.db, {
      checkoutKey: newCheckoutKey(),
      locale: "fr",
      lines: [{ model: "nadia", quantity: 1 }],
      details: TEST_SHIPPING,
      provider: "test",
    });
    if (!unpaid.ok) throw new Error("refused");
    await t.db.updateTable("orders").set({ status: "expired" }).where("id", "=", unpaid.order.id).execute();
    const paid = await placePaidOrder(t.db);
    await age("orders", unpaid.order.id, "31 days");
    await age("orders", paid.id, "400 days");

    expect((await applyRetention(t.db)).unpaidOrdersErased).toBe(1);
    const rows = await t.db
      .selectFrom("orders")
      .select(["id", "firstName", "email", "address", "country", "totalCents"])
      .where("id", "in", [unpaid.order.id, paid.id])
      .orderBy("id")
      .execute();
    expect(rows[0]).toMatchObject({
      firstName: ERASED,
      email: `erased-${unpaid.order.id}@invalid`,
      address: ERASED,
      country: "FR",
    });
    expect(rows[1]).toMatchObject({ firstName: "Camille", email: "camille@example.org" });
  });

  it("deletes published reviews after 3 years, refused ones after 6 months, invitations and opt-outs in their time", async () => {
    const DAY = 86_400_000;
    await t.db.updateTable("products").set({ stock: 10 }).where("slug", "=", "bilin").execute();
    const reviewed: number[] = [];
    for (const email of [
      "old@example.org",
      "recent@example.org",
      "refused@example.org",
      "fresh@example.org",
    ]) {
      const order = await placeShippedOrder(t.db, {
        model: "bilin",
        details: { email },
        shippedAt: new Date(Date.now() - 11 * DAY),
      });
      await inviteReviewers(t.db, { secret: TEST_SECRET });
      const written = await submitReview(t.db, {
        token: reviewLinkToken(TEST_SECRET, "review", order.id),
        secret: TEST_SECRET,
        model: "bilin",
        locale: "fr",
        review: {
          rating: 4,
          title: "Très joli",
          body: "Un sac solide et élégant, porté tous les jours.",
          authorName: "Nour B.",
          experiencedOn: shopDay(),
          consent: "yes",
        },
      });
      if (!written.ok) throw new Error(`review refused: ${written.reason}`);
      const row = await t.db
        .selectFrom("reviews")
        .select("id")
        .where("orderId", "=", order.id)
        .executeTakeFirstOrThrow();
      reviewed.push(row.id);
    }
    const [old, recent, refused, fresh] = reviewed as [number, number, number, number];
    await publishReview(t.db, { id: old, saves: 1 });
    await publishReview(t.db, { id: recent, saves: 1 });
    await rejectReview(t.db, { id: refused, saves: 1, secret: TEST_SECRET, reason: "off_topic" });
    await rejectReview(t.db, { id: fresh, saves: 1, secret: TEST_SECRET, reason: "off_topic" });
    await sql`UPDATE reviews SET published_at = now() - interval '3 years 1 day' WHERE id = ${old}`.execute(
      t.db,
    );
    await sql`UPDATE reviews SET published_at = now() - interval '2 years 11 months' WHERE id = ${recent}`.execute(
      t.db,
    );
    await sql`UPDATE reviews SET moderated_at = now() - interval '7 months' WHERE id = ${refused}`.execute(
      t.db,
    );
    await sql`UPDATE reviews SET moderated_at = now() - interval '5 months' WHERE id = ${fresh}`.execute(
      t.db,
    );
    await sql`UPDATE review_invitations SET invited_at = now() - interval '13 months'
      WHERE order_id = (SELECT order_id FROM reviews WHERE id = ${old})`.execute(t.db);
    await t.db
      .insertInto("reviewOptOuts")
      .values([
        { email: "gone@example.org", createdAt: new Date(Date.now() - 3 * 366 * DAY) },
        { email: "kept@example.org", createdAt: new Date(Date.now() - 2 * 365 * DAY) },
      ])
      .execute();

    expect((await applyRetention(t.db)).reviews).toBe(2);
    const left = await t.db.selectFrom("reviews").select("id").orderBy("id").execute();
    expect(left.map((row) => row.id)).toEqual([recent, fresh]);
    expect(await t.db.selectFrom("reviewInvitations").select("orderId").execute()).toHaveLength(3);
    expect(await t.db.selectFrom("reviewOptOuts").select("email").execute()).toEqual([
      { email: "kept@example.org" },
    ]);
  });
});
