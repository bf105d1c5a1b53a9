/**
 * `@souls/shop/guarantee-notice`: the harmonised notice on the legal guarantee of conformity
 * (Directive 2024/825, Commission Implementing Regulation (EU) 2025/1960) as the owner uploads the
 * Commission's file, one per language. The regulation fixes its design and words, so the file is
 * kept byte for byte as she sent it — judged, never re-encoded — in PostgreSQL like the photos
 * (decision 020), and served under a name made of its bytes' hash. Until she uploads one, the
 * pages show the notice's sentence and the EU's link instead (the shop's locale files).
 */
import { createHash } from "node:crypto";
import type { Locale } from "@souls/core/locales";
import type { Database, Kysely } from "@souls/db";
import { sql } from "kysely";
import { z } from "zod";
import { photoKindOf } from "../photos/process";

export const GUARANTEE_NOTICE_LIMITS = {
  /** The Commission's files weigh a few hundred kilobytes; a phone's photo of a screen, more. */
  maxBytes: 5 * 1024 * 1024,
  /** Judged from an image's header, before anything decodes it. */
  maxPixels: 50_000_000,
} as const;

/** What the shop accepts and serves: images and PDF, never SVG (a script can live in one). */
export const NOTICE_TYPES = {
  png: "image/png",
  jpg: "image/jpeg",
  webp: "image/webp",
  pdf: "application/pdf",
} as const;
export type NoticeExtension = keyof typeof NOTICE_TYPES;
export type NoticeContentType = (typeof NOTICE_TYPES)[NoticeExtension];

/** `<32 hex>.<png|jpg|webp|pdf>`: nothing else is ever looked up. */
const NOTICE_NAME = /^[0-9a-f]{32}\.(png|jpg|webp|pdf)$/;

export function isNoticeFileName(name: string): boolean {
  return NOTICE_NAME.test(name);
}

/** The file the owner sent, refused: the route answers each reason in French. */
export class NoticeRefusedError extends Error {
  override name = "NoticeRefusedError";
  constructor(
    readonly reason: "empty" | "tooHeavy" | "format" | "unreadable" | "tooManyPixels",
    /** What the file was read as, when it was (`format`): "svg", "gif"… */
    readonly detail?: string,
  ) {
    super(`Guarantee notice refused: ${reason}${detail ? ` (${detail})` : ""}`);
  }
}

/** The notice as a page shows it: its address and, for an image, its size (no layout shift). */
export interface ShownNotice {
  name: string;
  contentType: NoticeContentType;
  width: number | null;
  height: number | null;
  byteSize: number;
  uploadedAt: Date;
}

export type ShownNotices = Record<Locale, ShownNotice | null>;

/** The upload's fields besides the file, as the route reads them. */
export const noticeFormSchema = z.object({
  intent: z.enum(["upload", "remove"], { error: "intent" }),
  locale: z.enum(["fr", "en"], { error: "locale" }),
});

export interface JudgedNotice {
  extension: NoticeExtension;
  contentType: NoticeContentType;
  width: number | null;
  height: number | null;
}

type SharpModule = typeof import("sharp").default;
let library: Promise<SharpModule> | undefined;
/** sharp is loaded at the first image sent, never by the pages that show the notice. */
const sharpLibrary = () => {
  library ??= import("sharp").then(({ default: sharp }) => sharp);
  return library;
};

/**
 * The file judged by its bytes, never its name or declared type: PNG, JPEG or WebP whose header
 * libvips reads as that same format (its size taken from there, nothing decoded), or a PDF that
 * begins with `%PDF-` and ends with `%%EOF`. Anything else — an SVG, a GIF, an HTML page, a file
 * cut short — is a NoticeRefusedError.
 */
