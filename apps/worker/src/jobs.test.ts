import { tmpdir } from "node:os";
import path from "node:path";
import { seededTestDatabase } from "@souls/db/testing";
import { newCheckoutKey, placeOrder } from "@souls/shop/orders";
import { offlineGateway } from "@souls/shop/payments";
import { joinWaitlistConfirmed, placeHeldOrder, TEST_SECRET, TEST_SHIPPING } from "@souls/shop/testing";
import { describe, expect, it } from "vitest";
import { runJobs } from "./jobs";
import { mailboxTransport } from "./mail-transport";
import { testDelivery } from "./testing/queue";

const t = seededTestDatabase();

const details = TEST_SHIPPING;
const jobs = {
  gateway: offlineGateway,
  mail: testDelivery(mailboxTransport(path.join(tmpdir(), "souls-worker-jobs"))),
  linkSecret: TEST_SECRET,
};

const status = (id: number) =>
  t.db
    .selectFrom("orders")
    .select(["status", "paymentStatus"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();

describe("the worker's jobs", () => {
  it("expire holds past their time, once even with two workers", async () => {
    const old = await placeHeldOrder(t.db, { minutesAgo: 30 });
    const fresh = await placeHeldOrder(t.db, { minutesAgo: 1 });
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
});
