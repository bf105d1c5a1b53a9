/**
 * The catalogue of e-mails the shop sends: each type's payload (validated, so a malformed queue row
 * fails cleanly instead of crashing the worker) and its subject line. No React here: the shop's use
 * cases import this module to queue messages in their own transactions.
 */
import { EMAIL_TYPES, type EmailType, INCIDENT_KINDS } from "@souls/core/email-types";
import { isLocale, type Locale } from "@souls/core/locales";
import { isModelCode } from "@souls/core/models";
import { fill } from "@souls/core/placeholders";
import { SHOPPER_REFUND_REASONS } from "@souls/core/refunds";
import { REVIEW_REJECTION_REASONS } from "@souls/core/reviews";
import { z } from "zod";
import en from "./locales/en.json";
import fr from "./locales/fr.json";

const money = z.number().int();
const text = z.string().max(2000);
const isoTime = z.iso.datetime({ offset: true });
/** A secret the e-mail carries in a link (confirmation, unsubscribe): random, so long enough not to guess. */
const linkToken = z.string().min(32).max(256);
/**
 * An order's tracking token, raw: the link of every e-mail about an order opens it. The database
 * keeps only its sha-256 (decision 005, 029).
 */
const trackingToken = z.string().min(32).max(128);
/**
 * The tracking token of an e-mail queued before every order e-mail carried one: its link then
 * opens the page's find-my-order form.
 */
const earlierTrackingToken = trackingToken.optional();
/** Model code: which models exist is the catalogue's to say. */
const productModel = z.string().refine(isModelCode);
/** A model page's address in the recipient's language, as the catalogue had it when queued. */
const productPath = z.string().regex(/^\/[a-z0-9/-]{1,200}$/);

const orderLine = z.object({
  name: text,
  model: text,
  quantity: z.number().int().positive(),
  unitPriceCents: money,
  /** The model's cover photo as a JPEG of the shop's (`/photos/…jpg`); a launch drawing has none. */
  photoPath: z
    .string()
    .regex(/^\/photos\/[0-9a-f]{32}-\d{2,4}\.jpg$/)
    .optional(),
});

const postalAddress = z.object({
  name: text,
  address: text,
  /** The street's second line; absent from e-mails queued before the checkout asked for it. */
  addressLine2: text.nullable().optional(),
  postalCode: text,
  city: text,
  country: z.string().length(2),
});

const totals = {
  items: z.array(orderLine).min(1),
  subtotalCents: money,
  /** A discount code's amount off (decision 048); absent from e-mails queued before codes. */
  discountCents: money.optional(),
  shippingCents: money,
  totalCents: money,
  currency: z.string().length(3),
};

