import { z } from "zod";
import { isCountryCode } from "../delivery/countries";
import { isStorableText, withoutBidiControls } from "../text";

/**
 * Messages are locale keys (`ns:path`); the page shows them in the shopper's language. Every text
 * is stored without bidirectional controls (text.ts): the owner reads it in the panel and e-mails.
 */
const required = (max: number) =>
  z
    .string({ error: "checkout:errors.required" })
    .overwrite(withoutBidiControls)
    .trim()
    .min(1, { error: "checkout:errors.required" })
    .max(max, { error: "checkout:errors.tooLong" })
    .refine(isStorableText, { error: "checkout:errors.invalidCharacters" });

const optional = (max: number) =>
  z
    .string({ error: "checkout:errors.tooLong" })
    .overwrite(withoutBidiControls)
    .trim()
    .max(max, { error: "checkout:errors.tooLong" })
    .refine(isStorableText, { error: "checkout:errors.invalidCharacters" })
    .optional()
    .transform((value) => value || null);

/**
 * A field printed as one line (a name under « LIVRER À », an address on the packing slip and the
 * invoice): a line break or a tab typed or pasted into it is refused, as the owner's correction of
 * an address refuses it, where it used to print as extra lines on her papers.
 */
const oneLine = <T extends z.ZodType<string | null | undefined>>(field: T) =>
  field.refine((value) => !value || !/\p{Cc}/u.test(value), { error: "checkout:errors.oneLine" });

/**
 * A phone number as people write it (+33 6 12 34 56 78, 06.12.34.56.78): 6 to 20 digits. The
 * owner's correction of an order's delivery holds a phone to the same rule.
 */
export function isShopperPhone(value: string): boolean {
  return /^\+?[\d\s().-]+$/.test(value) && /^(\D*\d){6,20}\D*$/.test(value);
}

const phone = oneLine(optional(30)).refine((value) => value === null || isShopperPhone(value), {
  error: "checkout:errors.phone",
});

/** The shipping block of the checkout (spec §3 "Shipping info"), with a phone and a second line. */
export const shippingDetailsSchema = z.object({
  firstName: oneLine(required(100)),
  lastName: oneLine(required(100)),
  email: required(254).pipe(z.email({ error: "checkout:errors.email" })),
  phone,
  address: oneLine(required(200)),
  addressLine2: oneLine(optional(200)),
  postalCode: required(20).pipe(
    z.string().regex(/^[\p{L}\p{N} -]+$/u, { error: "checkout:errors.postalCode" }),
  ),
  city: oneLine(required(100)),
  // A country's code; whether the shop delivers there is the owner's zones' (decision 049).
  country: z
    .string({ error: "checkout:errors.country" })
    .refine(isCountryCode, { error: "checkout:errors.country" }),
  deliveryInstructions: optional(500),
  customerNote: optional(1000),
});

export type ShippingDetails = z.output<typeof shippingDetailsSchema>;
export const SHIPPING_FIELDS = Object.keys(shippingDetailsSchema.shape) as (keyof ShippingDetails)[];
