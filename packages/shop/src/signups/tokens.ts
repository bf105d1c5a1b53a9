/**
 * The links of sign-up e-mails, signed with the shop's secret: "confirm this address" (valid 48
 * hours, the double opt-in) and "unsubscribe" (valid as long as the sign-up exists). A token names
 * a sign-up row and cannot be forged for another one without the secret.
 */
import { hasLinkSignature, type LinkSecrets, linkSignature } from "../signed-links";

export type SignupTokenPurpose = "confirm" | "unsubscribe";

/** How long a confirmation link works. */
export const CONFIRMATION_HOURS = 48;

const PREFIX: Record<SignupTokenPurpose, string> = { confirm: "c", unsubscribe: "u" };

/** Links signed before the shop had other signed links keep working: the same domain. */
const DOMAIN = "souls-signup";

/** `c.<id>.<expires, epoch seconds>.<mac>`; an unsubscribe token does not expire (0). */
export function signupToken(
  secret: string,
  purpose: SignupTokenPurpose,
  signupId: number,
  now: Date = new Date(),
): string {
  const expires = purpose === "confirm" ? Math.floor(now.getTime() / 1000) + CONFIRMATION_HOURS * 3600 : 0;
  const payload = `${PREFIX[purpose]}.${signupId}.${expires}`;
  return `${payload}.${linkSignature(secret, DOMAIN, payload)}`;
}

export type SignupTokenCheck = { ok: true; signupId: number } | { ok: false; reason: "invalid" | "expired" };

/** The sign-up a token names, if its signature holds (compared in constant time) and it has not run out. */
export function readSignupToken(
  secret: LinkSecrets,
  purpose: SignupTokenPurpose,
  token: unknown,
  now: Date = new Date(),
): SignupTokenCheck {
  if (typeof token !== "string" || token.length > 200) return { ok: false, reason: "invalid" };
  const match = /^([cu])\.(\d{1,10})\.(\d{1,12})\.([\w-]{43})$/.exec(token.trim());
  if (!match || match[1] !== PREFIX[purpose]) return { ok: false, reason: "invalid" };
  const [, letter, id, expires, signature] = match as unknown as [string, string, string, string, string];
  if (!hasLinkSignature(secret, DOMAIN, `${letter}.${id}.${expires}`, signature)) {
    return { ok: false, reason: "invalid" };
  }
  if (purpose === "confirm" && Number(expires) * 1000 <= now.getTime())
    return { ok: false, reason: "expired" };
  const signupId = Number(id);
  return Number.isSafeInteger(signupId) && signupId > 0
    ? { ok: true, signupId }
    : { ok: false, reason: "invalid" };
}
