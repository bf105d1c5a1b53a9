/**
 * The web server's watch on the worker (decision 057): while the worker is stopped, the owner's
 * « worker stopped » e-mail leaves from the web server, claimed as the worker claims rows, once.
 */
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { connect } from "@souls/db";
import { seededTestDatabase } from "@souls/db/testing";
import { renderEmail } from "@souls/emails";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  deliverDueEmails,
  deliveryAsSeller,
  type MailSetup,
  type MailTransport,
  mailboxTransport,
  type OutgoingEmail,
} from "../mail";
import { claimNextEmail, retryDelayMs, settleEmail } from "../outbox";
import { INCIDENT_RULES, recordHeartbeat, reviewWorkerIncident, watchWorker } from "./incidents";
import { DEFAULT_OWNER_SETTINGS, saveOwnerSettings } from "./settings";

const t = seededTestDatabase();
const OWNER = "atelier@souls.example";
const STOPPED = "Les tâches de fond de la boutique sont arrêtées";
const RESUMED = "Les tâches de fond de la boutique ont repris";

let mailbox: string;
beforeAll(async () => {
  mailbox = await mkdtemp(path.join(tmpdir(), "souls-watch-"));
});
afterAll(async () => {
  await rm(mailbox, { recursive: true, force: true });
});
beforeEach(async () => {
  await t.db.deleteFrom("incidents").execute();
  await t.db.deleteFrom("heartbeats").execute();
  await t.db.deleteFrom("emailQueue").execute();
  await saveOwnerSettings(t.db, { ...DEFAULT_OWNER_SETTINGS, ownerEmail: OWNER });
});

const minutes = (n: number) => n * 60_000;

/** A transport that keeps what it sent; `hold` keeps each send waiting until `release`. */
function recordingTransport(options: { failWith?: string; hold?: boolean } = {}) {
  const sent: OutgoingEmail[] = [];
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let started: () => void = () => {};
  const sending = new Promise<void>((resolve) => {
    started = resolve;
  });
  const transport: MailTransport = {
    description: "recorded",
    async send(email) {
      started();
      if (options.hold) await released;
      if (options.failWith) throw new Error(options.failWith);
      sent.push(email);
    },
    close() {},
  };
  return { transport, sent, release, sending };
}

/** The web server's mail set-up, as apps/web/app/lib/metrics.server.ts builds it. */
const webMail = (transport: MailTransport): MailSetup => ({
  transport,
  render: renderEmail,
  siteUrl: "https://souls.example",
  from: "SOULS <commandes@souls.example>",
});

/**
 * A worker silent for longer than its allowance. The watches that follow look at `new Date()`,
 * as the web server does: the row they queue is stamped by the database's clock, and a `now` taken
 * before this set-up would find it not yet due.
 */
async function workerSilent(now: Date) {
  await recordHeartbeat(
    t.db,
    "worker",
    new Date(now.getTime() - minutes(INCIDENT_RULES.workerSilentMinutes + 5)),
  );
}

const incidentRows = () =>
  t.db
    .selectFrom("emailQueue")
    .select(["id", "subject", "status", "attempts", "sentAt", "nextAttemptAt"])
    .where("type", "=", "incident")
    .orderBy("id")
    .execute();

