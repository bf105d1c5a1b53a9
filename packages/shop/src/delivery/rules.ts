/**
 * The rules of a delivery zone as the owner saves it (« Livraison », decision 049): bounded texts
 * on one line, a price from 0 to 500 €, a free-delivery threshold or none, announced days in order,
 * known countries each once. Messages are the panel's keys (`admin:input.*`).
 */
import { z } from "zod";
import { isStorableText, withoutBidiControls } from "../text";
import { isCountryCode } from "./countries";

export const DELIVERY_LIMITS = {
  /** Zones the shop may have at once. */
  zones: 20,
  name: 60,
  label: 60,
  times: 80,
  /** Countries in one zone (there are about 250). */
  countries: 300,
  /** 500 € at most for one parcel. */
  priceCents: 50_000,
  /** Free delivery from at most 100 000 €. */
  freeFromCents: 10_000_000,
  days: 90,
} as const;

const expected = (kind: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? "admin:input.required" : kind;

function oneLine(max: number) {
  return z
    .string({ error: expected("admin:input.textExpected") })
    .overwrite(withoutBidiControls)
    .trim()
    .min(1, { error: "admin:input.required" })
    .max(max, { error: "admin:input.tooLong" })
    .refine(isStorableText, { error: "admin:input.invalidCharacters" })
    .refine((value) => !/\p{Cc}/u.test(value), { error: "admin:input.oneLine" })
    .refine((value) => !/[<>]/.test(value), { error: "admin:input.plainText" });
}

function whole(min: number, max: number) {
  return z
    .int({ error: expected("admin:input.integerExpected") })
    .min(min, { error: "admin:input.atLeast" })
    .max(max, { error: "admin:input.atMost" });
}

export const deliveryZoneRules = {
  name: oneLine(DELIVERY_LIMITS.name),
  labelFr: oneLine(DELIVERY_LIMITS.label),
  labelEn: oneLine(DELIVERY_LIMITS.label),
  countries: z
    .array(
      z
        .string({ error: "admin:input.countryInvalid" })
        .max(2, { error: "admin:input.countryInvalid" })
        .refine(isCountryCode, { error: "admin:input.countryInvalid" }),
      { error: "admin:input.listExpected" },
    )
    .max(DELIVERY_LIMITS.countries, { error: "admin:input.atMostItems" })
    .refine((codes) => new Set(codes).size === codes.length, { error: "admin:input.countryTwice" }),
  /** In cents: 0 is free delivery to the zone. */
  priceCents: whole(0, DELIVERY_LIMITS.priceCents),
  /** In cents; null: no threshold. */
  freeFromCents: whole(1, DELIVERY_LIMITS.freeFromCents).nullable(),
  minDays: whole(1, DELIVERY_LIMITS.days),
  maxDays: whole(1, DELIVERY_LIMITS.days),
  timesFr: oneLine(DELIVERY_LIMITS.times),
  timesEn: oneLine(DELIVERY_LIMITS.times),
};

/** The longest announced time is not shorter than the shortest. */
export function checkDaysInOrder(
  zone: { minDays: number; maxDays: number },
  context: z.core.$RefinementCtx<{ minDays: number; maxDays: number }>,
) {
  if (zone.maxDays < zone.minDays) {
    context.addIssue({
      code: "custom",
      path: ["maxDays"],
      message: "admin:input.daysInOrder",
      input: zone.maxDays,
    });
  }
}

export const deliveryZoneSchema = z.strictObject(deliveryZoneRules).superRefine(checkDaysInOrder);

export type DeliveryZoneInput = z.output<typeof deliveryZoneSchema>;
