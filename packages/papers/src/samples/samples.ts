/**
 * Papers as the shop stores them, for the tests and for looking at (`npm run samples -w
 * @souls/papers -- <folder>` writes their PDFs): a sale to Germany under French VAT, an export to
 * the United States in English, the credit note of a returned piece, a packing slip.
 */
import type { CreditNotePaper, InvoicePaper, PackingSlipPaper, PaperSeller } from "../papers";

export const sampleSeller: PaperSeller = {
  brand: "SOULS",
  companyName: "SOULS SAS",
  legalForm: "SAS",
  shareCapital: "1 000 €",
  street: "8 rue de Charonne",
  postalCode: "75011",
  city: "Paris",
  country: "FR",
  siren: "732829320",
  rcsCity: "Paris",
  vatNumber: "FR44732829320",
  email: "contact@souls.example",
  phone: "+33 1 23 45 67 89",
};

/** 169 € + 12 € of delivery to Berlin, French VAT at 20 % (under the OSS threshold). */
export const sampleInvoice: InvoicePaper = {
  kind: "invoice",
  number: "F-000042",
  issuedAt: new Date("2026-11-15T10:03:00Z"),
  orderNumber: "SOULS-151126ABCD",
  orderedAt: new Date("2026-11-15T09:58:00Z"),
  locale: "fr",
  currency: "EUR",
  vatBasis: "france",
  vatTerritory: "FR",
  vatRateBp: 2000,
  netCents: 15083,
  vatCents: 3017,
  totalCents: 18100,
  lines: [
    {
      kind: "item",
      name: "Aicha",
      reference: "Aicha-01",
      quantity: 1,
      unitCents: 16900,
      totalCents: 16900,
      netCents: 14083,
      vatCents: 2817,
    },
    { kind: "shipping", quantity: 1, unitCents: 1200, totalCents: 1200, netCents: 1000, vatCents: 200 },
  ],
  buyer: {
    name: "Łucja Wójcik",
    addressLines: ["Friedrichstraße 12"],
    postalCode: "10117",
    city: "Berlin",
    country: "DE",
  },
  seller: sampleSeller,
  test: false,
};

/** An export: New York, in English, no VAT (CGI art. 262 I). */
export const sampleExportInvoice: InvoicePaper = {
  ...sampleInvoice,
  number: "F-000043",
  orderNumber: "SOULS-161126WXYZ",
  locale: "en",
  vatBasis: "export",
  vatTerritory: null,
  vatRateBp: 0,
  netCents: 19400,
  vatCents: 0,
  totalCents: 19400,
  lines: [
    {
      kind: "item",
      name: "Nadia",
      reference: "Nadia-01",
      quantity: 1,
      unitCents: 16900,
      totalCents: 16900,
      netCents: 16900,
      vatCents: 0,
    },
    { kind: "shipping", quantity: 1, unitCents: 2500, totalCents: 2500, netCents: 2500, vatCents: 0 },
  ],
  buyer: {
    name: "Grace Miller",
    addressLines: ["350 Fifth Avenue"],
    postalCode: "10118",
    city: "New York",
    country: "US",
  },
};

/** The Berlin piece came back: its price and the delivery given back, at the sale's 20 %. */
export const sampleCreditNote: CreditNotePaper = {
  ...sampleInvoice,
  kind: "creditNote",
  number: "AV-000007",
  issuedAt: new Date("2026-11-28T15:40:00Z"),
  invoiceNumber: sampleInvoice.number,
  invoiceIssuedAt: sampleInvoice.issuedAt,
  reason: "return",
};

export const samplePackingSlip: PackingSlipPaper = {
  kind: "packingSlip",
  orderNumber: sampleInvoice.orderNumber,
  orderedAt: sampleInvoice.orderedAt,
  locale: "fr",
  shipTo: sampleInvoice.buyer,
  deliveryInstructions: "Hinterhaus, 3. Stock",
  lines: [{ name: "Aicha", reference: "Aicha-01", quantity: 1 }],
  refunded: [],
  seller: sampleSeller,
};
