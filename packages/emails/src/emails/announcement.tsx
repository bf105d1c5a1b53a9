/**
 * The owner's announcement of a series to her lists (decision 041): her title, subtitle and words
 * in the reader's language, the series' pieces with their cover and price, when it opens and,
 * while the head start is still to come, the reader's own early-access link. Marketing mail: the
 * one-click unsubscribe link is in the body as in the List-Unsubscribe header.
 */

import { Img } from "@react-email/components";
import { formatMoney, formatShopDateTime } from "@souls/core/format";
import { fill } from "@souls/core/placeholders";
import { ButtonLink, Paragraph, SectionTitle, Sentence, TextLink, Title } from "../components/blocks";
import { EmailLayout } from "../components/email-layout";
import { styles } from "../components/theme";
import { copyFor } from "../copy";
import { absoluteUrl, earlyAccessUrl, shopUrl, unsubscribeUrl } from "../links";
import type { TemplateProps } from "../template-props";

export function Announcement({ payload, locale, context }: TemplateProps<"announcement">) {
  const t = copyFor(locale).announcement;
  const paragraphs = payload.body
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  const home = shopUrl(context.siteUrl, "home", locale);
  return (
    <EmailLayout
      locale={locale}
      context={context}
      preview={payload.subtitle || payload.title}
      title={payload.subject}
    >
      <Title>{payload.title}</Title>
      {payload.subtitle ? <Paragraph>{payload.subtitle}</Paragraph> : null}
      {payload.unsubscribeToken === null ? <Paragraph small>{t.testNotice}</Paragraph> : null}
      {paragraphs.map((paragraph) => (
        <Paragraph key={paragraph}>{paragraph}</Paragraph>
      ))}
      {payload.opensAt ? (
        <Paragraph>{fill(t.opensAt, { date: formatShopDateTime(payload.opensAt, locale) })}</Paragraph>
      ) : null}
      {payload.earlyAccessToken && payload.earlyAccessAt ? (
        <>
          <SectionTitle>{t.earlyHeading}</SectionTitle>
          <Paragraph>
            {fill(t.earlyIntro, { date: formatShopDateTime(payload.earlyAccessAt, locale) })}
          </Paragraph>
          <ButtonLink href={earlyAccessUrl(context.siteUrl, locale, payload.earlyAccessToken)}>
            {t.earlyButton}
          </ButtonLink>
          <Paragraph small>{t.earlyPersonal}</Paragraph>
        </>
      ) : null}
      {payload.models.length > 0 ? (
        <>
          <SectionTitle>{t.models}</SectionTitle>
          <table role="presentation" style={styles.table}>
            <tbody>
              {payload.models.map((model) => {
                const href = model.productPath ? absoluteUrl(context.siteUrl, model.productPath) : home;
                return (
                  <tr key={model.name}>
                    <td style={{ ...styles.td, width: "96px" }}>
                      {model.photoPath ? (
                        <Img
                          src={absoluteUrl(context.siteUrl, model.photoPath)}
                          alt={fill(t.pieceAlt, { name: model.name })}
                          width="80"
                          height="100"
                          style={{ display: "block", objectFit: "cover" }}
                        />
                      ) : null}
                    </td>
                    <td style={styles.td}>
                      <TextLink href={href}>{model.name}</TextLink>
                      <br />
                      {fill(t.price, {
                        price: formatMoney(model.priceCents, payload.currency, locale),
                      })}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </>
      ) : null}
      <ButtonLink href={home}>{t.button}</ButtonLink>
      <Paragraph small>{fill(t.why, { brand: context.seller.brand })}</Paragraph>
      <Paragraph small>
        <Sentence
          template={t.unsubscribe}
          values={{
            link: (
              <TextLink
                href={
                  payload.unsubscribeToken === null
                    ? shopUrl(context.siteUrl, "unsubscribe", locale)
                    : unsubscribeUrl(context.siteUrl, locale, payload.unsubscribeToken)
                }
              >
                {t.unsubscribeLink}
              </TextLink>
            ),
          }}
        />
      </Paragraph>
    </EmailLayout>
  );
}
