import { EventEmitter } from "node:events";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createPostTurns } from "./post-turns.server";

/** A response as Node's: it closes once answered, or is destroyed when its client goes. */
class Response extends EventEmitter {
  destroyed = false;
  answer() {
    this.emit("close");
  }
  clientGone() {
    this.destroyed = true;
    this.emit("close");
  }
}

afterEach(() => {
  vi.useRealTimers();
});

describe("forms take turns", () => {
  it("lets `limit` posts in at once; the others go in arrival order as each one is answered", () => {
    const turns = createPostTurns({ limit: 2, longestTurnMs: 10_000 });
    const started: number[] = [];
    const responses = Array.from({ length: 5 }, () => new Response());
    responses.forEach((res, i) => {
      turns.take(res, () => started.push(i));
    });
    expect(started).toEqual([0, 1]);
    expect([turns.inside, turns.waiting]).toEqual([2, 3]);
    responses[1]?.answer();
    expect(started).toEqual([0, 1, 2]);
    responses[0]?.answer();
    responses[2]?.answer();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    responses[3]?.answer();
    responses[4]?.answer();
    expect([turns.inside, turns.waiting]).toEqual([0, 0]);
  });

  it("a post whose client left while it waited never goes in, and takes no turn", () => {
    const turns = createPostTurns({ limit: 1, longestTurnMs: 10_000 });
    const started: string[] = [];
    const first = new Response();
    const gone = new Response();
    const next = new Response();
    turns.take(first, () => started.push("first"));
    turns.take(gone, () => started.push("gone"));
    turns.take(next, () => started.push("next"));
    gone.clientGone();
    first.answer();
    expect(started).toEqual(["first", "next"]);
    expect(turns.inside).toBe(1);
  });

  it("a turn that lasts too long (a body sent a byte at a time) lets the next post in; it ends once", () => {
    vi.useFakeTimers();
    const turns = createPostTurns({ limit: 1, longestTurnMs: 2_000 });
    const started: string[] = [];
    const slow = new Response();
    const waiting = new Response();
    turns.take(slow, () => started.push("slow"));
    turns.take(waiting, () => started.push("waiting"));
    vi.advanceTimersByTime(1_999);
    expect(started).toEqual(["slow"]);
    vi.advanceTimersByTime(1);
    expect(started).toEqual(["slow", "waiting"]);
    // The slow post's end, later, frees no second turn.
    slow.answer();
    expect(turns.inside).toBe(1);
    waiting.answer();
    expect(turns.inside).toBe(0);
  });

  it("says how long each post waited", () => {
    vi.useFakeTimers();
    const waits: number[] = [];
    const turns = createPostTurns({ limit: 1, longestTurnMs: 10_000, onWait: (ms) => waits.push(ms) });
    const first = new Response();
    turns.take(first, () => {});
    turns.take(new Response(), () => {});
    vi.advanceTimersByTime(30);
    first.answer();
    expect(waits).toEqual([0, 30]);
  });
});
