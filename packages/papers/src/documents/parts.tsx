/** The pieces every paper shares: its frame, the seller, an address, the lines and their totals. */
import { Page, StyleSheet, Text, View } from "@react-pdf/renderer";
import { countryName, formatMoney, numberFormat } from "@souls/core/format";
import { isLegalForm, nameOfSeller } from "@souls/core/legal-forms";
import type { Locale } from "@souls/core/locales";
import { fill } from "@souls/core/placeholders";
import type { ReactNode } from "react";
import { PAPER_FONT } from "../fonts";
import type { PaperAddress, PaperLine, PaperSeller } from "../papers";
import { wordsFor } from "../words";

const INK = "#2b2622";
const MUTED = "#6f655c";
const LINE = "#d9cfc2";
const ACCENT = "#8a3b12";

export const styles = StyleSheet.create({
  page: {
    fontFamily: PAPER_FONT,
    fontSize: 9.5,
    color: INK,
    paddingTop: 40,
    paddingBottom: 64,
    paddingHorizontal: 44,
  },
  header: { flexDirection: "row", justifyContent: "space-between", marginBottom: 28 },
  brand: { fontSize: 20, fontWeight: 700, letterSpacing: 4 },
  muted: { color: MUTED },
  title: { fontSize: 15, fontWeight: 700, color: ACCENT, marginBottom: 4 },
  parties: { flexDirection: "row", justifyContent: "space-between", marginBottom: 22 },
  party: { width: "46%" },
  partyLabel: { fontSize: 8, color: MUTED, textTransform: "uppercase", letterSpacing: 1, marginBottom: 3 },
  bold: { fontWeight: 700 },
  table: { borderTopWidth: 1, borderTopColor: INK, marginBottom: 12 },
  row: { flexDirection: "row", borderBottomWidth: 0.5, borderBottomColor: LINE, paddingVertical: 5 },
  head: { fontSize: 8, color: MUTED },
  cellName: { flexGrow: 1, flexBasis: 0, paddingRight: 6 },
  cellRef: { width: 62 },
  cellQty: { width: 32, textAlign: "right" },
  cellMoney: { width: 86, paddingLeft: 6, textAlign: "right" },
  cellRate: { width: 44, textAlign: "right" },
  cellCheck: { width: 44, textAlign: "center" },
  totals: { alignSelf: "flex-end", width: 230, marginBottom: 18 },
  totalRow: { flexDirection: "row", justifyContent: "space-between", paddingVertical: 2 },
  grandTotal: {
    borderTopWidth: 1,
    borderTopColor: INK,
    marginTop: 3,
    paddingTop: 4,
    fontWeight: 700,
    fontSize: 11,
  },
  notice: { marginBottom: 6 },
  banner: { borderWidth: 1, borderColor: ACCENT, color: ACCENT, padding: 6, marginBottom: 16 },
  footer: {
    position: "absolute",
    left: 44,
    right: 44,
    bottom: 26,
    fontSize: 7.5,
    color: MUTED,
    textAlign: "center",
  },
});

export const money = (cents: number, currency: string, locale: Locale) =>
  formatMoney(cents, currency, locale);

/** A VAT rate as its reader writes it: « 20 % », « 19 % », "25.5%". */
export const rateOf = (basisPoints: number, locale: Locale) =>
  numberFormat(locale, { style: "percent", maximumFractionDigits: 2 }).format(basisPoints / 10_000);

const present = (...parts: (string | null | undefined)[]) =>
  parts.filter((part): part is string => Boolean(part));

/** « 8 rue de Charonne, 75011 Paris, France »: the seller's postal address in one line. */
export function sellerAddressLine(seller: PaperSeller, locale: Locale): string {
  return present(
    seller.street,
    present(seller.postalCode, seller.city).join(" ") || null,
    seller.country ? countryName(seller.country, locale) : null,
  ).join(", ");
}

/**
 * The seller's name as the paper writes it: an individual entrepreneur's followed by « EI »
 * (Code de commerce L526-22); the brand while no name is filled in.
 */
export const sellerNameOf = (seller: PaperSeller): string =>
  nameOfSeller(seller.companyName, seller.legalForm) ?? seller.brand ?? "SOULS";

/** Her legal form as the paper names it (a form typed before the list, as it was typed). */
function legalFormOf(seller: PaperSeller, locale: Locale): string | null {
  const form = seller.legalForm;
  return isLegalForm(form) ? wordsFor(locale).legalForms[form] : form;
}

/**
 * The seller's legal identity in one line, at the foot of every page (CGI art. 242 nonies A;
 * Code de commerce R123-237 and R123-238): name, legal form and a company's capital, registration
 * (RCS and its city, or RNE), VAT number, address; only what « Ma boutique » held.
 */
export function sellerIdentityLine(seller: PaperSeller, locale: Locale): string {
  const w = wordsFor(locale).common;
  const form = legalFormOf(seller, locale);
  const capital = seller.legalForm === "ei" ? null : seller.shareCapital;
  // Papers issued before the register was asked for: an RCS city meant the RCS.
  const register = seller.register ?? (seller.rcsCity ? "rcs" : null);
  return present(
    sellerNameOf(seller),
    form && capital ? fill(w.legalForm, { legalForm: form, capital }) : form,
    seller.siren
      ? register === "rcs" && seller.rcsCity
        ? fill(w.rcs, { city: seller.rcsCity, siren: seller.siren })
        : register === "rne"
          ? fill(w.rne, { siren: seller.siren })
          : fill(w.siren, { siren: seller.siren })
      : null,
    seller.vatNumber ? fill(w.vatNumber, { number: seller.vatNumber }) : null,
    sellerAddressLine(seller, locale) || null,
  ).join(" · ");
}

