/**
 * Building blocks of the procedures' input schemas. Every string is bounded, every number is an
 * integer within what PostgreSQL stores, every object is strict (an unknown field is refused):
 * a malformed request is a BAD_REQUEST with a message per field, never a database error.
 *
 * Messages are message keys (`admin:input.*`, docs/decisions/012); a bound travels as the zod
 * issue's `minimum`/`maximum`, which the error formatter (trpc.ts) hands on as `min`/`max`. The
 * owner's panel shows them in French, under the field they concern.
 */
import { SHOP_MONTH_PATTERN } from "@souls/core/format";
import { isStorableText, withoutBidiControls } from "@souls/shop/text";
import { z } from "zod";

/** Largest PostgreSQL `integer`: a bigger id would be a database error, not a validation one. */
export const INT4_MAX = 2_147_483_647;

/** An input object that refuses unknown fields. */
export function strictInput<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? "admin:input.unknownField"
        : issue.code === "invalid_type"
          ? "admin:input.malformed"
          : undefined,
  });
}

/** For procedures that take nothing: anything sent is refused rather than ignored. */
export const noInput = z.void({ error: "admin:input.noParameters" });

/** Missing, or of the wrong kind: one message for each. */
const required = (expected: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? "admin:input.required" : expected;

/**
 * A trimmed string of `min`..`max` characters, without bidirectional controls (a right-to-left
 * override would disguise a note, a name or a tracking number: @souls/shop/text).
 */
export function text(min: number, max: number) {
  return z
    .string({ error: required("admin:input.textExpected") })
    .overwrite(withoutBidiControls)
    .trim()
    .min(min, { error: min <= 1 ? "admin:input.required" : "admin:input.tooShort" })
    .max(max, { error: "admin:input.tooLong" })
    .refine(isStorableText, { error: "admin:input.invalidCharacters" });
}

/** An integer in `min`..`max`. */
export function int(min: number, max: number) {
  return z
    .int({ error: required("admin:input.integerExpected") })
    .min(min, { error: "admin:input.atLeast" })
    .max(max, { error: "admin:input.atMost" });
}

/** A database id. */
export const id = int(1, INT4_MAX);

/** An order number as the owner copies it from the list (the database says whether it exists). */
export const orderNumber = text(1, 40);

/**
 * An amount in euros with two decimals at most (169.99 × 100 is 16998.999…: whole cents to
 * rounding), above 0 and at most `max`.
 */
export function euros(max: number) {
  return z
    .number({ error: required("admin:input.numberExpected") })
    .gt(0, { error: "admin:input.positive" })
    .max(max, { error: "admin:input.eurosAtMost" })
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
      error: "admin:input.twoDecimals",
    });
}

/** The key of one click of the owner's (a random id made by the screen): its retries are one action. */
export const requestKey = z
  .string({ error: "admin:input.requestKeyMissing" })
  .regex(/^[A-Za-z0-9_-]{16,64}$/, { error: "admin:input.requestKeyInvalid" });

/** A month of the shop's books, `YYYY-MM` from 2000-01 to 2999-12 (year 0000 was a database error). */
export const month = z
  .string({ error: "admin:input.monthExpected" })
  .regex(SHOP_MONTH_PATTERN, { error: "admin:input.monthExpected" });

/** A yes-or-no field. */
export const yesOrNo = z.boolean({ error: "admin:input.yesOrNo" });

/** One line of text: `text` without line breaks, tabs or other control characters. */
export function line(min: number, max: number) {
  return text(min, max).refine((value) => !/\p{Cc}/u.test(value), { error: "admin:input.oneLine" });
}

/** A line the owner may leave empty (absent, null or blank: null). */
export function optionalLine(max: number) {
  return line(0, max)
    .nullable()
    .default(null)
    .transform((value) => value || null);
}

/**
 * Where a list's next or previous page starts (keyset): an order's, a sign-up's or an e-mail's
 * time to the microsecond and its id, as the list gave it.
 */
export const cursor = z
  .string({ error: "admin:input.malformed" })
  .regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z_\d{1,10}$/, { error: "admin:input.malformed" });

/** A list's search: three characters at least (a trigram index), a hundred at most. */
export const search = text(0, 100);
