/**
 * The model withdrawal form the seller must give with the order (annex to article R221-1 of the
 * Code de la consommation, Annex I(B) of directive 2011/83/EU), addressed to the seller and with
 * the order already named so the shopper only has to fill in who they are.
 */
import { Heading, Section, Text } from "@react-email/components";
import type { Locale } from "@souls/core/locales";
import { fill } from "@souls/core/placeholders";
import { copyFor } from "../copy";
import type { EmailContext, EmailPayload } from "../messages";
import { styles } from "./theme";

interface WithdrawalFormProps {
  order: Pick<EmailPayload<"order_confirmation">, "orderNumber" | "items">;
  seller: EmailContext["seller"];
  locale: Locale;
}

const BLANK = " ________________________________";
const line = { ...styles.paragraph, margin: "0 0 10px", fontSize: "14px" };

export function WithdrawalForm({ order, seller, locale }: WithdrawalFormProps) {
  const { withdrawalForm: t, order: orderCopy } = copyFor(locale);
  const items = order.items.map((item) => fill(orderCopy.itemName, { name: item.name })).join(", ");
  return (
    <Section style={styles.form}>
      <Heading as="h2" style={{ ...styles.h2, marginTop: 0 }}>
        {t.heading}
      </Heading>
      <Text style={{ ...line, fontStyle: "italic" }}>{t.instructions}</Text>
      <Text style={line}>
        {fill(t.addressee, {
          recipient: [seller.companyName, seller.address, seller.email].filter(Boolean).join(", "),
        })}
      </Text>
      <Text style={line}>{t.notice}</Text>
      <Text style={{ ...line, fontWeight: "bold" }}>
        {fill(t.order, { orderNumber: order.orderNumber, items })}
      </Text>
      {[t.orderedReceived, t.consumerName, t.consumerAddress, t.signature, t.date].map((label) => (
        <Text key={label} style={line}>
          {label}
          {BLANK}
        </Text>
      ))}
      <Text style={styles.small}>{t.footnote}</Text>
      <Text style={styles.small}>{t.source}</Text>
    </Section>
  );
}
