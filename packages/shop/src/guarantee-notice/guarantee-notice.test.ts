/**
 * The guarantee notice on real PostgreSQL: the Commission's file kept byte for byte (the
 * regulation forbids changing it), named by its hash, one per language, replaced and removed;
 * anything but a PNG, JPEG, WebP or PDF refused by its bytes, whatever it claims to be.
 */
import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { gifImage, pdfNamedJpg, pngBomb, svgImage } from "../photos/fixtures";
import {
  GUARANTEE_NOTICE_LIMITS,
  guaranteeNoticeFile,
  guaranteeNotices,
  judgeNoticeFile,
  NoticeRefusedError,
  removeGuaranteeNotice,
  saveGuaranteeNotice,
} from "./index";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());
beforeEach(async () => {
  await t.db.deleteFrom("guaranteeNotices").execute();
});

/** A notice-shaped PNG, with a text chunk (metadata a re-encode would lose). */
async function noticePng(colour = "#1f4e9c"): Promise<Buffer> {
  return sharp({ create: { width: 600, height: 340, channels: 3, background: colour } })
    .png()
    .withMetadata({ exif: { IFD0: { ImageDescription: "Commission notice" } } })
    .toBuffer();
}

async function refusal(bytes: Uint8Array): Promise<NoticeRefusedError> {
  const error = await judgeNoticeFile(bytes).then(
    () => null,
    (cause: unknown) => cause,
  );
  expect(error).toBeInstanceOf(NoticeRefusedError);
  return error as NoticeRefusedError;
}

describe("the Commission's file", () => {
  it("is stored and read back byte for byte, under its hash, with its type and size", async () => {
    const png = await noticePng();
    const saved = await saveGuaranteeNotice(t.db, { locale: "fr", bytes: png, by: "admin" });
    expect(saved).toMatchObject({ contentType: "image/png", width: 600, height: 340, byteSize: png.length });
    expect(saved.name).toMatch(/^[0-9a-f]{32}\.png$/);
    const file = await guaranteeNoticeFile(t.db, saved.name);
    expect(file?.contentType).toBe("image/png");
    expect(Buffer.compare(file?.bytes ?? Buffer.alloc(0), png)).toBe(0);
    expect(await guaranteeNotices(t.db)).toEqual({ fr: saved, en: null });
  });

  it("takes a JPEG, a WebP and a PDF as they are", async () => {
    const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#fff" } })
      .jpeg()
      .toBuffer();
    expect(await judgeNoticeFile(jpeg)).toEqual({
      extension: "jpg",
      contentType: "image/jpeg",
      width: 300,
      height: 200,
    });
    const webp = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#fff" } })
      .webp()
      .toBuffer();
    expect((await judgeNoticeFile(webp)).contentType).toBe("image/webp");
    const pdf = await saveGuaranteeNotice(t.db, { locale: "en", bytes: pdfNamedJpg(), by: "admin" });
    expect(pdf).toMatchObject({ contentType: "application/pdf", width: null, height: null });
    expect(pdf.name).toMatch(/\.pdf$/);
    expect(
      Buffer.compare((await guaranteeNoticeFile(t.db, pdf.name))?.bytes ?? Buffer.alloc(0), pdfNamedJpg()),
    ).toBe(0);
  });

  it("replaces the language's notice, keeps the other's, and is removed", async () => {
    const first = await saveGuaranteeNotice(t.db, {
      locale: "fr",
      bytes: await noticePng("#111111"),
      by: "admin",
    });
    const english = await saveGuaranteeNotice(t.db, {
      locale: "en",
      bytes: await noticePng("#222222"),
      by: "admin",
    });
    const second = await saveGuaranteeNotice(t.db, {
      locale: "fr",
      bytes: await noticePng("#333333"),
      by: "admin",
    });
    expect(second.name).not.toBe(first.name);
    expect(await guaranteeNoticeFile(t.db, first.name)).toBeNull();
    expect((await guaranteeNotices(t.db)).en?.name).toBe(english.name);
    expect(await removeGuaranteeNotice(t.db, "fr")).toBe(true);
    expect(await removeGuaranteeNotice(t.db, "fr")).toBe(false);
    expect(await guaranteeNotices(t.db)).toMatchObject({ fr: null, en: { name: english.name } });
  });

  it("moves when the same file is sent for the other language", async () => {
    const png = await noticePng("#444444");
    await saveGuaranteeNotice(t.db, { locale: "fr", bytes: png, by: "admin" });
    await saveGuaranteeNotice(t.db, { locale: "en", bytes: png, by: "admin" });
    expect((await guaranteeNotices(t.db)).fr).toBeNull();
  });

  it("refuses an SVG, a GIF, an HTML page, an empty or heavy file, a cut PDF and a pixel bomb", async () => {
    expect(await refusal(svgImage())).toMatchObject({ reason: "format", detail: "svg" });
    expect(await refusal(await gifImage())).toMatchObject({ reason: "format", detail: "gif" });
    expect((await refusal(Buffer.from("<!doctype html><script>alert(1)</script>"))).reason).toBe("format");
    expect((await refusal(new Uint8Array())).reason).toBe("empty");
    expect((await refusal(new Uint8Array(GUARANTEE_NOTICE_LIMITS.maxBytes + 1))).reason).toBe("tooHeavy");
    expect((await refusal(pdfNamedJpg().subarray(0, 40))).reason).toBe("unreadable");
    expect((await refusal(pngBomb())).reason).toBe("tooManyPixels");
    const png = await noticePng();
    expect((await refusal(png.subarray(0, 20))).reason).toBe("unreadable");
    expect(await guaranteeNotices(t.db)).toEqual({ fr: null, en: null });
  });

  it("looks up no name that is not a notice's", async () => {
    for (const name of ["../etc/passwd", "abc.png", `${"0".repeat(32)}.svg`, `${"0".repeat(32)}.png`]) {
      expect(await guaranteeNoticeFile(t.db, name)).toBeNull();
    }
  });
});
