/**
 * What a buyer does through her invitation's link (no account): see the models of her order she
 * may review, write one review per model, and change it for a while. The link is checked on
 * every request: signed for this order, invited, and the order still kept.
 */
import { shopDay } from "@souls/core/format";
import type { Locale } from "@souls/core/locales";
import {
  defaultAuthorName,
  REVIEW_RULES,
  type ReviewRejectionReason,
  type ReviewStatus,
} from "@souls/core/reviews";
import type { Database, Kysely, Transaction } from "@souls/db";
import type { LinkSecrets } from "../signed-links";
import { isReviewable, reviewableModels } from "./eligibility";
import { type ReviewInput, reviewFormSchema } from "./form";
import { writeUntilOf } from "./invitations";
import { readReviewLinkToken } from "./tokens";

const DAY_MS = 86_400_000;

/** Until when a review first sent at `submittedAt` can be changed. */
export const changeUntilOf = (submittedAt: Date) =>
  new Date(submittedAt.getTime() + REVIEW_RULES.changeDays * DAY_MS);

/** A review as its author sees it through her link. */
export interface AuthorsReview {
  rating: number;
  title: string;
  body: string;
  authorName: string;
  experiencedOn: string;
  status: ReviewStatus;
  rejectionReason: ReviewRejectionReason | null;
  reply: string | null;
  submittedAt: Date;
  publishedAt: Date | null;
  /** The end of her time to change it. */
  changeUntil: Date;
  /** Times she may still send it. */
  savesLeft: number;
}

/** What the link may do for a model now: write its review, change it, or only show it. */
export type ReviewPossibility = "write" | "change" | "none";

export interface LinkModel {
  productId: number;
  /** Its code. */
  model: string;
  name: string;
  review: AuthorsReview | null;
  can: ReviewPossibility;
}

export interface ReviewLinkView {
  orderId: number;
  orderNumber: string;
  /** The name a review is signed with unless she writes another. */
  suggestedAuthorName: string;
  /** The days her experience can be dated ("YYYY-MM-DD", Paris): from her order to today. */
  days: { earliest: string; latest: string };
  /** Until when she can write a review not written yet. */
  writeUntil: Date;
  models: LinkModel[];
}

/** Why a link opens nothing: not the shop's, the order no longer kept, or its time is over. */
export type ReviewLinkRefusal = "invalid" | "closed" | "expired";

export type ReviewLinkOutcome = { ok: true; view: ReviewLinkView } | { ok: false; reason: ReviewLinkRefusal };

type Db = Kysely<Database> | Transaction<Database>;

/** The order a link names, with its invitation, if both exist; locked for a change when asked. */
async function invitedOrder(db: Db, orderId: number, lock: boolean) {
  let query = db
    .selectFrom("orders")
    .innerJoin("reviewInvitations", "reviewInvitations.orderId", "orders.id")
    .select([
      "orders.id",
      "orders.orderNumber",
      "orders.firstName",
      "orders.lastName",
      "orders.status",
      "orders.paymentStatus",
      "orders.shippedAt",
      "orders.withdrawnAt",
      "orders.createdAt",
      "reviewInvitations.invitedAt",
    ])
    .where("orders.id", "=", orderId);
  // Two posts of one order's link are decided one after the other (the first review, then a change).
  if (lock) query = query.forNoKeyUpdate("orders");
  return query.executeTakeFirst();
}

async function viewOf(db: Db, orderId: number, now: Date): Promise<ReviewLinkOutcome> {
  const order = await invitedOrder(db, orderId, false);
  if (!order) return { ok: false, reason: "invalid" };
  if (!isReviewable(order)) return { ok: false, reason: "closed" };
  const writeUntil = writeUntilOf(order.invitedAt);
  const [models, reviews] = await Promise.all([
    reviewableModels(db, [orderId]),
    db.selectFrom("reviews").selectAll().where("orderId", "=", orderId).execute(),
  ]);
  const shown: LinkModel[] = models.map(({ productId, model, name }) => {
    const row = reviews.find((review) => review.productId === productId);
    const review: AuthorsReview | null = row
      ? {
          rating: row.rating,
          title: row.title,
          body: row.body,
          authorName: row.authorName,
          experiencedOn: row.experiencedOn,
          status: row.status,
          rejectionReason: row.rejectionReason,
          reply: row.reply,
          submittedAt: row.submittedAt,
          publishedAt: row.publishedAt,
          changeUntil: changeUntilOf(row.submittedAt),
          savesLeft: Math.max(0, REVIEW_RULES.maxSaves - row.saves),
        }
      : null;
    const can: ReviewPossibility = review
      ? now <= review.changeUntil && review.savesLeft > 0
        ? "change"
        : "none"
      : now <= writeUntil
        ? "write"
        : "none";
    return { productId, model, name, review, can };
  });
  if (shown.every((model) => model.review === null && model.can === "none")) {
    return { ok: false, reason: "expired" };
  }
  return {
    ok: true,
    view: {
      orderId,
      orderNumber: order.orderNumber,
      suggestedAuthorName: defaultAuthorName(order.firstName, order.lastName),
      days: { earliest: shopDay(order.createdAt), latest: shopDay(now) },
      writeUntil,
      models: shown,
    },
  };
}