describe("the web server's watch on a stopped worker", () => {
  it("delivers the « worker stopped » e-mail itself, once, with two web servers looking at once", async () => {
    const now = new Date();
    await workerSilent(now);
    // Two web servers, each with its own pool, look at the same moment; no worker runs.
    const other = connect(t.url, { maxConnections: 2 });
    try {
      const web = webMail(mailboxTransport(mailbox));
      const [a, b] = await Promise.all([
        watchWorker(t.db, web, new Date()),
        watchWorker(other, web, new Date()),
      ]);
      expect([a.change, b.change].filter(Boolean)).toEqual(["opened"]);
      expect([a.email, b.email].filter(Boolean)).toEqual([{ outcome: "sent" }]);
      // Later looks, from either: nothing more.
      expect(await watchWorker(other, web, new Date(now.getTime() + minutes(1)))).toEqual({ change: null });
      expect(await watchWorker(t.db, web, new Date(now.getTime() + minutes(2)))).toEqual({ change: null });
    } finally {
      await other.destroy();
    }

    const [row, ...more] = await incidentRows();
    expect(more).toEqual([]);
    expect(row).toMatchObject({ subject: STOPPED, status: "sent", attempts: 1 });
    // Written to the mailbox as the worker writes it: one message, to her, with the row's Message-ID.
    const files = (await readdir(mailbox)).filter((name) => name.endsWith(".eml"));
    expect(files).toHaveLength(1);
    const eml = await readFile(path.join(mailbox, files[0] as string), "utf8");
    expect(eml).toMatch(new RegExp(`^To: ${OWNER}\\r?$`, "m"));
    expect(eml).toMatch(/^From: SOULS <commandes@souls\.example>\r?$/m);
    expect(eml).toContain(`Message-ID: <email-${row?.id}@souls.example>`);
  });

  it("leaves the « it is over » e-mail to the worker that came back, through the outbox", async () => {
    const now = new Date();
    await workerSilent(now);
    const web = recordingTransport();
    expect(await watchWorker(t.db, webMail(web.transport), new Date())).toMatchObject({
      change: "opened",
      email: { outcome: "sent" },
    });

    // The worker runs again: its heartbeat is fresh, the next look closes the incident.
    const back = new Date(now.getTime() + minutes(1));
    await recordHeartbeat(t.db, "worker", back);
    expect(await watchWorker(t.db, webMail(web.transport), back)).toEqual({ change: "closed" });
    expect(web.sent.map((email) => email.subject)).toEqual([STOPPED]);
    expect((await incidentRows()).map((row) => [row.subject, row.status])).toEqual([
      [STOPPED, "sent"],
      [RESUMED, "pending"],
    ]);

    // The worker's round delivers the queue as usual: the « over » e-mail, not the first one again.
    const worker = recordingTransport();
    const round = await deliverDueEmails(
      t.db,
      await deliveryAsSeller(t.db, webMail(worker.transport)),
      new Date(Date.now() + minutes(1)),
    );
    expect(round).toMatchObject({ sent: 1, retrying: 0, failed: 0 });
    expect(worker.sent.map((email) => [email.to, email.subject])).toEqual([[OWNER, RESUMED]]);
  });

  it("does not send again a row the worker claimed, nor one it sent", async () => {
    const now = new Date();
    await workerSilent(now);
    // The incident opened, its e-mail queued; then the worker, coming back, claims it first.
    expect(await reviewWorkerIncident(t.db, now)).toBe("opened");
    const claimed = await claimNextEmail(t.db, new Date(Date.now() + 1000));
    expect(claimed?.subject).toBe(STOPPED);
    const web = recordingTransport();
    expect(await watchWorker(t.db, webMail(web.transport), now)).toEqual({ change: null });
    expect(web.sent).toEqual([]);
    // The worker sends it and settles it: the web has nothing to send either.
    await settleEmail(t.db, claimed as NonNullable<typeof claimed>, { status: "sent", sentAt: new Date() });
    expect(await watchWorker(t.db, webMail(web.transport), new Date(Date.now() + minutes(5)))).toEqual({
      change: null,
    });
    expect(web.sent).toEqual([]);
    expect(await incidentRows()).toEqual([expect.objectContaining({ status: "sent", attempts: 1 })]);
  });

  it("keeps a worker coming back mid-send from sending it too", async () => {
    const now = new Date();
    await workerSilent(now);
    const web = recordingTransport({ hold: true });
    const watching = watchWorker(t.db, webMail(web.transport), new Date());
    // The web server is sending it (the row claimed) when the worker's round begins.
    await web.sending;
    const worker = recordingTransport();
    const round = await deliverDueEmails(t.db, await deliveryAsSeller(t.db, webMail(worker.transport)));
    expect(round).toMatchObject({ sent: 0 });
    web.release();
    expect(await watching).toMatchObject({ change: "opened", email: { outcome: "sent" } });
    expect(worker.sent).toEqual([]);
    expect(web.sent.map((email) => email.subject)).toEqual([STOPPED]);
    expect(await incidentRows()).toEqual([expect.objectContaining({ status: "sent", attempts: 1 })]);
  });

  it("tries again at the row's next try when the mail server refused it, and sends nothing else", async () => {
    const now = new Date();
    await workerSilent(now);
    // An order's e-mail waits in the outbox too: the worker's business, not the web server's.
    const other = await t.db
      .insertInto("emailQueue")
      .values({
        recipient: "camille@example.org",
        locale: "fr",
        type: "tracking_link",
        subject: "Le lien",
        payload: "{}",
      })
      .returning("id")
      .executeTakeFirstOrThrow();

    const refused = recordingTransport({ failWith: "451 4.3.0 try later" });
    expect(await watchWorker(t.db, webMail(refused.transport), new Date())).toMatchObject({
      change: "opened",
      email: { outcome: "retrying", error: "451 4.3.0 try later" },
    });
    const [waiting] = await incidentRows();
    expect(waiting).toMatchObject({ status: "pending", attempts: 1 });
    // Not before its next try.
    const web = recordingTransport();
    expect(await watchWorker(t.db, webMail(web.transport), new Date(Date.now() + 1000))).toEqual({
      change: null,
    });
    expect(web.sent).toEqual([]);
    const due = new Date(Date.now() + retryDelayMs(1) + 1000);
    expect(await watchWorker(t.db, webMail(web.transport), due)).toEqual({
      change: null,
      email: { outcome: "sent" },
    });
    expect(web.sent.map((email) => email.subject)).toEqual([STOPPED]);
    expect(await incidentRows()).toEqual([expect.objectContaining({ status: "sent", attempts: 2 })]);
    expect(
      await t.db
        .selectFrom("emailQueue")
        .select(["status", "attempts"])
        .where("id", "=", other.id)
        .executeTakeFirst(),
    ).toEqual({ status: "pending", attempts: 0 });
  });
});