export const emailPayloads = {
  order_confirmation: z.object({
    orderNumber: text,
    customerName: text,
    orderedAt: isoTime,
    ...totals,
    shippingAddress: postalAddress,
    /** A destination outside the EU's customs territory: duties and taxes may be due on arrival. */
    importDuties: z.boolean().optional(),
    deliveryInstructions: text.nullable(),
    /** The shop owner's test order (« Test Commande »): the e-mail says nothing was sold. */
    test: z.boolean().optional(),
    /**
     * The delivery the order was sold with, in the reader's language (its zone's times and name,
     * decision 049); absent for an order that kept none. The tier and days: an e-mail queued before.
     */
    delivery: z
      .union([
        z.object({ times: text, zone: text }),
        z.object({
          tier: z.enum(["france", "eu", "international"]),
          minDays: z.number().int(),
          maxDays: z.number().int(),
        }),
      ])
      .optional(),
    trackingToken,
  }),
  shipping_notification: z.object({
    orderNumber: text,
    customerName: text,
    /** The carrier's name as the owner's list gave it when the parcel left (decision 050). */
    carrierName: z.string().min(1).max(60),
    trackingNumber: text,
    /** The carrier's own tracking page for this parcel (the owner's template, https only). */
    carrierUrl: z.url({ protocol: /^https$/ }),
    shippedAt: isoTime,
    trackingToken: earlierTrackingToken,
  }),
  withdrawal_acknowledgement: z.object({
    orderNumber: text,
    customerName: text,
    /** When the shop received the withdrawal (the directive asks for date and time). */
    receivedAt: isoTime,
    ...totals,
    trackingToken: earlierTrackingToken,
  }),
  order_refunded_sold_out: z.object({
    orderNumber: text,
    customerName: text,
    ...totals,
    trackingToken: earlierTrackingToken,
  }),
  back_in_stock: z.object({
    model: productModel,
    productName: text,
    /** The model's page; a notice queued before models had addresses of their own links home. */
    productPath: productPath.optional(),
    /** Opens the unsubscribe page; also sent as the List-Unsubscribe header (RFC 8058). */
    unsubscribeToken: linkToken,
  }),
  /**
   * The owner's announcement of a series to her lists (decision 041): her words in the reader's
   * language, the series' models as they are at the send, its opening and, while the early access
   * is still to come, the reader's own early-access link.
   */
  announcement: z.object({
    subject: z.string().min(1).max(200),
    title: z.string().min(1).max(200),
    subtitle: z.string().max(300),
    /** Plain text, paragraphs separated by blank lines. */
    body: z.string().max(5000),
    models: z
      .array(
        z.object({
          name: text,
          priceCents: money,
          photoPath: orderLine.shape.photoPath,
          productPath: productPath.optional(),
        }),
      )
      .max(50),
    currency: z.string().length(3),
    /** When the series opens to everyone; null: on sale already (or as soon as published). */
    opensAt: isoTime.nullable(),
    /** When the reader's head start begins; null without an early access. */
    earlyAccessAt: isoTime.nullable(),
    /** The reader's early-access link (signed, bound to her sign-up); null when there is none. */
    earlyAccessToken: z.string().min(20).max(200).nullable(),
    /** Opens the unsubscribe page and the List-Unsubscribe header; null only in the owner's test. */
    unsubscribeToken: linkToken.nullable(),
  }),
  /** Double opt-in: nothing is sent to a signed-up address until its owner clicks this link. */
  signup_confirmation: z
    .object({
      list: z.enum(["newsletter", "waitlist"]),
      /** The awaited model, for a waitlist; null for the newsletter. */
      model: productModel.nullable(),
      productName: text.nullable(),
      token: linkToken,
    })
    // A waitlist e-mail names its product and the newsletter's names none: a mix-up is a bug.
    .refine(
      (p) =>
        p.list === "waitlist"
          ? p.model !== null && p.productName !== null
          : p.model === null && p.productName === null,
      { message: "model and productName are set for a waitlist and null for the newsletter", path: ["list"] },
    ),
  /**
   * A set number of days after shipping, once per order: the buyer is invited to review each model
   * she kept, through a link bound to her order. Marketing mail: one click stops them.
   */
  review_invitation: z.object({
    orderNumber: text,
    /** Her first name. */
    customerName: text,
    items: z
      .array(
        z.object({
          model: productModel,
          name: text,
          /** The model's cover photo as a JPEG of the shop's; a launch drawing has none. */
          photoPath: orderLine.shape.photoPath,
        }),
      )
      .min(1)
      .max(50),
    /** Opens the review form of her order (signed, bound to the order). */
    token: linkToken,
    /** Stops review invitations to her address; also sent as the List-Unsubscribe header (RFC 8058). */
    unsubscribeToken: linkToken,
    /** Until when the link lets her write. */
    writeUntil: isoTime,
  }),
  /** The owner refused a review, or withdrew a published one, for one of the published reasons. */
  review_rejected: z
    .object({
      customerName: text,
      model: productModel,
      productName: text,
      /** Her review's title, so she knows which one. */
      reviewTitle: text,
      reason: z.enum(REVIEW_REJECTION_REASONS),
      /** It had been published: it is withdrawn from the page. */
      withdrawn: z.boolean(),
      /** Her link, while she may still change it; null once that time is over. */
      token: linkToken.nullable(),
      changeUntil: isoTime.nullable(),
    })
    .refine((p) => (p.token === null) === (p.changeUntil === null), {
      message: "a link to change the review comes with the date it works until",
      path: ["token"],
    }),
  /** The owner refunded all or part of an order (its lines, or just an amount: then `items` is empty). */
  order_refund: z
    .object({
      orderNumber: text,
      customerName: text,
      reason: z.enum(SHOPPER_REFUND_REASONS),
      amountCents: money.positive(),
      currency: z.string().length(3),
      items: z.array(orderLine),
      /** Whether the order is now refunded in full, this refund and any earlier ones together. */
      fullyRefunded: z.boolean(),
      refundedAt: isoTime,
      trackingToken: earlierTrackingToken,
    })
    // The cancellation e-mail tells the shopper they are refunded in full.
    .refine((p) => p.reason !== "cancellation" || p.fullyRefunded, {
      message: "a cancelled order is refunded in full",
      path: ["fullyRefunded"],
    }),
  /**
   * Asked for on the tracking page with the order's number and e-mail address: the order's link,
   * sent to the order's own address (never to what was typed).
   */
  tracking_link: z.object({
    orderNumber: text,
    customerName: text,
    trackingToken,
  }),
  /** The owner corrected the shipping address before the parcel left: the shopper reads the new one. */
  address_corrected: z.object({
    orderNumber: text,
    customerName: text,
    shippingAddress: postalAddress,
    deliveryInstructions: text.nullable(),
    trackingToken,
  }),
  /** To the owner: an order was paid. Its lines, where it goes, and the link that opens it in her panel. */
  new_order: z.object({
    orderNumber: text,
    customerName: text,
    paidAt: isoTime,
    ...totals,
    destination: z.object({ postalCode: text, city: text, country: z.string().length(2) }),
    deliveryInstructions: text.nullable(),
    customerNote: text.nullable(),
    /** Paid through the offline test gateway: no real money. */
    test: z.boolean(),
  }),
  /** To the owner: models that just fell below her threshold, each with the pieces left. */
  low_stock: z.object({
    threshold: z.number().int().positive(),
    models: z
      .array(z.object({ name: text, reference: text, stock: z.number().int().min(0) }))
      .min(1)
      .max(200),
  }),
  /** To the owner: something went wrong in the shop (open), or is over. */
  incident: z.object({
    kind: z.enum(INCIDENT_KINDS),
    state: z.enum(["open", "over"]),
    openedAt: isoTime,
    closedAt: isoTime.nullable(),
  }),
} as const satisfies Record<EmailType, z.ZodType>;

