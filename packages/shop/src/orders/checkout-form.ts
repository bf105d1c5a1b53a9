import { z } from "zod";
import { isCountryCode } from "../delivery/countries";
import { isStorableText, withoutBidiControls } from "../text";

/**
 * Why a field of the shipping block is refused: a code (the schema's message), which the page
 * words in the shopper's language (decision 062). Every text is stored without bidirectional
 * controls (text.ts): the owner reads it in the panel and e-mails.
 */
export const SHIPPING_REFUSALS = [
  "required",
  "tooLong",
  "invalidCharacters",
  "oneLine",
  "phone",
  "email",
  "postalCode",
  "country",
] as const;
export type ShippingRefusal = (typeof SHIPPING_REFUSALS)[number];
const refused = (code: ShippingRefusal) => ({ error: code });

const required = (max: number) =>
  z
    .string(refused("required"))
    .overwrite(withoutBidiControls)
    .trim()
    .min(1, refused("required"))
    .max(max, refused("tooLong"))
    .refine(isStorableText, refused("invalidCharacters"));

const optional = (max: number) =>
  z
    .string(refused("tooLong"))
    .overwrite(withoutBidiControls)
    .trim()
    .max(max, refused("tooLong"))
    .refine(isStorableText, refused("invalidCharacters"))
    .optional()
    .transform((value) => value || null);

/**
 * A field printed as one line (a name under « LIVRER À », an address on the packing slip and the
 * invoice): a line break or a tab typed or pasted into it is refused, as the owner's correction of
 * an address refuses it, where it used to print as extra lines on her papers.
 */
const oneLine = <T extends z.ZodType<string | null | undefined>>(field: T) =>
  field.refine((value) => !value || !/\p{Cc}/u.test(value), refused("oneLine"));

/**
 * A phone number as people write it (+33 6 12 34 56 78, 06.12.34.56.78): 6 to 20 digits. The
 * owner's correction of an order's delivery holds a phone to the same rule.
 */
export function isShopperPhone(value: string): boolean {
  return /^\+?[\d\s().-]+$/.test(value) && /^(\D*\d){6,20}\D*$/.test(value);
}

const phone = oneLine(optional(30)).refine((value) => value === null || isShopperPhone(value), {
  ...refused("phone"),
});

/** The shipping block of the checkout (spec §3 "Shipping info"), with a phone and a second line. */
export const shippingDetailsSchema = z.object({
  firstName: oneLine(required(100)),
  lastName: oneLine(required(100)),
  email: required(254).pipe(z.email(refused("email"))),
  phone,
  address: oneLine(required(200)),
  addressLine2: oneLine(optional(200)),
  postalCode: required(20).pipe(z.string().regex(/^[\p{L}\p{N} -]+$/u, refused("postalCode"))),
  city: oneLine(required(100)),
  // A country's code; whether the shop delivers there is the owner's zones' (decision 049).
  country: z.string(refused("country")).refine(isCountryCode, refused("country")),
  deliveryInstructions: optional(500),
  customerNote: optional(1000),
});

export type ShippingDetails = z.output<typeof shippingDetailsSchema>;
export const SHIPPING_FIELDS = Object.keys(shippingDetailsSchema.shape) as (keyof ShippingDetails)[];
