import { createServer } from "node:net";
import { connect } from "@souls/db";
import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import { deliverDueEmails, type MailTransport, messageIdFor, smtpTransport } from "@souls/shop/mail";
import { LEASE_MS, MAX_ATTEMPTS, retryDelayMs } from "@souls/shop/outbox";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { WAIT_MS } from "../../../vitest.shared";
import { backInStockPayload, confirmationPayload, queued, queueEmail, testDelivery } from "./testing/queue";
import { type SmtpSink, smtpError, startSmtpSink } from "./testing/smtp-sink";

let t: TestDatabase;
let sink: SmtpSink;
beforeAll(async () => {
  [t, sink] = await Promise.all([createTestDatabase(), startSmtpSink()]);
});
afterAll(async () => {
  await Promise.all([t.drop(), sink.close()]);
});
beforeEach(async () => {
  await sql`TRUNCATE email_queue`.execute(t.db);
  sink.received.length = 0;
  sink.rejectRecipients = undefined;
  sink.rejectData = undefined;
  sink.beforeAnswer = undefined;
});

const minutes = (n: number) => n * 60_000;
const later = (from: Date, ms: number) => new Date(from.getTime() + ms);
/** A round at `now`, and how long it took: its clock runs on from `now` while it works. */
async function timedRound(...args: Parameters<typeof deliverDueEmails>) {
  const started = Date.now();
  const report = await deliverDueEmails(...args);
  return { report, ms: Date.now() - started };
}
/** `expected`, moved on by at most the time the round took. */
function expectAbout(actual: Date, expected: Date, roundMs: number) {
  expect(actual.getTime()).toBeGreaterThanOrEqual(expected.getTime());
  expect(actual.getTime()).toBeLessThanOrEqual(expected.getTime() + roundMs);
}

