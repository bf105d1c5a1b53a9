import type { IncidentKind } from "@souls/core/email-types";
import type { Database, Kysely } from "@souls/db";
import { settleAudienceOrders } from "@souls/shop/audience";
import { type DeliveryReport, deliverDueEmails, deliveryAsSeller, type MailSetup } from "@souls/shop/mail";
import { expireHolds, reconcilePayments } from "@souls/shop/orders";
import { type IncidentChange, notifyLowStock, recordHeartbeat, reviewShopIncidents } from "@souls/shop/owner";
import type { PaymentGateway } from "@souls/shop/payments";
import { inviteReviewers, publishOverdueReviews } from "@souls/shop/reviews";
import { notifyRestockedWaitlists } from "@souls/shop/signups";
import { type AnnouncementReport, deliverAnnouncements } from "./announcement-delivery";

export interface RoundReport {
  expired: number;
  /** Back-in-stock notices queued for models that can be bought again. */
  restockNotices: number;
  /** Orders whose buyer was invited to review them. */
  reviewInvitations: number;
  /** Reviews published as they are, nobody having decided within their days. */
  reviewsPublished: number;
  /** Models the owner's low-stock e-mail just named. */
  lowStock: number;
  reconciled: number;
  /** Paid orders counted as the last step of the audience's path (decision 047). */
  audiencePaid: number;
  emails: DeliveryReport;
  /** Incidents the owner was just told of (checkout failing, e-mails failing), opened or over. */
  incidents: Partial<Record<IncidentKind, IncidentChange>>;
  /** The owner's announcements: queued when due, sent at their rate after the shop's own e-mails. */
  announcements: AnnouncementReport;
}

export interface WorkerJobs {
  gateway: PaymentGateway;
  mail: MailSetup;
  /** The shop's secret: signs the unsubscribe link of each back-in-stock notice, and review links. */
  linkSecret: string;
  /** How long a round may send announcements (ANNOUNCEMENT_ROUND_MS by default). */
  announcementBudgetMs?: number;
  /** Days after shipping before a buyer is invited to review her order (REVIEW_INVITATION_DAYS). */
  reviewInvitationDays: number;
}

/** One round of the worker's jobs. */
export async function runJobs(
  db: Kysely<Database>,
  jobs: WorkerJobs,
  now = new Date(),
): Promise<RoundReport> {
  try {
    const expired = await expireHolds(db, now);
    // After the holds: a released hold may be what brings a sold-out model back.
    const restockNotices = await notifyRestockedWaitlists(db, jobs.linkSecret, now);
    const reviewInvitations = await inviteReviewers(db, {
      secret: jobs.linkSecret,
      afterDays: jobs.reviewInvitationDays,
      now,
    });
    const reviewsPublished = await publishOverdueReviews(db, now);
    // The sales and holds of the round may have taken a model below the owner's threshold.
    const lowStock = await notifyLowStock(db, now);
    // Mail before reconciliation: an outage at the payment provider must not hold up e-mails.
    const delivery = await deliveryAsSeller(db, jobs.mail);
    const emails = await deliverDueEmails(db, delivery, now);
    // What the round's sends show of e-mails, and the payments so far of checkout (decision 044);
    // before reconciliation too, for the same reason.
    const incidents = await reviewShopIncidents(db, now);
    const reconciled = await reconcilePayments(db, jobs.gateway, now);
    // After reconciliation: a payment it applied is counted in the same round.
    const audiencePaid = await settleAudienceOrders(db, now);
    // Last: the owner's announcements, the outbox drained again before each of their messages.
    const announcements = await deliverAnnouncements(db, delivery, {
      secret: jobs.linkSecret,
      budgetMs: jobs.announcementBudgetMs,
    });
    return {
      expired,
      restockNotices,
      reviewInvitations,
      reviewsPublished,
      lowStock,
      reconciled,
      audiencePaid,
      emails,
      incidents,
      announcements,
    };
  } finally {
    // The round's sign of life for the web server's watch and the metrics, even after a failed
    // step (the payment provider down): the loop turns, like the liveness probe's file says.
    await recordHeartbeat(db, "worker").catch(() => {});
  }
}
