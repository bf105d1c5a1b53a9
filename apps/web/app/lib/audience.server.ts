/**
 * Audience measurement without consent (decision 047), as one web server counts it: each shopper's
 * page it answers — rendered by the app or sent from the page cache — is queued as the request gave
 * it (a few header strings, nothing parsed: decision 064), read a moment later in a batch off every
 * request (@souls/shop/audience's facts and counter), and the counts are written every 10 seconds
 * and when the server stops. No cookie is set or read for it, nothing is sent anywhere, and the only
 * thing derived from a visitor (a hash with a salt drawn each day) never leaves this process.
 *
 * With several web servers, each counts its own visitors and their counts add up in the same rows:
 * a visitor whom the load balancer sends to two servers the same day is two visits (sticky sessions
 * keep that rare), which the owner's figures accept.
 */
import { setImmediate as nextTurn } from "node:timers/promises";
import type { Locale } from "@souls/core/locales";
import { MODEL_ADDRESS_PREFIXES } from "@souls/core/model-addresses";
import type { ModelCode } from "@souls/core/models";
import {
  type AudienceCounter,
  createAudienceCounter,
  createFactQueue,
  DIRECT,
  type FactReader,
  isRobot,
  noteOrderSource,
  type PageView,
  readFacts,
  sourceOf,
  writeAudience,
} from "@souls/shop/audience";
import { type Catalogue, modelAtAddress } from "@souls/shop/catalogue";
import { isAdminPath, pageForPath, productAddressLocale } from "~/screens";
import { shownCatalogue } from "./catalogue.server";
import { addressOf, clientNetwork } from "./client.server";
import { db } from "./db.server";
import { env } from "./env.server";
import { beforeCloseOnStop, processWide } from "./server-process.server";

/** Off only to measure what counting costs (bench/audience.mts). */
const MEASURING = env.AUDIENCE_MEASUREMENT === "on";

/** How often the counts are written. */
const FLUSH_EVERY_MS = 10_000;
/**
 * How long a page view waits in the queue before its batch is read: short, so that the request's
 * strings it holds die young, in the garbage collector's first rounds (decision 064).
 */
const READ_EVERY_MS = 20;
/** Facts read in one go before the event loop serves requests again. */
const SLICE = 512;
/** Whether X-Forwarded-For says who the client is (read only then). */
const BEHIND_PROXIES = env.TRUST_PROXY_HOPS > 0;
/** User agents and referrers longer than this are a robot's, and no source (sources.ts). */
const LONGEST_USER_AGENT = 1024;
const LONGEST_REFERRER = 2048;
const PREFETCH = /prefetch/i;

const ownHost = (() => {
  try {
    return new URL(env.siteUrl).host;
  } catch {
    return "";
  }
})();

export const audience: AudienceCounter = processWide("audience", () => {
  const counter = createAudienceCounter();
  const timer = setInterval(() => void flush(counter), FLUSH_EVERY_MS);
  timer.unref();
  beforeCloseOnStop("audience", async () => {
    clearInterval(timer);
    await flush(counter);
  });
  return counter;
});

/** Page views and steps waiting for their batch (bounded: beyond, dropped and counted). */
const queue = processWide("audience-queue", () => createFactQueue());

/** The writes in progress, one after the other (two at once could take the same rows in turn). */
let writing: Promise<void> = Promise.resolve();

/** Reads what is queued, then writes what was counted; on a failure (the database away), keeps it for the next time. */
export function flush(counter: AudienceCounter = audience): Promise<void> {
  writing = writing
    .then(() => readQueued(counter))
    .then(async () => {
      const batch = counter.drain();
      try {
        await writeAudience(db, batch);
      } catch (error) {
        counter.restore(batch);
        console.error("[audience] counts not written, kept for the next time:", (error as Error).message);
      }
    });
  return writing;
}

