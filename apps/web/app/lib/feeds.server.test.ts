/**
 * The feeds are kept per catalogue version like the pages: one build for a rush of requests,
 * another after a change is heard, and another when a series opens (no change is announced then).
 */
import { describe, expect, it, vi } from "vitest";

vi.stubEnv("DATABASE_URL", "postgres://shop@127.0.0.1:5432/souls");
const { keepFeeds } = await import("./feeds.server");
const { versionOf } = await import("./catalogue.server");

function channel() {
  const listeners = new Set<(change: null) => void>();
  return {
    subscribeToAll(listener: (change: null) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    connection: () => 1,
    catchUp: async () => true,
    announce() {
      for (const listener of listeners) listener(null);
    },
  };
}

const built = (n: number, until: Date | null = null) => ({
  feeds: { n } as never,
  until,
});

describe("the kept feeds", () => {
  it("are built once for the requests of a moment, again once a change is heard", async () => {
    const changes = channel();
    const build = vi.fn(async () => built(build.mock.calls.length));
    const kept = keepFeeds(build, versionOf(changes));
    const answers = await Promise.all(Array.from({ length: 8 }, () => kept.feeds()));
    expect(new Set(answers).size).toBe(1);
    expect(build).toHaveBeenCalledTimes(1);
    changes.announce();
    expect(await kept.feeds()).toEqual({ n: 2 });
    expect(await kept.feeds()).toEqual({ n: 2 });
    expect(kept.builds).toBe(2);
  });

  it("are built again when a series opens, with nothing announced", async () => {
    let now = new Date("2026-12-01T08:00:00Z");
    const opens = new Date("2026-12-01T09:00:00Z");
    const build = vi.fn(async () =>
      built(build.mock.calls.length, build.mock.calls.length === 1 ? opens : null),
    );
    const kept = keepFeeds(build, versionOf(channel()), () => now);
    expect(await kept.feeds()).toEqual({ n: 1 });
    now = new Date("2026-12-01T08:59:59Z");
    expect(await kept.feeds()).toEqual({ n: 1 });
    now = opens;
    expect(await kept.feeds()).toEqual({ n: 2 });
    expect(await kept.feeds()).toEqual({ n: 2 });
    expect(build).toHaveBeenCalledTimes(2);
  });

  it("keeps no build during which a change was heard", async () => {
    const changes = channel();
    const build = vi.fn(async () => {
      if (build.mock.calls.length === 1) changes.announce();
      return built(build.mock.calls.length);
    });
    const kept = keepFeeds(build, versionOf(changes));
    expect(await kept.feeds()).toEqual({ n: 1 });
    expect(await kept.feeds()).toEqual({ n: 2 });
    expect(await kept.feeds()).toEqual({ n: 2 });
  });
});
