/**
 * The owner's side of reviews: she reads each one, publishes it (with a public answer if she
 * likes) or refuses it for one of the published reasons — the buyer is told which, by e-mail —
 * and never changes a buyer's words. A review she has not read within REVIEW_RULES.publicationDays
 * is published as it is: leaving it unread cannot hide it either.
 */
import { REVIEW_RULES, type ReviewRejectionReason, type ReviewStatus } from "@souls/core/reviews";
import type { Database, Kysely, Transaction } from "@souls/db";
import type { ExpressionBuilder } from "kysely";
import { AdminNotFoundError, ReviewModerationError } from "../errors";
import { enqueueEmail } from "../outbox/enqueue";
import { likePattern } from "../search";
import { normalizeReviewText } from "./form";
import { changeUntilOf } from "./link";
import { reviewLinkToken } from "./tokens";

const DAY_MS = 86_400_000;

/** A review as the owner reads it: the buyer's words, their model and order, where it stands. */
export interface AdminReview {
  id: number;
  status: ReviewStatus;
  rating: number;
  title: string;
  body: string;
  authorName: string;
  experiencedOn: string;
  locale: string;
  rejectionReason: ReviewRejectionReason | null;
  reply: string | null;
  repliedAt: Date | null;
  /** How many times the buyer sent it: the version the owner read (a decision names it). */
  saves: number;
  submittedAt: Date;
  updatedAt: Date;
  publishedAt: Date | null;
  moderatedAt: Date | null;
  /** A waiting review is published as it is at this moment unless the owner decides first. */
  publishBy: Date | null;
  model: string;
  modelName: string;
  orderNumber: string;
  buyerEmail: string;
}

export const REVIEW_PAGE_SIZE = 20;

function reviewsWithOrders(db: Kysely<Database> | Transaction<Database>) {
  return db
    .selectFrom("reviews")
    .innerJoin("orders", "orders.id", "reviews.orderId")
    .innerJoin("products", "products.id", "reviews.productId")
    .selectAll("reviews")
    .select([
      "products.slug as model",
      "products.name as modelName",
      "orders.orderNumber",
      "orders.email as buyerEmail",
    ]);
}

type ReviewRow = Awaited<ReturnType<ReturnType<typeof reviewsWithOrders>["executeTakeFirstOrThrow"]>>;

/** When a review waiting since `updatedAt` is published on its own. */
export const publishByOf = (updatedAt: Date) =>
  new Date(updatedAt.getTime() + REVIEW_RULES.publicationDays * DAY_MS);

function adminReviewOf(row: ReviewRow): AdminReview {
  return {
    id: row.id,
    status: row.status,
    rating: row.rating,
    title: row.title,
    body: row.body,
    authorName: row.authorName,
    experiencedOn: row.experiencedOn,
    locale: row.locale,
    rejectionReason: row.rejectionReason,
    reply: row.reply,
    repliedAt: row.repliedAt,
    saves: row.saves,
    submittedAt: row.submittedAt,
    updatedAt: row.updatedAt,
    publishedAt: row.publishedAt,
    moderatedAt: row.moderatedAt,
    publishBy: row.status === "pending" ? publishByOf(row.updatedAt) : null,
    model: row.model,
    modelName: row.modelName,
    orderNumber: row.orderNumber,
    buyerEmail: row.buyerEmail,
  };
}

export interface ReviewListQuery {
  status?: ReviewStatus;
  /** An order number, a buyer's e-mail or name as it signs, a model's name (a deletion request). */
  search?: string;
  page?: number;
}

export interface ReviewPage {
  reviews: AdminReview[];
  total: number;
  page: number;
  pageSize: number;
  /** Reviews of each status, whatever the search. */
  counts: Record<ReviewStatus, number>;
}

