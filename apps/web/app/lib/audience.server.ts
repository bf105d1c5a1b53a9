/**
 * Audience measurement without consent (decision 047), as one web server counts it: each shopper's
 * page it answers — rendered by the app or sent from the page cache — is counted off the request's
 * path in memory (@souls/shop/audience's counter), and the counts are written every 10 seconds and
 * when the server stops. No cookie is set or read for it, nothing is sent anywhere, and the only
 * thing derived from a visitor (a hash with a salt drawn each day) never leaves this process.
 *
 * With several web servers, each counts its own visitors and their counts add up in the same rows:
 * a visitor whom the load balancer sends to two servers the same day is two visits (sticky sessions
 * keep that rare), which the owner's figures accept.
 */
import type { Locale } from "@souls/core/locales";
import type { ModelCode } from "@souls/core/models";
import {
  type AudienceCounter,
  createAudienceCounter,
  DIRECT,
  isRobot,
  noteOrderSource,
  sourceOf,
  writeAudience,
} from "@souls/shop/audience";
import { modelAtAddress } from "@souls/shop/catalogue";
import { isAdminPath, pageForPath, productAddressLocale } from "~/screens";
import { shownCatalogue } from "./catalogue.server";
import { addressOf, clientNetwork } from "./client.server";
import { db } from "./db.server";
import { env } from "./env.server";
import { beforeCloseOnStop, processWide } from "./server-process.server";

/** Off only to measure what counting costs (bench/run.mts). */
const MEASURING = env.AUDIENCE_MEASUREMENT === "on";

/** How often the counts are written. */
const FLUSH_EVERY_MS = 10_000;

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

/** The writes in progress, one after the other (two at once could take the same rows in turn). */
let writing: Promise<void> = Promise.resolve();

/** Writes what was counted; on a failure (the database away), keeps it for the next time. */
export function flush(counter: AudienceCounter = audience): Promise<void> {
  writing = writing.then(async () => {
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

/** What counting needs of a request, the same from server.mjs (Node's request) and the app. */
export interface Hit {
  method: string;
  url: string;
  header: (name: string) => string | null | undefined;
  socketAddress: string | null | undefined;
}

/** The page a path shows, by its screen's id and language (a model's page: its model). */
async function pageOf(pathname: string): Promise<{ page: string; locale: Locale; model?: ModelCode } | null> {
  const match = pageForPath(pathname);
  if (match) return { page: match.page, locale: match.locale };
  if (!productAddressLocale(pathname)) return null;
  const found = modelAtAddress(await shownCatalogue(), pathname);
  if (!found || found.kind === "retired" || found.model.state === "draft") return null;
  return { page: "product", locale: found.locale, model: found.model.model };
}

/**
 * A visitor who says no to being counted: her browser sends Global Privacy Control or Do Not
 * Track (the right to object, without a cookie to remember it). Nothing of hers is counted.
 */
function objects(hit: Hit): boolean {
  if (!MEASURING) return true;
  return hit.header("sec-gpc") === "1" || hit.header("dnt") === "1";
}

/** The visitor's network and browser, only ever hashed by the counter. */
function visitorOf(hit: Hit): { network: string; userAgent: string } {
  const address = addressOf(hit.header("x-forwarded-for"), hit.socketAddress);
  return { network: clientNetwork(address), userAgent: hit.header("user-agent") ?? "" };
}

/**
 * Counts a shopper's page answered 200 (the caller says so): never the owner's pages or
 * endpoints, never an obvious robot, never a path that is not a page of the shop.
 */
export async function countPageView(hit: Hit): Promise<void> {
  if (!MEASURING || hit.method !== "GET" || isRobot(hit.header("user-agent")) || objects(hit)) return;
  // A link's data fetched ahead of a click (Remix's prefetch) is no page seen.
  if (/prefetch/i.test(hit.header("sec-purpose") ?? hit.header("purpose") ?? "")) return;
  let url: URL;
  try {
    url = new URL(hit.url, "http://shop.invalid");
  } catch {
    return;
  }
  const pathname = url.pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/");
  if (isAdminPath(pathname)) return;
  const page = await pageOf(pathname);
  if (!page) return;
  const hosts = [ownHost, hit.header("host") ?? ""].filter(Boolean);
  const source = sourceOf(url.search, hit.header("referer") ?? null, hosts);
  audience.record({ ...page, ...visitorOf(hit), source });
}

/**
 * Counts a page view without delaying its answer (and without ever failing it): the page cache's
 * pages are sent at once, the count follows.
 */
export function countInBackground(hit: Hit): void {
  countPageView(hit).catch((error: unknown) =>
    console.error("[audience] page view not counted:", (error as Error).message),
  );
}

/** A Fetch API request as a Hit. */
export function hitOf(request: Request, socketAddress: string | null | undefined): Hit {
  return {
    method: request.method,
    url: request.url,
    header: (name) => request.headers.get(name),
    socketAddress,
  };
}

/** The source's name of today's visitor behind `request` (« direct » if this server has not seen them). */
function sourceNameOf(hit: Hit): string {
  const visitor = visitorOf(hit);
  return audience.sourceOfVisitor(visitor.network, visitor.userAgent) ?? DIRECT;
}

/** A model added to the cart: the path's second step. */
export function countAddedToCart(hit: Hit, model: ModelCode): void {
  if (isRobot(hit.header("user-agent")) || objects(hit)) return;
  audience.step(model, sourceNameOf(hit), "cart");
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
  if (isRobot(hit.header("user-agent")) || objects(hit)) return;
  const source = sourceNameOf(hit);
  try {
    if (!(await noteOrderSource(db, orderId, source))) return;
  } catch (error) {
    console.error("[audience] order's source not noted:", (error as Error).message);
    return;
  }
  for (const model of new Set(models)) audience.step(model, source, "checkout");
}
