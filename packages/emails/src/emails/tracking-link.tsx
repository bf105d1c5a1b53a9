/**
 * Sent when someone asks, on the tracking page, for the link of an order by its number and
 * e-mail address: the order's link, to the order's own address. She may not have asked (anyone
 * can type a number and an address): the message says so, and that nothing changed.
 */
import { fill } from "@souls/core/placeholders";
import { ButtonLink, Paragraph, Sentence, TextLink, Title } from "../components/blocks";
import { EmailLayout } from "../components/email-layout";
import { copyFor } from "../copy";
import { trackingUrl } from "../links";
import type { TemplateProps } from "../template-props";

export function TrackingLink({ payload, locale, context }: TemplateProps<"tracking_link">) {
  const copy = copyFor(locale);
  const t = copy.trackingLink;
  const tracking = trackingUrl(context.siteUrl, locale, payload.trackingToken);
  return (
    <EmailLayout
      locale={locale}
      context={context}
      preview={fill(t.preview, { orderNumber: payload.orderNumber })}
    >
      <Title>{t.heading}</Title>
      <Paragraph>{fill(copy.layout.greeting, { name: payload.customerName })}</Paragraph>
      <Paragraph>{fill(t.intro, { orderNumber: payload.orderNumber })}</Paragraph>
      <ButtonLink href={tracking}>{t.button}</ButtonLink>
      {/* The plain text already spells the button's address out. */}
      <Paragraph small htmlOnly>
        <Sentence template={t.fallback} values={{ link: <TextLink href={tracking} /> }} />
      </Paragraph>
      <Paragraph>{t.validity}</Paragraph>
      <Paragraph>{t.notYou}</Paragraph>
    </EmailLayout>
  );
}
