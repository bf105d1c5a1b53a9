/**
 * Reviews' rules on real PostgreSQL: who is invited and when (once), which links open what, one
 * review per model and order, what the owner may decide and what pages are told.
 */
import { shopDay } from "@souls/core/format";
import { REVIEW_RULES } from "@souls/core/reviews";
import { seededTestDatabase } from "@souls/db/testing";
import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { ReviewModerationError } from "../errors";
import { withdrawFromContract } from "../orders/withdraw";
import { offlineGateway } from "../payments/offline-gateway";
import { refundOrder } from "../refunds/refunds";
import { placePaidOrder, placeShippedOrder, reviewLinkToken, TEST_SECRET } from "../testing";
import type { ReviewInput } from "./form";
import { inviteReviewers, optOutOfReviewInvitations } from "./invitations";
import { openReviewLink, submitReview } from "./link";
import {
  countReviewsWaiting,
  deleteReview,
  listReviews,
  publishOverdueReviews,
  publishReview,
  rejectReview,
  replyToReview,
} from "./moderation";
import { loadPublishedReviews } from "./published";

const t = seededTestDatabase();
const DAY = 86_400_000;
const daysAgo = (days: number, from = new Date()) => new Date(from.getTime() - days * DAY);
const secret = TEST_SECRET;

beforeEach(async () => {
  // Each test its own orders and reviews: invitations of earlier tests' orders would be found too.
  await sql`TRUNCATE reviews, review_invitations, review_opt_outs, email_queue, refunds, refund_items,
    order_events, order_items, tracking_tokens, orders RESTART IDENTITY CASCADE`.execute(t.db);
  await t.db.updateTable("products").set({ stock: 50, reserved: 0 }).execute();
});

const invitations = () =>
  t.db
    .selectFrom("emailQueue")
    .select(["orderId", "recipient", "locale", "subject", "payload", "priority"])
    .where("type", "=", "review_invitation")
    .orderBy("id")
    .execute();

/** An order shipped `days` ago, invited now (the invitation job's round at `now`). */
async function invitedOrder(options: Parameters<typeof placeShippedOrder>[1] = {}, now = new Date()) {
  const order = await placeShippedOrder(t.db, { shippedAt: daysAgo(11, now), ...options });
  expect(await inviteReviewers(t.db, { secret, now })).toBe(1);
  return { ...order, link: reviewLinkToken(secret, "review", order.id) };
}

const review = (changes: Partial<ReviewInput> = {}): ReviewInput => ({
  rating: 5,
  title: "Une merveille",
  body: "Le jacquard est encore plus beau en vrai, les finitions sont parfaites.",
  authorName: "Camille M.",
  experiencedOn: shopDay(),
  consent: "yes",
  ...changes,
});

const write = (token: string, model: string, changes: Partial<ReviewInput> = {}, now?: Date) =>
  submitReview(t.db, { token, secret, model, review: review(changes), locale: "en", now });

const reviewRows = () => t.db.selectFrom("reviews").selectAll().orderBy("id").execute();

