/**
 * Applies the periods of @souls/core/retention (spec §9, the privacy policy): the worker runs it
 * hourly, and it returns what it removed so the log says what happened.
 */
import { RETENTION } from "@souls/core/retention";
import type { Database, Kysely } from "@souls/db";
import { sql } from "kysely";
import { deleteOldAudience } from "./audience/store";
import { deleteOldEmails } from "./outbox/clean-up";

/** Marks an order whose customer details were erased (the address cannot take this value). */
export const ERASED = "—";

export interface RetentionReport {
  emails: number;
  accessLogs: number;
  unpaidOrdersErased: number;
  unconfirmedSignups: number;
  /** Published reviews past their years, refused ones past their months (with their answers). */
  reviews: number;
  /** Audience counts past 25 months (decision 047). */
  audienceRows: number;
}

const monthsAgo = (now: Date, months: number) =>
  sql<Date>`${now}::timestamptz - make_interval(months => ${months})`;

export async function applyRetention(db: Kysely<Database>, now = new Date()): Promise<RetentionReport> {
  return db.transaction().execute(async (trx) => {
    const emails = await deleteOldEmails(trx, now);

    let accessLogs = 0n;
    for (const table of ["trackingAccessLog", "emailAccessLog", "adminLoginAttempts"] as const) {
      const deleted = await trx
        .deleteFrom(table)
        .where("createdAt", "<", monthsAgo(now, RETENTION.accessLogMonths))
        .executeTakeFirst();
      accessLogs += deleted.numDeletedRows;
    }
    // A back-in-stock sign-up lives until its one notice is queued (the privacy policy says so).
    await trx
      .deleteFrom("signups")
      .where("source", "=", "waitlist")
      .where("notifiedAt", "is not", null)
      .execute();
    // An address nobody confirmed was perhaps typed by a stranger: it is not kept.
    const unconfirmed = await trx
      .deleteFrom("signups")
      .where("confirmedAt", "is", null)
      .where(
        "createdAt",
        "<",
        sql<Date>`${now}::timestamptz - make_interval(days => ${RETENTION.unconfirmedSignupDays})`,
      )
      .executeTakeFirst();
    // Housekeeping of what has run out: blocks and sessions hold no history worth keeping.
    await trx.deleteFrom("trackingBlocks").where("blockedUntil", "<", now).execute();
    await trx.deleteFrom("adminSessions").where("expiresAt", "<", now).execute();
    await trx
      .deleteFrom("signupAttempts")
      .where(
        "createdAt",
        "<",
        sql<Date>`${now}::timestamptz - make_interval(hours => ${RETENTION.signupAttemptHours})`,
      )
      .execute();
    await trx
      .deleteFrom("trackingLinkRequests")
      .where(
        "createdAt",
        "<",
        sql<Date>`${now}::timestamptz - make_interval(hours => ${RETENTION.trackingLinkRequestHours})`,
      )
      .execute();
    // Each e-mail about an order carries a link of its own: those run out, and then go.
    await trx
      .deleteFrom("trackingTokens")
      .where(
        "expiresAt",
        "<",
        sql<Date>`${now}::timestamptz - make_interval(days => ${RETENTION.expiredTrackingLinkDays})`,
      )
      .execute();

    // Reviews: a published one is shown for its years, a refused one kept a few months (its
    // author may ask why), then both go; an invitation's record and an opt-out have their own time.
    const reviews = await trx
      .deleteFrom("reviews")
      .where((eb) =>
        eb.or([
          eb.and([
            eb("status", "=", "published"),
            eb(
              "publishedAt",
              "<",
              sql<Date>`${now}::timestamptz - make_interval(years => ${RETENTION.publishedReviewYears})`,
            ),
          ]),
          eb.and([
            eb("status", "=", "rejected"),
            eb("moderatedAt", "<", monthsAgo(now, RETENTION.rejectedReviewMonths)),
          ]),
        ]),
      )
      .executeTakeFirst();
    await trx
      .deleteFrom("reviewInvitations")
      .where("invitedAt", "<", monthsAgo(now, RETENTION.reviewInvitationMonths))
      .execute();
    await trx
      .deleteFrom("reviewOptOuts")
      .where(
        "createdAt",
        "<",
        sql<Date>`${now}::timestamptz - make_interval(years => ${RETENTION.reviewOptOutYears})`,
      )
      .execute();

    const erased = await trx
      .updateTable("orders")
      .set((eb) => ({
        firstName: ERASED,
        lastName: ERASED,
        email: sql`'erased-' || ${eb.ref("id")} || '@invalid'`,
        address: ERASED,
        addressLine2: null,
        phone: null,
        postalCode: ERASED,
        city: ERASED,
        deliveryInstructions: null,
        customerNote: null,
        clientHash: null,
        updatedAt: now,
      }))
      .where("paymentStatus", "!=", "paid")
      // A payment to check is money held: the owner needs the customer to give it back.
      .where("paymentStatus", "!=", "mismatch")
      .where("status", "in", ["cancelled", "expired"])
      .where("address", "!=", ERASED)
      .where(
        "createdAt",
        "<",
        sql<Date>`${now}::timestamptz - make_interval(days => ${RETENTION.unpaidOrderDays})`,
      )
      .executeTakeFirst();

    const audienceRows = await deleteOldAudience(trx, now);

    return {
      audienceRows,
      emails,
      accessLogs: Number(accessLogs),
      unpaidOrdersErased: Number(erased.numUpdatedRows),
      unconfirmedSignups: Number(unconfirmed.numDeletedRows),
      reviews: Number(reviews.numDeletedRows),
    };
  });
}
