/**
 * Forms take turns; pages never wait for them (decision 068). At a launch's opening a replica
 * receives a thousand posts in a second. All at once, each one's steps (Express, Remix, the
 * action, its round trips) went in line behind everyone else's, and so did every page read in
 * between: a fresh page took a second, as long as the slowest post. Here at most `limit` posts
 * are in the app at a time and the others wait their turn in arrival order, having cost nothing
 * yet; a page goes in at once and waits behind a few steps only.
 *
 * A turn ends when its response closes — or after `longestTurnMs`, when the post goes on without
 * it: a body sent a byte at a time, or an owner's photo uploaded from a phone, never holds the
 * line. A post whose client has gone while it waited is dropped from the line.
 */

/** What a turn needs of a response: Node's ServerResponse. */
export interface TurnResponse {
  readonly destroyed: boolean;
  once(event: "close", listener: () => void): unknown;
}

export function createPostTurns({
  limit,
  longestTurnMs,
  onWait,
}: {
  limit: number;
  longestTurnMs: number;
  /** Told how long each post waited for its turn (metrics). */
  onWait?: (ms: number) => void;
}) {
  let inside = 0;
  const line: { res: TurnResponse; go: () => void; since: number }[] = [];

  function start(res: TurnResponse, go: () => void, since: number) {
    inside++;
    let over = false;
    const end = () => {
      if (over) return;
      over = true;
      clearTimeout(timer);
      inside--;
      next();
    };
    const timer = setTimeout(end, longestTurnMs);
    timer.unref?.();
    res.once("close", end);
    onWait?.(performance.now() - since);
    go();
  }

  function next() {
    while (inside < limit && line.length > 0) {
      const waiting = line.shift();
      if (waiting && !waiting.res.destroyed) start(waiting.res, waiting.go, waiting.since);
    }
  }

  return {
    /** Runs `go` now if a turn is free, else once one is (in arrival order). */
    take(res: TurnResponse, go: () => void): void {
      const since = performance.now();
      if (inside < limit && line.length === 0) start(res, go, since);
      else line.push({ res, go, since });
    },
    /** Posts in the app now, and waiting (tests, metrics). */
    get inside(): number {
      return inside;
    },
    get waiting(): number {
      return line.length;
    },
  };
}
