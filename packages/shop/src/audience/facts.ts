/**
 * Page views and steps of the path as the requests gave them, queued on the request's path and
 * read later, in batches (decision 064): a request only hands over a few of its header strings
 * (O(1), no parsing, no hashing, nothing written); a batch, a moment later and off every request,
 * reads them (robots, page, source, the visitor's hash of the day) and adds them to the counter.
 *
 * What is queued is the request's own raw input (its address, referrer, user agent, network), kept
 * in memory for the fraction of a second until its batch is read, never written anywhere. The
 * queue is bounded in entries and characters: a flood beyond either is dropped and counted as
 * dropped, so memory cannot grow with it.
 */
import type { AudienceCounter, PageView } from "./counter";
import { DIRECT, isRobot } from "./sources";

/** A page view, or a model added to the cart (the path's second step). */
export type FactKind = "page" | "cart";

export interface FactLimits {
  /** Facts waiting for their batch; beyond, dropped (and counted as dropped). */
  facts: number;
  /** Characters of the strings waiting (each fact counts 64 more); beyond, dropped. */
  characters: number;
}

/** Read every 20 ms (the web server's batches), 250,000 page views a second fit. */
export const FACT_LIMITS: FactLimits = { facts: 5_000, characters: 2 * 1024 * 1024 };

/** What a fact holds besides its strings, in characters, for the bound. */
const FACT_OVERHEAD = 64;

/** Facts taken from the queue, field by field (one array per field: nothing allocated per fact). */
export interface FactBatch {
  length: number;
  kinds: FactKind[];
  /** A page's address as requested (path and query), or the model added to the cart. */
  targets: string[];
  userAgents: string[];
  referrers: string[];
  hosts: string[];
  forwardedFor: string[];
  socketAddresses: string[];
  /** Facts dropped since the previous batch (the queue was full). */
  dropped: number;
}

function emptyBatch(): FactBatch {
  return {
    length: 0,
    kinds: [],
    targets: [],
    userAgents: [],
    referrers: [],
    hosts: [],
    forwardedFor: [],
    socketAddresses: [],
    dropped: 0,
  };
}

export function createFactQueue(limits: FactLimits = FACT_LIMITS) {
  let batch = emptyBatch();
  let characters = 0;
  return {
    /** Queues a fact as given (false: dropped, the queue is full). Costs a few array writes. */
    push(
      kind: FactKind,
      target: string,
      userAgent: string,
      referrer: string,
      host: string,
      forwardedFor: string,
      socketAddress: string,
    ): boolean {
      const size =
        FACT_OVERHEAD +
        target.length +
        userAgent.length +
        referrer.length +
        host.length +
        forwardedFor.length +
        socketAddress.length;
      const at = batch.length;
      if (at >= limits.facts || characters + size > limits.characters) {
        batch.dropped += 1;
        return false;
      }
      characters += size;
      batch.kinds[at] = kind;
      batch.targets[at] = target;
      batch.userAgents[at] = userAgent;
      batch.referrers[at] = referrer;
      batch.hosts[at] = host;
      batch.forwardedFor[at] = forwardedFor;
      batch.socketAddresses[at] = socketAddress;
      batch.length = at + 1;
      return true;
    },

    /** Everything queued (and the count dropped) since the last take; the queue starts empty again. */
    take(): FactBatch {
      const taken = batch;
      batch = emptyBatch();
      characters = 0;
      return taken;
    },

    /** Facts waiting. */
    get length(): number {
      return batch.length;
    },

    /** Characters waiting (with each fact's overhead): bounded by `limits.characters`. */
    get characters(): number {
      return characters;
    },
  };
}

export type FactQueue = ReturnType<typeof createFactQueue>;

/** How the web server reads a fact: what only it knows (its screens, its catalogue, its proxies). */
export interface FactReader {
  /**
   * The page a requested address shows and the request's source (its query's campaign, its
   * referrer), or null when it is no page counted (the owner's, a 404, an endpoint).
   */
  viewOf(target: string, referrer: string, host: string): PageView | null;
  /** The client's network (IPv4 address, IPv6 /64) from X-Forwarded-For and the socket's address. */
  networkOf(forwardedFor: string, socketAddress: string): string;
}

