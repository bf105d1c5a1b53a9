import { connect, type Database, type Kysely } from "@souls/db";
import { seededTestDatabase } from "@souls/db/testing";
import { parseEmailMessage } from "@souls/emails/messages";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { readEarlyAccessToken } from "../launch";
import { unsubscribe } from "../signups";
import { readSignupToken } from "../signups/tokens";
import { TEST_SECRET } from "../testing";
import {
  ANNOUNCEMENT_CLAIM_LEASE_MS,
  AnnouncementRefusedError,
  announcementMessages,
  claimAnnouncementBatch,
  draftAnnouncement,
  pauseAnnouncement,
  queueDueAnnouncements,
  resumeAnnouncement,
  saveAnnouncement,
  scheduleAnnouncement,
  sendAnnouncementTest,
  settleAnnouncementMessage,
  showAnnouncement,
  unscheduleAnnouncement,
} from "./index";

const t = seededTestDatabase();
let seriesId: number;
const T0 = new Date("2026-12-01T09:00:00Z");
const OPENS = new Date("2026-12-04T17:00:00Z");

beforeAll(async () => {
  const series = await t.db.selectFrom("series").select("id").executeTakeFirstOrThrow();
  seriesId = series.id;
  await t.db
    .updateTable("series")
    .set({ opensAt: OPENS, earlyAccessMinutes: 1440 })
    .where("id", "=", seriesId)
    .execute();
});
beforeEach(async () => {
  await t.db.deleteFrom("announcements").execute();
  await t.db.deleteFrom("signups").execute();
  await t.db.deleteFrom("emailQueue").execute();
});

/** Addresses on a list, confirmed (with their proof of consent) unless told otherwise. */
async function subscribe(
  emails: string[],
  options: {
    source?: "home" | "product" | "newsletter" | "waitlist";
    confirmed?: boolean;
    locale?: "fr" | "en";
  } = {},
) {
  if (emails.length === 0) return;
  await t.db
    .insertInto("signups")
    .values(
      emails.map((email) => ({
        email,
        locale: options.locale ?? "fr",
        source: options.source ?? "home",
        confirmedAt: options.confirmed === false ? null : T0,
      })),
    )
    .execute();
}

const addresses = (n: number, prefix = "early") =>
  Array.from({ length: n }, (_, i) => `${prefix}${i}@example.org`);

/** A draft for the series, to the early-notice list, due at T0 and queued. */
async function queuedAnnouncement(
  rate: { rateCount: number; ratePer: "minute" | "hour" } = { rateCount: 100_000, ratePer: "minute" },
) {
  const { id } = await draftAnnouncement(t.db, seriesId);
  const draft = await showAnnouncement(t.db, id);
  await saveAnnouncement(t.db, id, { content: draft.content, lists: ["early"], ...rate });
  await scheduleAnnouncement(t.db, id, T0, T0);
  await queueDueAnnouncements(t.db, T0);
  return id;
}

const recipients = (id: number) =>
  t.db
    .selectFrom("announcementRecipients")
    .select(["email", "status", "locale"])
    .where("announcementId", "=", id)
    .orderBy("email")
    .execute();

/**
 * Claims and settles as a worker does, until nothing is left, its clock moving to each slot the
 * rate gives; `sent` collects the addresses it "sent".
 */
async function drain(db: Kysely<Database>, from: Date, sent: string[]) {
  let now = from;
  for (;;) {
    const claim = await claimAnnouncementBatch(db, now);
    if (claim.kind === "wait") {
      now = claim.until;
      continue;
    }
    if (claim.kind !== "batch") return;
    for (const message of claim.messages) {
      sent.push(message.email);
      await settleAnnouncementMessage(db, message.recipientId, { status: "sent" }, now);
    }
  }
}

