import type { Locale } from "@souls/core/locales";
import { copyFor } from "../copy";
import { trackingUrl } from "../links";
import { Paragraph, Sentence, TextLink } from "./blocks";

/**
 * The sentence every e-mail about an order ends with: its own tracking link, or — for a message
 * queued before e-mails carried one — the tracking page, where her order's number and address
 * bring the link.
 */
export function OrderTrackingLink({
  siteUrl,
  locale,
  trackingToken,
}: {
  siteUrl: string;
  locale: Locale;
  trackingToken?: string;
}) {
  const t = copyFor(locale).orderTracking;
  const link = <TextLink href={trackingUrl(siteUrl, locale, trackingToken)}>{t.linkText}</TextLink>;
  return (
    <Paragraph>
      <Sentence template={trackingToken ? t.withLink : t.withoutLink} values={{ link }} />
    </Paragraph>
  );
}
