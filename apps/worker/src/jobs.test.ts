import { tmpdir } from "node:os";
import path from "node:path";
import { seededTestDatabase } from "@souls/db/testing";
import { newCheckoutKey, type PaymentGateway, placeOrder, testGateway } from "@souls/shop";
import { joinWaitlistConfirmed, TEST_SECRET, TEST_SHIPPING } from "@souls/shop/testing";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { reconcilePayments, runJobs } from "./jobs";
import { mailboxTransport } from "./mail-transport";
import { testDelivery } from "./testing/queue";

const t = seededTestDatabase();

const details = TEST_SHIPPING;
const jobs = {
  gateway: testGateway,
  mail: testDelivery(mailboxTransport(path.join(tmpdir(), "souls-worker-jobs"))),
  linkSecret: TEST_SECRET,
};

async function order(provider: "test" | "stripe", createdMinutesAgo: number, reference: string | null) {
  const placed = await placeOrder(t.db, {
    checkoutKey: newCheckoutKey(),
    locale: "fr",
    lines: [{ model: "nadia", quantity: 1 }],
    details,
    provider,
    now: new Date(Date.now() - createdMinutesAgo * 60_000),
  });
  if (!placed.ok) throw new Error("refused");
  // created_at is written by the database only; a test dates it in the past by hand.
  await sql`UPDATE orders SET payment_reference = ${reference}, created_at = now() - make_interval(mins => ${createdMinutesAgo}) WHERE id = ${placed.order.id}`.execute(
    t.db,
  );
  return placed.order;
}

const status = (id: number) =>
  t.db
    .selectFrom("orders")
    .select(["status", "paymentStatus"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();

describe("the worker's jobs", () => {
  it("expire holds past their time, once even with two workers", async () => {
    const old = await order("test", 30, null);
    const fresh = await order("test", 1, null);
    const [a, b] = await Promise.all([runJobs(t.db, jobs), runJobs(t.db, jobs)]);
    expect(a.expired + b.expired).toBe(1);
    expect(await status(old.id)).toMatchObject({ status: "expired" });
    expect(await status(fresh.id)).toMatchObject({ status: "awaiting_payment" });
  });

  it("tell the waiting list in the same round when a released hold brings a sold-out model back", async () => {
    await t.db.updateTable("products").set({ stock: 1, reserved: 0 }).where("slug", "=", "bilin").execute();
    const held = await placeOrder(t.db, {
      checkoutKey: newCheckoutKey(),
      locale: "fr",
      lines: [{ model: "bilin", quantity: 1 }],
      details,
      provider: "test",
    });
    expect(held.ok).toBe(true);
    await joinWaitlistConfirmed(t.db, { email: "nour@example.org", locale: "en", model: "bilin" });
    const quiet = await runJobs(t.db, jobs);
    expect(quiet.restockNotices).toBe(0);

    const later = new Date(Date.now() + 30 * 60_000);
    const round = await runJobs(t.db, jobs, later);
    expect(round.restockNotices).toBe(1);
    const notices = await t.db
      .selectFrom("emailQueue")
      .select(["recipient", "subject", "status"])
      .where("type", "=", "back_in_stock")
      .execute();
    expect(notices).toEqual([{ recipient: "nour@example.org", subject: "Bilin is back", status: "sent" }]);
    expect((await runJobs(t.db, jobs, later)).restockNotices).toBe(0);
  });

  it("reconcile a Stripe payment that succeeded without its event, once", async () => {
    const asked: string[] = [];
    const stripe: PaymentGateway = {
      ...testGateway,
      provider: "stripe",
      currentOutcome: async (reference) => {
        asked.push(reference);
        return reference === "pi_paid" ? "succeeded" : "pending";
      },
    };
    const paid = await order("stripe", 5, "pi_paid");
    const unpaid = await order("stripe", 5, "pi_open");
    const [first, second] = await Promise.all([
      reconcilePayments(t.db, stripe),
      reconcilePayments(t.db, stripe),
    ]);
    expect(first + second).toBe(1);
    expect(await status(paid.id)).toEqual({ status: "pending_preparation", paymentStatus: "paid" });
    expect(await status(unpaid.id)).toMatchObject({ status: "awaiting_payment" });
    expect(await reconcilePayments(t.db, stripe)).toBe(0);
    const emails = await t.db
      .selectFrom("emailQueue")
      .select("orderId")
      .where("orderId", "=", paid.id)
      .execute();
    expect(emails).toHaveLength(1);
  });
});
