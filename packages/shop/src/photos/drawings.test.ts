import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { drawingJpeg } from "./drawings";

const DRAWING = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 125" width="100" height="125">
<rect width="100" height="125" fill="#c8a24a"/><circle cx="50" cy="60" r="30" fill="#2a6f5f"/></svg>`;

describe("a launch drawing's raster cut", () => {
  it("is a JPEG drawn at the width asked, its proportions kept, sharp (not a small bitmap enlarged)", async () => {
    const cut = await drawingJpeg(DRAWING, 1200);
    expect(cut).toMatchObject({ width: 1200, height: 1500 });
    const meta = await sharp(cut.bytes).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 1200, height: 1500 });
    // Along a row through the circle, its edges are a pixel or two of blend each: drawn at 1,200 px,
    // not a 100 px bitmap enlarged (a dozen blended pixels per edge).
    const row = await sharp(cut.bytes)
      .extract({ left: 0, top: 720, width: 1200, height: 1 })
      .raw()
      .toBuffer();
    const reds = [...Array(1200).keys()].map((x) => row[x * 3] ?? 0);
    expect(reds.filter((red) => red < 60).length).toBeGreaterThan(600);
    expect(reds.filter((red) => red > 60 && red < 180).length).toBeLessThanOrEqual(6);
  });
});
