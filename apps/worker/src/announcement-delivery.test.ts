import { connect, type Database, type Kysely, seedProducts } from "@souls/db";
import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import {
  ANNOUNCEMENT_BATCH,
  draftAnnouncement,
  pauseAnnouncement,
  resumeAnnouncement,
  saveAnnouncement,
  scheduleAnnouncement,
  showAnnouncement,
} from "@souls/shop/announcements";
import { type MailTransport, type OutgoingEmail, smtpTransport } from "@souls/shop/mail";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { announcementMessageId, deliverAnnouncements } from "./announcement-delivery";
import { confirmationPayload, queueEmail, testDelivery } from "./testing/queue";
import { type SmtpSink, startSmtpSink } from "./testing/smtp-sink";

const SECRET = "test-secret-for-signed-links-0123456789";
let t: TestDatabase;
let sink: SmtpSink;
let seriesId: number;
beforeAll(async () => {
  [t, sink] = await Promise.all([createTestDatabase(), startSmtpSink()]);
  await seedProducts(t.db);
  seriesId = (await t.db.selectFrom("series").select("id").executeTakeFirstOrThrow()).id;
  // Opens in a week, with a day's head start for the list.
  await t.db
    .updateTable("series")
    .set({ opensAt: new Date(Date.now() + 7 * 86_400_000), earlyAccessMinutes: 1440 })
    .where("id", "=", seriesId)
    .execute();
});
afterAll(async () => {
  await Promise.all([t.drop(), sink.close()]);
});
beforeEach(async () => {
  await sql`TRUNCATE email_queue, announcements, announcement_recipients, signups`.execute(t.db);
  sink.received.length = 0;
});

async function subscribers(n: number, locale: "fr" | "en" = "fr", prefix = "sub") {
  await t.db
    .insertInto("signups")
    .values(
      Array.from({ length: n }, (_, i) => ({
        email: `${prefix}${i}@example.org`,
        locale,
        source: "home" as const,
        confirmedAt: new Date(),
      })),
    )
    .execute();
}

/** An announcement of the series to the early-notice list, sent now at `rate` a minute. */
async function sendingNow(rateCount = 100_000) {
  const { id } = await draftAnnouncement(t.db, seriesId);
  const draft = await showAnnouncement(t.db, id);
  await saveAnnouncement(t.db, id, {
    content: draft.content,
    lists: ["early"],
    rateCount,
    ratePer: "minute",
  });
  await scheduleAnnouncement(t.db, id, null);
  return id;
}

/** A transport that records what it is handed, and may act during a send. */
function recording(during?: (email: OutgoingEmail, log: OutgoingEmail[]) => Promise<void>) {
  const log: OutgoingEmail[] = [];
  const transport: MailTransport = {
    description: "recorded",
    async send(email) {
      log.push(email);
      await during?.(email, log);
    },
    close() {},
  };
  return { log, transport };
}

const header = (raw: string, name: string) =>
  new RegExp(`^${name}: (.*)$`, "im").exec(raw.replace(/\r\n[ \t]+/g, " "))?.[1]?.trim();