describe("an announcement's draft", () => {
  it("starts from the series' title and subtitle in both languages, to the early-notice list", async () => {
    const series = await t.db
      .selectFrom("series")
      .selectAll()
      .where("id", "=", seriesId)
      .executeTakeFirstOrThrow();
    const { id } = await draftAnnouncement(t.db, seriesId);
    const draft = await showAnnouncement(t.db, id);
    expect(draft).toMatchObject({ status: "draft", lists: ["early"], seriesId });
    expect(draft.content.fr.title).toBe(series.titleFr);
    expect(draft.content.en.title).toBe(series.titleEn);
    await expect(draftAnnouncement(t.db, 999_999)).rejects.toThrow(AnnouncementRefusedError);
  });

  it("goes to herself as a test, in French and English, through the outbox", async () => {
    await t.db
      .insertInto("shopSettings")
      .values({ id: 1, ownerEmail: "atelier@example.org" })
      .onConflict((c) => c.column("id").doUpdateSet({ ownerEmail: "atelier@example.org" }))
      .execute();
    const { id } = await draftAnnouncement(t.db, seriesId);
    expect(await sendAnnouncementTest(t.db, id, TEST_SECRET, T0)).toEqual({
      recipient: "atelier@example.org",
    });
    const mails = await t.db.selectFrom("emailQueue").selectAll().orderBy("id").execute();
    expect(mails.map((mail) => [mail.recipient, mail.locale, mail.type])).toEqual([
      ["atelier@example.org", "fr", "announcement"],
      ["atelier@example.org", "en", "announcement"],
    ]);
    expect(mails[0]?.subject).toMatch(/^\[TEST\] /);
    const message = parseEmailMessage(mails[0] as never);
    if (message.type !== "announcement") throw new Error(message.type);
    expect(message.payload.unsubscribeToken).toBeNull();
    // Her link has the subscribers' shape but names no sign-up: it opens nothing.
    expect(readEarlyAccessToken(TEST_SECRET, message.payload.earlyAccessToken)).toBeNull();
    expect(message.payload.opensAt).toBe(OPENS.toISOString());
    expect(message.payload.models.length).toBeGreaterThan(0);
  });
});

describe("who an announcement goes to", () => {
  it("only confirmed addresses of the lists she picked, each once and in her language", async () => {
    await subscribe(["ana@example.org", "both@example.org"]);
    await subscribe(["eng@example.org"], { source: "product", locale: "en" });
    await subscribe(["unconfirmed@example.org"], { confirmed: false });
    await subscribe(["news@example.org"], { source: "newsletter" });
    const product = await t.db.selectFrom("products").select("id").executeTakeFirstOrThrow();
    await t.db
      .insertInto("signups")
      .values(
        ["both@example.org", "waiting@example.org"].map((email) => ({
          email,
          locale: "en" as const,
          source: "waitlist" as const,
          productId: product.id,
          confirmedAt: new Date(T0.getTime() + 1000),
        })),
      )
      .execute();
    const id = await queuedAnnouncement();
    expect(await recipients(id)).toEqual([
      { email: "ana@example.org", status: "queued", locale: "fr" },
      { email: "both@example.org", status: "queued", locale: "fr" },
      { email: "eng@example.org", status: "queued", locale: "en" },
    ]);
    // Two lists: an address on both is queued once, in the language of its latest confirmation.
    const { id: both } = await draftAnnouncement(t.db, seriesId);
    const draft = await showAnnouncement(t.db, both);
    await saveAnnouncement(t.db, both, { ...draft, lists: ["early", "backInStock"] });
    await scheduleAnnouncement(t.db, both, T0, T0);
    await queueDueAnnouncements(t.db, T0);
    expect(await recipients(both)).toEqual([
      { email: "ana@example.org", status: "queued", locale: "fr" },
      { email: "both@example.org", status: "queued", locale: "en" },
      { email: "eng@example.org", status: "queued", locale: "en" },
      { email: "waiting@example.org", status: "queued", locale: "en" },
    ]);
  });

  it("gives an address that unsubscribes during the send nothing more", async () => {
    await subscribe(addresses(3));
    const id = await queuedAnnouncement();
    const leaving = await t.db
      .selectFrom("signups")
      .select("id")
      .where("email", "=", "early1@example.org")
      .executeTakeFirstOrThrow();
    const sent: string[] = [];
    // Her link, from an earlier e-mail: the one-click unsubscribe.
    const { signupToken } = await import("../signups/tokens");
    expect(
      await unsubscribe(t.db, {
        token: signupToken(TEST_SECRET, "unsubscribe", leaving.id),
        secret: TEST_SECRET,
      }),
    ).toBe("unsubscribed");
    await drain(t.db, T0, sent);
    expect(sent.sort()).toEqual(["early0@example.org", "early2@example.org"]);
    expect((await showAnnouncement(t.db, id)).counts).toMatchObject({ sent: 2, unsubscribed: 1, queued: 0 });
  });

  it("carries each reader's own early-access and unsubscribe links while the opening is to come", async () => {
    await subscribe(["ana@example.org"]);
    await subscribe(["eng@example.org"], { locale: "en" });
    await queuedAnnouncement();
    const claim = await claimAnnouncementBatch(t.db, T0);
    if (claim.kind !== "batch") throw new Error(claim.kind);
    const messages = await announcementMessages(t.db, claim, TEST_SECRET, T0);
    for (const message of messages) {
      expect(readEarlyAccessToken(TEST_SECRET, message.payload.earlyAccessToken)).toEqual({
        seriesId,
        signupId: message.signupId,
      });
      expect(readSignupToken(TEST_SECRET, "unsubscribe", message.payload.unsubscribeToken)).toEqual({
        ok: true,
        signupId: message.signupId,
      });
      expect(message.payload.earlyAccessAt).toBe(new Date(OPENS.getTime() - 1440 * 60_000).toISOString());
    }
    expect(messages.find((m) => m.email === "eng@example.org")?.payload.subject).toMatch(/^New series/);
    // After the opening, no head start to offer: no link.
    const after = await announcementMessages(t.db, claim, TEST_SECRET, new Date(OPENS.getTime() + 1000));
    expect(after.every((m) => m.payload.earlyAccessToken === null && m.payload.opensAt === null)).toBe(true);
  });
});

