import { describe, expect, it } from "vitest";
import {
  emailPhotoUrl,
  emailWidths,
  isPhotoHash,
  pageWidths,
  parsePhotoFileName,
  photoCuts,
  photoFallbackPath,
  photoFileName,
  photoSrcset,
  photoThumbnailPath,
} from "./photos";

const HASH = "0123456789abcdef0123456789abcdef";

describe("a photo's cuts", () => {
  it("never makes a cut wider than the photo, and keeps its own width as the largest", () => {
    expect(pageWidths(1600)).toEqual([160, 320, 480, 640, 720, 960, 1280, 1600]);
    expect(pageWidths(1000)).toEqual([160, 320, 480, 640, 720, 960, 1000]);
    expect(pageWidths(960)).toEqual([160, 320, 480, 640, 720, 960]);
    expect(pageWidths(320)).toEqual([160, 320]);
    expect(emailWidths(1600)).toEqual([600, 1200]);
    expect(emailWidths(1000)).toEqual([600, 1000]);
    expect(emailWidths(500)).toEqual([500]);
  });

  it("lists every page width in AVIF and WebP, then the e-mails' JPEGs", () => {
    expect(photoCuts(1000)).toEqual([
      ...[160, 320, 480, 640, 720, 960, 1000].map((width) => ({ format: "avif", width })),
      ...[160, 320, 480, 640, 720, 960, 1000].map((width) => ({ format: "webp", width })),
      { format: "jpeg", width: 600 },
      { format: "jpeg", width: 1000 },
    ]);
  });
});

describe("a photo's file names", () => {
  it("reads back exactly the names it writes", () => {
    for (const cut of photoCuts(1600)) {
      expect(parsePhotoFileName(photoFileName(HASH, cut.width, cut.format))).toEqual({ hash: HASH, ...cut });
    }
    expect(photoFileName(HASH, 600, "jpeg")).toBe(`${HASH}-600.jpg`);
  });

  it("refuses any other name, so it never reaches the database", () => {
    for (const name of [
      `${HASH}-600.jpeg`,
      `${HASH}-600.JPG`,
      `${HASH.toUpperCase()}-600.jpg`,
      `${HASH}-0600.jpg`,
      `${HASH}-99.jpg`,
      `${HASH}-1601.avif`,
      `${HASH}-99999.avif`,
      `${HASH}-600.avif/`,
      `${HASH}-600.avif.map`,
      `${HASH}-600.png`,
      `${HASH.slice(1)}-600.avif`,
      `${HASH}0-600.avif`,
      `../${HASH}-600.avif`,
      `${HASH}-600.avif\n`,
      `${HASH}-600.avif%00`,
      "",
      "aicha-1.svg",
    ]) {
      expect(parsePhotoFileName(name), name).toBeNull();
    }
  });

  it("tells an uploaded photo's hash from a file of the site's own", () => {
    expect(isPhotoHash(HASH)).toBe(true);
    expect(isPhotoHash("/images/products/aicha-1.svg")).toBe(false);
    expect(isPhotoHash(`${HASH}0`)).toBe(false);
  });
});

describe("a photo's addresses", () => {
  const photo = { source: HASH, width: 1000 };

  it("gives pages a srcset per format and a JPEG for browsers without either", () => {
    expect(photoSrcset(photo, "avif")).toBe(
      [160, 320, 480, 640, 720, 960, 1000].map((w) => `/photos/${HASH}-${w}.avif ${w}w`).join(", "),
    );
    expect(photoSrcset(photo, "webp")).toContain(`/photos/${HASH}-1000.webp 1000w`);
    expect(photoFallbackPath(photo)).toBe(`/photos/${HASH}-1000.jpg`);
    expect(photoThumbnailPath(photo)).toBe(`/photos/${HASH}-320.webp`);
    expect(photoThumbnailPath({ source: "/images/products/aicha-1.svg", width: 1000 })).toBe(
      "/images/products/aicha-1.svg",
    );
  });

  it("gives e-mails an absolute JPEG address on the shop's origin, none for a drawing", () => {
    expect(emailPhotoUrl("https://souls.example", photo)).toBe(
      `https://souls.example/photos/${HASH}-600.jpg`,
    );
    expect(emailPhotoUrl("https://souls.example/", { source: HASH, width: 1600 }, 1200)).toBe(
      `https://souls.example/photos/${HASH}-1200.jpg`,
    );
    expect(emailPhotoUrl("https://souls.example", { source: HASH, width: 500 })).toBe(
      `https://souls.example/photos/${HASH}-500.jpg`,
    );
    expect(
      emailPhotoUrl("https://souls.example", { source: "/images/products/aicha-1.svg", width: 1000 }),
    ).toBe(null);
  });
});