/** Page views of one page by one visitor within a batch, counted at once. */
interface Group {
  view: PageView;
  hash: string;
  n: number;
}

/**
 * Reads a batch into the counter, a slice at a time (`next(count)`: false once done), so that a
 * large batch never holds the event loop for long. Within the batch a user agent's robot test and
 * an address's page and source are read once each, a visitor's network and hash once per run of
 * their requests in a row, and a visitor's views of a page are added up before they reach the
 * counter — in the order of their first view, so a visit's first page and source are those of its
 * first request. Nothing read here outlives the batch.
 */
export function readFacts(counter: AudienceCounter, batch: FactBatch, reader: FactReader) {
  const robots = new Map<string, boolean>();
  const views = new Map<string, PageView | null>();
  /** The groups not yet counted, in the order of their first view, and by view then hash. */
  let groups: Group[] = [];
  let groupOf = new Map<PageView, Map<string, Group>>();
  let at = 0;

  // The previous fact's user agent, page and visitor: a client's requests often come in a row (a
  // burst, a flood), and comparing costs less than looking up.
  let lastUserAgent: string | null = null;
  let lastRobot = false;
  let lastPage: { target: string; referrer: string; host: string; view: PageView | null } | null = null;
  let lastVisitor: { forwardedFor: string; socketAddress: string; userAgent: string; hash: string } | null =
    null;

  function isRobotMemo(userAgent: string): boolean {
    if (userAgent === lastUserAgent) return lastRobot;
    let robot = robots.get(userAgent);
    if (robot === undefined) {
      robot = isRobot(userAgent);
      robots.set(userAgent, robot);
    }
    lastUserAgent = userAgent;
    lastRobot = robot;
    return robot;
  }

  /**
   * Today's hash of the visitor behind a fact (its network and browser): computed again unless
   * the previous fact was the same visitor's. No table of visitors' inputs is built for it.
   */
  function hashAt(index: number): string {
    const forwardedFor = batch.forwardedFor[index] as string;
    const socketAddress = batch.socketAddresses[index] as string;
    const userAgent = batch.userAgents[index] as string;
    const last = lastVisitor;
    if (
      last !== null &&
      last.userAgent === userAgent &&
      last.socketAddress === socketAddress &&
      last.forwardedFor === forwardedFor
    )
      return last.hash;
    const hash = counter.visitorHash(reader.networkOf(forwardedFor, socketAddress), userAgent);
    lastVisitor = { forwardedFor, socketAddress, userAgent, hash };
    return hash;
  }

  /** Counts the groups gathered so far (before a step, which needs its visitor's source). */
  function countGroups(): void {
    for (const group of groups) counter.countView(group.view, group.hash, group.n);
    groups = [];
    groupOf = new Map();
  }

  function readOne(index: number): void {
    if (isRobotMemo(batch.userAgents[index] as string)) return;
    const target = batch.targets[index] as string;
    if (batch.kinds[index] === "cart") {
      const hash = hashAt(index);
      countGroups();
      counter.step(target, counter.sourceOfHash(hash) ?? DIRECT, "cart");
      return;
    }
    const referrer = batch.referrers[index] as string;
    const host = batch.hosts[index] as string;
    let view: PageView | null | undefined;
    const last = lastPage;
    if (last !== null && last.target === target && last.referrer === referrer && last.host === host)
      view = last.view;
    else {
      const viewKey = `${target}\n${referrer}\n${host}`;
      view = views.get(viewKey);
      if (view === undefined) {
        view = reader.viewOf(target, referrer, host);
        views.set(viewKey, view);
      }
      lastPage = { target, referrer, host, view };
    }
    if (view === null) return;
    const hash = hashAt(index);
    let byHash = groupOf.get(view);
    if (byHash === undefined) {
      byHash = new Map();
      groupOf.set(view, byHash);
    }
    const group = byHash.get(hash);
    if (group) group.n += 1;
    else {
      const created = { view, hash, n: 1 };
      byHash.set(hash, created);
      groups.push(created);
    }
  }

  return {
    /** Reads up to `count` more facts; false once the whole batch is counted. */
    next(count: number): boolean {
      const end = Math.min(batch.length, at + count);
      for (; at < end; at++) readOne(at);
      if (at < batch.length) return true;
      countGroups();
      return false;
    },
  };
}
