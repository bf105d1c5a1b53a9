/** The lines of an order with their prices, then subtotal, shipping and total, as on the invoice. */

import { Img } from "@react-email/components";
import { formatMoney } from "@souls/core/format";
import type { Locale } from "@souls/core/locales";
import { fill } from "@souls/core/placeholders";
import type { ReactNode } from "react";
import { copyFor } from "../copy";
import { absoluteUrl } from "../links";
import type { EmailPayload } from "../messages";
import { colors, styles } from "./theme";

type OrderAmounts = Pick<
  EmailPayload<"order_confirmation">,
  "items" | "subtotalCents" | "discountCents" | "shippingCents" | "totalCents" | "currency"
>;

interface OrderSummaryProps {
  order: OrderAmounts;
  locale: Locale;
  /** The shop's public origin: a line's photo is an absolute address. */
  siteUrl: string;
  /** Overrides the "Total incl. VAT" label, e.g. "Amount refunded". */
  totalLabel?: string;
}

const right = { ...styles.td, textAlign: "right", whiteSpace: "nowrap" } as const;
const center = { ...styles.td, textAlign: "center" } as const;
const ruled = { borderTop: `1px solid ${colors.line}` } as const;

export function OrderSummary({ order, locale, siteUrl, totalLabel }: OrderSummaryProps) {
  const t = copyFor(locale).order;
  const money = (cents: number) => formatMoney(cents, order.currency, locale);
  return (
    <OrderLines items={order.items} currency={order.currency} locale={locale} siteUrl={siteUrl}>
      <tr>
        <td colSpan={3} style={{ ...styles.td, ...ruled }}>
          {t.subtotal}
        </td>
        <td style={{ ...right, ...ruled }}>{money(order.subtotalCents)}</td>
      </tr>
      {order.discountCents ? (
        <tr>
          <td colSpan={3} style={styles.td}>
            {t.discount}
          </td>
          <td style={right}>−{money(order.discountCents)}</td>
        </tr>
      ) : null}
      <tr>
        <td colSpan={3} style={styles.td}>
          {t.shipping}
        </td>
        <td style={right}>{order.shippingCents === 0 ? t.freeShipping : money(order.shippingCents)}</td>
      </tr>
      <tr>
        <td colSpan={3} style={{ ...styles.td, fontWeight: "bold" }}>
          {totalLabel ?? t.total}
        </td>
        <td style={{ ...right, fontWeight: "bold" }}>{money(order.totalCents)}</td>
      </tr>
    </OrderLines>
  );
}

interface OrderLinesProps {
  items: OrderAmounts["items"];
  currency: string;
  locale: Locale;
  siteUrl: string;
  /** Rows after the lines: subtotal, shipping, total. */
  children?: ReactNode;
}

/**
 * Order lines in the invoice's columns; `children` adds rows after them (the summary's totals).
 * On its own it lists some lines without totals, e.g. the lines a refund covers.
 */
export function OrderLines({ items, currency, locale, siteUrl, children }: OrderLinesProps) {
  const t = copyFor(locale).order;
  const money = (cents: number) => formatMoney(cents, currency, locale);
  return (
    // A data table (not role=presentation): screen readers announce its headers; the plain-text
    // version lays it out in aligned columns.
    <table data-text-format="dataTable" style={styles.table}>
      <thead>
        <tr>
          <th align="left" style={{ ...styles.th, textAlign: "left" }}>
            {t.item}
          </th>
          <th align="center" style={{ ...styles.th, textAlign: "center" }}>
            {t.quantity}
          </th>
          <th align="right" style={{ ...styles.th, textAlign: "right" }}>
            {t.unitPrice}
          </th>
          <th align="right" style={{ ...styles.th, textAlign: "right" }}>
            {t.amount}
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((line) => (
          <tr key={`${line.model}-${line.name}`}>
            <td style={styles.td}>
              {line.photoPath ? (
                // The model's cover photo beside its name; its words are the name itself.
                <Img
                  src={absoluteUrl(siteUrl, line.photoPath)}
                  alt=""
                  width="48"
                  height="60"
                  style={{
                    display: "inline-block",
                    verticalAlign: "middle",
                    marginRight: "12px",
                    objectFit: "cover",
                  }}
                />
              ) : null}
              {fill(t.itemName, { name: line.name })}
            </td>
            <td style={center}>{line.quantity}</td>
            <td style={right}>{money(line.unitPriceCents)}</td>
            <td style={right}>{money(line.unitPriceCents * line.quantity)}</td>
          </tr>
        ))}
        {children}
      </tbody>
    </table>
  );
}
