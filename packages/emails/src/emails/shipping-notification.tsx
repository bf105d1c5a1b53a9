/**
 * Sent when the owner marks the order as shipped. It links to the carrier's page and to the shop's
 * tracking page without the secret token: a forwarded shipping e-mail must not open the order.
 */

import { formatDate } from "@souls/core/format";
import { fill } from "@souls/core/placeholders";
import { ButtonLink, Facts, Paragraph, SectionTitle, Sentence, TextLink, Title } from "../components/blocks";
import { EmailLayout } from "../components/email-layout";
import { copyFor } from "../copy";
import { trackingUrl } from "../links";
import { sampleContext, samplePayloads } from "../samples";
import type { TemplateProps } from "../template-props";

export function ShippingNotification({ payload, locale, context }: TemplateProps<"shipping_notification">) {
  const copy = copyFor(locale);
  const t = copy.shippingNotification;
  const carrier = copy.carriers[payload.carrier];
  const trackingPage = trackingUrl(context.siteUrl, locale);
  return (
    <EmailLayout
      locale={locale}
      context={context}
      preview={fill(t.preview, {
        orderNumber: payload.orderNumber,
        carrier,
        trackingNumber: payload.trackingNumber,
      })}
    >
      <Title>{t.heading}</Title>
      <Paragraph>{fill(copy.layout.greeting, { name: payload.customerName })}</Paragraph>
      <Paragraph>{fill(t.intro, { orderNumber: payload.orderNumber })}</Paragraph>

      <SectionTitle>{t.detailsHeading}</SectionTitle>
      <Facts
        rows={[
          { label: t.carrierLabel, value: carrier },
          { label: t.trackingNumberLabel, value: payload.trackingNumber },
          { label: t.shippedAtLabel, value: formatDate(payload.shippedAt, locale) },
        ]}
      />
      <ButtonLink href={payload.carrierUrl}>{fill(t.carrierButton, { carrier })}</ButtonLink>
      {/* The plain text already spells the button's address out. */}
      <Paragraph small htmlOnly>
        <Sentence template={t.carrierFallback} values={{ link: <TextLink href={payload.carrierUrl} /> }} />
      </Paragraph>
      <Paragraph>
        <Sentence template={t.shopTracking} values={{ link: <TextLink href={trackingPage} /> }} />
      </Paragraph>
    </EmailLayout>
  );
}

ShippingNotification.PreviewProps = {
  payload: samplePayloads.shipping_notification,
  locale: "fr",
  context: sampleContext,
} satisfies TemplateProps<"shipping_notification">;

export default ShippingNotification;
