/**
 * The frame of every e-mail: the SOULS wordmark, a linen panel for the message, the sign-off and
 * a footer naming the seller (who is writing, where to reach them, the shop's address).
 */
import { Body, Container, Head, Html, Preview, Section, Text } from "@react-email/components";
import type { Locale } from "@souls/core/locales";
import { fill } from "@souls/core/placeholders";
import type { ReactNode } from "react";
import { copyFor } from "../copy";
import { shopUrl } from "../links";
import type { EmailContext } from "../messages";
import { MailLink, Paragraph, Sentence, TextLink } from "./blocks";
import { styles } from "./theme";

interface EmailLayoutProps {
  locale: Locale;
  context: EmailContext;
  /** The line mail clients show after the subject in the inbox. */
  preview: string;
  /** The document's title (a webmail's tab, a screen reader opening the message as a page). */
  title?: string;
  /** An e-mail to the owner herself: no invitation to write to the shop, no sign-off. */
  toOwner?: boolean;
  children: ReactNode;
}

export function EmailLayout({
  locale,
  context,
  preview,
  title,
  toOwner = false,
  children,
}: EmailLayoutProps) {
  const { layout } = copyFor(locale);
  const { seller } = context;
  const home = shopUrl(context.siteUrl, "home", locale);
  return (
    <Html lang={locale} dir="ltr">
      <Head>
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
        {title ? <title>{title}</title> : null}
      </Head>
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Section style={styles.header}>
            <Text style={styles.wordmark}>{seller.brand}</Text>
            <Text style={styles.tagline}>{layout.tagline}</Text>
          </Section>
          <Section style={styles.panel}>
            {children}
            {toOwner ? null : (
              <>
                {seller.email ? (
                  <Paragraph>
                    <Sentence
                      template={layout.questions}
                      values={{ email: <MailLink address={seller.email} /> }}
                    />
                  </Paragraph>
                ) : null}
                <Paragraph>
                  {layout.signOff}
                  <br />
                  {fill(layout.signature, { brand: seller.brand })}
                </Paragraph>
              </>
            )}
          </Section>
          <Section style={styles.footer}>
            <Text style={styles.footerText}>
              {seller.address
                ? fill(layout.footerSeller, { companyName: seller.companyName, address: seller.address })
                : seller.companyName}
            </Text>
            {seller.email ? (
              <Text style={styles.footerText}>
                <Sentence
                  template={layout.footerContact}
                  values={{ email: <MailLink address={seller.email} /> }}
                />
              </Text>
            ) : null}
            <Text style={styles.footerText}>
              <Sentence template={layout.footerSite} values={{ siteLink: <TextLink href={home} /> }} />
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