/** The batch being read, if any: batches are read one after the other, in order. */
let reading: Promise<void> = Promise.resolve();
let readTimer: ReturnType<typeof setTimeout> | null = null;

/**
 * Reads the batch in the queue into the counter, off the requests' path, a slice at a time. Never
 * fails: a batch that cannot be read is logged and lost, and the next ones are read.
 */
export function readQueued(counter: AudienceCounter = audience): Promise<void> {
  if (readTimer !== null) {
    clearTimeout(readTimer);
    readTimer = null;
  }
  reading = reading
    .then(() => readBatch(counter))
    .catch((error: unknown) => console.error("[audience] page views not counted:", (error as Error).message));
  return reading;
}

async function readBatch(counter: AudienceCounter): Promise<void> {
  const batch = queue.take();
  if (batch.dropped > 0)
    console.warn(`[audience] ${batch.dropped} page views not counted: too many at once (a flood?)`);
  if (batch.length === 0) return;
  const catalogue = batch.targets.some(isModelShaped) ? await catalogueOrNull() : null;
  const facts = readFacts(counter, batch, readerWith(catalogue));
  while (facts.next(SLICE)) await nextTurn();
}

function scheduleRead(): void {
  if (readTimer !== null) return;
  readTimer = setTimeout(() => {
    readTimer = null;
    void readQueued();
  }, READ_EVERY_MS);
  readTimer.unref();
}

/** The catalogue for models' pages (a model's page counts only when it is published). */
async function catalogueOrNull(): Promise<Catalogue | null> {
  try {
    return await shownCatalogue();
  } catch (error) {
    console.error("[audience] models' pages not counted, no catalogue:", (error as Error).message);
    return null;
  }
}

/** The last segment of each language's prefix for models' pages (`/produit/`, `/product/`). */
const MODEL_MARKS = Object.values(MODEL_ADDRESS_PREFIXES).map((prefix) =>
  prefix.slice(prefix.lastIndexOf("/", prefix.length - 2)),
);
/** Whether an address may be a model's page (then the batch needs the catalogue). */
function isModelShaped(target: string): boolean {
  return MODEL_MARKS.some((mark) => target.includes(mark));
}

/** What counting needs of a request, the same from server.mjs (Node's request) and the app. */
export interface Hit {
  method: string;
  url: string;
  header: (name: string) => string | string[] | null | undefined;
  socketAddress: string | null | undefined;
}

/** A header's one value ('' when absent). */
function one(value: string | string[] | null | undefined): string {
  return typeof value === "string" ? value : "";
}

/** The page a path shows, by its screen's id and language (a model's page: its model). */
function pageOf(
  pathname: string,
  catalogue: Catalogue | null,
): { page: string; locale: Locale; model?: ModelCode } | null {
  const match = pageForPath(pathname);
  if (match) return { page: match.page, locale: match.locale };
  if (!catalogue || !productAddressLocale(pathname)) return null;
  const found = modelAtAddress(catalogue, pathname);
  if (!found || found.kind === "retired" || found.model.state === "draft") return null;
  return { page: "product", locale: found.locale, model: found.model.model };
}

/** How this server reads a batch's facts: its screens, the catalogue of the batch, its proxies. */
function readerWith(catalogue: Catalogue | null): FactReader {
  return {
    viewOf(target: string, referrer: string, host: string): PageView | null {
      let url: URL;
      try {
        url = new URL(target, "http://shop.invalid");
      } catch {
        return null;
      }
      const pathname = url.pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/");
      if (isAdminPath(pathname)) return null;
      const page = pageOf(pathname, catalogue);
      if (!page) return null;
      const hosts = [ownHost, host].filter(Boolean);
      return { ...page, source: sourceOf(url.search, referrer || null, hosts) };
    },
    networkOf(forwardedFor: string, socketAddress: string): string {
      return clientNetwork(addressOf(forwardedFor || null, socketAddress || null));
    },
  };
}

