/**
 * The one notice promised to a shopper who asked to hear when a sold-out model returns. The
 * address was kept for this notice only, and the e-mail says so. It is marketing mail, so it
 * shows an unsubscribe link too (the same address as its List-Unsubscribe header).
 */

import { fill } from "@souls/core/placeholders";
import { ButtonLink, Paragraph, Sentence, TextLink, Title } from "../components/blocks";
import { EmailLayout } from "../components/email-layout";
import { copyFor } from "../copy";
import { absoluteUrl, shopUrl, unsubscribeUrl } from "../links";
import type { TemplateProps } from "../template-props";

export function BackInStock({ payload, locale, context }: TemplateProps<"back_in_stock">) {
  const t = copyFor(locale).backInStock;
  const productName = payload.productName;
  return (
    <EmailLayout
      locale={locale}
      context={context}
      preview={fill(t.preview, { productName, brand: context.seller.brand })}
    >
      <Title>{fill(t.heading, { productName })}</Title>
      <Paragraph>{fill(t.intro, { productName })}</Paragraph>
      <Paragraph>{t.unique}</Paragraph>
      <ButtonLink
        href={
          payload.productPath
            ? absoluteUrl(context.siteUrl, payload.productPath)
            : shopUrl(context.siteUrl, "home", locale)
        }
      >
        {fill(t.button, { productName })}
      </ButtonLink>
      <Paragraph small>{t.oneTime}</Paragraph>
      <Paragraph small>
        <Sentence
          template={t.unsubscribe}
          values={{
            link: (
              <TextLink href={unsubscribeUrl(context.siteUrl, locale, payload.unsubscribeToken)}>
                {t.unsubscribeLink}
              </TextLink>
            ),
          }}
        />
      </Paragraph>
    </EmailLayout>
  );
}
