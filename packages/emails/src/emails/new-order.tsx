/**
 * To the owner, for each paid order (when she keeps it switched on in « Réglages »): who paid,
 * what to prepare with its photos, where it goes, and the button that opens the order in her panel.
 */

import { countryName, formatDateTime, formatMoney } from "@souls/core/format";
import { fill } from "@souls/core/placeholders";
import { ButtonLink, Paragraph, SectionTitle, Sentence, TextLink, Title } from "../components/blocks";
import { EmailLayout } from "../components/email-layout";
import { OrderSummary } from "../components/order-summary";
import { copyFor } from "../copy";
import { ADMIN_EMAIL_LINKS, absoluteUrl, adminOrderUrl } from "../links";
import type { TemplateProps } from "../template-props";

export function NewOrder({ payload, locale, context }: TemplateProps<"new_order">) {
  const copy = copyFor(locale);
  const t = copy.newOrder;
  const total = formatMoney(payload.totalCents, payload.currency, locale);
  const items = payload.items.map((item) => `${item.quantity} × ${item.name}`).join(", ");
  const to = payload.destination;
  return (
    <EmailLayout
      locale={locale}
      context={context}
      toOwner
      preview={fill(t.preview, { customerName: payload.customerName, total, items })}
    >
      <Title>{fill(t.heading, { orderNumber: payload.orderNumber })}</Title>
      <Paragraph>
        {fill(t.intro, {
          customerName: payload.customerName,
          date: formatDateTime(payload.paidAt, locale),
        })}
      </Paragraph>
      {payload.test ? <Paragraph>{t.test}</Paragraph> : null}
      <ButtonLink href={adminOrderUrl(context.siteUrl, payload.orderNumber)}>{t.button}</ButtonLink>

      <SectionTitle>{t.linesHeading}</SectionTitle>
      <OrderSummary order={payload} locale={locale} siteUrl={context.siteUrl} />

      <SectionTitle>{t.destinationHeading}</SectionTitle>
      <Paragraph>
        {fill(t.destination, {
          postalCode: to.postalCode,
          city: to.city,
          country: countryName(to.country, locale),
        })}
      </Paragraph>
      {payload.deliveryInstructions ? (
        <Paragraph>{fill(t.instructions, { instructions: payload.deliveryInstructions })}</Paragraph>
      ) : null}
      {payload.customerNote ? <Paragraph>{fill(t.note, { note: payload.customerNote })}</Paragraph> : null}
      <Paragraph small>
        <Sentence
          template={t.settings}
          values={{ link: <TextLink href={absoluteUrl(context.siteUrl, ADMIN_EMAIL_LINKS.settings)} /> }}
        />
      </Paragraph>
    </EmailLayout>
  );
}
