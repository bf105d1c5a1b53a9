/**
 * The owner refused a buyer's review, or withdrew a published one: the buyer is told which of the
 * published reasons it was (Code de la consommation D111-19), and, while she still may, how to
 * change it. Her words are quoted by their title only, as she wrote it (React escapes them).
 */

import { formatDate } from "@souls/core/format";
import { fill } from "@souls/core/placeholders";
import { REVIEW_RULES } from "@souls/core/reviews";
import { ButtonLink, Paragraph, Sentence, TextLink, Title } from "../components/blocks";
import { EmailLayout } from "../components/email-layout";
import { copyFor } from "../copy";
import { reviewUrl } from "../links";
import type { TemplateProps } from "../template-props";

export function ReviewRejected({ payload, locale, context }: TemplateProps<"review_rejected">) {
  const copy = copyFor(locale);
  const t = copy.reviewRejected;
  const kind = payload.withdrawn ? "withdrawn" : "rejected";
  const words = { productName: payload.productName, reviewTitle: payload.reviewTitle };
  const link = payload.token ? reviewUrl(context.siteUrl, locale, payload.token, payload.model) : null;
  return (
    <EmailLayout locale={locale} context={context} preview={fill(t.preview[kind], words)}>
      <Title>{t.heading[kind]}</Title>
      <Paragraph>{fill(copy.layout.greeting, { name: payload.customerName })}</Paragraph>
      <Paragraph>{fill(t.intro[kind], words)}</Paragraph>
      <Paragraph>
        <strong>{t.reasons[payload.reason]}</strong>
      </Paragraph>
      <Paragraph>{t.rule}</Paragraph>
      {link && payload.changeUntil ? (
        <>
          <Paragraph>{fill(t.change, { date: formatDate(payload.changeUntil, locale) })}</Paragraph>
          <ButtonLink href={link}>{t.button}</ButtonLink>
          <Paragraph small htmlOnly>
            <Sentence template={t.fallback} values={{ link: <TextLink href={link} /> }} />
          </Paragraph>
        </>
      ) : (
        <Paragraph>{fill(t.changeOver, { changeDays: REVIEW_RULES.changeDays })}</Paragraph>
      )}
    </EmailLayout>
  );
}
