/** The building blocks of an e-mail body, styled once so every template looks the same. */
import { Button, Heading, Link, Section, Text } from "@react-email/components";
import { placeholderParts } from "@souls/core/placeholders";
import { createElement, Fragment, type ReactNode } from "react";
import { styles } from "./theme";

export function Title({ children }: { children: ReactNode }) {
  return (
    <Heading as="h1" style={styles.h1}>
      {children}
    </Heading>
  );
}

export function SectionTitle({ children }: { children: ReactNode }) {
  return (
    <Heading as="h2" style={styles.h2}>
      {children}
    </Heading>
  );
}

interface ParagraphProps {
  children: ReactNode;
  small?: boolean;
  /** Left out of the plain-text version, e.g. a link that the text already spells out. */
  htmlOnly?: boolean;
}

export function Paragraph({ children, small = false, htmlOnly = false }: ParagraphProps) {
  return (
    <Text style={small ? styles.small : styles.paragraph} data-skip-in-text={htmlOnly || undefined}>
      {children}
    </Text>
  );
}

/** A link written out in full when no label is given, so it can be copied from any client. */
export function TextLink({ href, children }: { href: string; children?: ReactNode }) {
  return (
    <Link href={href} style={styles.link}>
      {children ?? href}
    </Link>
  );
}

export function MailLink({ address }: { address: string }) {
  return <TextLink href={`mailto:${address}`}>{address}</TextLink>;
}

export function ButtonLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={styles.buttonRow}>
      <Button href={href} style={styles.button}>
        {children}
      </Button>
    </Section>
  );
}

/**
 * A sentence from the locale files whose `{{placeholders}}` are elements (a link, a bold amount),
 * so translators keep the whole sentence and its word order.
 */
export function Sentence({
  template,
  values,
}: {
  template: string;
  values: Readonly<Record<string, ReactNode>>;
}) {
  const parts = placeholderParts(template, values).map((part, i) => (i % 2 === 1 ? values[part] : part));
  return createElement(Fragment, null, ...parts);
}

/**
 * Label/value rows. The plain-text version lays them out as aligned columns
 * (`data-text-format="dataTable"`), which reads better than one cell per line.
 */
export function Facts({ rows }: { rows: ReadonlyArray<{ label: string; value: ReactNode }> }) {
  return (
    <table role="presentation" data-text-format="dataTable" style={styles.table}>
      <tbody>
        {rows.map(({ label, value }) => (
          <tr key={label}>
            <td style={{ ...styles.td, ...styles.factLabel }}>{label}</td>
            <td style={styles.td}>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
