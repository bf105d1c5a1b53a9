/**
 * The catalogue of e-mails the shop sends: each type's payload (validated, so a malformed queue row
 * fails cleanly instead of crashing the worker) and its subject line. No React here: the shop's use
 * cases import this module to queue messages in their own transactions.
 */
import { z } from "zod";
import en from "./locales/en.json";
import fr from "./locales/fr.json";

export type Locale = "fr" | "en";

const money = z.number().int();
const text = z.string().max(2000);
const isoTime = z.iso.datetime({ offset: true });

const orderLine = z.object({
  name: text,
  model: text,
  quantity: z.number().int().positive(),
  unitPriceCents: money,
});

const totals = {
  items: z.array(orderLine).min(1),
  subtotalCents: money,
  shippingCents: money,
  totalCents: money,
  currency: z.string().length(3),
};

export const CARRIERS = ["colissimo", "chronopost", "dhl", "ups"] as const;
export type Carrier = (typeof CARRIERS)[number];

export const emailPayloads = {
  order_confirmation: z.object({
    orderNumber: text,
    customerName: text,
    orderedAt: isoTime,
    ...totals,
    shippingAddress: z.object({
      name: text,
      address: text,
      postalCode: text,
      city: text,
      country: z.string().length(2),
    }),
    deliveryInstructions: text.nullable(),
    delivery: z.object({
      tier: z.enum(["france", "eu", "international"]),
      minDays: z.number().int(),
      maxDays: z.number().int(),
    }),
    /** The raw tracking token: the confirmation e-mail is the only place it is ever shown. */
    trackingToken: z.string().min(32).max(128),
  }),
  shipping_notification: z.object({
    orderNumber: text,
    customerName: text,
    carrier: z.enum(CARRIERS),
    trackingNumber: text,
    /** The carrier's own tracking page for this parcel. */
    carrierUrl: z.url(),
    shippedAt: isoTime,
  }),
  withdrawal_acknowledgement: z.object({
    orderNumber: text,
    customerName: text,
    /** When the shop received the withdrawal (the directive asks for date and time). */
    receivedAt: isoTime,
    ...totals,
  }),
  order_refunded_sold_out: z.object({
    orderNumber: text,
    customerName: text,
    ...totals,
  }),
  back_in_stock: z.object({
    /** Model code (aicha, nadia, bilin, ilian): the e-mail links to its product page. */
    model: z.enum(["aicha", "nadia", "bilin", "ilian"]),
    productName: text,
  }),
} as const;

export type EmailType = keyof typeof emailPayloads;
export const EMAIL_TYPES = Object.keys(emailPayloads) as EmailType[];
export type EmailPayload<T extends EmailType> = z.infer<(typeof emailPayloads)[T]>;

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
  if (row.locale !== "fr" && row.locale !== "en") {
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
  const values = message.payload as Record<string, unknown>;
  return SUBJECTS[message.locale][message.type].replace(/\{\{(\w+)\}\}/g, (_, key: string) =>
    String(values[key] ?? ""),
  );
}

/** What a template needs to know about the shop itself (the worker passes it in). */
export interface EmailContext {
  /** Public origin of the shop, no trailing slash, e.g. https://souls.example. */
  siteUrl: string;
  seller: { brand: string; companyName: string; address: string; email: string };
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}