/** An A4 page with the brand, the paper's title and date block, and the seller's identity at its foot. */
export function PaperPage({
  seller,
  locale,
  title,
  facts,
  children,
}: {
  seller: PaperSeller;
  locale: Locale;
  title: string;
  facts: string[];
  children: ReactNode;
}) {
  const w = wordsFor(locale).common;
  return (
    <Page size="A4" style={styles.page}>
      <View style={styles.header}>
        <View>
          <Text style={styles.brand}>{seller.brand ?? "SOULS"}</Text>
          {present(seller.email, seller.phone).map((contact) => (
            <Text key={contact} style={styles.muted}>
              {contact}
            </Text>
          ))}
        </View>
        <View style={{ alignItems: "flex-end" }}>
          <Text style={styles.title}>{title}</Text>
          {facts.map((fact) => (
            <Text key={fact}>{fact}</Text>
          ))}
        </View>
      </View>
      {children}
      <Text style={styles.footer} fixed>
        {sellerIdentityLine(seller, locale)}
      </Text>
      <Text
        style={{ ...styles.footer, bottom: 14 }}
        fixed
        render={({ pageNumber, totalPages }) =>
          fill(w.page, { page: pageNumber, pages: totalPages ?? pageNumber })
        }
      />
    </Page>
  );
}

export function AddressBlock({
  label,
  address,
  locale,
}: {
  label: string;
  address: PaperAddress;
  locale: Locale;
}) {
  return (
    <View style={styles.party}>
      <Text style={styles.partyLabel}>{label}</Text>
      <Text style={styles.bold}>{address.name}</Text>
      {address.addressLines.map((line) => (
        <Text key={line}>{line}</Text>
      ))}
      <Text>
        {address.postalCode} {address.city}
      </Text>
      <Text>{countryName(address.country, locale)}</Text>
    </View>
  );
}

export function SellerBlock({
  seller,
  locale,
  label,
}: {
  seller: PaperSeller;
  locale: Locale;
  label: string;
}) {
  return (
    <View style={styles.party}>
      <Text style={styles.partyLabel}>{label}</Text>
      <Text style={styles.bold}>{sellerNameOf(seller)}</Text>
      {present(seller.street).map((line) => (
        <Text key={line}>{line}</Text>
      ))}
      {seller.postalCode || seller.city ? (
        <Text>{present(seller.postalCode, seller.city).join(" ")}</Text>
      ) : null}
      {seller.country ? <Text>{countryName(seller.country, locale)}</Text> : null}
      {seller.vatNumber ? (
        <Text>{fill(wordsFor(locale).common.vatNumber, { number: seller.vatNumber })}</Text>
      ) : null}
    </View>
  );
}

/** A line's designation: the piece, the delivery, or an amount refunded without pieces. */
function designationOf(line: PaperLine, locale: Locale, amountLabel: string): string {
  const w = wordsFor(locale).common;
  if (line.kind === "shipping") return w.shipping;
  if (line.kind === "amount") return amountLabel;
  return fill(w.piece, { name: line.name ?? "" });
}

/**
 * The lines with their prices excluding VAT, the rate, then the totals excluding VAT, the VAT at
 * its rate and the total including it (CGI art. 242 nonies A: unit price excluding VAT, rate,
 * total excluding VAT and VAT per rate).
 */
export function TaxedLines({
  lines,
  locale,
  currency,
  rateBp,
  netCents,
  vatCents,
  totalCents,
  amountLabel,
}: {
  lines: PaperLine[];
  locale: Locale;
  currency: string;
  rateBp: number;
  netCents: number;
  vatCents: number;
  totalCents: number;
  amountLabel: string;
}) {
  const w = wordsFor(locale).common;
  const cash = (cents: number) => money(cents, currency, locale);
  const rate = rateOf(rateBp, locale);
  return (
    <>
      <View style={styles.table}>
        <View style={[styles.row, styles.head]}>
          <Text style={styles.cellName}>{w.item}</Text>
          <Text style={styles.cellRef}>{w.reference}</Text>
          <Text style={styles.cellQty}>{w.quantity}</Text>
          <Text style={styles.cellMoney}>{w.unitNet}</Text>
          <Text style={styles.cellRate}>{w.vatRate}</Text>
          <Text style={styles.cellMoney}>{w.net}</Text>
        </View>
        {lines
          .filter((line) => line.kind !== "shipping" || line.totalCents > 0)
          .map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a paper's lines never move
            <View key={index} style={styles.row} wrap={false}>
              <Text style={styles.cellName}>
                {designationOf(line, locale, amountLabel)}
                {line.discountCents ? `\n${fill(w.discount, { amount: cash(line.discountCents) })}` : ""}
              </Text>
              <Text style={styles.cellRef}>{line.reference ?? ""}</Text>
              <Text style={styles.cellQty}>{line.quantity}</Text>
              <Text style={styles.cellMoney}>{cash(Math.round(line.netCents / line.quantity))}</Text>
              <Text style={styles.cellRate}>{rate}</Text>
              <Text style={styles.cellMoney}>{cash(line.netCents)}</Text>
            </View>
          ))}
      </View>
      <View style={styles.totals} wrap={false}>
        <View style={styles.totalRow}>
          <Text>{w.totalNet}</Text>
          <Text>{cash(netCents)}</Text>
        </View>
        <View style={styles.totalRow}>
          <Text>{fill(w.totalVat, { rate })}</Text>
          <Text>{cash(vatCents)}</Text>
        </View>
        <View style={[styles.totalRow, styles.grandTotal]}>
          <Text>{w.totalGross}</Text>
          <Text>{cash(totalCents)}</Text>
        </View>
      </View>
    </>
  );
}