describe("the invitation", () => {
  it("goes to a shipped order's buyer a set number of days after shipping, once, in her language", async () => {
    const now = new Date();
    const order = await placeShippedOrder(t.db, {
      model: "nadia",
      locale: "en",
      shippedAt: daysAgo(9.9, now),
    });
    expect(await inviteReviewers(t.db, { secret, now })).toBe(0);
    // The setting's number of days: nine will do for this shop.
    expect(await inviteReviewers(t.db, { secret, now, afterDays: 9 })).toBe(1);
    expect(await inviteReviewers(t.db, { secret, now: new Date(now.getTime() + DAY), afterDays: 9 })).toBe(0);
    const [sent, ...more] = await invitations();
    expect(more).toEqual([]);
    expect(sent).toMatchObject({
      orderId: order.id,
      recipient: "camille@example.org",
      locale: "en",
      subject: `Your review of order ${order.orderNumber}`,
      // Marketing mail: it waits behind every order e-mail.
      priority: 1,
      payload: {
        orderNumber: order.orderNumber,
        customerName: "Camille",
        items: [{ model: "nadia", name: "Nadia" }],
        token: reviewLinkToken(secret, "review", order.id),
        unsubscribeToken: reviewLinkToken(secret, "optOut", order.id),
        writeUntil: new Date(now.getTime() + REVIEW_RULES.writeDays * DAY).toISOString(),
      },
    });
  });

  it("is sent once even by two workers at the same moment", async () => {
    await placeShippedOrder(t.db, { shippedAt: daysAgo(12) });
    await placeShippedOrder(t.db, { shippedAt: daysAgo(15) });
    const rounds = await Promise.all([inviteReviewers(t.db, { secret }), inviteReviewers(t.db, { secret })]);
    expect(rounds[0] + rounds[1]).toBe(2);
    expect(await invitations()).toHaveLength(2);
    expect(await inviteReviewers(t.db, { secret })).toBe(0);
  });

  it("never goes for an order not shipped, withdrawn, cancelled or refunded in full", async () => {
    const now = new Date();
    await placePaidOrder(t.db, { now: daysAgo(30, now) });
    const withdrawn = await placeShippedOrder(t.db, { shippedAt: daysAgo(12, now) });
    const clientHash = "client-withdrawing";
    expect((await withdrawFromContract(t.db, { token: withdrawn.token, clientHash })).ok).toBe(true);
    const refunded = await placeShippedOrder(t.db, { shippedAt: daysAgo(12, now) });
    const [line] = await t.db
      .selectFrom("orderItems")
      .select("id")
      .where("orderId", "=", refunded.id)
      .execute();
    await refundOrder(t.db, offlineGateway, {
      orderNumber: refunded.orderNumber,
      requestKey: "refund-in-full-000001",
      reason: "return",
      lines: [{ itemId: line?.id ?? 0, quantity: 1 }],
      includeShipping: true,
      restock: "on_return",
    });
    expect(
      await t.db.selectFrom("orders").select("status").where("id", "=", refunded.id).executeTakeFirst(),
    ).toEqual({ status: "refunded" });
    await placeShippedOrder(t.db, { shippedAt: daysAgo(11, now) });
    expect(await inviteReviewers(t.db, { secret, now })).toBe(1);
    expect((await invitations()).map((mail) => mail.orderId)).not.toContain(withdrawn.id);
    expect((await invitations()).map((mail) => mail.orderId)).not.toContain(refunded.id);
  });

  it("names only the models kept of a partly refunded order", async () => {
    const order = await placeShippedOrder(t.db, {
      lines: [
        { model: "aicha", quantity: 1 },
        { model: "nadia", quantity: 1 },
      ],
      shippedAt: daysAgo(12),
    });
    const nadia = await t.db
      .selectFrom("orderItems")
      .innerJoin("products", "products.id", "orderItems.productId")
      .select("orderItems.id")
      .where("orderId", "=", order.id)
      .where("slug", "=", "nadia")
      .executeTakeFirstOrThrow();
    await refundOrder(t.db, offlineGateway, {
      orderNumber: order.orderNumber,
      requestKey: "refund-nadia-00000001",
      reason: "return",
      lines: [{ itemId: nadia.id, quantity: 1 }],
      restock: "on_return",
    });
    expect(await inviteReviewers(t.db, { secret })).toBe(1);
    const [sent] = await invitations();
    expect(sent?.payload.items).toEqual([{ model: "aicha", name: "Aicha" }]);
    const link = reviewLinkToken(secret, "review", order.id);
    expect(await write(link, "nadia")).toEqual({ ok: false, reason: "unknown_model" });
  });

  it("is not sent to an address that opted out (whatever its case), nor to last year's buyers", async () => {
    const first = await invitedOrder();
    const optOut = reviewLinkToken(secret, "optOut", first.id);
    expect(await optOutOfReviewInvitations(t.db, { token: optOut, secret })).toBe("opted_out");
    expect(await optOutOfReviewInvitations(t.db, { token: optOut, secret })).toBe("opted_out");
    await placeShippedOrder(t.db, { details: { email: "Camille@Example.ORG" }, shippedAt: daysAgo(11) });
    await placeShippedOrder(t.db, {
      details: { email: "nour@example.org" },
      shippedAt: daysAgo(REVIEW_RULES.invitationDays + REVIEW_RULES.invitationLateDays + 1),
    });
    expect(await inviteReviewers(t.db, { secret })).toBe(0);
    expect(
      await optOutOfReviewInvitations(t.db, {
        token: reviewLinkToken("another-secret", "optOut", first.id),
        secret,
      }),
    ).toBe("invalid");
    expect(await t.db.selectFrom("reviewOptOuts").select("email").execute()).toEqual([
      { email: "camille@example.org" },
    ]);
  });
});

