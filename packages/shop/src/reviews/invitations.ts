/**
 * The invitation to review: a set number of days after an order left the workshop, its buyer is
 * sent one e-mail, in her language, naming each model she kept, with a link bound to her order.
 * Run by the worker each round; `now` is the round's time (tests move it forward).
 */
import { REVIEW_RULES } from "@souls/core/reviews";
import type { Database, Kysely } from "@souls/db";
import { sql } from "kysely";
import { emailPhotoPathOf } from "../orders/order-emails";
import { enqueueEmail } from "../outbox/enqueue";
import type { LinkSecrets } from "../signed-links";
import { keptLineSql, reviewableModels, reviewableOrderSql } from "./eligibility";
import { readReviewLinkToken, reviewLinkToken } from "./tokens";

/** Orders invited in one round at most: a backlog is worked through in a few rounds. */
const INVITATIONS_PER_ROUND = 100;

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000);

/** When the link of an invitation sent at `invitedAt` stops opening the form for a new review. */
export const writeUntilOf = (invitedAt: Date) =>
  new Date(invitedAt.getTime() + REVIEW_RULES.writeDays * 86_400_000);

export interface InvitationRound {
  /** The shop's secret: signs the links. */
  secret: string;
  /** Days after shipping (the REVIEW_INVITATION_DAYS setting). */
  afterDays?: number;
  now?: Date;
}

/**
 * Queues the invitation of every order shipped `afterDays` ago (and not more than
 * REVIEW_RULES.invitationLateDays before that: a shop turning invitations on does not write to
 * last year's buyers), still kept by its buyer — never withdrawn, cancelled or refunded in full —
 * whose address did not opt out, and records it in the same transaction: each order is invited
 * once, whatever the number of workers (the invitation's key decides).
 */
export async function inviteReviewers(db: Kysely<Database>, round: InvitationRound): Promise<number> {
  const now = round.now ?? new Date();
  const afterDays = round.afterDays ?? REVIEW_RULES.invitationDays;
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom("orders")
      .select(["id", "orderNumber", "email", "locale", "firstName"])
      .where("shippedAt", "<=", daysBefore(now, afterDays))
      .where("shippedAt", ">", daysBefore(now, afterDays + REVIEW_RULES.invitationLateDays))
      .where(reviewableOrderSql)
      .where(({ exists, not, selectFrom }) =>
        not(exists(selectFrom("reviewInvitations").select("orderId").whereRef("orderId", "=", "orders.id"))),
      )
      .where(({ exists, not, selectFrom }) =>
        not(
          exists(
            selectFrom("reviewOptOuts").select("email").where("email", "=", sql<string>`lower(orders.email)`),
          ),
        ),
      )
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom("orderItems").select("id").whereRef("orderId", "=", "orders.id").where(keptLineSql),
        ),
      )
      .orderBy("shippedAt")
      .limit(INVITATIONS_PER_ROUND)
      // An order the owner is changing right now is invited at the next round, as it then stands.
      .forNoKeyUpdate()
      .skipLocked()
      .execute();
    if (due.length === 0) return 0;
    const invited = await trx
      .insertInto("reviewInvitations")
      .values(due.map((order) => ({ orderId: order.id, invitedAt: now })))
      .onConflict((conflict) => conflict.column("orderId").doNothing())
      .returning("orderId")
      .execute();
    const models = await reviewableModels(
      trx,
      invited.map((row) => row.orderId),
    );
    for (const { orderId } of invited) {
      const order = due.find((candidate) => candidate.id === orderId);
      if (!order) continue;
      const items = models
        .filter((model) => model.orderId === orderId)
        .map(({ model, name, cover }) => {
          const photoPath = emailPhotoPathOf(cover);
          return { model, name, ...(photoPath ? { photoPath } : {}) };
        });
      await enqueueEmail(
        trx,
        { email: order.email, locale: order.locale, orderId },
        {
          type: "review_invitation",
          payload: {
            orderNumber: order.orderNumber,
            customerName: order.firstName,
            items,
            token: reviewLinkToken(round.secret, "review", orderId),
            unsubscribeToken: reviewLinkToken(round.secret, "optOut", orderId),
            writeUntil: writeUntilOf(now).toISOString(),
          },
        },
      );
    }
    return invited.length;
  });
}

/**
 * One click from an invitation (its link or its List-Unsubscribe header): the order's address is
 * sent no more invitations. Done twice, still done; a link that is not the shop's changes nothing.
 */
export async function optOutOfReviewInvitations(
  db: Kysely<Database>,
  request: { token: unknown; secret: LinkSecrets; now?: Date },
): Promise<"opted_out" | "invalid"> {
  const orderId = readReviewLinkToken(request.secret, "optOut", request.token);
  if (orderId === null) return "invalid";
  const order = await db.selectFrom("orders").select("email").where("id", "=", orderId).executeTakeFirst();
  if (!order) return "invalid";
  await db
    .insertInto("reviewOptOuts")
    .values({ email: order.email.trim().toLowerCase(), createdAt: request.now ?? new Date() })
    .onConflict((conflict) => conflict.column("email").doNothing())
    .execute();
  return "opted_out";
}
