import { Form } from "@remix-run/react";
import { copy } from "@souls/api/admin-words";
import type { Locale } from "@souls/core/locales";
import { BusyButton } from "~/components/admin/busy-button";
import { wordsPagePath } from "./words-path";

/**
 * One of the words page's actions (« Publier », « Abandonner le brouillon »…): a form of its own
 * posting its `intent` for the language shown, busy while that intent is under way.
 */
export function IntentButton({
  locale,
  intent,
  label,
  className,
  busy,
}: {
  locale: Locale;
  intent: string;
  label: string;
  className: string;
  /** The intent being sent, if any. */
  busy: FormDataEntryValue | null | undefined;
}) {
  return (
    <Form method="post" action={wordsPagePath(locale)}>
      <input type="hidden" name="locale" value={locale} />
      <BusyButton
        type="submit"
        name="intent"
        value={intent}
        className={className}
        busy={busy === intent}
        busyLabel={copy.words.working}
      >
        {label}
      </BusyButton>
    </Form>
  );
}
