import { mkdtemp, readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { seededTestDatabase } from "@souls/db/testing";
import { noteOrderSource } from "@souls/shop/audience";
import { mailboxTransport } from "@souls/shop/mail";
import { newCheckoutKey, placeOrder } from "@souls/shop/orders";
import { DEFAULT_OWNER_SETTINGS, notifyLowStock, saveOwnerSettings } from "@souls/shop/owner";
import { offlineGateway } from "@souls/shop/payments";
import { saveSeller } from "@souls/shop/seller";
import {
  FILLED_IN_SELLER,
  joinWaitlistConfirmed,
  placeHeldOrder,
  placePaidOrder,
  placeShippedOrder,
  reviewLinkToken,
  TEST_SECRET,
  TEST_SHIPPING,
} from "@souls/shop/testing";
import { describe, expect, it } from "vitest";
import { runJobs } from "./jobs";
import { queueEmail, testMailSetup } from "./testing/queue";
import { parseHeaders } from "./testing/smtp-sink";

const t = seededTestDatabase();

const details = TEST_SHIPPING;
const jobs = {
  gateway: offlineGateway,
  mail: testMailSetup(mailboxTransport(path.join(tmpdir(), "souls-worker-jobs"))),
  linkSecret: TEST_SECRET,
  reviewInvitationDays: 10,
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

  it("send as the seller the owner saved, read at each round: sender, reply address and company", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "souls-worker-seller-"));
    const round = (from?: string) =>
      runJobs(t.db, { ...jobs, mail: testMailSetup(mailboxTransport(dir), { from }) });
    /** The headers and HTML of the e-mail written for queue row `id`. */
    async function written(id: number) {
      const eml = (await readdir(dir)).find((file) => file.endsWith(`-${id}.eml`));
      if (!eml) throw new Error(`no e-mail ${id} in the mailbox`);
      const headers = parseHeaders(await readFile(path.join(dir, eml), "utf8"));
      return { headers, html: await readFile(path.join(dir, eml.replace(/\.eml$/, ".html")), "utf8") };
    }

    // Nothing filled in yet: from the shop's own domain, no reply address, no invented contact.
    const before = await queueEmail(t.db, { locale: "fr" });
    expect((await round()).emails.sent).toBe(1);
    const first = await written(before.id);
    expect(first.headers.get("from")).toBe("SOULS <no-reply@souls.example>");
    expect(first.headers.get("reply-to")).toBeUndefined();
    expect(first.html).not.toMatch(/contact@|\(exemple\)/);

    // Saved from the panel while the worker runs: the next round sends as the new seller. (Her
    // own low-stock e-mail would go to that contact address too: not this test's subject.)
    await saveOwnerSettings(t.db, { ...DEFAULT_OWNER_SETTINGS, lowStockEmail: false });
    await saveSeller(t.db, { ...FILLED_IN_SELLER, brand: "Souls Paris" });
    const after = await queueEmail(t.db, { locale: "en" });
    expect((await round()).emails.sent).toBe(1);
    const { headers, html } = await written(after.id);
    expect(headers.get("from")).toBe("Souls Paris <bonjour@souls.fr>");
    expect(headers.get("reply-to")).toBe("bonjour@souls.fr");
    expect(html).toContain("Souls Atelier SAS");
    expect(html).toContain("8 rue de Charonne, 75011 Paris, France");
    expect(html).not.toContain("exemple");

    // MAIL_FROM, when set, is the sender; replies still go to the seller.
    const configured = await queueEmail(t.db, { locale: "fr" });
    await round("SOULS <commandes@souls.example>");
    const sent = (await written(configured.id)).headers;
    expect(sent.get("from")).toBe("SOULS <commandes@souls.example>");
    expect(sent.get("reply-to")).toBe("bonjour@souls.fr");
  });

  it("invite a buyer to review her order the set number of days after shipping, once, the e-mail sent in the same round", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "souls-worker-reviews-"));
    const round = (now: Date, days = 10) =>
      runJobs(t.db, { ...jobs, reviewInvitationDays: days, mail: testMailSetup(mailboxTransport(dir)) }, now);
    const shippedAt = new Date();
    const order = await placeShippedOrder(t.db, { model: "nadia", locale: "en", shippedAt });
    const day = (n: number) => new Date(shippedAt.getTime() + n * 86_400_000);

    // Time moves forward: nothing on day 6, the invitation on day 7 with the setting at 7, once.
    expect((await round(day(6), 7)).reviewInvitations).toBe(0);
    const due = await round(day(7), 7);
    expect(due.reviewInvitations).toBe(1);
    expect((await round(day(8), 7)).reviewInvitations).toBe(0);

    const sent = await t.db
      .selectFrom("emailQueue")
      .select(["id", "status", "subject"])
      .where("orderId", "=", order.id)
      .where("type", "=", "review_invitation")
      .execute();
    expect(sent).toMatchObject([{ status: "sent", subject: `Your review of order ${order.orderNumber}` }]);
    const eml = (await readdir(dir)).find((file) => file.endsWith(`-${sent[0]?.id}.eml`));
    const raw = await readFile(path.join(dir, eml ?? "missing"), "utf8");
    const headers = parseHeaders(raw);
    // One click stops review invitations, from the mail client too (RFC 8058).
    expect(headers.get("list-unsubscribe")).toContain(
      `/en/reviews/unsubscribe?token=${reviewLinkToken(TEST_SECRET, "optOut", order.id)}`,
    );
    expect(headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const html = await readFile(path.join(dir, (eml ?? "").replace(/\.eml$/, ".html")), "utf8");
    expect(html).toContain(
      `/en/write-a-review?token=${reviewLinkToken(TEST_SECRET, "review", order.id)}&amp;model=nadia`,
    );
  });
});