describe("the review link", () => {
  it("opens the models of its own order, and nothing for a forged or another kind of link", async () => {
    const order = await invitedOrder({ model: "nadia" });
    const opened = await openReviewLink(t.db, { token: order.link, secret });
    expect(opened.ok && opened.view).toMatchObject({
      orderNumber: order.orderNumber,
      suggestedAuthorName: "Camille M.",
      models: [{ model: "nadia", name: "Nadia", review: null, can: "write" }],
    });
    const forged = [
      `${order.link.slice(0, -1)}${order.link.endsWith("A") ? "B" : "A"}`,
      reviewLinkToken("not-the-shops-secret-0123456789", "review", order.id),
      reviewLinkToken(secret, "optOut", order.id),
      `r.${order.id + 1}.${order.link.split(".")[2]}`,
      "",
      "r.1",
      "x".repeat(5000),
      null,
    ];
    for (const token of forged) {
      expect(await openReviewLink(t.db, { token, secret }), String(token).slice(0, 40)).toEqual({
        ok: false,
        reason: "invalid",
      });
      expect(await write(String(token), "nadia")).toEqual({ ok: false, reason: "invalid" });
    }
    expect(await reviewRows()).toEqual([]);
  });

  it("of another order cannot review what this order did not buy, and an order never invited has none", async () => {
    const mine = await invitedOrder({ model: "nadia" });
    const other = await invitedOrder({ model: "bilin", details: { email: "nour@example.org" } });
    expect(await write(mine.link, "bilin")).toEqual({ ok: false, reason: "unknown_model" });
    expect(await write(other.link, "nadia")).toEqual({ ok: false, reason: "unknown_model" });
    const notInvited = await placeShippedOrder(t.db, { shippedAt: daysAgo(2) });
    expect(await write(reviewLinkToken(secret, "review", notInvited.id), "aicha")).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect(await reviewRows()).toEqual([]);
  });

  it("closes when the order is withdrawn after its invitation", async () => {
    const order = await invitedOrder({ model: "ilian" });
    expect((await withdrawFromContract(t.db, { token: order.token, clientHash: "client-late" })).ok).toBe(
      true,
    );
    expect(await openReviewLink(t.db, { token: order.link, secret })).toEqual({
      ok: false,
      reason: "closed",
    });
    expect(await write(order.link, "ilian")).toEqual({ ok: false, reason: "closed" });
  });

  it("writes for its time only", async () => {
    const now = new Date();
    const order = await invitedOrder({ model: "nadia" }, now);
    const late = new Date(now.getTime() + (REVIEW_RULES.writeDays + 1) * DAY);
    expect(await openReviewLink(t.db, { token: order.link, secret, now: late })).toEqual({
      ok: false,
      reason: "expired",
    });
    expect(await write(order.link, "nadia", {}, late)).toEqual({ ok: false, reason: "expired" });
  });
});