/** Waiting reviews oldest first (the first to be published on its own comes first); others newest first. */
export async function listReviews(db: Kysely<Database>, query: ReviewListQuery = {}): Promise<ReviewPage> {
  const page = query.page ?? 1;
  const search = query.search?.trim();
  const matching = (eb: ExpressionBuilder<Database, "reviews" | "orders" | "products">) => {
    const conditions = [];
    if (query.status) conditions.push(eb("reviews.status", "=", query.status));
    if (search) {
      const pattern = likePattern(search);
      conditions.push(
        eb.or([
          eb("orders.orderNumber", "ilike", pattern),
          eb("orders.email", "ilike", pattern),
          eb("reviews.authorName", "ilike", pattern),
          eb("products.name", "ilike", pattern),
        ]),
      );
    }
    return eb.and(conditions);
  };
  const oldestFirst = query.status === "pending";
  const [rows, total, statuses] = await Promise.all([
    reviewsWithOrders(db)
      .where(matching)
      .orderBy("reviews.updatedAt", oldestFirst ? "asc" : "desc")
      .orderBy("reviews.id", oldestFirst ? "asc" : "desc")
      .limit(REVIEW_PAGE_SIZE)
      .offset((page - 1) * REVIEW_PAGE_SIZE)
      .execute(),
    db
      .selectFrom("reviews")
      .innerJoin("orders", "orders.id", "reviews.orderId")
      .innerJoin("products", "products.id", "reviews.productId")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where(matching)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("reviews")
      .select(["status", (eb) => eb.fn.countAll<string>().as("n")])
      .groupBy("status")
      .execute(),
  ]);
  const counts: Record<ReviewStatus, number> = { pending: 0, published: 0, rejected: 0 };
  for (const row of statuses) counts[row.status] = Number(row.n);
  return {
    reviews: rows.map(adminReviewOf),
    total: Number(total.n),
    page,
    pageSize: REVIEW_PAGE_SIZE,
    counts,
  };
}

/** The reviews waiting for the owner (the panel's badge, the owner's dashboard). */
export async function countReviewsWaiting(db: Kysely<Database>): Promise<number> {
  const { n } = await db
    .selectFrom("reviews")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("status", "=", "pending")
    .executeTakeFirstOrThrow();
  return Number(n);
}

/**
 * Locks a review for a decision on the version the owner read (`saves`): one the buyer changed
 * meanwhile is refused, and the owner reads it again.
 */
async function lockedReview(trx: Transaction<Database>, id: number, saves: number) {
  const row = await reviewsWithOrders(trx)
    .where("reviews.id", "=", id)
    .forUpdate("reviews")
    .executeTakeFirst();
  if (!row) throw new AdminNotFoundError("review", id);
  if (row.saves !== saves) throw new ReviewModerationError("changed", row.status);
  return row;
}

async function reloaded(trx: Transaction<Database>, id: number): Promise<AdminReview> {
  return adminReviewOf(await reviewsWithOrders(trx).where("reviews.id", "=", id).executeTakeFirstOrThrow());
}

/** The shop's answer as it is stored: plain text, paragraphs kept, bounded by the API's schema. */
const replyText = (reply: string) => normalizeReviewText(reply);

export interface PublicationRequest {
  id: number;
  /** The version the owner read. */
  saves: number;
  /** A public answer to publish with it; undefined leaves the answer as it is. */
  reply?: string | null;
  now?: Date;
}

/** Publishes a waiting review (or one she refused, on second thoughts), as the buyer wrote it. */
export async function publishReview(db: Kysely<Database>, request: PublicationRequest): Promise<AdminReview> {
  const now = request.now ?? new Date();
  return db.transaction().execute(async (trx) => {
    const review = await lockedReview(trx, request.id, request.saves);
    if (review.status === "published") throw new ReviewModerationError("status", review.status);
    await trx
      .updateTable("reviews")
      .set({
        status: "published",
        rejectionReason: null,
        publishedAt: now,
        moderatedAt: now,
        ...replyChange(request.reply, now),
      })
      .where("id", "=", review.id)
      .execute();
    return reloaded(trx, review.id);
  });
}

function replyChange(reply: string | null | undefined, now: Date) {
  if (reply === undefined) return {};
  const text = reply === null ? "" : replyText(reply);
  return text === "" ? { reply: null, repliedAt: null } : { reply: text, repliedAt: now };
}

