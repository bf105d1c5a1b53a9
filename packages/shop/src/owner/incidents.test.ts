import { seededTestDatabase } from "@souls/db/testing";
import { parseEmailMessage } from "@souls/emails/messages";
import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { saveSeller } from "../seller/store";
import { FILLED_IN_SELLER, placePaidOrder } from "../testing";
import {
  INCIDENT_RULES,
  recordHeartbeat,
  reviewIncident,
  reviewShopIncidents,
  reviewWorkerIncident,
} from "./incidents";
import { DEFAULT_OWNER_SETTINGS, saveOwnerSettings } from "./settings";

const t = seededTestDatabase();
const OWNER = "atelier@souls.example";

beforeEach(async () => {
  await t.db.deleteFrom("incidents").execute();
  await t.db.deleteFrom("heartbeats").execute();
  await t.db.deleteFrom("paymentEvents").execute();
  await t.db.deleteFrom("orders").execute();
  await t.db.deleteFrom("emailQueue").execute();
  await t.db.updateTable("products").set({ stock: 20, reserved: 0 }).execute();
  await saveOwnerSettings(t.db, { ...DEFAULT_OWNER_SETTINGS, ownerEmail: OWNER });
});

/** The incident e-mails queued so far, oldest first, as the worker would read them. */
async function incidentEmails() {
  const rows = await t.db
    .selectFrom("emailQueue")
    .select(["recipient", "locale", "type", "subject", "payload"])
    .where("type", "=", "incident")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({ ...row, message: parseEmailMessage(row) }));
}

async function declinePayments(count: number, at: Date) {
  for (let i = 0; i < count; i++) {
    await t.db
      .insertInto("paymentEvents")
      .values({ provider: "test", eventId: `declined-${at.getTime()}-${i}`, type: "failed", orderId: null })
      .execute();
  }
  await sql`UPDATE payment_events SET received_at = ${at} WHERE event_id LIKE ${`declined-${at.getTime()}-%`}`.execute(
    t.db,
  );
}

const minutes = (n: number) => n * 60_000;

