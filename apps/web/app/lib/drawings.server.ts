/**
 * The launch models' drawings (`public/images/products/*.svg`) as JPEGs, which Google Merchant
 * Center, Meta's catalogue and search engines' structured data take (none reads SVG). A drawing's
 * cut is named like an uploaded photo's, by the hash of its bytes: `/photos/<hash>-1200.jpg`, the
 * same name while the drawing is the same, so it is kept a year anywhere. Rendered at its first
 * request (sharp, @souls/shop/photos), then kept in this server's memory: sixteen drawings of a
 * few hundred kilobytes each at most.
 */
import { createHash } from "node:crypto";
import { parsePhotoFileName, photoPath, type ShownPhoto } from "@souls/core/photos";
import type { FeedImage } from "@souls/shop/feeds";
import { type DrawingCut, drawingJpeg } from "@souls/shop/photos";
import { siteOrigin } from "./page.server";
import { processWide } from "./server-process.server";

/** The drawings' text, built into the server (Vite): `/images/products/aicha-1.svg` → its SVG. */
const files = import.meta.glob<string>("/public/images/products/*.svg", {
  query: "?raw",
  import: "default",
  eager: true,
});

/** The one width a drawing is cut to: Google's 1,200 px for a large listing, Meta's 1,024 and more. */
export const DRAWING_CUT_WIDTH = 1200;

interface Drawing {
  source: string;
  svg: string;
  hash: string;
}

const drawings: Drawing[] = Object.entries(files).map(([file, svg]) => ({
  source: file.replace(/^\/public/, ""),
  svg,
  hash: createHash("sha256").update(svg).digest("hex").slice(0, 32),
}));
const bySource = new Map(drawings.map((drawing) => [drawing.source, drawing]));
const byHash = new Map(drawings.map((drawing) => [drawing.hash, drawing]));

/** A drawing's JPEG for a feed or the structured data (absolute), or null for any other photo. */
export function drawingImage(photo: Pick<ShownPhoto, "source" | "width" | "height">): FeedImage | null {
  const drawing = bySource.get(photo.source);
  if (!drawing) return null;
  return {
    url: `${siteOrigin}${photoPath(drawing.hash, DRAWING_CUT_WIDTH, "jpeg")}`,
    width: DRAWING_CUT_WIDTH,
    height: Math.round((photo.height * DRAWING_CUT_WIDTH) / photo.width),
  };
}

const rendered = processWide("drawing-cuts", () => new Map<string, Promise<DrawingCut>>());

/**
 * The JPEG a `/photos/…` name asks for when it is a drawing's cut, or null (an uploaded photo's
 * name, another width). Rendered once per server; a failed rendering is tried again next time.
 */
export async function drawingCutFile(name: string): Promise<Buffer | null> {
  const parsed = parsePhotoFileName(name);
  const drawing = parsed && byHash.get(parsed.hash);
  if (!parsed || !drawing || parsed.format !== "jpeg" || parsed.width !== DRAWING_CUT_WIDTH) return null;
  let cut = rendered.get(drawing.hash);
  if (!cut) {
    cut = drawingJpeg(drawing.svg, DRAWING_CUT_WIDTH);
    rendered.set(drawing.hash, cut);
    cut.catch(() => rendered.delete(drawing.hash));
  }
  return (await cut).bytes;
}
