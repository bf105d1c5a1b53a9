import type { EmailStatus } from "@souls/core/statuses";
import { seededTestDatabase } from "@souls/db/testing";
import { beforeEach, describe, expect, it } from "vitest";
import { AdminNotFoundError, EmailNotRetryableError } from "../errors";
import { requestTrackingLink } from "../orders/tracking-link";
import { deleteOldEmails } from "../outbox/clean-up";
import { inviteReviewers } from "../reviews/invitations";
import { placePaidOrder, placeShippedOrder, reviewLinkToken, TEST_SECRET } from "../testing";
import {
  emailForViewing,
  emailQueueStats,
  maskEmailAddress,
  RECENT_EMAILS,
  recentEmails,
  retryEmail,
  TRACKING_TOKEN_MASK,
} from "./email-queue";

const t = seededTestDatabase();
beforeEach(async () => {
  await t.db.deleteFrom("emailQueue").execute();
  await t.db.deleteFrom("emailAccessLog").execute();
});

async function queued(
  values: {
    recipient?: string;
    status?: EmailStatus;
    subject?: string;
    createdAt?: Date;
    lastError?: string;
  } = {},
) {
  const row = await t.db
    .insertInto("emailQueue")
    .values({
      recipient: values.recipient ?? "camille@example.org",
      locale: "fr",
      type: "back_in_stock",
      subject: values.subject ?? "Aicha est de retour",
      payload: JSON.stringify({ model: "aicha", productName: "Aicha" }),
      status: values.status ?? "pending",
      createdAt: values.createdAt,
      lastError: values.lastError ?? null,
      attempts: values.status === "failed" ? 8 : 0,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return row;
}

const accessLog = () => t.db.selectFrom("emailAccessLog").select(["accessMethod", "accessedBy"]).execute();

describe("the queue's figures", () => {
  it("counts messages by status (sending counts as pending) and distinct recipients in any case", async () => {
    await queued({ status: "pending" });
    await queued({ status: "sending", recipient: "Camille@Example.org" });
    await queued({ status: "sent", recipient: "jules@example.org" });
    await queued({ status: "failed", recipient: "nina@example.org" });
    await queued({ status: "sent", recipient: "nina@example.org" });
    expect(await emailQueueStats(t.db)).toEqual({
      total: 5,
      pending: 2,
      sent: 2,
      failed: 1,
      uniqueRecipients: 3,
      estimated: false,
    });
  });
});

describe("the last messages", () => {
  it("are the 20 newest, masked, with their order number, and the look is logged", async () => {
    const paid = await placePaidOrder(t.db);
    for (let day = 1; day <= 22; day++) {
      await queued({ createdAt: new Date(Date.UTC(2020, 0, day)), recipient: `client${day}@example.org` });
    }
    const { emails } = await recentEmails(t.db);
    expect(emails).toHaveLength(RECENT_EMAILS);
    // The confirmation was queued just now: the newest.
    expect(emails[0]).toMatchObject({
      orderNumber: paid.orderNumber,
      maskedRecipient: "ca****@example.org",
      type: "order_confirmation",
      status: "pending",
      attempts: 0,
      lastError: null,
      sentAt: null,
    });
    expect(emails[1]).toMatchObject({ orderNumber: null, maskedRecipient: "cl****@example.org" });
    expect(emails.at(-1)?.createdAt).toEqual(new Date(Date.UTC(2020, 0, 4)));
    expect(JSON.stringify(emails)).not.toMatch(/camille@|client\d+@/);
    expect(await accessLog()).toEqual([{ accessMethod: "admin_dashboard", accessedBy: "admin" }]);
  });

  it("shorten long subjects and mask addresses quoted in errors", async () => {
    await queued({
      subject: "S".repeat(80),
      status: "failed",
      lastError: "550 5.1.1 <camille@example.org>: Recipient address rejected",
    });
    const {
      emails: [email],
    } = await recentEmails(t.db);
    expect(email?.subjectPreview).toHaveLength(60);
    expect(email?.subjectPreview.endsWith("…")).toBe(true);
    expect(email?.lastError).toBe("550 5.1.1 <ca****@example.org>: Recipient address rejected");
  });

  it("mask short and odd addresses too", () => {
    expect(maskEmailAddress("camille@example.org")).toBe("ca****@example.org");
    expect(maskEmailAddress("ab@example.org")).toBe("a****@example.org");
    expect(maskEmailAddress("a@example.org")).toBe("a****@example.org");
    expect(maskEmailAddress("nodomain")).toBe("no****");
  });
});

describe("retrying a message", () => {
  it("sends a failed message back to the worker now, with a fresh count of tries", async () => {
    const row = await queued({ status: "failed", lastError: "timeout" });
    const now = new Date("2026-05-01T10:00:00Z");
    expect(await retryEmail(t.db, row.id, now)).toEqual({ id: row.id, status: "pending" });
    expect(
      await t.db.selectFrom("emailQueue").selectAll().where("id", "=", row.id).executeTakeFirstOrThrow(),
    ).toMatchObject({ status: "pending", attempts: 0, nextAttemptAt: now, lockedUntil: null });
  });

  it("is refused for a message that did not fail, and for an unknown one", async () => {
    for (const status of ["pending", "sending", "sent"] as const) {
      const row = await queued({ status });
      const error = await retryEmail(t.db, row.id).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(EmailNotRetryableError);
      expect(error).toMatchObject({ status });
      expect(
        (
          await t.db
            .selectFrom("emailQueue")
            .select("status")
            .where("id", "=", row.id)
            .executeTakeFirstOrThrow()
        ).status,
      ).toBe(status);
    }
    await expect(retryEmail(t.db, 999_999)).rejects.toBeInstanceOf(AdminNotFoundError);
  });
});

describe("the owner's clean-up (the outbox's retention)", () => {
  it("deletes messages sent or failed more than two years ago and says how many", async () => {
    const now = new Date("2026-06-01T12:00:00Z");
    const old = await queued({ createdAt: new Date("2023-06-01T12:00:00Z"), status: "sent" });
    await queued({ createdAt: new Date("2023-05-01T12:00:00Z"), status: "failed" });
    const kept = await queued({ createdAt: new Date("2025-06-01T12:00:00Z") });
    const recent = await queued({ createdAt: new Date("2024-06-02T12:00:00Z"), status: "sent" });
    // Still on its way, however old: never dropped.
    const undelivered = await queued({ createdAt: new Date("2023-06-01T12:00:00Z"), status: "pending" });
    expect(await deleteOldEmails(t.db, now)).toBe(2);
    const left = await t.db.selectFrom("emailQueue").select("id").orderBy("id").execute();
    expect(left.map((r) => r.id)).toEqual([kept.id, recent.id, undelivered.id]);
    expect(left.map((r) => r.id)).not.toContain(old.id);
    expect(await deleteOldEmails(t.db, now)).toBe(0);
  });
});

describe("viewing a message", () => {
  it("gives the message to render with the tracking token masked, and logs the look", async () => {
    const paid = await placePaidOrder(t.db);
    const row = await t.db
      .selectFrom("emailQueue")
      .select("id")
      .where("orderId", "=", paid.id)
      .executeTakeFirstOrThrow();
    const message = await emailForViewing(t.db, row.id);
    expect(message.type).toBe("order_confirmation");
    expect(message.locale).toBe("fr");
    expect(JSON.stringify(message)).not.toContain(paid.token);
    expect(message.payload).toMatchObject({
      orderNumber: paid.orderNumber,
      trackingToken: TRACKING_TOKEN_MASK,
    });
    expect(await accessLog()).toEqual([{ accessMethod: "admin_view", accessedBy: "admin" }]);
  });

  it("masks the tracking link of every e-mail about an order, and shows one queued before as it is", async () => {
    const shipped = await placeShippedOrder(t.db);
    await requestTrackingLink(t.db, {
      orderNumber: shipped.orderNumber,
      email: "camille@example.org",
      locale: "en",
      clientHash: "a-shopper",
    });
    const rows = await t.db
      .selectFrom("emailQueue")
      .select(["id", "type", "payload"])
      .where("orderId", "=", shipped.id)
      .orderBy("id")
      .execute();
    expect(rows.map((row) => row.type)).toEqual([
      "order_confirmation",
      "shipping_notification",
      "tracking_link",
    ]);
    for (const row of rows) {
      const token = String(row.payload.trackingToken);
      const shown = await emailForViewing(t.db, row.id);
      expect(JSON.stringify(shown), row.type).not.toContain(token);
      expect(shown.payload, row.type).toMatchObject({ trackingToken: TRACKING_TOKEN_MASK });
    }
    const { trackingToken: _, ...earlier } = rows[1]?.payload ?? {};
    const before = await t.db
      .insertInto("emailQueue")
      .values({
        orderId: shipped.id,
        recipient: "camille@example.org",
        locale: "fr",
        type: "shipping_notification",
        subject: "Votre commande est en route",
        payload: JSON.stringify(earlier),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect((await emailForViewing(t.db, before.id)).payload).toEqual(earlier);
  });

  it("never shows the owner a buyer's review links: they write in the buyer's name", async () => {
    const order = await placeShippedOrder(t.db, { shippedAt: new Date(Date.now() - 11 * 86_400_000) });
    await inviteReviewers(t.db, { secret: TEST_SECRET });
    const row = await t.db
      .selectFrom("emailQueue")
      .select("id")
      .where("type", "=", "review_invitation")
      .executeTakeFirstOrThrow();
    const message = await emailForViewing(t.db, row.id);
    const shown = JSON.stringify(message);
    expect(shown).not.toContain(reviewLinkToken(TEST_SECRET, "review", order.id));
    expect(shown).not.toContain(reviewLinkToken(TEST_SECRET, "optOut", order.id));
    expect(message.payload).toMatchObject({
      token: TRACKING_TOKEN_MASK,
      unsubscribeToken: TRACKING_TOKEN_MASK,
    });
  });

  it("is not found for an unknown message (and nothing is logged)", async () => {
    await expect(emailForViewing(t.db, 999_999)).rejects.toBeInstanceOf(AdminNotFoundError);
    expect(await accessLog()).toEqual([]);
  });
});
