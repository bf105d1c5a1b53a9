import { seededTestDatabase } from "@souls/db/testing";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { newCheckoutKey, placeOrder } from "./orders/place-order";
import { applyRetention, ERASED } from "./retention";
import { joinWaitlistConfirmed, placePaidOrder, TEST_SECRET, TEST_SHIPPING } from "./testing";

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
      emails: 0,
      accessLogs: 0,
      unpaidOrdersErased: 0,
      unconfirmedSignups: 0,
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
});