/**
 * Whether a request is counted at all, read on its path from a few headers: a GET by a browser
 * that does not object and is not fetching a link ahead of a click. A visitor who objects sends
 * Global Privacy Control or Do Not Track (the right to object, without a cookie to remember it):
 * nothing of hers is counted.
 */
function counts(hit: Hit, userAgent: string): boolean {
  if (userAgent === "" || userAgent.length > LONGEST_USER_AGENT) return false;
  if (hit.header("sec-gpc") === "1" || hit.header("dnt") === "1") return false;
  // A link's data fetched ahead of a click (Remix's prefetch) is no page seen.
  const purpose = one(hit.header("sec-purpose")) || one(hit.header("purpose"));
  return purpose === "" || !PREFETCH.test(purpose);
}

/** Hands a request's raw facts to the queue (false: not counted, or the queue is full). */
function queueFact(hit: Hit, kind: "page" | "cart", target: string, userAgent: string): boolean {
  const referrer = kind === "page" ? one(hit.header("referer")) : "";
  const queued = queue.push(
    kind,
    target,
    userAgent,
    referrer.length > LONGEST_REFERRER ? "" : referrer,
    kind === "page" ? one(hit.header("host")) : "",
    BEHIND_PROXIES ? one(hit.header("x-forwarded-for")) : "",
    hit.socketAddress ?? "",
  );
  scheduleRead();
  return queued;
}

/**
 * Counts a shopper's page answered 200 (the caller says so) — never the owner's pages or
 * endpoints, an obvious robot, a path that is not a page of the shop — without delaying its
 * answer nor ever failing it: on the request's path it only queues the request's raw facts; their
 * batch reads them within READ_EVERY_MS (or at `readQueued`, `flush`).
 */
export function countPageView(hit: Hit): void {
  if (!MEASURING || hit.method !== "GET") return;
  const userAgent = one(hit.header("user-agent"));
  if (counts(hit, userAgent)) queueFact(hit, "page", hit.url, userAgent);
}

/** The page cache's pages and the app's count the same way: queued, read in the next batch. */
export const countInBackground = countPageView;

/** A Fetch API request as a Hit. */
export function hitOf(request: Request, socketAddress: string | null | undefined): Hit {
  return {
    method: request.method,
    url: request.url,
    header: (name) => request.headers.get(name),
    socketAddress,
  };
}

/** Whether a step of the path (a post) is counted: a browser's, from a visitor who does not object. */
function stepCounts(hit: Hit, userAgent: string): boolean {
  return MEASURING && !isRobot(userAgent) && hit.header("sec-gpc") !== "1" && hit.header("dnt") !== "1";
}

/**
 * A model added to the cart: the path's second step, queued behind the visitor's page views (its
 * batch finds their source once it has counted them).
 */
export function countAddedToCart(hit: Hit, model: ModelCode): void {
  const userAgent = one(hit.header("user-agent"));
  if (stepCounts(hit, userAgent)) queueFact(hit, "cart", model, userAgent);
}

/**
 * An order placed: the path's third step for each of its models, once per order (the same form
 * posted again is the same order); its source's name waits beside it until it is paid.
 */
export async function countOrderPlaced(
  hit: Hit,
  orderId: number,
  models: readonly ModelCode[],
): Promise<void> {
  const userAgent = one(hit.header("user-agent"));
  if (!stepCounts(hit, userAgent)) return;
  // The visitor's page views still queued are counted first: they say where the visit came from.
  await readQueued();
  const network = clientNetwork(addressOf(one(hit.header("x-forwarded-for")) || null, hit.socketAddress));
  const source = audience.sourceOfHash(audience.visitorHash(network, userAgent)) ?? DIRECT;
  try {
    if (!(await noteOrderSource(db, orderId, source))) return;
  } catch (error) {
    console.error("[audience] order's source not noted:", (error as Error).message);
    return;
  }
  for (const model of new Set(models)) audience.step(model, source, "checkout");
}
