/**
 * The early-access link of a series' announcement: `e.<series id>.<sign-up id>.<signature>`,
 * signed with the shop's secret (signed-links.ts), one per confirmed early-notice subscriber. It
 * names her sign-up, hence her address: during the head start only an order to that address is
 * taken with it. How long it works is the database's to say (the series' public opening, which
 * the owner may move), so the link itself does not expire.
 */
import { hasLinkSignature, type LinkSecrets, linkSignature, SIGNATURE_PATTERN } from "../signed-links";

const DOMAIN = "souls-early-access";
const TOKEN = new RegExp(`^e\\.(\\d{1,10})\\.(\\d{1,10})\\.(${SIGNATURE_PATTERN})$`);
const MAX_ID = 2_147_483_647;

export interface EarlyAccessPass {
  seriesId: number;
  signupId: number;
}

export function earlyAccessToken(secret: string, pass: EarlyAccessPass): string {
  const payload = `e.${pass.seriesId}.${pass.signupId}`;
  return `${payload}.${linkSignature(secret, DOMAIN, payload)}`;
}

/** The series and sign-up a token names, if its signature holds; null for anything else (never throws). */
export function readEarlyAccessToken(secrets: LinkSecrets, token: unknown): EarlyAccessPass | null {
  if (typeof token !== "string" || token.length > 200) return null;
  const match = TOKEN.exec(token.trim());
  if (!match) return null;
  const [, series, signup, signature] = match as unknown as [string, string, string, string];
  if (!hasLinkSignature(secrets, DOMAIN, `e.${series}.${signup}`, signature)) return null;
  const seriesId = Number(series);
  const signupId = Number(signup);
  const valid = (id: number) => Number.isSafeInteger(id) && id > 0 && id <= MAX_ID;
  return valid(seriesId) && valid(signupId) ? { seriesId, signupId } : null;
}
