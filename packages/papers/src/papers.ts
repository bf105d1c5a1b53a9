/**
 * What each paper shows, as the shop stored it (@souls/shop/papers reads it, through the entry
 * `@souls/papers/data`): an order's packing slip, its invoice and each refund's credit note. No
 * React here: the shop and the web app read these shapes; ./render.tsx draws them.
 */
import type { Locale } from "@souls/core/locales";
import type { PaperSeller } from "@souls/core/seller";
import type { VatBasis } from "@souls/core/vat";

/** The seller as « Ma boutique » held it when the paper was issued: her identity, its row's columns. */
export type { PaperSeller };

/** Where a parcel goes, or whom a paper names. */
export interface PaperAddress {
  name: string;
  addressLines: string[];
  postalCode: string;
  city: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

export interface PaperLine {
  kind: "item" | "shipping" | "amount";
  name?: string;
  reference?: string;
  quantity: number;
  /** Including VAT. */
  unitCents: number;
  /** A piece's share of the order's discount code, including VAT: `totalCents` is after it. */
  discountCents?: number;
  totalCents: number;
  netCents: number;
  vatCents: number;
}

/** The amounts and VAT of an invoice or a credit note, as issued. */
export interface TaxedPaper {
  number: string;
  issuedAt: Date;
  orderNumber: string;
  orderedAt: Date;
  locale: Locale;
  currency: string;
  vatBasis: VatBasis;
  /** The VAT territory whose rate applies: `FR`, `DE`, `XI` (Northern Ireland)…; null without VAT. */
  vatTerritory: string | null;
  vatRateBp: number;
  netCents: number;
  vatCents: number;
  totalCents: number;
  lines: PaperLine[];
  buyer: PaperAddress;
  seller: PaperSeller;
  /** Numbered in a test series: the offline test gateway took no real money. */
  test: boolean;
}

export interface InvoicePaper extends TaxedPaper {
  kind: "invoice";
}

export interface CreditNotePaper extends TaxedPaper {
  kind: "creditNote";
  /** The invoice it corrects (CGI art. 242 nonies A: a corrective paper names the first one). */
  invoiceNumber: string;
  invoiceIssuedAt: Date;
  reason: "cancellation" | "withdrawal" | "return" | "goodwill" | "sold_out" | "provider";
}

export interface PackingSlipPaper {
  kind: "packingSlip";
  orderNumber: string;
  orderedAt: Date;
  locale: Locale;
  shipTo: PaperAddress;
  deliveryInstructions: string | null;
  /**
   * The carrier and number it left with, once shipped (a slip printed again for a claim): the
   * carrier's name as it was that day (decision 050). Absent before it leaves.
   */
  shipment?: { carrierName: string; trackingNumber: string } | null;
  /** What the parcel holds: the order's lines less the pieces refunded before it left. */
  lines: { name: string; reference: string; quantity: number }[];
  /** Pieces refunded before the parcel left, said so the parcel explains what is not in it. */
  refunded: { name: string; reference: string; quantity: number }[];
  /** Who sends it, and where a parcel comes back to. */
  seller: PaperSeller;
}

export type Paper = InvoicePaper | CreditNotePaper | PackingSlipPaper;
