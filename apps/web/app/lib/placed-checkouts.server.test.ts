import { describe, expect, it, vi } from "vitest";

vi.stubEnv("DATABASE_URL", "postgres://shop@127.0.0.1:1/nothing-listens-here");
const { batchedPlacedCheckouts } = await import("./placed-checkouts.server");

describe("whether checkouts were placed, asked by many posts at once", () => {
  it("asks once for the posts of the same moment, each told of its own form", async () => {
    const lookUp = vi.fn(async (keys: string[]) => new Set(keys.filter((key) => key.startsWith("placed"))));
    const wasPlaced = batchedPlacedCheckouts(lookUp);
    const answers = await Promise.all([
      wasPlaced("placed-1"),
      wasPlaced("new-1"),
      wasPlaced("placed-1"),
      ...Array.from({ length: 1200 }, (_, i) => wasPlaced(`new-${i + 2}`)),
    ]);
    expect(answers.slice(0, 3)).toEqual([true, false, true]);
    expect(answers.slice(3).every((placed) => placed === false)).toBe(true);
    // 1,202 keys: three queries of at most 500, not 1,203.
    expect(lookUp).toHaveBeenCalledTimes(3);
    expect(lookUp.mock.calls.map(([keys]) => keys.length)).toEqual([500, 500, 202]);

    expect(await wasPlaced("placed-2")).toBe(true);
    expect(lookUp).toHaveBeenCalledTimes(4);
  });

  it("fails the posts of a query that failed, and asks again for the next ones", async () => {
    const lookUp = vi
      .fn<(keys: string[]) => Promise<Set<string>>>()
      .mockRejectedValueOnce(new Error("database unreachable"))
      .mockResolvedValue(new Set());
    const wasPlaced = batchedPlacedCheckouts(lookUp);
    await expect(Promise.all([wasPlaced("a"), wasPlaced("b")])).rejects.toThrow("database unreachable");
    expect(await wasPlaced("a")).toBe(false);
  });
});
