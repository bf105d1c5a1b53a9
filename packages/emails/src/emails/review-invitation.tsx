/**
 * Sent once per order, a set number of days after it was shipped: the buyer is invited to review
 * each model she kept, through a link bound to her order. It is marketing mail: it shows a link
 * that stops these invitations (the same address as its List-Unsubscribe header).
 */

import { Img, Section } from "@react-email/components";
import { formatDate } from "@souls/core/format";
import { fill } from "@souls/core/placeholders";
import { REVIEW_RULES } from "@souls/core/reviews";
import { ButtonLink, Paragraph, Sentence, TextLink, Title } from "../components/blocks";
import { EmailLayout } from "../components/email-layout";
import { copyFor } from "../copy";
import { absoluteUrl, reviewOptOutUrl, reviewUrl } from "../links";
import type { TemplateProps } from "../template-props";

export function ReviewInvitation({ payload, locale, context }: TemplateProps<"review_invitation">) {
  const copy = copyFor(locale);
  const t = copy.reviewInvitation;
  const link = (model?: string) => reviewUrl(context.siteUrl, locale, payload.token, model);
  return (
    <EmailLayout
      locale={locale}
      context={context}
      preview={fill(t.preview, { orderNumber: payload.orderNumber })}
    >
      <Title>{t.heading}</Title>
      <Paragraph>{fill(copy.layout.greeting, { name: payload.customerName })}</Paragraph>
      <Paragraph>{fill(t.intro, { orderNumber: payload.orderNumber })}</Paragraph>
      {payload.items.map((item) => (
        <Section key={item.model}>
          {item.photoPath ? (
            // The model's cover; its words are the button's, which names it.
            <Img
              src={absoluteUrl(context.siteUrl, item.photoPath)}
              alt=""
              width="96"
              height="120"
              style={{ display: "block", margin: "8px auto 0", objectFit: "cover" }}
            />
          ) : null}
          <ButtonLink href={link(item.model)}>{fill(t.itemButton, { productName: item.name })}</ButtonLink>
        </Section>
      ))}
      <Paragraph>
        {fill(t.linkNote, {
          date: formatDate(payload.writeUntil, locale),
          changeDays: REVIEW_RULES.changeDays,
        })}
      </Paragraph>
      <Paragraph>{t.rules}</Paragraph>
      {/* The plain text already spells each button's address out. */}
      <Paragraph small htmlOnly>
        <Sentence template={t.fallback} values={{ link: <TextLink href={link()} /> }} />
      </Paragraph>
      <Paragraph small>{t.once}</Paragraph>
      <Paragraph small>
        <Sentence
          template={t.unsubscribe}
          values={{
            link: (
              <TextLink href={reviewOptOutUrl(context.siteUrl, locale, payload.unsubscribeToken)}>
                {t.unsubscribeLink}
              </TextLink>
            ),
          }}
        />
      </Paragraph>
    </EmailLayout>
  );
}
