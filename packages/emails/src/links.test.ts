import { describe, expect, it } from "vitest";
import { absoluteUrl, EMAIL_LINKS, shopUrl, signupConfirmUrl, trackingUrl, unsubscribeUrl } from "./links";

describe("the shop links in e-mails", () => {
  it("keep French paths unprefixed and English ones under /en", () => {
    for (const paths of Object.values(EMAIL_LINKS)) {
      expect(paths.fr).not.toMatch(/^\/en(\/|$)/);
      expect(paths.en).toMatch(/^\/en(\/|$)/);
    }
  });

  it("make a model's address, which its payload carries, absolute from the configured origin", () => {
    expect(absoluteUrl("https://souls.example/", "/produit/sac-banane-nadia")).toBe(
      "https://souls.example/produit/sac-banane-nadia",
    );
    expect(shopUrl("https://souls.example", "home", "en")).toBe("https://souls.example/en");
  });

  it("add the token to the tracking page only when given, URL-encoded", () => {
    expect(trackingUrl("https://souls.example", "fr")).toBe("https://souls.example/suivi-commande");
    expect(trackingUrl("https://souls.example", "en", "a+b/c=")).toBe(
      "https://souls.example/en/track-order?token=a%2Bb%2Fc%3D",
    );
  });

  it("give the sign-up confirmation and unsubscribe pages their token, URL-encoded", () => {
    expect(signupConfirmUrl("https://souls.example", "fr", "a+b/c=")).toBe(
      "https://souls.example/inscription/confirmer?token=a%2Bb%2Fc%3D",
    );
    expect(signupConfirmUrl("https://souls.example/", "en", "abc")).toBe(
      "https://souls.example/en/signup/confirm?token=abc",
    );
    expect(unsubscribeUrl("https://souls.example", "fr", "abc")).toBe(
      "https://souls.example/desinscription?token=abc",
    );
    expect(unsubscribeUrl("https://souls.example", "en", "a+b/c=")).toBe(
      "https://souls.example/en/unsubscribe?token=a%2Bb%2Fc%3D",
    );
  });

  it("tolerate a site address written with a trailing slash", () => {
    expect(shopUrl("https://souls.example/", "terms", "fr")).toBe("https://souls.example/cgv");
  });
});
