/**
 * A photo from the owner's phone made fit for the shop: judged by its bytes, turned upright,
 * converted to sRGB, stripped of every metadata (GPS position, camera, date) and cut once into
 * the widths and formats pages and e-mails need (@souls/core/photos), named by the hash of its
 * pixels. Pure of the database: the use cases (./photos.ts) store what this returns.
 */
import { createHash } from "node:crypto";
import { LARGEST_WIDTH, PHOTO_LIMITS, type PhotoFormat, photoCuts } from "@souls/core/photos";
import type { Sharp, SharpOptions } from "sharp";
import { PhotoRefusedError } from "../errors";

export { PHOTO_LIMITS };

/** Read by what their bytes are, never by a name or a declared type. AVIF is HEIF with AV1. */
const ACCEPTED = new Set(["jpeg", "png", "webp", "avif"]);

/** HEIF brands of HEVC-coded photos (an iPhone's HEIC): libvips as shipped cannot decode them. */
const HEIC_BRANDS = new Set(["heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs"]);

/**
 * What a file is, by its first bytes. Only the four accepted kinds ever reach libvips, whose other
 * readers (SVG, PDF, TIFF, GIF…) have no business with a phone's photo; the others are named so
 * the owner's message can say what she sent.
 */
export function photoKindOf(
  bytes: Uint8Array,
): "jpeg" | "png" | "webp" | "heif" | "heic" | "gif" | "pdf" | "svg" | "tiff" | null {
  const ascii = (start: number, end: number) => Buffer.from(bytes.subarray(start, end)).toString("latin1");
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (ascii(0, 8) === "\x89PNG\r\n\x1a\n") return "png";
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  if (ascii(4, 8) === "ftyp") return HEIC_BRANDS.has(ascii(8, 12)) ? "heic" : "heif";
  if (ascii(0, 4) === "GIF8") return "gif";
  if (ascii(0, 5) === "%PDF-") return "pdf";
  if (ascii(0, 4) === "II*\0" || ascii(0, 4) === "MM\0*") return "tiff";
  if (/^\s*(<\?xml|<svg|<!DOCTYPE svg)/i.test(ascii(0, 256))) return "svg";
  return null;
}

/** Encoders' settings: what a product page needs to look right at a size that loads fast. */
const ENCODERS: Record<PhotoFormat, (image: Sharp) => Sharp> = {
  // Effort 3 is as small as 4 (within 3 %) in a third of the time on a 12 MP photo.
  avif: (image) => image.avif({ quality: 50, effort: 3 }),
  webp: (image) => image.webp({ quality: 78, effort: 4 }),
  jpeg: (image) => image.jpeg({ quality: 80, mozjpeg: true }),
};

export interface PhotoFile {
  format: PhotoFormat;
  width: number;
  height: number;
  bytes: Buffer;
}

export interface ProcessedPhoto {
  /** 128 bits of the SHA-256 of the upright sRGB pixels: the same photo twice, the same names. */
  hash: string;
  /** The largest cut's size: the photo's intrinsic size on every page. */
  width: number;
  height: number;
  files: PhotoFile[];
}

type SharpModule = typeof import("sharp").default;
let library: Promise<SharpModule> | undefined;

/**
 * sharp (libvips) is loaded at the first photo, not with the server: serving pages and photos
 * never needs it. One libvips thread per image and no operation cache: a photo is read once, and
 * a 2-core server keeps a core for its pages while it works.
 */
export function sharpLibrary(): Promise<SharpModule> {
  library ??= import("sharp").then(({ default: sharp }) => {
    sharp.concurrency(1);
    sharp.cache(false);
    return sharp;
  });
  return library;
}

/**
 * One photo at a time per process: each takes a libuv thread and most of a core for a second or
 * two (the event loop never waits for it). Others queue here, holding only their bytes.
 */
let queue: Promise<unknown> = Promise.resolve();
export function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const turn = queue.then(work, work);
  queue = turn.catch(() => undefined);
  return turn;
}

/** The cheap checks of a file, before any pixel is decoded. */
export function checkPhotoSize(bytes: Uint8Array): void {
  if (bytes.byteLength === 0) throw new PhotoRefusedError("empty");
  if (bytes.byteLength > PHOTO_LIMITS.maxBytes) throw new PhotoRefusedError("too_heavy");
}