describe("an announcement through SMTP", () => {
  it("reaches each subscriber in her language with her early-access link and a one-click unsubscribe", async () => {
    await subscribers(1, "fr", "lina");
    await subscribers(1, "en", "nour");
    const id = await sendingNow();
    const report = await deliverAnnouncements(t.db, testDelivery(smtpTransport(sink.url())), {
      secret: SECRET,
    });
    expect(report).toMatchObject({ queued: 2, sent: 2, failed: 0 });
    const received = await sink.waitFor(2);
    const fr = received.find((email) => email.to.includes("lina0@example.org"));
    const en = received.find((email) => email.to.includes("nour0@example.org"));
    expect(fr?.headers.get("content-language")).toBe("fr");
    expect(en?.headers.get("content-language")).toBe("en");
    for (const [email, locale] of [
      [fr, "fr"],
      [en, "en"],
    ] as const) {
      const raw = (email?.raw ?? "").replace(/=\r\n/g, "").replace(/=3D/g, "=");
      const unsubscribe = header(email?.raw ?? "", "List-Unsubscribe");
      expect(unsubscribe).toMatch(
        locale === "fr"
          ? /^<https:\/\/souls\.example\/desinscription\?token=u\.\d+\.0\.[\w-]{43}>$/
          : /^<https:\/\/souls\.example\/en\/unsubscribe\?token=u\.\d+\.0\.[\w-]{43}>$/,
      );
      expect(header(email?.raw ?? "", "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
      // The same link in the body, and her own early-access link.
      expect(raw).toContain(unsubscribe?.slice(1, -1));
      expect(raw).toMatch(
        locale === "fr"
          ? /https:\/\/souls\.example\/acces-anticipe\/e\.\d+\.\d+\.[\w-]{43}/
          : /https:\/\/souls\.example\/en\/early-access\/e\.\d+\.\d+\.[\w-]{43}/,
      );
      // The seller's legal identity in the footer.
      expect(raw).toContain("SOULS SAS (exemple)");
    }
    expect(fr?.headers.get("message-id")).toMatch(/^<announcement-\d+@souls\.example>$/);
    expect((await showAnnouncement(t.db, id)).counts).toMatchObject({ sent: 2, queued: 0 });
    // Another round sends nothing more, and closes the announcement.
    expect(
      await deliverAnnouncements(t.db, testDelivery(smtpTransport(sink.url())), { secret: SECRET }),
    ).toMatchObject({ queued: 0, sent: 0 });
    expect((await showAnnouncement(t.db, id)).status).toBe("sent");
    expect(sink.received).toHaveLength(2);
    expect(announcementMessageId(7, "http://127.0.0.1:3000")).toBe("<announcement-7@souls.local>");
  });
});

describe("order e-mails first", () => {
  it("sends a confirmation queued during the send right after the message in progress", async () => {
    await subscribers(ANNOUNCEMENT_BATCH * 4);
    await sendingNow();
    let confirmationQueuedAt = -1;
    const { log, transport } = recording(async (email, sent) => {
      // A shopper pays while the third message of the announcement is being sent.
      if (email.mailboxName?.startsWith("announcement-") && sent.length === 3) {
        await queueEmail(t.db, { recipient: "buyer@example.org", payload: confirmationPayload() });
        confirmationQueuedAt = sent.length;
      }
    });
    const report = await deliverAnnouncements(t.db, testDelivery(transport), { secret: SECRET });
    expect(report.sent).toBe(ANNOUNCEMENT_BATCH * 4);
    expect(report.emails.sent).toBe(1);
    const confirmationAt = log.findIndex((email) => email.to === "buyer@example.org");
    // Right after the message in progress: the rest of its batch waits behind it.
    expect(confirmationAt).toBe(confirmationQueuedAt);
  });
});

describe("once per address with two workers", () => {
  let workers: Kysely<Database>[];
  beforeAll(() => {
    workers = [connect(t.url, { maxConnections: 2 }), connect(t.url, { maxConnections: 2 })];
  });
  afterAll(() => Promise.all(workers.map((db) => db.destroy())));

  it("hands each address to the mail server once, whichever worker sends it", async () => {
    await subscribers(120);
    const id = await sendingNow();
    const { log, transport } = recording();
    await Promise.all(
      workers.map((db) =>
        deliverAnnouncements(db, testDelivery(transport), { secret: SECRET, budgetMs: 60_000 }),
      ),
    );
    // A batch one worker skipped while the other held the lock goes at the next round.
    await deliverAnnouncements(t.db, testDelivery(transport), { secret: SECRET });
    expect(log).toHaveLength(120);
    expect(new Set(log.map((email) => email.to)).size).toBe(120);
    expect((await showAnnouncement(t.db, id)).counts).toMatchObject({ sent: 120, queued: 0 });
  });
});

describe("the rate and pause", () => {
  it("never sends faster than the rate she set", async () => {
    await subscribers(200);
    await sendingNow(600); // ten a second
    const { log, transport } = recording();
    const started = Date.now();
    await deliverAnnouncements(t.db, testDelivery(transport), { secret: SECRET, budgetMs: 1_500 });
    const seconds = (Date.now() - started) / 1000;
    expect(log.length).toBeGreaterThan(0);
    // One batch at the start, then ten a second at most, however long the round took.
    expect(log.length).toBeLessThanOrEqual(ANNOUNCEMENT_BATCH + Math.ceil(10 * seconds));
  });

  it("sends nothing while paused, and goes on once resumed", async () => {
    await subscribers(30);
    const id = await sendingNow();
    const { log, transport } = recording();
    // Queued by a first round that sends its first batch, then paused.
    await deliverAnnouncements(t.db, testDelivery(transport), { secret: SECRET, budgetMs: 0 });
    await pauseAnnouncement(t.db, id);
    const before = log.length;
    await deliverAnnouncements(t.db, testDelivery(transport), { secret: SECRET });
    expect(log).toHaveLength(before);
    await resumeAnnouncement(t.db, id);
    await deliverAnnouncements(t.db, testDelivery(transport), { secret: SECRET, budgetMs: 60_000 });
    expect(log).toHaveLength(30);
  });
});