describe("a buyer's review", () => {
  it("is one per model and order: sending it again changes it, waiting for the owner again", async () => {
    const order = await invitedOrder({ model: "nadia" });
    const first = await write(order.link, "nadia");
    expect(first.ok && first.created).toBe(true);
    const [written] = await reviewRows();
    await publishReview(t.db, { id: written?.id ?? 0, saves: 1 });
    const again = await write(order.link, "nadia", { rating: 3, title: "Plus nuancé" });
    expect(again.ok && again.created).toBe(false);
    const rows = await reviewRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      rating: 3,
      title: "Plus nuancé",
      status: "pending",
      publishedAt: null,
      saves: 2,
    });
    // Two posts at once of a link that has no review yet: still one review.
    const second = await invitedOrder({ model: "bilin", details: { email: "lina@example.org" } });
    const both = await Promise.all([write(second.link, "bilin"), write(second.link, "bilin", { rating: 4 })]);
    expect(both.map((outcome) => outcome.ok)).toEqual([true, true]);
    expect(
      await t.db.selectFrom("reviews").select("id").where("orderId", "=", second.id).execute(),
    ).toHaveLength(1);
  });

  it(`changes for ${REVIEW_RULES.changeDays} days after it was first sent, ${REVIEW_RULES.maxSaves} times at most`, async () => {
    const now = new Date();
    const order = await invitedOrder({ model: "nadia" }, now);
    expect((await write(order.link, "nadia", {}, now)).ok).toBe(true);
    const after = (days: number) => new Date(now.getTime() + days * DAY);
    expect(
      (await write(order.link, "nadia", { title: "Encore" }, after(REVIEW_RULES.changeDays - 1))).ok,
    ).toBe(true);
    expect(
      await write(order.link, "nadia", { title: "Trop tard" }, after(REVIEW_RULES.changeDays + 1)),
    ).toEqual({
      ok: false,
      reason: "change_over",
    });
    for (let save = 3; save <= REVIEW_RULES.maxSaves; save++) {
      expect((await write(order.link, "nadia", { title: `Version ${save}` }, after(1))).ok).toBe(true);
    }
    expect(await write(order.link, "nadia", { title: "Une de trop" }, after(1))).toEqual({
      ok: false,
      reason: "change_over",
    });
    const [row] = await reviewRows();
    expect(row).toMatchObject({ title: `Version ${REVIEW_RULES.maxSaves}`, saves: REVIEW_RULES.maxSaves });
    const opened = await openReviewLink(t.db, { token: order.link, secret, now: after(1) });
    expect(opened.ok && opened.view.models[0]?.can).toBe("none");
  });

  it("is refused outside its bounds, whoever calls, and writes nothing", async () => {
    const order = await invitedOrder({ model: "nadia" });
    const wrong: Partial<ReviewInput>[] = [
      { rating: 6 },
      { rating: 0 },
      { title: "x" },
      { body: "Bien." },
      { body: "x".repeat(2001) },
      { authorName: "x".repeat(41) },
      { experiencedOn: "2020-01-01" },
      { experiencedOn: "2999-01-01" },
      { experiencedOn: "2026-02-30" },
      { title: "Nul\u0000" },
      { consent: "no" as "yes" },
    ];
    for (const changes of wrong) {
      expect(await write(order.link, "nadia", changes), JSON.stringify(changes)).toEqual({
        ok: false,
        reason: "invalid_review",
      });
    }
    expect(await reviewRows()).toEqual([]);
  });

  it("is stored as she wrote it, direction controls aside, counted in characters as PostgreSQL counts them", async () => {
    const order = await invitedOrder({ model: "nadia" });
    const outcome = await write(order.link, "nadia", {
      title: "<b>Top</b> \u202e",
      body: "Premier paragraphe.\r\n\r\n\r\n\r\nSecond, avec un 💥 et <script>alert(1)</script>.",
      authorName: "💥💥",
    });
    expect(outcome.ok).toBe(true);
    const [row] = await reviewRows();
    expect(row).toMatchObject({
      title: "<b>Top</b>",
      body: "Premier paragraphe.\n\nSecond, avec un 💥 et <script>alert(1)</script>.",
      authorName: "💥💥",
      locale: "en",
    });
  });
});

