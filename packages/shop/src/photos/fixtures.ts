/**
 * Files the photo tests send, made on the spot with sharp (no binary in the repository): a phone's
 * photo with everything a phone writes into it, and the files the shop must refuse. Test-only.
 */
import { deflateSync } from "node:zlib";
import sharp from "sharp";

/** Where the Eiffel Tower stands: what a phone writes in a photo taken there. */
const GPS = {
  GPSLatitudeRef: "N",
  GPSLatitude: "48/1 51/1 2984/100",
  GPSLongitudeRef: "E",
  GPSLongitude: "2/1 17/1 4018/100",
};
const XMP = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" xmlns:tiff="http://ns.adobe.com/tiff/1.0/" exif:GPSLatitude="48,51.4973N" exif:GPSLongitude="2,17.6697E" tiff:Make="Apple" tiff:Model="iPhone 15"/></rdf:RDF></x:xmpmeta>`;

/**
 * A photo as a phone takes it: 4000 × 3000 pixels (12 MP) held sideways with EXIF orientation 6
 * (to be turned a quarter clockwise), its GPS position in EXIF and XMP, a Display P3 profile.
 * Its pixels: a blurred texture enlarged, as a photo's are (smooth, with detail).
 */
export async function phonePhoto(options: { width?: number; height?: number } = {}): Promise<Buffer> {
  const width = options.width ?? 4000;
  const height = options.height ?? 3000;
  const texture = await sharp({
    create: {
      width: Math.round(width / 8),
      height: Math.round(height / 8),
      channels: 3,
      background: "#c8a040",
      noise: { type: "gaussian", mean: 128, sigma: 50 },
    },
  })
    .blur(1.5)
    .png()
    .toBuffer();
  return sharp(texture)
    .resize({ width, height, fit: "fill", kernel: "cubic" })
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD0: { Make: "Apple", Model: "iPhone 15" }, IFD3: GPS })
    .withXmp(XMP)
    .withIccProfile("p3")
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** A small photo, quick to process: each colour makes another photo (another hash). */
export async function smallPhoto(
  colour: string,
  format: "jpeg" | "png" | "webp" | "avif" = "jpeg",
  size: { width: number; height: number } = { width: 480, height: 600 },
): Promise<Buffer> {
  const image = sharp({ create: { ...size, channels: 3, background: colour } });
  return image[format]().toBuffer();
}

/** A PDF, named `photo.jpg` by whoever sends it. */
export function pdfNamedJpg(): Buffer {
  return Buffer.from(
    "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
    "latin1",
  );
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * A decompression bomb: a PNG whose header says 30,000 × 30,000 pixels (900 MP, 2.7 GB once
 * decoded) in a hundred bytes — its first rows of zeros follow, compressed. Or a strip of the given
 * width and height.
 */
export function pngBomb(side = 30_000, height = side): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, no interlace
  const rows = deflateSync(Buffer.alloc((side * 3 + 1) * 4));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", rows),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A photo cut off halfway through its upload. */
export async function truncatedJpeg(): Promise<Buffer> {
  const whole = await phonePhoto({ width: 1200, height: 900 });
  return whole.subarray(0, Math.floor(whole.length / 2));
}

/**
 * An iPhone's HEIC as far as its first bytes go (an `ftyp` box of brand `heic`): the HEVC inside
 * is what sharp's libvips cannot decode, and cannot write either, so the rest is not a picture.
 */
export function heicPhoto(): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write("ftypheic", 4, "latin1");
  ftyp.writeUInt32BE(0, 12);
  ftyp.write("mif1heic", 16, "latin1");
  return Buffer.concat([ftyp, Buffer.alloc(2048, 0x2a)]);
}

/** A GIF, an SVG: images, but not photos the shop takes. */
export async function gifImage(): Promise<Buffer> {
  return sharp({ create: { width: 400, height: 400, channels: 3, background: "#ff0000" } })
    .gif()
    .toBuffer();
}
export function svgImage(): Buffer {
  return Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800"><rect width="800" height="800" fill="red"/></svg>',
  );
}

/**
 * The tags of a file's EXIF: IFD0's and, when it points to one, its GPS directory's (0x8825
 * is the GPS pointer). Read from the TIFF structure sharp hands over (`Exif\0\0` + TIFF).
 */
export function exifTags(exif: Buffer): { ifd0: number[]; gps: number[] } {
  const tiff = exif.subarray(exif.toString("latin1", 0, 4) === "Exif" ? 6 : 0);
  const little = tiff.toString("latin1", 0, 2) === "II";
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const directory = (offset: number) =>
    Array.from({ length: u16(offset) }, (_, i) => ({
      tag: u16(offset + 2 + i * 12),
      value: u32(offset + 2 + i * 12 + 8),
    }));
  const ifd0 = directory(u32(4));
  const gpsPointer = ifd0.find((entry) => entry.tag === 0x8825);
  return {
    ifd0: ifd0.map((entry) => entry.tag),
    gps: gpsPointer ? directory(gpsPointer.value).map((entry) => entry.tag) : [],
  };
}
