/**
 * `@souls/papers`: an order's papers as PDF — the packing slip, the invoice and each refund's
 * credit note — in the order's language, beside the e-mails' templates (decision 025). The shop
 * stores what they show (@souls/shop/papers); this package only draws it.
 */
export type {
  CreditNotePaper,
  InvoicePaper,
  PackingSlipPaper,
  Paper,
  PaperAddress,
  PaperLine,
  PaperSeller,
} from "./papers";
export { paperFilename, renderPaper } from "./render";