export async function judgeNoticeFile(bytes: Uint8Array): Promise<JudgedNotice> {
  if (bytes.byteLength === 0) throw new NoticeRefusedError("empty");
  if (bytes.byteLength > GUARANTEE_NOTICE_LIMITS.maxBytes) throw new NoticeRefusedError("tooHeavy");
  const kind = photoKindOf(bytes);
  if (kind === "pdf") {
    const tail = Buffer.from(bytes.subarray(Math.max(0, bytes.byteLength - 1024))).toString("latin1");
    if (!tail.includes("%%EOF")) throw new NoticeRefusedError("unreadable");
    return { extension: "pdf", contentType: NOTICE_TYPES.pdf, width: null, height: null };
  }
  if (kind !== "png" && kind !== "jpeg" && kind !== "webp")
    throw new NoticeRefusedError("format", kind ?? undefined);
  const sharp = await sharpLibrary();
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const header = await sharp(input, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw new NoticeRefusedError("unreadable");
    });
  if (header.format !== kind) throw new NoticeRefusedError("format", header.format);
  if (!header.width || !header.height) throw new NoticeRefusedError("unreadable");
  if (header.width * header.height > GUARANTEE_NOTICE_LIMITS.maxPixels) {
    throw new NoticeRefusedError("tooManyPixels");
  }
  // The size a page shows it at: upright, as a browser draws it.
  const upright = header.autoOrient ?? header;
  const extension = kind === "jpeg" ? "jpg" : kind;
  return { extension, contentType: NOTICE_TYPES[extension], width: upright.width, height: upright.height };
}

/** 128 bits of the SHA-256 of its bytes: a name always means the same file. */
export function noticeFileName(bytes: Uint8Array, extension: NoticeExtension): string {
  return `${createHash("sha256").update(bytes).digest("hex").slice(0, 32)}.${extension}`;
}

/**
 * The notice of `locale` replaced by this file, kept unchanged; its trigger empties every web
 * server's kept pages. The same file sent for both languages is refused by the table (one name,
 * one file): the Commission's files differ by language.
 */
export async function saveGuaranteeNotice(
  db: Kysely<Database>,
  input: { locale: Locale; bytes: Uint8Array; by: string },
): Promise<ShownNotice> {
  const judged = await judgeNoticeFile(input.bytes);
  const name = noticeFileName(input.bytes, judged.extension);
  const row = {
    locale: input.locale,
    name,
    contentType: judged.contentType,
    width: judged.width,
    height: judged.height,
    byteSize: input.bytes.byteLength,
    bytes: Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength),
    uploadedBy: input.by,
    uploadedAt: sql<Date>`now()`,
  };
  const { bytes: _bytes, locale: _locale, ...update } = row;
  await db.transaction().execute(async (trx) => {
    // The other language holding this very file gives it up (a name is one row).
    await trx
      .deleteFrom("guaranteeNotices")
      .where("name", "=", name)
      .where("locale", "<>", input.locale)
      .execute();
    await trx
      .insertInto("guaranteeNotices")
      .values(row)
      .onConflict((conflict) => conflict.column("locale").doUpdateSet({ ...update, bytes: row.bytes }))
      .execute();
  });
  const notices = await guaranteeNotices(db);
  const saved = notices[input.locale];
  if (!saved) throw new Error(`The ${input.locale} guarantee notice was not saved`);
  return saved;
}

/** The notice of `locale` removed (the pages show the sentence again). True when there was one. */
export async function removeGuaranteeNotice(db: Kysely<Database>, locale: Locale): Promise<boolean> {
  const result = await db.deleteFrom("guaranteeNotices").where("locale", "=", locale).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Each language's notice, without its bytes. */
export async function guaranteeNotices(db: Kysely<Database>): Promise<ShownNotices> {
  const rows = await db
    .selectFrom("guaranteeNotices")
    .select(["locale", "name", "contentType", "width", "height", "byteSize", "uploadedAt"])
    .execute();
  const notices: ShownNotices = { fr: null, en: null };
  for (const { locale, ...notice } of rows) notices[locale] = notice;
  return notices;
}

/** A notice's file by its name, as stored; null for any other name (no query for a bad one). */
export async function guaranteeNoticeFile(
  db: Kysely<Database>,
  name: string,
): Promise<{ bytes: Buffer; contentType: NoticeContentType } | null> {
  if (!isNoticeFileName(name)) return null;
  const row = await db
    .selectFrom("guaranteeNotices")
    .select(["bytes", "contentType"])
    .where("name", "=", name)
    .executeTakeFirst();
  return row ?? null;
}
