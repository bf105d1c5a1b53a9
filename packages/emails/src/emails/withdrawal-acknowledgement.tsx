/**
 * Acknowledges a withdrawal "without delay, on a durable medium" (L221-21), with the moment it was
 * received, then says plainly what happens next: the return, the refund and when it may wait.
 */

import { formatDateTime, formatMoney } from "@souls/core/format";
import { fill } from "@souls/core/placeholders";
import { Paragraph, SectionTitle, Title } from "../components/blocks";
import { EmailLayout } from "../components/email-layout";
import { OrderSummary } from "../components/order-summary";
import { OrderTrackingLink } from "../components/order-tracking";
import { copyFor } from "../copy";
import type { TemplateProps } from "../template-props";

export function WithdrawalAcknowledgement({
  payload,
  locale,
  context,
}: TemplateProps<"withdrawal_acknowledgement">) {
  const copy = copyFor(locale);
  const t = copy.withdrawalAcknowledgement;
  const { seller } = context;
  return (
    <EmailLayout
      locale={locale}
      context={context}
      preview={fill(t.preview, { orderNumber: payload.orderNumber })}
    >
      <Title>{t.heading}</Title>
      <Paragraph>{fill(copy.layout.greeting, { name: payload.customerName })}</Paragraph>
      <Paragraph>
        {fill(t.received, {
          dateTime: formatDateTime(payload.receivedAt, locale),
          orderNumber: payload.orderNumber,
        })}
      </Paragraph>

      <SectionTitle>{t.summaryHeading}</SectionTitle>
      <Paragraph>{fill(copy.order.number, { orderNumber: payload.orderNumber })}</Paragraph>
      <OrderSummary order={payload} locale={locale} siteUrl={context.siteUrl} />

      <SectionTitle>{t.nextHeading}</SectionTitle>
      <Paragraph>
        {seller.address
          ? fill(t.returnStep, { companyName: seller.companyName, address: seller.address })
          : t.returnStepNoAddress}
      </Paragraph>
      <Paragraph>
        {fill(t.refundStep, { total: formatMoney(payload.totalCents, payload.currency, locale) })}
      </Paragraph>
      <Paragraph>{t.holdStep}</Paragraph>
      <OrderTrackingLink siteUrl={context.siteUrl} locale={locale} trackingToken={payload.trackingToken} />
    </EmailLayout>
  );
}
