/**
 * Sent when the owner refunds all or part of an order: why (cancellation, withdrawal, return or a
 * goodwill gesture), how much, which lines if the refund covers lines, and when the money shows.
 */

import { formatDate, formatMoney } from "@souls/core/format";
import { fill } from "@souls/core/placeholders";
import { Facts, Paragraph, SectionTitle, Title } from "../components/blocks";
import { EmailLayout } from "../components/email-layout";
import { OrderLines } from "../components/order-summary";
import { OrderTrackingLink } from "../components/order-tracking";
import { copyFor } from "../copy";
import type { TemplateProps } from "../template-props";

export function OrderRefund({ payload, locale, context }: TemplateProps<"order_refund">) {
  const copy = copyFor(locale);
  const t = copy.orderRefund;
  const { orderNumber } = payload;
  const amount = formatMoney(payload.amountCents, payload.currency, locale);
  return (
    <EmailLayout locale={locale} context={context} preview={fill(t.preview, { amount, orderNumber })}>
      <Title>{t.heading}</Title>
      <Paragraph>{fill(copy.layout.greeting, { name: payload.customerName })}</Paragraph>
      <Paragraph>{fill(t.reasons[payload.reason], { orderNumber })}</Paragraph>
      <Facts
        rows={[
          { label: t.amountLabel, value: <strong>{amount}</strong> },
          { label: t.dateLabel, value: formatDate(payload.refundedAt, locale) },
        ]}
      />
      {/* An amount refunded without lines (a goodwill gesture, say) has no lines to show. */}
      {payload.items.length > 0 && (
        <>
          <SectionTitle>{t.itemsHeading}</SectionTitle>
          <OrderLines
            items={payload.items}
            currency={payload.currency}
            locale={locale}
            siteUrl={context.siteUrl}
          />
        </>
      )}
      <Paragraph>{payload.fullyRefunded ? t.fullyRefunded : t.partlyRefunded}</Paragraph>
      <Paragraph>{t.card}</Paragraph>
      <OrderTrackingLink siteUrl={context.siteUrl} locale={locale} trackingToken={payload.trackingToken} />
    </EmailLayout>
  );
}