describe("once per address", () => {
  let workers: Kysely<Database>[];
  beforeAll(() => {
    workers = [connect(t.url, { maxConnections: 2 }), connect(t.url, { maxConnections: 2 })];
  });
  afterAll(() => Promise.all(workers.map((db) => db.destroy())));

  it("holds with two workers claiming at once", async () => {
    await subscribe(addresses(300));
    const id = await queuedAnnouncement();
    const sent: string[] = [];
    await Promise.all(workers.map((db) => drain(db, T0, sent)));
    // Whatever one worker skipped while the other held the lock is taken at the next try.
    await drain(t.db, T0, sent);
    expect(sent).toHaveLength(300);
    expect(new Set(sent).size).toBe(300);
    expect((await showAnnouncement(t.db, id)).counts).toMatchObject({ sent: 300, queued: 0 });
    expect((await showAnnouncement(t.db, id)).status).toBe("sent");
  });

  it("holds when she clicks twice: scheduling again queues nobody twice", async () => {
    await subscribe(addresses(5));
    const { id } = await draftAnnouncement(t.db, seriesId);
    await Promise.all([scheduleAnnouncement(t.db, id, null, T0), scheduleAnnouncement(t.db, id, null, T0)]);
    await Promise.all([queueDueAnnouncements(t.db, T0), queueDueAnnouncements(t.db, T0)]);
    await expect(scheduleAnnouncement(t.db, id, null, T0)).rejects.toMatchObject({
      reason: "not_schedulable",
    });
    await queueDueAnnouncements(t.db, T0);
    expect(await recipients(id)).toHaveLength(5);
  });

  it("holds when a worker dies mid-send: its claims are reported unknown, never sent again", async () => {
    await subscribe(addresses(15));
    const id = await queuedAnnouncement();
    // The first worker claims a batch and dies before saying how any send went.
    const dead = await claimAnnouncementBatch(workers[0] as Kysely<Database>, T0);
    if (dead.kind !== "batch") throw new Error(dead.kind);
    const sent: string[] = [];
    await drain(workers[1] as Kysely<Database>, T0, sent);
    expect(sent).toHaveLength(15 - dead.messages.length);
    expect(sent.some((email) => dead.messages.some((m) => m.email === email))).toBe(false);
    expect((await showAnnouncement(t.db, id)).status).toBe("sending");
    // Long after: reported, and the announcement is done.
    const later = new Date(T0.getTime() + ANNOUNCEMENT_CLAIM_LEASE_MS + 1000);
    await drain(workers[1] as Kysely<Database>, later, sent);
    expect(sent).toHaveLength(15 - dead.messages.length);
    const done = await showAnnouncement(t.db, id);
    expect(done.status).toBe("sent");
    expect(done.counts).toMatchObject({ sent: 15 - dead.messages.length, unknown: dead.messages.length });
  });
});

