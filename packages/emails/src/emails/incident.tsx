/**
 * To the owner, who has no pager (decision 044): something went wrong in the shop — checkout keeps
 * failing, e-mails do not leave, the worker stopped — once when it began, once when it is over.
 */

import { formatDateTime } from "@souls/core/format";
import { fill } from "@souls/core/placeholders";
import { ButtonLink, Paragraph, Title } from "../components/blocks";
import { EmailLayout } from "../components/email-layout";
import { copyFor } from "../copy";
import { ADMIN_EMAIL_LINKS, absoluteUrl } from "../links";
import type { TemplateProps } from "../template-props";

export function Incident({ payload, locale, context }: TemplateProps<"incident">) {
  const t = copyFor(locale).incident;
  const headline = t[payload.state][payload.kind];
  const since = formatDateTime(payload.openedAt, locale);
  const until = payload.closedAt ? formatDateTime(payload.closedAt, locale) : since;
  const text =
    payload.state === "open"
      ? fill(t.explain[payload.kind], { since })
      : fill(t.overExplain, { since, until });
  return (
    <EmailLayout locale={locale} context={context} toOwner preview={text}>
      <Title>{headline}</Title>
      <Paragraph>{text}</Paragraph>
      <ButtonLink href={absoluteUrl(context.siteUrl, ADMIN_EMAIL_LINKS.orders)}>{t.button}</ButtonLink>
      <Paragraph small>{t.once}</Paragraph>
    </EmailLayout>
  );
}