describe("the owner's low-stock e-mail", () => {
  it("is a round of the worker: told once that a published model fell below her threshold", async () => {
    await saveOwnerSettings(t.db, { ...DEFAULT_OWNER_SETTINGS, ownerEmail: "atelier@souls.example" });
    await t.db.updateTable("products").set({ stock: 1 }).where("slug", "=", "bilin").execute();
    const first = await runJobs(t.db, jobs);
    expect(first.lowStock).toBeGreaterThanOrEqual(1);
    expect((await runJobs(t.db, jobs)).lowStock).toBe(0);
    const told = await t.db
      .selectFrom("emailQueue")
      .select(["recipient", "payload"])
      .where("type", "=", "low_stock")
      .execute();
    expect(told.map((row) => row.recipient)).toEqual(["atelier@souls.example"]);
    expect(JSON.stringify(told[0]?.payload)).toContain("Bilin");
    expect(await notifyLowStock(t.db)).toBe(0);
  });

  it("count a paid order in its visit's source, once even with two workers, and forget the link", async () => {
    const paid = await placePaidOrder(t.db, { model: "ilian" });
    await noteOrderSource(t.db, paid.id, "magazine.example");
    const [a, b] = await Promise.all([runJobs(t.db, jobs), runJobs(t.db, jobs)]);
    expect(a.audiencePaid + b.audiencePaid).toBe(1);
    const counted = await t.db
      .selectFrom("audienceFunnel")
      .select(["model", "step", "count"])
      .where("source", "=", "magazine.example")
      .execute();
    expect(counted).toEqual([{ model: "ilian", step: "paid", count: "1" }]);
    expect(
      await t.db.selectFrom("audienceOrders").select("orderId").where("orderId", "=", paid.id).execute(),
    ).toEqual([]);
  });
});

describe("the round's sign of life and the owner's incident e-mails", () => {
  it("records the worker's heartbeat, and tells her once that e-mails fail, once that they leave again", async () => {
    await saveOwnerSettings(t.db, { ...DEFAULT_OWNER_SETTINGS, ownerEmail: "atelier@souls.example" });
    const now = new Date();
    // An e-mail the mail server refused twice already.
    const stuck = await t.db
      .insertInto("emailQueue")
      .values({
        recipient: "camille@example.org",
        locale: "fr",
        type: "tracking_link",
        subject: "Le lien de suivi",
        payload: "{}",
        attempts: 2,
        nextAttemptAt: new Date(now.getTime() + 3600_000),
        lastError: "421 try again later",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const first = await runJobs(t.db, jobs, now);
    expect(first.incidents).toEqual({ emails_failing: "opened" });
    expect((await runJobs(t.db, jobs, now)).incidents).toEqual({});
    const beat = await t.db
      .selectFrom("heartbeats")
      .select("beatenAt")
      .where("name", "=", "worker")
      .execute();
    expect(beat).toHaveLength(1);
    // Its row gone (the owner deleted it); her first e-mail went out in the second round: the
    // mail server takes e-mails again.
    await t.db.deleteFrom("emailQueue").where("id", "=", stuck.id).execute();
    const later = new Date(Date.now() + 60_000);
    expect((await runJobs(t.db, jobs, later)).incidents).toEqual({ emails_failing: "closed" });
    const told = await t.db
      .selectFrom("emailQueue")
      .select(["recipient", "subject"])
      .where("type", "=", "incident")
      .orderBy("id")
      .execute();
    expect(told.map((row) => row.subject)).toEqual([
      "Des e-mails de la boutique ne partent pas",
      "Les e-mails de la boutique partent à nouveau",
    ]);
    expect(told.every((row) => row.recipient === "atelier@souls.example")).toBe(true);
  });
});

describe("the round's heartbeat row", () => {
  it("is written even when a step fails (the payment provider down): the loop turns", async () => {
    await t.db.deleteFrom("heartbeats").execute();
    // An unpaid Stripe order old enough to be reconciled, and Stripe not answering.
    await placeHeldOrder(t.db, { minutesAgo: 10, provider: "stripe", paymentReference: "pi_unanswered" });
    const down = {
      ...offlineGateway,
      provider: "stripe" as const,
      async currentOutcome(): Promise<never> {
        throw new Error("the payment provider does not answer");
      },
    };
    const before = Date.now();
    await expect(runJobs(t.db, { ...jobs, gateway: down })).rejects.toThrow("does not answer");
    const beat = await t.db
      .selectFrom("heartbeats")
      .select("beatenAt")
      .where("name", "=", "worker")
      .executeTakeFirstOrThrow();
    expect(new Date(beat.beatenAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });
});