describe("the owner's incident e-mails", () => {
  it("tells her once when checkout keeps failing, once when it is over, in French at her address", async () => {
    const start = new Date("2026-11-28T03:00:00Z");
    await declinePayments(INCIDENT_RULES.checkoutDeclines - 1, start);
    // Two declined cards are everyday life.
    expect(await reviewShopIncidents(t.db, new Date(start.getTime() + minutes(1)))).toEqual({});
    await declinePayments(1, new Date(start.getTime() + minutes(2)));
    const opened = new Date(start.getTime() + minutes(3));
    expect(await reviewShopIncidents(t.db, opened)).toEqual({ checkout_failing: "opened" });
    // Later rounds, and a worker restarted (a fresh look at the same tables): nothing more.
    expect(await reviewShopIncidents(t.db, new Date(start.getTime() + minutes(4)))).toEqual({});
    expect(await reviewIncident(t.db, "checkout_failing", true, new Date(start.getTime() + minutes(5)))).toBe(
      null,
    );
    // Two hours on, the declines have aged out of their window, but no order was paid: not over.
    expect(await reviewShopIncidents(t.db, new Date(start.getTime() + minutes(120)))).toEqual({});
    const [open] = await incidentEmails();
    expect(open).toMatchObject({
      recipient: OWNER,
      locale: "fr",
      subject: "Les paiements échouent sur la boutique",
      message: { payload: { kind: "checkout_failing", state: "open", openedAt: opened.toISOString() } },
    });
    expect(await incidentEmails()).toHaveLength(1);

    // An order is paid: checkout works again.
    const over = new Date(start.getTime() + minutes(122));
    await placePaidOrder(t.db, { now: new Date(start.getTime() + minutes(121)) });
    expect(await reviewShopIncidents(t.db, over)).toEqual({ checkout_failing: "closed" });
    expect(await reviewShopIncidents(t.db, new Date(start.getTime() + minutes(123)))).toEqual({});
    const emails = await incidentEmails();
    expect(emails).toHaveLength(2);
    expect(emails[1]).toMatchObject({
      recipient: OWNER,
      subject: "Les paiements passent à nouveau",
      message: {
        payload: {
          kind: "checkout_failing",
          state: "over",
          openedAt: opened.toISOString(),
          closedAt: over.toISOString(),
        },
      },
    });
    const rows = await t.db.selectFrom("incidents").selectAll().execute();
    expect(rows).toEqual([
      expect.objectContaining({ kind: "checkout_failing", openedAt: opened, closedAt: over }),
    ]);
  });

  it("tells her when e-mails are being retried or given up on, and when they leave again", async () => {
    const now = new Date("2026-11-28T04:00:00Z");
    const row = await t.db
      .insertInto("emailQueue")
      .values({
        recipient: "camille@example.org",
        locale: "fr",
        type: "tracking_link",
        subject: "Le lien de suivi",
        payload: "{}",
        attempts: INCIDENT_RULES.emailTriesBeforeAlarm,
        lastError: "connect ECONNREFUSED 127.0.0.1:587",
        createdAt: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(await reviewShopIncidents(t.db, now)).toEqual({ emails_failing: "opened" });
    // Given up on after its last try: the same incident.
    await t.db.updateTable("emailQueue").set({ status: "failed" }).where("id", "=", row.id).execute();
    expect(await reviewShopIncidents(t.db, new Date(now.getTime() + minutes(1)))).toEqual({});
    // Hours later it still counts as failing: no e-mail has left since.
    expect(await reviewShopIncidents(t.db, new Date(now.getTime() + minutes(240)))).toEqual({});
    // She resends it from her panel and it leaves.
    await t.db
      .updateTable("emailQueue")
      .set({ status: "sent", sentAt: new Date(now.getTime() + minutes(241)) })
      .where("id", "=", row.id)
      .execute();
    expect(await reviewShopIncidents(t.db, new Date(now.getTime() + minutes(242)))).toEqual({
      emails_failing: "closed",
    });
    const emails = await incidentEmails();
    expect(emails.map((email) => [email.message.payload, email.subject])).toEqual([
      [
        expect.objectContaining({ kind: "emails_failing", state: "open" }),
        "Des e-mails de la boutique ne partent pas",
      ],
      [
        expect.objectContaining({ kind: "emails_failing", state: "over" }),
        "Les e-mails de la boutique partent à nouveau",
      ],
    ]);
  });

  it("is told by the web server's watch that the worker stopped, and that it is back", async () => {
    const now = new Date("2026-11-28T05:00:00Z");
    // No heartbeat yet (a fresh shop): not an incident.
    expect(await reviewWorkerIncident(t.db, now)).toBe(null);
    await recordHeartbeat(t.db, "worker", new Date(now.getTime() - minutes(1)));
    expect(await reviewWorkerIncident(t.db, now)).toBe(null);
    const silent = new Date(now.getTime() + minutes(INCIDENT_RULES.workerSilentMinutes));
    // Two web servers look at once: one e-mail between them.
    const both = await Promise.all([reviewWorkerIncident(t.db, silent), reviewWorkerIncident(t.db, silent)]);
    expect(both.filter(Boolean)).toEqual(["opened"]);
    expect(await reviewWorkerIncident(t.db, new Date(silent.getTime() + minutes(1)))).toBe(null);
    await recordHeartbeat(t.db, "worker", new Date(silent.getTime() + minutes(2)));
    expect(await reviewWorkerIncident(t.db, new Date(silent.getTime() + minutes(2)))).toBe("closed");
    const emails = await incidentEmails();
    expect(emails.map((email) => email.subject)).toEqual([
      "Les tâches de fond de la boutique sont arrêtées",
      "Les tâches de fond de la boutique ont repris",
    ]);
  });

  it("goes to the shop's contact e-mail when she left hers empty", async () => {
    await saveOwnerSettings(t.db, { ...DEFAULT_OWNER_SETTINGS, ownerEmail: null });
    await saveSeller(t.db, FILLED_IN_SELLER);
    await reviewIncident(t.db, "worker_stopped", true);
    expect((await incidentEmails()).map((email) => email.recipient)).toEqual([FILLED_IN_SELLER.email]);
    // Told or not, the incident is recorded: no e-mail later for the same one.
    expect(await t.db.selectFrom("incidents").select("kind").execute()).toEqual([{ kind: "worker_stopped" }]);
  });
});
