/**
 * To the owner, once each time models fall below her threshold (« Réglages »): which ones, and the
 * pieces each has left.
 */

import { fill } from "@souls/core/placeholders";
import { ButtonLink, Paragraph, Sentence, TextLink, Title } from "../components/blocks";
import { EmailLayout } from "../components/email-layout";
import { copyFor } from "../copy";
import { ADMIN_EMAIL_LINKS, absoluteUrl } from "../links";
import type { TemplateProps } from "../template-props";

export function LowStock({ payload, locale, context }: TemplateProps<"low_stock">) {
  const t = copyFor(locale).lowStock;
  const names = payload.models.map((model) => model.name).join(", ");
  return (
    <EmailLayout
      locale={locale}
      context={context}
      toOwner
      preview={fill(t.preview, { threshold: payload.threshold, names })}
    >
      <Title>{t.heading}</Title>
      <Paragraph>{fill(t.intro, { threshold: payload.threshold })}</Paragraph>
      {payload.models.map((model) => (
        <Paragraph key={model.reference}>
          {fill(t.left, { name: model.name, reference: model.reference, n: model.stock })}
        </Paragraph>
      ))}
      <ButtonLink href={absoluteUrl(context.siteUrl, ADMIN_EMAIL_LINKS.stock)}>{t.button}</ButtonLink>
      <Paragraph small>{t.once}</Paragraph>
      <Paragraph small>
        <Sentence
          template={t.settings}
          values={{ link: <TextLink href={absoluteUrl(context.siteUrl, ADMIN_EMAIL_LINKS.settings)} /> }}
        />
      </Paragraph>
    </EmailLayout>
  );
}
