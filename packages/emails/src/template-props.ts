import type { Locale } from "@souls/core/locales";
import type { EmailContext, EmailPayload, EmailType } from "./messages";

/** What every template receives: the queued payload, the reader's language and the shop's details. */
export interface TemplateProps<T extends EmailType> {
  payload: EmailPayload<T>;
  locale: Locale;
  context: EmailContext;
}
