/**
 * Sent when the last piece sold while this shopper's payment was still being confirmed: the order
 * cannot be fulfilled, so the payment was refunded in full. An apology first, then the facts.
 */

import { formatMoney } from "@souls/core/format";
import { fill } from "@souls/core/placeholders";
import { ButtonLink, Paragraph, SectionTitle, Title } from "../components/blocks";
import { EmailLayout } from "../components/email-layout";
import { OrderSummary } from "../components/order-summary";
import { OrderTrackingLink } from "../components/order-tracking";
import { copyFor } from "../copy";
import { shopUrl } from "../links";
import type { TemplateProps } from "../template-props";

export function OrderRefundedSoldOut({ payload, locale, context }: TemplateProps<"order_refunded_sold_out">) {
  const copy = copyFor(locale);
  const t = copy.orderRefundedSoldOut;
  return (
    <EmailLayout
      locale={locale}
      context={context}
      preview={fill(t.preview, { orderNumber: payload.orderNumber })}
    >
      <Title>{t.heading}</Title>
      <Paragraph>{fill(copy.layout.greeting, { name: payload.customerName })}</Paragraph>
      <Paragraph>
        {fill(t.soldOut, { brand: context.seller.brand, orderNumber: payload.orderNumber })}
      </Paragraph>
      <Paragraph>
        {fill(t.refund, { total: formatMoney(payload.totalCents, payload.currency, locale) })}
      </Paragraph>

      <SectionTitle>{t.summaryHeading}</SectionTitle>
      <Paragraph>{fill(copy.order.number, { orderNumber: payload.orderNumber })}</Paragraph>
      <OrderSummary order={payload} locale={locale} siteUrl={context.siteUrl} totalLabel={t.refundedLabel} />
      <OrderTrackingLink siteUrl={context.siteUrl} locale={locale} trackingToken={payload.trackingToken} />

      <Paragraph>{t.shopInvite}</Paragraph>
      <ButtonLink href={shopUrl(context.siteUrl, "home", locale)}>{t.shopButton}</ButtonLink>
    </EmailLayout>
  );
}