describe("the rate, pause and schedule", () => {
  it("holds the rate she set", async () => {
    await subscribe(addresses(60));
    const id = await queuedAnnouncement({ rateCount: 60, ratePer: "minute" });
    const claimedAt = async (now: Date) => {
      const claim = await claimAnnouncementBatch(t.db, now);
      if (claim.kind !== "batch") return claim.kind === "wait" ? -claim.until.getTime() : 0;
      for (const m of claim.messages)
        await settleAnnouncementMessage(t.db, m.recipientId, { status: "sent" }, now);
      return claim.messages.length;
    };
    // One batch at the start, then a message a second.
    expect(await claimedAt(T0)).toBe(10);
    expect(await claimedAt(T0)).toBe(-(T0.getTime() + 1000));
    expect(await claimedAt(new Date(T0.getTime() + 5_000))).toBe(5);
    // Idle for a while: no catching up beyond one batch.
    expect(await claimedAt(new Date(T0.getTime() + 60_000))).toBe(10);
    let total = 0;
    for (let s = 61; s <= 80; s++) total += Math.max(0, await claimedAt(new Date(T0.getTime() + s * 1000)));
    expect(total).toBe(20);
    // 80 seconds at one a second, and the first batch.
    expect((await showAnnouncement(t.db, id)).counts.sent).toBe(45);
  });

  it("pauses and resumes where it stopped", async () => {
    await subscribe(addresses(25));
    const id = await queuedAnnouncement();
    const first = await claimAnnouncementBatch(t.db, T0);
    expect(first.kind).toBe("batch");
    await pauseAnnouncement(t.db, id);
    expect(await claimAnnouncementBatch(t.db, T0)).toEqual({ kind: "idle" });
    await expect(pauseAnnouncement(t.db, id)).rejects.toMatchObject({ reason: "not_pausable" });
    await resumeAnnouncement(t.db, id);
    const sent: string[] = [];
    await drain(t.db, T0, sent);
    expect(sent).toHaveLength(15);
  });

  it("waits for its time, and goes back to a draft until then", async () => {
    await subscribe(addresses(3));
    const { id } = await draftAnnouncement(t.db, seriesId);
    const at = new Date(T0.getTime() + 3600_000);
    await scheduleAnnouncement(t.db, id, at, T0);
    expect(await queueDueAnnouncements(t.db, T0)).toBe(0);
    await unscheduleAnnouncement(t.db, id);
    expect(await queueDueAnnouncements(t.db, at)).toBe(0);
    await scheduleAnnouncement(t.db, id, at, T0);
    expect(await queueDueAnnouncements(t.db, at)).toBe(3);
    expect((await showAnnouncement(t.db, id)).status).toBe("sending");
    await expect(
      saveAnnouncement(t.db, id, {
        content: (await showAnnouncement(t.db, id)).content,
        lists: ["early"],
        rateCount: 1,
        ratePer: "hour",
      }),
    ).rejects.toMatchObject({ reason: "not_editable" });
    await expect(scheduleAnnouncement(t.db, id, new Date(T0.getTime() - 3600_000), T0)).rejects.toMatchObject(
      {
        reason: "in_the_past",
      },
    );
  });
});

it("keeps its unique key: one row per announcement and address", async () => {
  await subscribe(["ana@example.org"]);
  const id = await queuedAnnouncement();
  await expect(
    sql`INSERT INTO announcement_recipients (announcement_id, email, signup_id, locale) VALUES (${id}, 'ana@example.org', 1, 'fr')`.execute(
      t.db,
    ),
  ).rejects.toThrow(/announcement_recipients_once/);
});
