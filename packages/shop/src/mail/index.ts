/**
 * `@souls/shop/mail`: how a queued e-mail leaves — rendered, sent through SMTP or written to the
 * local mailbox, its outcome given back to the outbox. The worker delivers the queue with it; the
 * web server, the owner's « worker stopped » e-mail while the worker is down (decision 057).
 */
export {
  type DeliveryReport,
  deliverDueEmails,
  deliverEmail,
  deliveryAsSeller,
  type EmailDelivery,
  HAND_BACK_AFTER_MS,
  type MailSetup,
  messageIdFor,
  type RenderEmail,
} from "./delivery";
export {
  createMailTransport,
  type MailTransport,
  mailboxTransport,
  type OutgoingEmail,
  smtpTransport,
} from "./transport";
