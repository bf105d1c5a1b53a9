import { describe, expect, it } from "vitest";
import { largePhotoHref } from "./gallery";

const HASH = "0123456789abcdef0123456789abcdef";

describe("the link that enlarges a photo", () => {
  it("leads to its largest cut, never wider than the photo itself", () => {
    expect(largePhotoHref({ source: HASH, width: 4032 })).toBe(`/photos/${HASH}-1600.webp`);
    expect(largePhotoHref({ source: HASH, width: 1000 })).toBe(`/photos/${HASH}-1000.webp`);
  });

  it("leads to a launch drawing's own file", () => {
    expect(largePhotoHref({ source: "/images/products/aicha-1.svg", width: 800 })).toBe(
      "/images/products/aicha-1.svg",
    );
  });
});