describe("e-mail delivery through SMTP", () => {
  it("sends a queued order confirmation once, in its language, with the row's Message-ID", async () => {
    const row = await queueEmail(t.db, { recipient: "amina@example.com", locale: "fr" });
    const report = await deliverDueEmails(t.db, testDelivery(smtpTransport(sink.url())));

    expect(report).toEqual({ sent: 1, retrying: 0, failed: 0, handedBack: 0 });
    const [email] = await sink.waitFor(1);
    expect(email?.to).toEqual(["amina@example.com"]);
    expect(email?.headers.get("subject")).toBe(row.subject);
    expect(row.subject).toMatch(/^Votre commande SOULS-\d{6}TEST est confirmée$/);
    expect(email?.headers.get("content-language")).toBe("fr");
    expect(email?.headers.get("message-id")).toBe(`<email-${row.id}@souls.example>`);
    expect(email?.headers.get("from")).toBe("SOULS <commandes@souls.example>");
    expect(email?.headers.get("reply-to")).toBe("contact@souls.example");
    expect(email?.headers.get("content-type")).toMatch(/^multipart\/alternative/);
    expect(email?.raw).toMatch(/Content-Type: text\/plain/);
    expect(email?.raw).toMatch(/Content-Type: text\/html/);

    const after = await queued(t.db, row.id);
    expect(after).toMatchObject({ status: "sent", attempts: 1, lockedUntil: null, lastError: null });
    expect(after.sentAt).toBeInstanceOf(Date);
    expect(await deliverDueEmails(t.db, testDelivery(smtpTransport(sink.url())))).toEqual({
      sent: 0,
      retrying: 0,
      failed: 0,
      handedBack: 0,
    });
    expect(sink.received).toHaveLength(1);
  });

  it("retries a refused message with growing delays, then gives up keeping the last error", async () => {
    sink.rejectRecipients = smtpError(451, "4.3.0 Mailbox busy, try later");
    const row = await queueEmail(t.db, { locale: "en" });
    const delivery = testDelivery(smtpTransport(sink.url()));
    let now = new Date();

    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      const { report, ms } = await timedRound(t.db, delivery, now);
      expect(report).toMatchObject({ retrying: 1 });
      const after = await queued(t.db, row.id);
      expect(after).toMatchObject({ status: "pending", attempts: attempt, lockedUntil: null });
      expect(after.lastError).toMatch(/451 4\.3\.0 Mailbox busy/);
      expectAbout(after.nextAttemptAt, later(now, retryDelayMs(attempt)), ms);
      // Not before its time.
      expect(await deliverDueEmails(t.db, delivery, later(after.nextAttemptAt, -1000))).toMatchObject({
        retrying: 0,
      });
      now = after.nextAttemptAt;
    }

    sink.rejectRecipients = undefined;
    sink.rejectData = smtpError(554, "5.7.1 Message refused");
    expect(await deliverDueEmails(t.db, delivery, now)).toMatchObject({ failed: 1 });
    const failed = await queued(t.db, row.id);
    expect(failed).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS, sentAt: null });
    expect(failed.lastError).toMatch(/554 5\.7\.1 Message refused/);

    // A failed row stays failed.
    sink.rejectData = undefined;
    expect(await deliverDueEmails(t.db, delivery, later(now, minutes(24 * 60)))).toMatchObject({ sent: 0 });
  });

  it("keeps trying while the SMTP server is down and sends once it is back", async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const row = await queueEmail(t.db);
    const now = new Date();
    const down = testDelivery(smtpTransport(`smtp://127.0.0.1:${closedPort}`));
    const { report, ms } = await timedRound(t.db, down, now);
    expect(report).toMatchObject({ retrying: 1 });
    const waiting = await queued(t.db, row.id);
    expect(waiting).toMatchObject({ status: "pending", attempts: 1 });
    expect(waiting.lastError).toMatch(/ECONNREFUSED/);
    expectAbout(waiting.nextAttemptAt, later(now, minutes(1)), ms);

    const up = testDelivery(smtpTransport(sink.url()));
    expect(await deliverDueEmails(t.db, up, waiting.nextAttemptAt)).toEqual({
      sent: 1,
      retrying: 0,
      failed: 0,
      handedBack: 0,
    });
    expect(await queued(t.db, row.id)).toMatchObject({ status: "sent", attempts: 2 });
    expect(sink.received).toHaveLength(1);
  });

  it("sends each of 20 messages exactly once with two workers at the same time", async () => {
    const rows = [];
    for (let i = 0; i < 20; i++) rows.push(await queueEmail(t.db, { recipient: `client${i}@example.com` }));
    const otherDb = connect(t.url, { maxConnections: 2 });
    try {
      const [a, b] = await Promise.all([
        deliverDueEmails(t.db, testDelivery(smtpTransport(sink.url()))),
        deliverDueEmails(otherDb, testDelivery(smtpTransport(sink.url()))),
      ]);
      expect(a.sent + b.sent).toBe(20);
    } finally {
      await otherDb.destroy();
    }
    const ids = sink.received.map((email) => email.headers.get("message-id"));
    expect(new Set(ids).size).toBe(20);
    expect(ids.sort()).toEqual(rows.map((row) => `<email-${row.id}@souls.example>`).sort());
    const statuses = await t.db.selectFrom("emailQueue").select(["status", "attempts"]).distinct().execute();
    expect(statuses).toEqual([{ status: "sent", attempts: 1 }]);
  });

  it("fails an unreadable row at once and goes on with the others", async () => {
    const bad = await queueEmail(t.db, { payload: { orderNumber: "SOULS-000001TEST" } });
    const unknown = await queueEmail(t.db, { type: "newsletter", payload: {} });
    const good = await queueEmail(t.db);

    const report = await deliverDueEmails(t.db, testDelivery(smtpTransport(sink.url())));
    expect(report).toMatchObject({ sent: 1, retrying: 0, failed: 2 });
    const badAfter = await queued(t.db, bad.id);
    expect(badAfter).toMatchObject({ status: "failed", attempts: 1, sentAt: null });
    expect(badAfter.lastError).toMatch(
      /^cannot be rendered: invalid order_confirmation payload: customerName/,
    );
    expect((await queued(t.db, unknown.id)).lastError).toBe(
      "cannot be rendered: unknown e-mail type newsletter",
    );
    expect(await queued(t.db, good.id)).toMatchObject({ status: "sent" });
    expect(sink.received.map((email) => email.headers.get("message-id"))).toEqual([
      `<email-${good.id}@souls.example>`,
    ]);
  });

  it("fails a row whose template throws, without retrying it", async () => {
    const row = await queueEmail(t.db, { payload: confirmationPayload() });
    const delivery = testDelivery(smtpTransport(sink.url()), {
      render: async () => {
        throw new Error("template exploded");
      },
    });
    expect(await deliverDueEmails(t.db, delivery)).toMatchObject({ failed: 1 });
    expect(await queued(t.db, row.id)).toMatchObject({
      status: "failed",
      lastError: "cannot be rendered: template exploded",
    });
  });

  it("gives a row claimed late in a long round a full lease of its own", async () => {
    const rows = [await queueEmail(t.db), await queueEmail(t.db)];
    const leaseLeft: number[] = [];
    const slow: MailTransport = {
      description: "a server that takes longer than a lease per message",
      close() {},
      async send(email) {
        const { lockedUntil } = await queued(t.db, email.queueId);
        leaseLeft.push((lockedUntil?.getTime() ?? 0) - Date.now());
        vi.setSystemTime(Date.now() + LEASE_MS + minutes(1));
      },
    };
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      expect(await deliverDueEmails(t.db, testDelivery(slow))).toMatchObject({ sent: 2 });
    } finally {
      vi.useRealTimers();
    }
    expect(leaseLeft).toHaveLength(rows.length);
    for (const left of leaseLeft) expect(left).toBeGreaterThan(LEASE_MS - 5000);
  });

  it("takes again a row left in sending once its lease ran out, and gives up on one that keeps dying", async () => {
    const stuck = await queueEmail(t.db);
    const doomed = await queueEmail(t.db);
    const now = new Date();
    await t.db
      .updateTable("emailQueue")
      .set({ status: "sending", attempts: 1, lockedUntil: later(now, minutes(1)) })
      .where("id", "=", stuck.id)
      .execute();
    await t.db
      .updateTable("emailQueue")
      .set({ status: "sending", attempts: MAX_ATTEMPTS, lockedUntil: now, lastError: "451 busy" })
      .where("id", "=", doomed.id)
      .execute();
    const delivery = testDelivery(smtpTransport(sink.url()));

    expect(await deliverDueEmails(t.db, delivery, now)).toEqual({
      sent: 0,
      retrying: 0,
      failed: 0,
      handedBack: 0,
    });
    const report = await deliverDueEmails(t.db, delivery, later(now, LEASE_MS));
    expect(report).toMatchObject({ sent: 1, failed: 1 });
    expect(await queued(t.db, stuck.id)).toMatchObject({ status: "sent", attempts: 2 });
    expect((await queued(t.db, doomed.id)).lastError).toMatch(
      /^abandoned after 8 tries.*last error: 451 busy$/,
    );
  });
});

