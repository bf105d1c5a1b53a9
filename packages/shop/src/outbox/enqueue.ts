import type { Locale } from "@souls/core/locales";
import type { Database, Transaction } from "@souls/db";
import { type EmailMessage, emailSubject, isMarketingEmail } from "@souls/emails/messages";

export interface EmailRecipient {
  email: string;
  locale: Locale;
  /** The order the message is about, if any (a back-in-stock notice has none). */
  orderId?: number | null;
  /** About the owner's test order: its subject says so (« [TEST] »), whatever its language. */
  test?: boolean;
}

/** What a test order's e-mails begin their subject with. */
export const TEST_SUBJECT_PREFIX = "[TEST] ";

/**
 * Queues an e-mail in the same transaction as the change it tells of (transactional outbox):
 * the worker delivers it later, so a crash can never lose it nor send it for a rolled-back change.
 * Marketing mail waits behind every transactional message (priority).
 */
export async function enqueueEmail(
  trx: Transaction<Database>,
  to: EmailRecipient,
  message: Omit<EmailMessage, "locale">,
): Promise<void> {
  await trx.insertInto("emailQueue").values(emailRow(to, message)).execute();
}

/** The queue row of a message for a recipient: its subject in her language, its priority. */
export function emailRow(to: EmailRecipient, message: Omit<EmailMessage, "locale">) {
  const localized = { ...message, locale: to.locale } as EmailMessage;
  return {
    orderId: to.orderId ?? null,
    recipient: to.email,
    locale: to.locale,
    type: localized.type,
    subject: `${to.test ? TEST_SUBJECT_PREFIX : ""}${emailSubject(localized)}`,
    payload: JSON.stringify(localized.payload),
    // Transactional mail first: a thousand back-in-stock notices never hold up a confirmation.
    priority: isMarketingEmail(localized.type) ? 1 : 0,
  };
}