/**
 * The photo as the shop keeps it, or a PhotoRefusedError: another format than JPEG, PNG, WebP or
 * AVIF (a GIF, an SVG, a PDF, an iPhone's HEIC), a file libvips cannot read to its end (a
 * truncated JPEG), more than 50 megapixels (judged from the header, before decoding: a
 * 30,000 × 30,000 PNG bomb costs nothing), a side under 320 pixels, or a strip longer than 4:1.
 */
export async function processPhoto(bytes: Uint8Array): Promise<ProcessedPhoto> {
  checkPhotoSize(bytes);
  const sharp = await sharpLibrary();
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const options: SharpOptions = { limitInputPixels: PHOTO_LIMITS.maxPixels, failOn: "warning" };

  const kind = photoKindOf(input);
  if (kind !== "jpeg" && kind !== "png" && kind !== "webp" && kind !== "heif") {
    throw new PhotoRefusedError("format", kind ?? undefined);
  }
  // The header only: no pixel is decoded yet.
  const header = await sharp(input, { ...options, limitInputPixels: false })
    .metadata()
    .catch((error: unknown) => {
      const unknownKind = /unsupported image format/i.test(String((error as Error)?.message));
      throw new PhotoRefusedError(unknownKind ? "format" : "unreadable");
    });
  // libvips must read it as what its first bytes said (a PNG named by its bytes, not a GIF inside).
  const format = header.format === "heif" ? (header.compression === "av1" ? "avif" : "heic") : header.format;
  if (!ACCEPTED.has(format) || (format === "avif" ? "heif" : format) !== kind) {
    throw new PhotoRefusedError("format", format);
  }
  if (header.width * header.height > PHOTO_LIMITS.maxPixels) throw new PhotoRefusedError("too_many_pixels");
  const upright = header.autoOrient ?? header;
  const [shorter, longer] = [upright.width, upright.height].sort((a, b) => a - b) as [number, number];
  if (shorter < PHOTO_LIMITS.minSide) throw new PhotoRefusedError("too_small");
  if (longer > shorter * PHOTO_LIMITS.maxAspectRatio) throw new PhotoRefusedError("too_elongated");

  return oneAtATime(async () => {
    // Decoded once: upright, on white where it was transparent, in sRGB (its ICC profile applied),
    // 8 bits, at most LARGEST_WIDTH wide. Every cut is made from these pixels, which carry no
    // metadata at all: nothing of the file's EXIF, XMP, GPS or ICC can reach a cut.
    const master = await sharp(input, options)
      .autoOrient()
      .resize({ width: LARGEST_WIDTH, withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .toColourspace("srgb")
      .raw({ depth: "uchar" })
      .toBuffer({ resolveWithObject: true })
      .catch((error: unknown) => {
        if (error instanceof PhotoRefusedError) throw error;
        throw new PhotoRefusedError("unreadable");
      });
    const { width, height, channels } = master.info;
    const hash = createHash("sha256")
      .update(`${width}x${height}x${channels}:`)
      .update(master.data)
      .digest("hex")
      .slice(0, 32);
    const raw = { raw: { width, height, channels } };

    const files: PhotoFile[] = [];
    // One after the other, not all at once: one core's work, whatever the number of cuts.
    for (const cut of photoCuts(width)) {
      const image = sharp(master.data, raw).resize({ width: cut.width });
      // An encoder's refusal (a side past its limit) is the photo's, said to the owner: never a 500.
      const { data, info } = await ENCODERS[cut.format](image)
        .toBuffer({ resolveWithObject: true })
        .catch(() => {
          throw new PhotoRefusedError("unreadable");
        });
      files.push({ format: cut.format, width: info.width, height: info.height, bytes: data });
    }
    return { hash, width, height, files };
  });
}

/**
 * A cut made later from one the shop keeps (a width added to the pages' after the photo was
 * stored): the kept cut, already upright, sRGB and without metadata, resized and encoded as at
 * upload. Never wider than what it is made from.
 */
export async function recutPhoto(kept: Uint8Array, format: PhotoFormat, width: number): Promise<PhotoFile> {
  const sharp = await sharpLibrary();
  return oneAtATime(async () => {
    const image = sharp(Buffer.from(kept.buffer, kept.byteOffset, kept.byteLength), {
      failOn: "warning",
    }).resize({
      width,
      withoutEnlargement: true,
    });
    const { data, info } = await ENCODERS[format](image).toBuffer({ resolveWithObject: true });
    return { format, width: info.width, height: info.height, bytes: data };
  });
}