/** What a review link shows: the models of the order she may review, and her reviews. */
export async function openReviewLink(
  db: Kysely<Database>,
  request: { token: unknown; secret: LinkSecrets; now?: Date },
): Promise<ReviewLinkOutcome> {
  const orderId = readReviewLinkToken(request.secret, "review", request.token);
  if (orderId === null) return { ok: false, reason: "invalid" };
  return viewOf(db, orderId, request.now ?? new Date());
}

export interface ReviewSubmission {
  token: unknown;
  /** The shop's secrets: the link may be signed with the previous one during a rotation. */
  secret: LinkSecrets;
  /** The model's code. */
  model: string;
  /** What the form gave (re-checked here against the order's dates). */
  review: ReviewInput;
  /** The language of the page she wrote on. */
  locale: Locale;
  now?: Date;
}

export type SubmissionRefusal =
  | ReviewLinkRefusal
  /** Not a model of this order, or one refunded. */
  | "unknown_model"
  /** Her 30 days to change it are over, or she sent it the most times a review may be. */
  | "change_over"
  /** A field outside its bounds (the form checks first: only another caller sees this). */
  | "invalid_review";

export type SubmissionOutcome =
  | { ok: true; created: boolean; view: ReviewLinkView }
  | { ok: false; reason: SubmissionRefusal };

/**
 * Writes a buyer's review of one model of her order, or her change of it (which the owner reads
 * again before it is published: it waits like a new one). One review per model and order; a
 * change within REVIEW_RULES.changeDays of the first sending, REVIEW_RULES.maxSaves times at most.
 */
export async function submitReview(
  db: Kysely<Database>,
  submission: ReviewSubmission,
): Promise<SubmissionOutcome> {
  const now = submission.now ?? new Date();
  const orderId = readReviewLinkToken(submission.secret, "review", submission.token);
  if (orderId === null) return { ok: false, reason: "invalid" };
  return db.transaction().execute(async (trx): Promise<SubmissionOutcome> => {
    const order = await invitedOrder(trx, orderId, true);
    if (!order) return { ok: false, reason: "invalid" };
    if (!isReviewable(order)) return { ok: false, reason: "closed" };
    const line = (await reviewableModels(trx, [orderId])).find((model) => model.model === submission.model);
    if (!line) return { ok: false, reason: "unknown_model" };
    const days = { earliest: shopDay(order.createdAt), latest: shopDay(now) };
    const checked = reviewFormSchema(days).safeParse({
      ...submission.review,
      rating: String(submission.review.rating),
    });
    if (!checked.success) return { ok: false, reason: "invalid_review" };
    const review = checked.data;
    const words = {
      rating: review.rating,
      title: review.title,
      body: review.body,
      authorName: review.authorName,
      experiencedOn: review.experiencedOn,
      locale: submission.locale,
      consentedAt: now,
    };
    const existing = await trx
      .selectFrom("reviews")
      .select(["id", "saves", "submittedAt"])
      .where("orderId", "=", orderId)
      .where("productId", "=", line.productId)
      .executeTakeFirst();
    if (!existing) {
      if (now > writeUntilOf(order.invitedAt)) return { ok: false, reason: "expired" };
      await trx
        .insertInto("reviews")
        .values({ ...words, orderId, productId: line.productId, submittedAt: now, updatedAt: now })
        .execute();
    } else {
      if (now > changeUntilOf(existing.submittedAt) || existing.saves >= REVIEW_RULES.maxSaves) {
        return { ok: false, reason: "change_over" };
      }
      // A changed review is read again before it is shown: off the page until the owner decides.
      await trx
        .updateTable("reviews")
        .set({
          ...words,
          status: "pending",
          rejectionReason: null,
          publishedAt: null,
          moderatedAt: null,
          saves: existing.saves + 1,
          updatedAt: now,
        })
        .where("id", "=", existing.id)
        .execute();
    }
    const after = await viewOf(trx, orderId, now);
    if (!after.ok) throw new Error(`review link of order ${orderId} closed under its own write`);
    return { ok: true, created: !existing, view: after.view };
  });
}
