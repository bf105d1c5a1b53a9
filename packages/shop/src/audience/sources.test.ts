import { describe, expect, it } from "vitest";
import {
  isRobot,
  MAX_HOST_LENGTH,
  MAX_UTM_LENGTH,
  referrerHostOf,
  sourceLabel,
  sourceOf,
  utmValueOf,
} from "./sources";

const OWN = ["souls.example"];

describe("a visit's source", () => {
  it("keeps the referring site's host only, without www. or a link shim's sub-domain", () => {
    expect(referrerHostOf("https://www.Google.FR/search?q=sac+banane")).toBe("google.fr");
    expect(referrerHostOf("https://l.instagram.com/?u=https%3A%2F%2Fsouls.example%2F&e=AT0")).toBe(
      "instagram.com",
    );
    expect(referrerHostOf("https://m.facebook.com/story.php?id=1")).toBe("facebook.com");
    expect(referrerHostOf("http://magazine.example:8080/article/42#top")).toBe("magazine.example");
  });

  it("drops a referrer that is garbage, not http(s), an address or too long", () => {
    for (const garbage of [
      "",
      "not a url",
      "javascript:alert(1)",
      "data:text/html,<script>",
      "file:///etc/passwd",
      "https://",
      "https://localhost/",
      "https://127.0.0.1/x",
      "https://[::1]/",
      `https://${"a".repeat(MAX_HOST_LENGTH)}.com/`,
      `https://x.com/${"a".repeat(5000)}`,
      "https://exa mple.com/",
      "https://xn--\u0000.com/",
    ]) {
      expect(referrerHostOf(garbage), garbage).toBe("");
    }
    expect(referrerHostOf(null)).toBe("");
    // An internationalized name is kept as the browser sends it: punycode.
    expect(referrerHostOf("https://café.example/")).toBe("xn--caf-dma.example");
  });

  it("normalizes campaign values and bounds their length, whatever is sent", () => {
    expect(utmValueOf("Instagram")).toBe("instagram");
    expect(utmValueOf("  Insta Gram  ")).toBe("insta-gram");
    expect(utmValueOf("ＩＮＳＴＡ")).toBe("insta");
    expect(utmValueOf("<script>alert(1)</script>")).toBe("script-alert-1-script");
    expect(utmValueOf("a\u0000b\nc\td")).toBe("a-b-c-d");
    expect(utmValueOf("Soldes d'été 2026")).toBe("soldes-d-été-2026");
    expect(utmValueOf("---")).toBe("");
    expect(utmValueOf("x".repeat(10_000))).toHaveLength(MAX_UTM_LENGTH);
    expect(utmValueOf(`${"a".repeat(MAX_UTM_LENGTH - 1)}--b`)).toBe("a".repeat(MAX_UTM_LENGTH - 1));
    expect(utmValueOf(null)).toBe("");
  });

  it("reads the campaign and the referrer off the landing request", () => {
    const source = sourceOf(
      "?utm_source=Instagram&utm_medium=Social&utm_campaign=Lancement%20Hiver&photo=2",
      "https://l.instagram.com/",
      OWN,
    );
    expect(source).toEqual({
      referrerHost: "instagram.com",
      utmSource: "instagram",
      utmMedium: "social",
      utmCampaign: "lancement-hiver",
    });
    expect(sourceLabel(source ?? ({} as never))).toBe("instagram");
    expect(sourceLabel({ referrerHost: "google.fr", utmSource: "", utmMedium: "", utmCampaign: "" })).toBe(
      "google.fr",
    );
    expect(sourceLabel({ referrerHost: "", utmSource: "", utmMedium: "", utmCampaign: "" })).toBe("direct");
  });

  it("takes a step inside the shop for no source, unless the address carries a campaign", () => {
    expect(sourceOf("", "https://souls.example/produit/aicha", OWN)).toBeNull();
    expect(sourceOf("", "https://www.souls.example/", OWN)).toBeNull();
    expect(sourceOf("?utm_source=newsletter", "https://souls.example/", OWN)).toEqual({
      referrerHost: "",
      utmSource: "newsletter",
      utmMedium: "",
      utmCampaign: "",
    });
    expect(sourceOf("", null, OWN)).toEqual({
      referrerHost: "",
      utmSource: "",
      utmMedium: "",
      utmCampaign: "",
    });
    // Garbage in the query: no crash, nothing kept beyond the bounds.
    expect(sourceOf("?utm_source=%E0%A4%A&utm_medium=%%%", "::::", OWN)).toEqual({
      referrerHost: "",
      utmSource: expect.any(String),
      utmMedium: "",
      utmCampaign: "",
    });
    expect(sourceOf(`?utm_source=${"z".repeat(100_000)}`, null, OWN)).toEqual({
      referrerHost: "",
      utmSource: "",
      utmMedium: "",
      utmCampaign: "",
    });
  });

  it("knows obvious robots by their user agent", () => {
    expect(isRobot("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)")).toBe(true);
    expect(isRobot("facebookexternalhit/1.1")).toBe(true);
    expect(isRobot("curl/8.5.0")).toBe(true);
    expect(isRobot("python-requests/2.31")).toBe(true);
    expect(isRobot("")).toBe(true);
    expect(isRobot(undefined)).toBe(true);
    expect(
      isRobot(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile Safari/604.1",
      ),
    ).toBe(false);
  });
});
