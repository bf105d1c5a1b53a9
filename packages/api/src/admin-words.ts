/**
 * The one door to the panel's words (decision 062): its locale file, `locales/fr/admin.json`
 * (the spec makes the panel French only), read by the screens (apps/web) and by the admin API's
 * messages (`admin:path` keys). The file is the panel's as `apps/web/app/locales` are the shop's;
 * @souls/core keeps only the codes these words name. Safe in the browser: JSON and pure functions.
 *
 * Each table of labels is a `Record<Code, label>` (checked below), so a code added to its
 * @souls/core module without its label here fails the type check.
 */
import type { Actor, OrderChange } from "@souls/core/actors";
import type { AdminAccessEventKind, AdminRole } from "@souls/core/admin-roles";
import type { CarrierEventKind } from "@souls/core/carriers";
import { MODEL_MATERIALS, MODEL_TEXT_FIELDS } from "@souls/core/catalogue-rules";
import type { EmailType } from "@souls/core/email-types";
import type { Locale } from "@souls/core/locales";
import { count as countIn, fill } from "@souls/core/placeholders";
import type { ProductEventKind } from "@souls/core/product-events";
import type { RefundReason, RefundSource, RestockChoice } from "@souls/core/refunds";
import type { ReviewRejectionReason, ReviewStatus } from "@souls/core/reviews";
import type { ShopWord, ShopWordEventKind } from "@souls/core/shop-words";
import type { SignupSource } from "@souls/core/signups";
import type { EmailStatus, OrderEvent, OrderStatus, PaymentStatus, RefundStatus } from "@souls/core/statuses";
import type { VatRegime } from "@souls/core/vat";
import words from "./locales/fr/admin.json";

export { fill };

/** The French label of every code the shop stores, by kind of code. */
const LABELS: {
  orderStatus: Record<OrderStatus, string>;
  paymentStatus: Record<PaymentStatus, string>;
  emailStatus: Record<EmailStatus, string>;
  refundStatus: Record<RefundStatus, string>;
  refundReason: Record<RefundReason, string>;
  refundSource: Record<RefundSource, string>;
  restock: Record<RestockChoice, string>;
  actor: Record<Actor, string>;
  role: Record<AdminRole, string>;
  carrierEvent: Record<CarrierEventKind, string>;
  accessEvent: Record<AdminAccessEventKind, string>;
  shopWordEvent: Record<ShopWordEventKind, string>;
  orderChange: Record<OrderChange, string>;
  emailType: Record<EmailType, string>;
  productEvent: Record<ProductEventKind, string>;
  vatRegime: Record<VatRegime, string>;
  signupList: Record<SignupSource, string>;
  reviewReason: Record<ReviewRejectionReason, string>;
  reviewStatus: Record<ReviewStatus, string>;
} = words.labels;

/** The labels of one kind of code, by code. */
export type Labels = typeof LABELS;

// The other tables of the file indexed by a code: each is checked whole, like the labels.
const reviewRefusals: Record<ReviewStatus, string> = words.errors.reviewRefusals;
const eventVerbs: Record<OrderEvent, string> = words.errors.eventVerbs;
const restockChoices: Record<RestockChoice, string> = words.refund.restockChoices;
const restockNotes: Record<RestockChoice, string> = words.refund.restockNotes;
const wordsLanguage: Record<Locale, string> = words.words.language;
const wordsFields: Record<ShopWord, string> = words.words.fields;
const csvLanguages: Record<Locale, string> = words.signups.csv.languages;

/** Every word of the owner's pages, by screen: `copy.section.key`. */
export const copy = {
  ...words,
  labels: LABELS,
  errors: {
    ...words.errors,
    reviewRefusals,
    eventVerbs,
    catalogue: {
      ...words.errors.catalogue,
      seriesFields: words.errors.catalogue.seriesFields as Record<string, string>,
    },
  },
  orderDetail: { ...words.orderDetail, languages: words.orderDetail.languages as Record<string, string> },
  refund: { ...words.refund, restockChoices, restockNotes },
  words: { ...words.words, language: wordsLanguage, fields: wordsFields },
  signups: { ...words.signups, csv: { ...words.signups.csv, languages: csvLanguages } },
  editor: {
    ...words.editor,
    /** The fields' names are the catalogue's own (@souls/core/catalogue-rules), as the API lists them. */
    field: Object.fromEntries(
      Object.entries(MODEL_TEXT_FIELDS).map(([field, rule]) => [field, rule.label]),
    ) as Record<string, string>,
    hint: words.editor.hint as Record<string, string>,
    material: Object.fromEntries(
      Object.entries(MODEL_MATERIALS).map(([material, rule]) => [material, rule.label]),
    ) as Record<string, string>,
  },
};

/**
 * A count in words, by French plural rules (the one filler, @souls/core/placeholders): 0 and 1
 * take the singular ("0 remboursement", "1 vente", "3 ventes"). `forms` holds the two templates,
 * each with `{{n}}`; `values` fills their other placeholders ("2 remboursements (40,00 €)").
 */
export function count(
  n: number,
  forms: { one: string; many: string },
  values: Readonly<Record<string, string | number>> = {},
): string {
  return countIn("fr", n, { one: forms.one, other: forms.many }, values);
}

/** A code the page has no label for is shown as it is (spec §4: "Unknown statuses display raw"). */
export function labelOf(labels: Readonly<Record<string, string>>, code: string): string {
  return labels[code] ?? code;
}

/**
 * An order's payment in words, beside its status: `failed` says what happened — a checkout left
 * before anyone tried to pay (« Paiement abandonné », never « Échouée »), or a card the bank
 * declined (« Paiement refusé »); any other status reads « Paiement : <label> ».
 */
export function paymentWords(paymentStatus: string, attempted: boolean): { prefix: string; label: string } {
  if (paymentStatus === "failed") {
    return { prefix: "", label: attempted ? copy.orders.paymentDeclined : copy.orders.paymentAbandoned };
  }
  return { prefix: copy.orders.paymentPrefix, label: labelOf(LABELS.paymentStatus, paymentStatus) };
}

/**
 * The French words of a message key, `admin:` then its path (the API's and the login's messages,
 * see decision 012), filled with its values; a `{ one, many }` entry is counted with `n`.
 */
export function adminText(key: string, values: Record<string, string | number> = {}): string {
  let entry: unknown = copy;
  for (const part of key.replace(/^admin:/, "").split(".")) {
    entry =
      typeof entry === "object" && entry !== null ? (entry as Record<string, unknown>)[part] : undefined;
  }
  if (typeof entry === "string") return fill(entry, values);
  if (isCounted(entry)) return count(Number(values.n), entry);
  return copy.common.technicalError;
}

function isCounted(entry: unknown): entry is { one: string; many: string } {
  return typeof entry === "object" && entry !== null && "one" in entry && "many" in entry;
}