describe("moderation", () => {
  it("publishes as written, with a public answer, and counts what waits", async () => {
    const order = await invitedOrder({ model: "nadia" });
    await write(order.link, "nadia");
    expect(await countReviewsWaiting(t.db)).toBe(1);
    const [row] = await reviewRows();
    const published = await publishReview(t.db, {
      id: row?.id ?? 0,
      saves: 1,
      reply: "  Merci Camille !\r\nÀ bientôt.  ",
    });
    expect(published).toMatchObject({
      status: "published",
      title: "Une merveille",
      reply: "Merci Camille !\nÀ bientôt.",
      orderNumber: order.orderNumber,
      model: "nadia",
    });
    expect(await countReviewsWaiting(t.db)).toBe(0);
    await expect(publishReview(t.db, { id: published.id, saves: 1 })).rejects.toBeInstanceOf(
      ReviewModerationError,
    );
    expect((await replyToReview(t.db, { id: published.id, reply: null })).reply).toBeNull();
  });

  it("refuses only with one of the published reasons, tells the buyer which, in her language", async () => {
    const order = await invitedOrder({ model: "nadia" });
    await write(order.link, "nadia");
    const [row] = await reviewRows();
    const id = row?.id ?? 0;
    for (const reason of [undefined, "", "negative", "bad_rating"]) {
      await expect(
        rejectReview(t.db, { id, saves: 1, secret, reason: reason as "off_topic" }),
        String(reason),
      ).rejects.toThrow();
    }
    // Not even by hand: the table refuses a refusal without its reason.
    await expect(sql`UPDATE reviews SET status = 'rejected' WHERE id = ${id}`.execute(t.db)).rejects.toThrow(
      /check/,
    );
    expect(await reviewRows()).toMatchObject([{ status: "pending", rejectionReason: null }]);

    const rejected = await rejectReview(t.db, { id, saves: 1, secret, reason: "personal_data" });
    expect(rejected).toMatchObject({ status: "rejected", rejectionReason: "personal_data" });
    const mail = await t.db
      .selectFrom("emailQueue")
      .select(["recipient", "locale", "subject", "payload", "priority"])
      .where("type", "=", "review_rejected")
      .executeTakeFirstOrThrow();
    expect(mail).toMatchObject({
      recipient: "camille@example.org",
      // She wrote on the English page.
      locale: "en",
      subject: "Your review of Nadia",
      priority: 0,
      payload: {
        customerName: "Camille",
        model: "nadia",
        reviewTitle: "Une merveille",
        reason: "personal_data",
        withdrawn: false,
        token: order.link,
      },
    });
  });

  it("withdraws a published review for a reason, and never decides on words she changed since", async () => {
    const order = await invitedOrder({ model: "nadia" });
    await write(order.link, "nadia");
    const [row] = await reviewRows();
    const id = row?.id ?? 0;
    await publishReview(t.db, { id, saves: 1 });
    // She changes it while the owner reads version 1: the owner's decision on version 1 is refused.
    await write(order.link, "nadia", { title: "Nouvelle version" });
    await expect(rejectReview(t.db, { id, saves: 1, secret, reason: "abusive" })).rejects.toMatchObject({
      reason: "changed",
    });
    await publishReview(t.db, { id, saves: 2 });
    await rejectReview(t.db, { id, saves: 2, secret, reason: "abusive" });
    const mail = await t.db
      .selectFrom("emailQueue")
      .select("payload")
      .where("type", "=", "review_rejected")
      .executeTakeFirstOrThrow();
    expect(mail.payload).toMatchObject({
      withdrawn: true,
      reason: "abusive",
      reviewTitle: "Nouvelle version",
    });
    await expect(rejectReview(t.db, { id, saves: 2, secret, reason: "abusive" })).rejects.toMatchObject({
      reason: "status",
    });
  });

  it("publishes what nobody read within its days, as it is", async () => {
    const now = new Date();
    const order = await invitedOrder({ model: "nadia" }, now);
    await write(order.link, "nadia", {}, now);
    const later = (days: number) => new Date(now.getTime() + days * DAY);
    expect(await publishOverdueReviews(t.db, later(REVIEW_RULES.publicationDays - 1))).toBe(0);
    expect(await publishOverdueReviews(t.db, later(REVIEW_RULES.publicationDays))).toBe(1);
    expect(await reviewRows()).toMatchObject([{ status: "published", title: "Une merveille" }]);
  });

  it("finds a buyer's review by her e-mail and deletes it at her request", async () => {
    const order = await invitedOrder({ model: "nadia", details: { email: "lina@example.org" } });
    await write(order.link, "nadia");
    const found = await listReviews(t.db, { search: "LINA@example" });
    expect(found.reviews.map((one) => one.buyerEmail)).toEqual(["lina@example.org"]);
    expect(found.counts).toEqual({ pending: 1, published: 0, rejected: 0 });
    expect(await deleteReview(t.db, found.reviews[0]?.id ?? 0)).toEqual({ deleted: true });
    expect(await reviewRows()).toEqual([]);
    await expect(deleteReview(t.db, found.reviews[0]?.id ?? 0)).rejects.toMatchObject({ entity: "review" });
  });
});

describe("what pages show", () => {
  it("averages the published reviews only, newest first", async () => {
    const ratings = [5, 4, 2, 1];
    const ids: number[] = [];
    for (const [index, rating] of ratings.entries()) {
      const order = await invitedOrder({ model: "nadia", details: { email: `buyer${index}@example.org` } });
      await write(order.link, "nadia", { rating, title: `Note ${rating}` });
      const row = await t.db
        .selectFrom("reviews")
        .select("id")
        .where("orderId", "=", order.id)
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    expect(await loadPublishedReviews(t.db)).toEqual({});
    const [five, four, two] = ids as [number, number, number, number];
    await publishReview(t.db, { id: four, saves: 1, now: daysAgo(1) });
    await publishReview(t.db, { id: five, saves: 1 });
    await rejectReview(t.db, { id: two, saves: 1, secret, reason: "off_topic" });
    // The 1-star review still waits: it counts for nothing yet.
    const nadia = await t.db
      .selectFrom("products")
      .select("id")
      .where("slug", "=", "nadia")
      .executeTakeFirstOrThrow();
    const shown = (await loadPublishedReviews(t.db))[nadia.id];
    expect(shown).toMatchObject({ count: 2, average: 4.5 });
    expect(shown?.reviews.map((one) => one.title)).toEqual(["Note 5", "Note 4"]);
  });
});
