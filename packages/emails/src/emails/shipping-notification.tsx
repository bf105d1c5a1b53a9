/**
 * Sent when the owner marks the order as shipped. It links to the carrier's page and, like every
 * e-mail about an order, to the order on the shop's tracking page with a token of its own
 * (decision 029: she should not have to find the first e-mail to follow her parcel).
 */

import { formatDate } from "@souls/core/format";
import { fill } from "@souls/core/placeholders";
import { ButtonLink, Facts, Paragraph, SectionTitle, Sentence, TextLink, Title } from "../components/blocks";
import { EmailLayout } from "../components/email-layout";
import { OrderTrackingLink } from "../components/order-tracking";
import { copyFor } from "../copy";
import type { TemplateProps } from "../template-props";

export function ShippingNotification({ payload, locale, context }: TemplateProps<"shipping_notification">) {
  const copy = copyFor(locale);
  const t = copy.shippingNotification;
  const carrier = payload.carrierName;
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
      <OrderTrackingLink siteUrl={context.siteUrl} locale={locale} trackingToken={payload.trackingToken} />
    </EmailLayout>
  );
}
