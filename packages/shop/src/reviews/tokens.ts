/**
 * The links of a review invitation, bound to its order and signed with the shop's secret (the
 * sign-up links' mechanism, signed-links.ts): "review what you bought" (`r.<order id>.<signature>`)
 * and "no more review invitations" (`o.<order id>.<signature>`). Neither can be made for another
 * order without the secret; how long the review link works is the database's to say (the
 * invitation's date), so the link itself does not expire.
 */
import { hasLinkSignature, type LinkSecrets, linkSignature, SIGNATURE_PATTERN } from "../signed-links";

export type ReviewLinkPurpose = "review" | "optOut";

const PREFIX: Record<ReviewLinkPurpose, string> = { review: "r", optOut: "o" };
const DOMAIN = "souls-review";
const TOKEN = new RegExp(`^([ro])\\.(\\d{1,10})\\.(${SIGNATURE_PATTERN})$`);

export function reviewLinkToken(secret: string, purpose: ReviewLinkPurpose, orderId: number): string {
  const payload = `${PREFIX[purpose]}.${orderId}`;
  return `${payload}.${linkSignature(secret, DOMAIN, payload)}`;
}

/** The order a token names, if its signature holds; null for anything else (never throws). */
export function readReviewLinkToken(
  secret: LinkSecrets,
  purpose: ReviewLinkPurpose,
  token: unknown,
): number | null {
  if (typeof token !== "string" || token.length > 200) return null;
  const match = TOKEN.exec(token.trim());
  if (!match || match[1] !== PREFIX[purpose]) return null;
  const [, letter, id, signature] = match as unknown as [string, string, string, string];
  if (!hasLinkSignature(secret, DOMAIN, `${letter}.${id}`, signature)) return null;
  const orderId = Number(id);
  return Number.isSafeInteger(orderId) && orderId > 0 && orderId <= 2_147_483_647 ? orderId : null;
}
