/**
 * The signature of the shop's e-mail links (a sign-up's confirmation and unsubscribe, a review's
 * invitation and opt-out): an HMAC of what the link names, keyed with the shop's secret, which the
 * worker that writes the e-mail and the web app that reads the link share (SESSION_SECRET). Each
 * kind of link signs under its own domain, so one kind's signature never passes for another's.
 * While SESSION_SECRET is being rotated, a link signed with the previous secret still verifies
 * (links already sent keep working); every new link is signed with the current one.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

/** 43 base64url characters (SHA-256). */
export const SIGNATURE_PATTERN = "[\\w-]{43}";

export function linkSignature(secret: string, domain: string, payload: string): string {
  return createHmac("sha256", secret).update(`${domain}:${payload}`).digest("base64url");
}

/**
 * The secrets a link is checked against: the shop's secret, or during a rotation the current one
 * and then the previous one (settings' `sessionSecrets`).
 */
export type LinkSecrets = string | readonly string[];

/** Whether `given` is the signature of `payload` under one of `secrets`, compared in constant time. */
export function hasLinkSignature(
  secrets: LinkSecrets,
  domain: string,
  payload: string,
  given: string,
): boolean {
  const actual = Buffer.from(given);
  return (typeof secrets === "string" ? [secrets] : secrets).some((secret) => {
    const expected = Buffer.from(linkSignature(secret, domain, payload));
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  });
}
