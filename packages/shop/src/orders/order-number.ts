import { randomInt } from "node:crypto";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/**
 * `SOULS-` + the last 6 digits of the timestamp + 4 random uppercase alphanumerics, as the
 * spec shapes it. Uniqueness is the database's (a unique index); callers retry on collision.
 */
export function newOrderNumber(now: number = Date.now(), pick: (max: number) => number = randomInt): string {
  const digits = String(now).slice(-6).padStart(6, "0");
  let suffix = "";
  for (let i = 0; i < 4; i++) suffix += ALPHABET[pick(ALPHABET.length)];
  return `SOULS-${digits}${suffix}`;
}

export const ORDER_NUMBER_PATTERN = /^SOULS-\d{6}[A-Z0-9]{4}$/;
