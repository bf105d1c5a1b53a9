/**
 * Double opt-in: a newsletter or waitlist address gets nothing but this e-mail until its owner
 * confirms it. Someone else may have typed the address, so the e-mail says what happens if nobody
 * clicks: nothing more is sent, and the address is deleted.
 */

import { fill } from "@souls/core/placeholders";
import { ButtonLink, Paragraph, Sentence, TextLink, Title } from "../components/blocks";
import { EmailLayout } from "../components/email-layout";
import { copyFor } from "../copy";
import { signupConfirmUrl } from "../links";
import type { TemplateProps } from "../template-props";

export function SignupConfirmation({ payload, locale, context }: TemplateProps<"signup_confirmation">) {
  const copy = copyFor(locale);
  const t = copy.signupConfirmation;
  const brand = context.seller.brand;
  // Only a waitlist names a product; a waitlist sentence without one throws rather than leave a hole.
  const values: Record<string, string> =
    payload.productName === null ? { brand } : { brand, productName: payload.productName };
  const confirmUrl = signupConfirmUrl(context.siteUrl, locale, payload.token);
  return (
    <EmailLayout locale={locale} context={context} preview={fill(t.preview[payload.list], values)}>
      <Title>{t.heading}</Title>
      <Paragraph>{copy.layout.greetingWithoutName}</Paragraph>
      <Paragraph>{fill(t.request[payload.list], values)}</Paragraph>
      <Paragraph>{t.confirm}</Paragraph>
      <ButtonLink href={confirmUrl}>{t.button}</ButtonLink>
      {/* The plain text already spells the button's address out. */}
      <Paragraph small htmlOnly>
        <Sentence template={t.fallback} values={{ link: <TextLink href={confirmUrl} /> }} />
      </Paragraph>
      <Paragraph small>{t.notYou}</Paragraph>
    </EmailLayout>
  );
}