export interface RejectionRequest {
  id: number;
  saves: number;
  /** One of the published reasons: there is no other way to refuse a review. */
  reason: ReviewRejectionReason;
  /** The shop's secret: the e-mail carries her link to change the review while she may. */
  secret: string;
  now?: Date;
}

/**
 * Refuses a waiting review, or withdraws a published one, for one of the published reasons, and
 * queues the e-mail telling its author which (with her link, while she may still change it).
 */
export async function rejectReview(db: Kysely<Database>, request: RejectionRequest): Promise<AdminReview> {
  const now = request.now ?? new Date();
  if (!REVIEW_REASONS.has(request.reason)) throw new ReviewModerationError("status", "without reason");
  return db.transaction().execute(async (trx) => {
    const review = await lockedReview(trx, request.id, request.saves);
    if (review.status === "rejected") throw new ReviewModerationError("status", review.status);
    await trx
      .updateTable("reviews")
      .set({ status: "rejected", rejectionReason: request.reason, publishedAt: null, moderatedAt: now })
      .where("id", "=", review.id)
      .execute();
    const order = await trx
      .selectFrom("orders")
      .select(["id", "email", "firstName"])
      .where("id", "=", review.orderId)
      .executeTakeFirstOrThrow();
    const changeUntil = changeUntilOf(review.submittedAt);
    const mayChange = now <= changeUntil && review.saves < REVIEW_RULES.maxSaves;
    await enqueueEmail(
      trx,
      { email: order.email, locale: review.locale, orderId: order.id },
      {
        type: "review_rejected",
        payload: {
          customerName: order.firstName,
          model: review.model,
          productName: review.modelName,
          reviewTitle: review.title,
          reason: request.reason,
          withdrawn: review.status === "published",
          token: mayChange ? reviewLinkToken(request.secret, "review", order.id) : null,
          changeUntil: mayChange ? changeUntil.toISOString() : null,
        },
      },
    );
    return reloaded(trx, review.id);
  });
}

const REVIEW_REASONS = new Set<string>([
  "off_topic",
  "abusive",
  "personal_data",
  "advertising",
  "unintelligible",
] satisfies ReviewRejectionReason[]);

/** The shop's public answer under a review, changed or (null, or blank) removed; never on a refused one. */
export async function replyToReview(
  db: Kysely<Database>,
  request: { id: number; reply: string | null; now?: Date },
): Promise<AdminReview> {
  const now = request.now ?? new Date();
  return db.transaction().execute(async (trx) => {
    const review = await trx
      .selectFrom("reviews")
      .select(["id", "status"])
      .where("id", "=", request.id)
      .forUpdate()
      .executeTakeFirst();
    if (!review) throw new AdminNotFoundError("review", request.id);
    if (review.status === "rejected") throw new ReviewModerationError("status", review.status);
    await trx
      .updateTable("reviews")
      .set(replyChange(request.reply, now))
      .where("id", "=", review.id)
      .execute();
    return reloaded(trx, review.id);
  });
}

/** A buyer asked for her review to be deleted: it is, at once, with the shop's answer. */
export async function deleteReview(db: Kysely<Database>, id: number): Promise<{ deleted: true }> {
  const deleted = await db.deleteFrom("reviews").where("id", "=", id).executeTakeFirst();
  if (deleted.numDeletedRows === 0n) throw new AdminNotFoundError("review", id);
  return { deleted: true };
}

/** Publishes, as they are, the reviews nobody decided on within REVIEW_RULES.publicationDays (the worker). */
export async function publishOverdueReviews(db: Kysely<Database>, now = new Date()): Promise<number> {
  const published = await db
    .updateTable("reviews")
    .set({ status: "published", publishedAt: now, moderatedAt: now })
    .where("status", "=", "pending")
    .where("updatedAt", "<=", new Date(now.getTime() - REVIEW_RULES.publicationDays * DAY_MS))
    .executeTakeFirst();
  return Number(published.numUpdatedRows);
}
