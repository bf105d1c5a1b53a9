/**
 * A model's code: permanent once the owner creates it (derived from its name), it names the model
 * in carts, `?product=` links, orders and e-mails. Which models exist is the catalogue's to say
 * (`@souls/shop/catalogue`); this is only the shape a code has.
 */
export type ModelCode = string;

/** Lower-case letters and digits, words joined by single hyphens, at most 60 characters. */
const MODEL_CODE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_MODEL_CODE_LENGTH = 60;

export function isModelCode(value: unknown): value is ModelCode {
  return typeof value === "string" && value.length <= MAX_MODEL_CODE_LENGTH && MODEL_CODE.test(value);
}
