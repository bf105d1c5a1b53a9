/**
 * The panel's passwords (decision 043): stored as a salted scrypt key computed on libuv's thread
 * pool, compared in constant time; a new one is judged before it is stored — long enough, not one
 * of the 10,000 most common passwords, not the shop's own words dressed up with digits.
 */
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@souls/core/admin-roles";
import { COMMON_PASSWORDS_TEXT } from "./common-passwords";

/** scrypt on libuv's thread pool: a flood of guesses never blocks the event loop. */
export function scryptAsync(password: string, salt: Buffer, options: ScryptOptions = {}): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, 32, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** `scrypt$<salt>$<key>` (base64url): what admin_people.password_hash holds. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt);
  return `scrypt$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

/** Whether the attempt is the password behind the stored hash (constant-time comparison). */
export async function verifyPassword(stored: string, attempt: string): Promise<boolean> {
  const [scheme, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !key) return false;
  const expected = Buffer.from(key, "base64url");
  const actual = await scryptAsync(attempt, Buffer.from(salt, "base64url"));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** Compared with when the login names nobody: the answer takes as long as for a real person. */
export const NOBODY_HASH = "scrypt$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";

const COMMON_PASSWORDS: ReadonlySet<string> = new Set(COMMON_PASSWORDS_TEXT.split("\n"));

/** The shop's own words: what a guesser who knows the shop tries first. */
export const SHOP_WORDS = [
  "souls",
  "soulsparis",
  "sacbanane",
  "sacsbanane",
  "banane",
  "fannypack",
  "fannypacks",
  "bumbag",
  "jacquard",
  "aicha",
  "atelier",
  "motdepasse",
  "admin",
  "administrateur",
  "proprietaire",
  "boutique",
] as const;
const SHOP_WORD_SET: ReadonlySet<string> = new Set(SHOP_WORDS);

export type PasswordVerdict = "ok" | "too_short" | "too_long" | "common";

/**
 * A new password's verdict. Compared in lowercase: the password itself, then its letters alone
 * (« Password2024!!!! » is « password »), must be neither a common password nor a word of the
 * shop; a password of digits and signs only, or of fewer than five different characters, is
 * common too.
 */
export function judgePassword(password: string): PasswordVerdict {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return "too_short";
  if (length > PASSWORD_MAX_LENGTH) return "too_long";
  const lower = password.normalize("NFC").toLowerCase();
  const letters = lower.replace(/[^\p{L}]/gu, "");
  const spaced = lower.replace(/[\s\-_.]/g, "");
  if (new Set(lower).size < 5) return "common";
  if (letters.length === 0) return "common";
  for (const candidate of [lower, spaced, letters]) {
    if (COMMON_PASSWORDS.has(candidate) || SHOP_WORD_SET.has(candidate)) return "common";
  }
  // The shop's words repeated or joined (« soulssoulssouls », « sacbananesouls »).
  const withoutShopWords = SHOP_WORDS.reduce((rest, word) => rest.split(word).join(""), letters);
  if (withoutShopWords.length === 0) return "common";
  return "ok";
}