export type { EmailType };
export { EMAIL_TYPES };
export type EmailPayload<T extends EmailType> = z.infer<(typeof emailPayloads)[T]>;

export type EmailKind = "transactional" | "marketing";

/**
 * Transactional mail answers something the reader did (an order, a sign-up) and goes out first;
 * marketing mail can be refused, so it carries an unsubscribe link and List-Unsubscribe headers.
 */
export const EMAIL_KINDS = {
  order_confirmation: "transactional",
  shipping_notification: "transactional",
  withdrawal_acknowledgement: "transactional",
  order_refunded_sold_out: "transactional",
  order_refund: "transactional",
  signup_confirmation: "transactional",
  back_in_stock: "marketing",
  announcement: "marketing",
  review_invitation: "marketing",
  review_rejected: "transactional",
  tracking_link: "transactional",
  address_corrected: "transactional",
  new_order: "transactional",
  low_stock: "transactional",
  incident: "transactional",
} as const satisfies Record<EmailType, EmailKind>;

export type MarketingEmailType = {
  [T in EmailType]: (typeof EMAIL_KINDS)[T] extends "marketing" ? T : never;
}[EmailType];

export function isMarketingEmail(type: EmailType): type is MarketingEmailType {
  return EMAIL_KINDS[type] === "marketing";
}

/** One message as queued: its type, language and the data its template needs. */
export type EmailMessage = {
  [T in EmailType]: { type: T; locale: Locale; payload: EmailPayload<T> };
}[EmailType];

export class InvalidEmailMessageError extends Error {
  override name = "InvalidEmailMessageError";
}

/** Checks a queue row's type, locale and payload; throws InvalidEmailMessageError if any is wrong. */
export function parseEmailMessage(row: { type: string; locale: string; payload: unknown }): EmailMessage {
  if (!(row.type in emailPayloads)) throw new InvalidEmailMessageError(`unknown e-mail type ${row.type}`);
  if (!isLocale(row.locale)) {
    throw new InvalidEmailMessageError(`unknown locale ${row.locale}`);
  }
  const type = row.type as EmailType;
  const parsed = emailPayloads[type].safeParse(row.payload);
  if (!parsed.success) {
    throw new InvalidEmailMessageError(
      `invalid ${type} payload: ${parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`,
    );
  }
  return { type, locale: row.locale, payload: parsed.data } as EmailMessage;
}

const SUBJECTS: Record<Locale, Record<EmailType, string>> = { fr: fr.subjects, en: en.subjects };

/** The subject line, from the locale files; `{{orderNumber}}` and `{{productName}}` are filled in. */
export function emailSubject(message: EmailMessage): string {
  const values: Record<string, unknown> =
    message.type === "low_stock"
      ? { names: message.payload.models.map((model) => model.name).join(", ") }
      : message.type === "incident"
        ? {
            headline: (message.locale === "fr" ? fr : en).incident[message.payload.state][
              message.payload.kind
            ],
          }
        : message.payload;
  return fill(SUBJECTS[message.locale][message.type], values as Record<string, string | number>);
}

/** What a template needs to know about the shop itself (the worker passes it in). */
export interface EmailContext {
  /** Public origin of the shop, no trailing slash, e.g. https://souls.example. */
  siteUrl: string;
  /** The seller as « Ma boutique » holds it: an address or e-mail not filled in yet is null, and left out. */
  seller: { brand: string; companyName: string; address: string | null; email: string | null };
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
  /**
   * Marketing mail only: the absolute one-click unsubscribe address, for the `List-Unsubscribe`
   * and `List-Unsubscribe-Post` headers (RFC 8058). Undefined for transactional mail.
   */
  listUnsubscribe?: string;
}
