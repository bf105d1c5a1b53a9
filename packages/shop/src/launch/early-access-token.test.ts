import { describe, expect, it } from "vitest";
import { earlyAccessToken, readEarlyAccessToken } from "./early-access-token";

const SECRET = "a-secret-of-the-shop-long-enough-to-sign";

describe("early-access link", () => {
  it("names the series and the subscriber it was made for", () => {
    const token = earlyAccessToken(SECRET, { seriesId: 3, signupId: 41 });
    expect(readEarlyAccessToken(SECRET, token)).toEqual({ seriesId: 3, signupId: 41 });
  });

  it("still reads with the previous secret during a rotation", () => {
    const token = earlyAccessToken("the-previous-secret-of-the-shop", { seriesId: 3, signupId: 41 });
    expect(readEarlyAccessToken([SECRET, "the-previous-secret-of-the-shop"], token)).toEqual({
      seriesId: 3,
      signupId: 41,
    });
  });

  it("is refused when tampered with, made for another subscriber or signed by someone else", () => {
    const token = earlyAccessToken(SECRET, { seriesId: 3, signupId: 41 });
    const [, , , signature] = token.split(".");
    expect(readEarlyAccessToken(SECRET, `e.3.42.${signature}`)).toBeNull();
    expect(readEarlyAccessToken(SECRET, `e.4.41.${signature}`)).toBeNull();
    expect(readEarlyAccessToken("another-secret-entirely-of-someone", token)).toBeNull();
    expect(readEarlyAccessToken(SECRET, `${token}x`)).toBeNull();
  });

  it("reads garbage as nothing", () => {
    for (const garbage of [undefined, null, 42, {}, "", "e", "e.1.2.", "e.0.1.x", "x".repeat(500)]) {
      expect(readEarlyAccessToken(SECRET, garbage)).toBeNull();
    }
    const zero = earlyAccessToken(SECRET, { seriesId: 0, signupId: 1 });
    expect(readEarlyAccessToken(SECRET, zero)).toBeNull();
  });
});
