import { describe, expect, it } from "vitest";
import { readReviewLinkToken, reviewLinkToken } from "./reviews/tokens";
import { hasLinkSignature, linkSignature } from "./signed-links";
import { readSignupToken, signupToken } from "./signups/tokens";

const previous = "the-secret-before-the-rotation-0123456789";
const current = "the-secret-after-the-rotation-9876543210";
/** What the settings give during a rotation: the current secret first, then the previous one. */
const rotating = [current, previous] as const;

describe("signed links during a rotation of SESSION_SECRET", () => {
  it("accept a link signed with the previous secret while it is listed, and no longer once it is gone", () => {
    const signature = linkSignature(previous, "souls-test", "payload");
    expect(hasLinkSignature(rotating, "souls-test", "payload", signature)).toBe(true);
    expect(hasLinkSignature(current, "souls-test", "payload", signature)).toBe(false);
    expect(hasLinkSignature([current], "souls-test", "payload", signature)).toBe(false);
    expect(hasLinkSignature(rotating, "souls-other", "payload", signature)).toBe(false);
    expect(hasLinkSignature(rotating, "souls-test", "payload", "x".repeat(43))).toBe(false);
  });

  it("keep every kind of e-mailed link signed before the rotation working, for the order it names", () => {
    const sentBefore = new Date();
    expect(readSignupToken(rotating, "confirm", signupToken(previous, "confirm", 7, sentBefore))).toEqual({
      ok: true,
      signupId: 7,
    });
    expect(readSignupToken(rotating, "unsubscribe", signupToken(previous, "unsubscribe", 8))).toEqual({
      ok: true,
      signupId: 8,
    });
    expect(readReviewLinkToken(rotating, "review", reviewLinkToken(previous, "review", 9))).toBe(9);
    expect(readReviewLinkToken(rotating, "optOut", reviewLinkToken(previous, "optOut", 10))).toBe(10);
    // A kind of link never passes for another, whichever secret signed it.
    expect(readReviewLinkToken(rotating, "review", reviewLinkToken(previous, "optOut", 10))).toBeNull();
    expect(readSignupToken(rotating, "confirm", signupToken(previous, "unsubscribe", 8)).ok).toBe(false);
    // Once the previous secret is dropped, its links are refused.
    expect(readReviewLinkToken(current, "review", reviewLinkToken(previous, "review", 9))).toBeNull();
    expect(readSignupToken([current], "unsubscribe", signupToken(previous, "unsubscribe", 8)).ok).toBe(false);
  });

  it("sign every new link with the current secret, which alone verifies it after the rotation", () => {
    const [signing] = rotating;
    const review = reviewLinkToken(signing, "review", 11);
    expect(review).not.toBe(reviewLinkToken(previous, "review", 11));
    expect(readReviewLinkToken(current, "review", review)).toBe(11);
    expect(readSignupToken(current, "confirm", signupToken(signing, "confirm", 12)).ok).toBe(true);
    // A previous secret alone never verifies a link the current one signed.
    expect(readReviewLinkToken(previous, "review", review)).toBeNull();
  });
});
