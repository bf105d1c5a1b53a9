import { beforeAll, describe, expect, it, vi } from "vitest";

let cache: typeof import("./photo-cache.server");

beforeAll(async () => {
  vi.stubEnv("DATABASE_URL", "postgres://shop@127.0.0.1:5432/souls");
  cache = await import("./photo-cache.server");
});

const cut = (bytes: number) => ({
  bytes: Buffer.alloc(bytes),
  contentType: "image/avif",
  etag: '"x"',
  format: "avif" as const,
});

describe("the photos kept in memory", () => {
  it("stay within their bytes, the least recently served dropped first, and a few minutes each", () => {
    const { bytes: limit, seconds } = cache.PHOTO_CACHE_LIMITS;
    const size = Math.floor(limit / 10);
    for (let i = 0; i < 10; i++) cache.keepPhoto(`p${i}`, cut(size), 0);
    expect(cache.keptPhoto("p0", 1)).toBeDefined(); // p0 is now the most recent
    for (let i = 10; i < 40; i++) cache.keepPhoto(`p${i}`, cut(size), 2);
    expect(cache.photoCacheSize().bytes).toBeLessThanOrEqual(limit);
    expect(cache.keptPhoto("p1", 3)).toBeUndefined();
    expect(cache.keptPhoto("p39", 3)).toBeDefined();
    expect(cache.keptPhoto("p39", 2 + seconds * 1000)).toBeUndefined();
    // A file larger than an eighth of the room is served but never kept.
    cache.keepPhoto("huge", cut(Math.ceil(limit / 8) + 1), 4);
    expect(cache.keptPhoto("huge", 5)).toBeUndefined();
  });
});