describe("transactional mail before marketing mail", () => {
  it("sends a confirmation queued behind a thousand back-in-stock notices within the same round", async () => {
    await sql`INSERT INTO email_queue (recipient, locale, type, subject, payload, priority)
      SELECT 'waiting' || n || '@example.org', 'fr', 'back_in_stock', 'Nadia est de retour', ${JSON.stringify(backInStockPayload())}::jsonb, 1
      FROM generate_series(1, 1000) AS n`.execute(t.db);
    const confirmation = await queueEmail(t.db, { recipient: "buyer@example.com" });
    const sent: string[] = [];
    const recording: MailTransport = {
      description: "recording",
      send: async (email) => void sent.push(email.to),
      close: () => {},
    };
    // A moment ahead: PostgreSQL's now() has microseconds, a Date only milliseconds, so a row
    // queued in the same millisecond as the round would not be due yet.
    await deliverDueEmails(t.db, testDelivery(recording, { perRound: 5 }), later(new Date(), 1000));
    expect(sent[0]).toBe("buyer@example.com");
    expect((await queued(t.db, confirmation.id)).status).toBe("sent");
    expect(sent.slice(1).every((to) => to.startsWith("waiting"))).toBe(true);
  });

  it("gives a marketing e-mail one-click unsubscribe headers (RFC 8058), and a transactional one none", async () => {
    await queueEmail(t.db, {
      type: "back_in_stock",
      recipient: "nour@example.org",
      payload: backInStockPayload(),
    });
    await queueEmail(t.db, { recipient: "amina@example.com" });
    await deliverDueEmails(t.db, testDelivery(smtpTransport(sink.url())));
    const received = await sink.waitFor(2);
    const notice = received.find((email) => email.to.includes("nour@example.org"));
    const confirmation = received.find((email) => email.to.includes("amina@example.com"));
    expect(notice?.headers.get("list-unsubscribe")).toBe(
      `<https://souls.example/desinscription?token=${encodeURIComponent(backInStockPayload().unsubscribeToken)}>`,
    );
    expect(notice?.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(confirmation?.headers.get("list-unsubscribe")).toBeUndefined();
  });
});

describe("the delivery's rules", () => {
  it("names each message after its row and the shop's domain", () => {
    expect(messageIdFor(12, "https://www.souls.fr")).toBe("<email-12@www.souls.fr>");
    expect(messageIdFor(12, "http://localhost:3000")).toBe("<email-12@souls.local>");
    expect(messageIdFor(12, "http://127.0.0.1:3000")).toBe("<email-12@souls.local>");
  });
});

describe("a worker asked to stop", () => {
  /** A transport whose sends wait until the test lets them go. */
  function heldTransport() {
    const held: (() => void)[] = [];
    const transport: MailTransport = {
      description: "held",
      send: () => new Promise<void>((resolve) => held.push(resolve)),
      close: () => {},
    };
    return { transport, held };
  }

  it("lets a send in progress finish and records it sent, then claims nothing more", async () => {
    const [first, second] = [await queueEmail(t.db), await queueEmail(t.db)];
    const { transport, held } = heldTransport();
    const stop = new AbortController();
    const settled = vi.fn();
    const round = deliverDueEmails(
      t.db,
      testDelivery(transport, { stop: stop.signal, handBackAfterMs: 5_000, onSettled: settled }),
    );
    await vi.waitFor(() => expect(held).toHaveLength(1), { timeout: WAIT_MS });
    stop.abort();
    held[0]?.();
    expect(await round).toEqual({ sent: 1, retrying: 0, failed: 0, handedBack: 0 });
    expect(settled).toHaveBeenCalledTimes(1);
    expect(await queued(t.db, first!.id)).toMatchObject({ status: "sent", lockedUntil: null });
    expect(await queued(t.db, second!.id)).toMatchObject({ status: "pending", attempts: 0 });
  });

  it("hands back a send that does not finish in time: pending, due now, lease released", async () => {
    const row = await queueEmail(t.db);
    const { transport, held } = heldTransport();
    const stop = new AbortController();
    const round = deliverDueEmails(
      t.db,
      testDelivery(transport, { stop: stop.signal, handBackAfterMs: 200 }),
    );
    await vi.waitFor(() => expect(held).toHaveLength(1), { timeout: WAIT_MS });
    stop.abort();
    // The send never finishes: the round ending at all is the hand-back at work.
    const report = await round;
    expect(report).toMatchObject({ sent: 0, handedBack: 1 });
    const after = await queued(t.db, row.id);
    expect(after).toMatchObject({ status: "pending", attempts: 1, lockedUntil: null });
    expect(after.lastError).toMatch(/worker stopped/);
    expect(after.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    // The send's late success changes nothing: the row is another worker's to send now.
    held[0]?.();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await queued(t.db, row.id)).toMatchObject({ status: "pending" });
  });
});
