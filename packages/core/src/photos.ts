/**
 * A model's photos as pages, e-mails and the shop name them. An uploaded photo is cut once into
 * the widths pages need (AVIF and WebP) and a JPEG or two for e-mails; every file is named by
 * the hash of the photo's pixels, its width and its format: `/photos/<hash>-<width>.<ext>`. The
 * same name always holds the same bytes, so browsers and CDNs keep them for a year.
 * The launch models' drawings are files of the site's own (`/images/products/…svg`), never cut.
 */
import type { Locale } from "./locales";

export const PHOTO_FORMATS = ["avif", "webp", "jpeg"] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

/**
 * The widths a page picks from (`srcset`): a phone's gallery thumbnail (160) to a large screen's
 * gallery. 720 is a phone's gallery photo (372 px at 1.75 dppx needs 651: without it, the 960).
 * A width added here is made for older photos at its first request (@souls/shop/photos).
 */
export const PAGE_WIDTHS = [160, 320, 480, 640, 720, 960, 1280, 1600] as const;
/** E-mail clients read JPEG best: a column's width and its double for sharp screens. */
export const EMAIL_WIDTHS = [600, 1200] as const;
/** The largest cut: the photo as the shop keeps it (its intrinsic size). */
export const LARGEST_WIDTH = 1600;

/** What the shop takes: judged on the server (@souls/shop/photos), told by the panel before sending. */
export const PHOTO_LIMITS = {
  /** A phone's photo is 2–8 MB; a PNG export of one up to ~20. */
  maxBytes: 25 * 1024 * 1024,
  /** 50 megapixels: more than any phone's camera, far less than a decompression bomb. */
  maxPixels: 50_000_000,
  /** Each side, once upright: a photo narrower would look poor in the gallery of any screen. */
  minSide: 320,
  /**
   * The longer side over the shorter, once upright: a phone's panorama is about 4:1. Longer strips
   * (320 × 156,250) broke the encoder or left cuts a pixel high.
   */
  maxAspectRatio: 4,
  perModel: 12,
  /** A photo's words in each language. */
  altLength: 300,
} as const;

/** Where a photo's files are served. */
export const PHOTOS_PATH = "/photos";

const EXTENSIONS: Record<PhotoFormat, string> = { avif: "avif", webp: "webp", jpeg: "jpg" };
const CONTENT_TYPES: Record<PhotoFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpeg: "image/jpeg",
};

/** 128 bits of the SHA-256 of the processed pixels, in hex. */
const HASH = /^[0-9a-f]{32}$/;
const FILE_NAME = /^([0-9a-f]{32})-([1-9][0-9]{2,3})\.(avif|webp|jpg)$/;

/** A photo as a page shows it: its files' name, its intrinsic size and its words. */
export interface ShownPhoto {
  id: number;
  /** The hash naming an uploaded photo's files, or a path of the site's own (a launch drawing). */
  source: string;
  width: number;
  height: number;
  alt: Record<Locale, string>;
}

/** Whether a photo's source names uploaded files (else it is one of the site's own files). */
export function isPhotoHash(source: string): boolean {
  return HASH.test(source);
}

function cutsUpTo(widths: readonly number[], width: number): number[] {
  const top = Math.min(width, widths[widths.length - 1] ?? width);
  return [...widths.filter((w) => w < top), top];
}

/** The widths a photo of this width is cut into for pages, never wider than the photo itself. */
export function pageWidths(width: number): number[] {
  return cutsUpTo(PAGE_WIDTHS, Math.min(width, LARGEST_WIDTH));
}

/** The widths of a photo's JPEG cuts for e-mails. */
export function emailWidths(width: number): number[] {
  return cutsUpTo(EMAIL_WIDTHS, width);
}

/** Every cut of a photo of this width: each page width in AVIF and WebP, then the e-mails' JPEGs. */
export function photoCuts(width: number): { format: PhotoFormat; width: number }[] {
  const widths = pageWidths(width);
  return [
    ...widths.map((w) => ({ format: "avif" as const, width: w })),
    ...widths.map((w) => ({ format: "webp" as const, width: w })),
    ...emailWidths(width).map((w) => ({ format: "jpeg" as const, width: w })),
  ];
}

export function photoFileName(hash: string, width: number, format: PhotoFormat): string {
  return `${hash}-${width}.${EXTENSIONS[format]}`;
}

export function photoPath(hash: string, width: number, format: PhotoFormat): string {
  return `${PHOTOS_PATH}/${photoFileName(hash, width, format)}`;
}

/**
 * A file name as the photo route receives it, read back into what names the file; null for
 * anything that is not exactly a photo's file name (such a request never reaches the database).
 */
export function parsePhotoFileName(
  name: string,
): { hash: string; width: number; format: PhotoFormat } | null {
  const match = FILE_NAME.exec(name);
  if (!match) return null;
  const [, hash, width, extension] = match as unknown as [string, string, string, string];
  const format = extension === "jpg" ? "jpeg" : (extension as PhotoFormat);
  const pixels = Number(width);
  if (pixels > LARGEST_WIDTH) return null;
  return { hash, width: pixels, format };
}

export function photoContentType(format: PhotoFormat): string {
  return CONTENT_TYPES[format];
}

/** A `srcset` of a photo's cuts in one format (`/photos/…-320.avif 320w, …`). */
export function photoSrcset(photo: Pick<ShownPhoto, "source" | "width">, format: "avif" | "webp"): string {
  return pageWidths(photo.width)
    .map((width) => `${photoPath(photo.source, width, format)} ${width}w`)
    .join(", ");
}

/** The JPEG a browser without AVIF or WebP shows: the largest e-mail cut. */
export function photoFallbackPath(photo: Pick<ShownPhoto, "source" | "width">): string {
  const widths = emailWidths(photo.width);
  return photoPath(photo.source, widths[widths.length - 1] ?? photo.width, "jpeg");
}

/** The panel's pictures of a photo: sharp at its largest (a card on a 2 dppx screen). */
const THUMBNAIL_WIDTH = 320;

/** A small picture of the photo, for lists (the owner's panel): a 320 px WebP, or the drawing. */
export function photoThumbnailPath(photo: Pick<ShownPhoto, "source" | "width">): string {
  if (!isPhotoHash(photo.source)) return photo.source;
  const widths = pageWidths(photo.width);
  return photoPath(photo.source, widths.find((w) => w >= THUMBNAIL_WIDTH) ?? photo.width, "webp");
}

/**
 * The absolute address of a photo's JPEG for an e-mail, at least `wanted` pixels wide when the
 * photo has it (600 for a column, 1200 for its double), from the shop's configured origin. Null
 * for a launch drawing: e-mail clients do not show SVG.
 */
export function emailPhotoUrl(
  siteUrl: string,
  photo: Pick<ShownPhoto, "source" | "width">,
  wanted: number = EMAIL_WIDTHS[0],
): string | null {
  if (!isPhotoHash(photo.source)) return null;
  const widths = emailWidths(photo.width);
  const width = widths.find((w) => w >= wanted) ?? widths[widths.length - 1] ?? photo.width;
  const origin = siteUrl.endsWith("/") ? siteUrl.slice(0, -1) : siteUrl;
  return `${origin}${photoPath(photo.source, width, "jpeg")}`;
}
