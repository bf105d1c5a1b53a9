/**
 * Sent when the owner corrected the shipping address before the parcel left: the shopper reads
 * where it will go now, and can answer if it is still wrong.
 */

import { countryName } from "@souls/core/format";
import { fill } from "@souls/core/placeholders";
import { Paragraph, SectionTitle, Title } from "../components/blocks";
import { EmailLayout } from "../components/email-layout";
import { OrderTrackingLink } from "../components/order-tracking";
import { copyFor } from "../copy";
import type { TemplateProps } from "../template-props";

export function AddressCorrected({ payload, locale, context }: TemplateProps<"address_corrected">) {
  const copy = copyFor(locale);
  const t = copy.addressCorrected;
  const to = payload.shippingAddress;
  return (
    <EmailLayout
      locale={locale}
      context={context}
      preview={fill(t.preview, { orderNumber: payload.orderNumber })}
    >
      <Title>{t.heading}</Title>
      <Paragraph>{fill(copy.layout.greeting, { name: payload.customerName })}</Paragraph>
      <Paragraph>{fill(t.intro, { orderNumber: payload.orderNumber })}</Paragraph>
      <SectionTitle>{t.addressHeading}</SectionTitle>
      <Paragraph>
        {to.name}
        <br />
        {to.address}
        <br />
        {to.addressLine2 ? (
          <>
            {to.addressLine2}
            <br />
          </>
        ) : null}
        {to.postalCode} {to.city}
        <br />
        {countryName(to.country, locale)}
      </Paragraph>
      {payload.deliveryInstructions ? (
        <Paragraph>{fill(t.instructions, { instructions: payload.deliveryInstructions })}</Paragraph>
      ) : null}
      <Paragraph>{t.wrong}</Paragraph>
      <OrderTrackingLink siteUrl={context.siteUrl} locale={locale} trackingToken={payload.trackingToken} />
    </EmailLayout>
  );
}
