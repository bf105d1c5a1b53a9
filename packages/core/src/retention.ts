/**
 * How long the shop keeps personal data (spec §9, the privacy policy), in one place
 * (docs/decisions/007-production.md). The worker applies every period hourly; the owner's
 * clean-up button applies the e-mail queue's at once (both through @souls/shop's retention).
 */
export const RETENTION = {
  /** Sent and failed e-mails; spec §9: messages older than 2 years may be deleted. */
  emailQueueMonths: 24,
  /** Tracking look-ups, e-mail queue views and login attempts: audit logs, like browsing data. */
  accessLogMonths: 13,
  /** Unpaid orders (abandoned, declined, expired): the customer's details are erased after this. */
  unpaidOrderDays: 30,
  /** Sign-ups whose address never confirmed (double opt-in): deleted after this. */
  unconfirmedSignupDays: 7,
  /** Sign-up attempts (a client's keyed hash and a time): the hourly allowance reads the last hour. */
  signupAttemptHours: 24,
  /**
   * Find-my-order requests (a client's keyed hash, a time, the order a link was sent for): the
   * allowances read the last hour per client and the last day per order.
   */
  trackingLinkRequestHours: 24,
  /** A tracking link that ran out is kept this long, so its page says it expired, then deleted. */
  expiredTrackingLinkDays: 30,
  /** A published review is shown and kept this long after its publication, then deleted with its reply. */
  publishedReviewYears: 3,
  /** A refused or withdrawn review is kept this long (the buyer may ask why), then deleted. */
  rejectedReviewMonths: 6,
  /** The record that an order's buyer was invited (so she is invited once); its link works far less. */
  reviewInvitationMonths: 12,
  /** A buyer's "no more review invitations", kept this long after she asked, to honour it. */
  reviewOptOutYears: 3,
} as const;
