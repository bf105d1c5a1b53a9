/**
 * The launch models' pictures are drawings (SVG), which neither Google Merchant Center nor Meta's
 * catalogue accepts, nor e-mail clients: each is also rendered as a JPEG, at the width asked,
 * sharp from the vector (rendered at that size, never enlarged from a small bitmap), on white.
 */
import { oneAtATime, sharpLibrary } from "./process";

export interface DrawingCut {
  bytes: Buffer;
  width: number;
  height: number;
}

/** The JPEG of a drawing at `width` pixels wide (its height follows the drawing's proportions). */
export async function drawingJpeg(svg: string | Uint8Array, width: number): Promise<DrawingCut> {
  const sharp = await sharpLibrary();
  const input = typeof svg === "string" ? Buffer.from(svg) : Buffer.from(svg);
  return oneAtATime(async () => {
    const { width: drawn } = await sharp(input).metadata();
    if (!drawn) throw new Error("drawing without a size");
    // SVG is read at 72 dpi: this density draws it `width` pixels wide.
    const density = Math.min(2400, (72 * width) / drawn);
    const { data, info } = await sharp(input, { density })
      .resize({ width })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  });
}
