/**
 * Launch day (issue 33): a series of 12 pieces (4 models × 3) opening at T, set up in the database
 * as the owner's panel leaves it, with a 30-minute early access and the default launch limit (one
 * piece of a model per shopper). No clock is moved: T is a little over a minute ahead, so the head
 * start is already running when the bench begins.
 *
 * - Right away (inside the head start): the early-notice subscribers open their own signed link
 *   (`/acces-anticipe/<token>`) and some buy, to their own address, and pay.
 * - From T − 60 s: the crowd of shoppers, each from its own address (X-Forwarded-For, one trusted
 *   hop; IPv4 and IPv6 mixed, each IPv6 shopper in its own /64), loads the home page and a model's
 *   page and follows the live availability stream; on every change of its model the page reads
 *   itself again, as the page's script does. A few try to buy before T, without a link.
 * - At T: every shopper posts the checkout form as a browser without JavaScript does (a tenth ask
 *   for two pieces); whoever gets a hold pays on the test payment page, whoever finds the pieces
 *   held by others looks at the page again and tries again while it says available.
 * - One host with a /64 tries to hoard: many addresses of one /64, a new e-mail each time, every
 *   model.
 * - A watcher, with a stream admitted before the crowd's, and a fresh page read every 100 ms per
 *   model, times « Épuisé » after each model's last piece.
 * - Once the rush is over, a refresh storm on a model page, sold out and kept (wrk or autocannon,
 *   a few seconds), then the same bytes from a plain node:http server: the share of the static
 *   ceiling. Not during the rush: a load tool's closed loop takes every core it can, so the rush's
 *   latencies would measure how the kernel shares the cores with it; and the proxy in front
 *   (docker/haproxy.cfg) lets one client make a hundred requests a second, not thousands.
 * - Afterwards: every shopper closes her stream, and as many new streams as the server admits at
 *   most are opened again from new addresses (every slot back); the database says what was sold,
 *   to whom, and whether anything was oversold.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { Worker } from "node:worker_threads";
import { connect, LAUNCH_MODELS } from "@souls/db";
import { createModel, createSeries, featureSeries, publishModel, updateModelTexts } from "@souls/shop/admin";
import { deliveryQuoteFor } from "@souls/shop/delivery";
import { earlyAccessToken } from "@souls/shop/launch";
import { sql } from "kysely";
import { ownCpuMs, postmasterOf, processCpuMs, serverCpuMs } from "./cpu.mts";
import { type LoadResult, type LoadTool, load, pickLoadTool, startStaticServer } from "./http.mts";
import { Browser, type Stream, saysSoldOut } from "./launch-browser.mts";
import type { WatcherData, WatcherMessage } from "./launch-watcher.mts";
import { type Figure, ms, percent, perSecond } from "./table.mts";

export interface LaunchOptions {
  /**
   * The web replicas, as docker/compose.yaml runs two behind its proxy: each shopper's browser
   * talks to one (the proxy balances connections round robin).
   */
  baseUrls: string[];
  /** Their processes, for the CPU they get during the rush. */
  appPids: number[];
  databaseUrl: string;
  /** The app's SESSION_SECRET: the early-access links are signed with it. */
  sessionSecret: string;
  shoppers: number;
  /** Early-notice subscribers with a link, and how many of them buy during the head start. */
  subscribers: number;
  earlyBuyers: number;
  /** Addresses of the hoarding host's /64. */
  hoarderAddresses: number;
  /** Seconds the refresh storm lasts once the rush is over (0: none, and no ceiling row). */
  stormSeconds: number;
  stormConnections: number;
  repoRoot: string;
  log: (line: string) => void;
}

const MODELS = ["Lina", "Meriem", "Soraya", "Yasmine"] as const;
const PIECES_PER_MODEL = 3;
const PRICE_CENTS = 18900;
const EARLY_ACCESS_MINUTES = 30;
/** Seconds from the setup to T: the crowd's minute, and the head start's buyers before it. */
const LEAD_SECONDS = 80;
const CROWD_FROM_SECONDS = 60;
/** Shoppers click « Payer » within this many seconds of T (a countdown read, a page reloaded). */
const CLICK_SPREAD_MS = 2_000;
/** A refused shopper tries again at most this often while the page says available. */
const RETRIES = 4;
/** How long after T shoppers keep trying, at most. */
const RUSH_SECONDS = 30;
const BUDGETS = { pageP99: 50, checkoutP99: 1_000, soldOutMs: 1_000, ratio: 0.1 } as const;

// ---------------------------------------------------------------------------------------------
// Figures of the run.

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

class Tally {
  readonly statuses = new Map<number, number>();
  count(status: number) {
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
  }
  get serverErrors() {
    return [...this.statuses]
      .filter(([status]) => status >= 500 || status === 0)
      .reduce((n, [, c]) => n + c, 0);
  }
  text() {
    return [...this.statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${count.toLocaleString("en-US")} × ${status || "no answer"}`)
      .join(", ");
  }
}

// ---------------------------------------------------------------------------------------------

interface Model {
  id: number;
  slug: string;
  path: string;
}

/** The series as the owner leaves it in her panel: four models of three pieces, opening at T. */
async function setUpSeries(options: LaunchOptions) {
  const db = connect(options.databaseUrl, { maxConnections: 2 });
  try {
    const series = await createSeries(db, {
      titleFr: "Série du vendredi",
      titleEn: "Friday series",
      subtitleFr: "Douze pièces, une seule fois",
      subtitleEn: "Twelve pieces, once",
    });
    // The opening first, then the models published: nothing of the series is on sale before T.
    const { opensAt } = await db
      .updateTable("series")
      .set({
        opensAt: sql<Date>`now() + make_interval(secs => ${LEAD_SECONDS})`,
        earlyAccessMinutes: EARLY_ACCESS_MINUTES,
      })
      .where("id", "=", series.id)
      .returning(["opensAt", "launchLimitPieces", "launchLimitHours"])
      .executeTakeFirstOrThrow();
    const limit = await db
      .selectFrom("series")
      .select(["launchLimitPieces", "launchLimitHours"])
      .where("id", "=", series.id)
      .executeTakeFirstOrThrow();
    const models: Model[] = [];
    const words = LAUNCH_MODELS[0] as (typeof LAUNCH_MODELS)[number];
    for (const name of MODELS) {
      const model = await createModel(db, {
        name,
        priceCents: PRICE_CENTS,
        stock: PIECES_PER_MODEL,
        seriesId: series.id,
      });
      for (const locale of ["fr", "en"] as const) {
        const { path: _path, ...texts } = words.texts[locale];
        await updateModelTexts(db, model.id, locale, {
          ...texts,
          faq: texts.faq.map((item) => ({ ...item })),
        });
      }
      // The first collection's drawings as its pictures (a photo is needed to publish).
      await sql`
        INSERT INTO product_photos (product_id, position, source, width, height, alt_fr, alt_en)
        SELECT ${model.id}, position, source, width, height, alt_fr, alt_en FROM product_photos
         WHERE product_id = (SELECT id FROM products WHERE slug = ${LAUNCH_MODELS[0]?.code ?? "aicha"})`.execute(
        db,
      );
      await publishModel(db, model.id);
      const { path: pagePath } = await db
        .selectFrom("productTexts")
        .select("path")
        .where("productId", "=", model.id)
        .where("locale", "=", "fr")
        .executeTakeFirstOrThrow();
      models.push({ id: model.id, slug: model.slug, path: pagePath });
    }
    await featureSeries(db, series.id);
    // The early-notice list: confirmed sign-ups of the home page's form, each with her own link.
    const subscribers = await db
      .insertInto("signups")
      .values(
        Array.from({ length: options.subscribers }, (_, i) => ({
          email: `abonnee-${i + 1}@example.org`,
          locale: "fr" as const,
          source: "home" as const,
          confirmedAt: new Date(),
        })),
      )
      .returning(["id", "email"])
      .execute();
    const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(db);
    return {
      postmaster: postmasterOf(Number(rows[0]?.pid)),
      seriesId: series.id,
      opensAt: (opensAt as Date).getTime(),
      limit,
      models,
      subscribers: subscribers.map((row) => ({
        email: row.email,
        token: earlyAccessToken(options.sessionSecret, { seriesId: series.id, signupId: row.id }),
      })),
    };
  } finally {
    await db.destroy();
  }
}

/** The words a sold-out model's page shows, read from the shop's own French words. */
function soldOutWords(repoRoot: string): string[] {
  const common = JSON.parse(
    readFileSync(path.join(repoRoot, "apps/web/app/locales/fr/common.json"), "utf8"),
  ) as { product?: { soldOut?: string } };
  return [common.product?.soldOut ?? "Rupture de stock", "Épuisé"];
}

/** The server's bound on open live streams, as apps/web/app/lib/live.server.ts sets it. */
function liveStreamBound(repoRoot: string): number {
  const source = readFileSync(path.join(repoRoot, "apps/web/app/lib/live.server.ts"), "utf8");
  const total = /LIVE_STREAM_LIMITS = \{[^}]*\btotal: ([\d_]+)/.exec(source)?.[1];
  if (!total) throw new Error("live.server.ts no longer says LIVE_STREAM_LIMITS.total");
  return Number(total.replaceAll("_", ""));
}

/** A distinct address per shopper: every other one IPv6, each in its own /64. */
function shopperAddress(index: number): string {
  if (index % 2 === 0) return `198.18.${Math.floor(index / 2 / 250)}.${((index / 2) % 250) + 1}`;
  const n = (index - 1) / 2;
  return `2001:db8:${(0x1000 + n).toString(16)}:${(n % 7).toString(16)}::${(n % 251) + 2}`;
}

const HOARDER_NETWORK = "2001:db8:bad:cafe";

export async function benchLaunch(options: LaunchOptions): Promise<Figure[]> {
  const { baseUrls, log } = options;
  /** The replica the n-th browser's connection goes to. */
  const replica = (n: number) => baseUrls[n % baseUrls.length] as string;
  const baseUrl = replica(0);
  const agent = new http.Agent({
    keepAlive: true,
    maxSockets: Number.POSITIVE_INFINITY,
    maxFreeSockets: 512,
  });
  // Each shopper's browser keeps its own connection alive between her pages and her click, as
  // browsers do (Chrome keeps an idle one up to 5 minutes), up to six at once.
  const browserAgents: http.Agent[] = [];
  const browserAgent = () => {
    const own = new http.Agent({ keepAlive: true, maxSockets: 6 });
    browserAgents.push(own);
    return own;
  };
  const streamBound = liveStreamBound(options.repoRoot);
  const soldOut = soldOutWords(options.repoRoot);
  const pageSaysSoldOut = (html: string) => saysSoldOut(html, soldOut);
  // What the checkout asks for delivery in France (the owner's zones, decision 049), one or two pieces.
  const shipping = await deliveryToFrance(options.databaseUrl);
  const loadBefore = loadavg()[0] ?? Number.NaN;
  const launch = await setUpSeries(options);
  const T = launch.opensAt;
  const untilT = () => T - Date.now();
  log(
    `launch: series ${launch.seriesId}, ${MODELS.length} × ${PIECES_PER_MODEL} pieces, opening in ${Math.round(untilT() / 1000)} s; ` +
      `${options.shoppers} shoppers, ${options.subscribers} subscribers, a /64 of ${options.hoarderAddresses} addresses`,
  );

  const pages = {
    latencies: [] as number[],
    kept: [] as number[],
    rendered: [] as number[],
    tally: new Tally(),
  };
  const checkouts = {
    latencies: [] as number[],
    tally: new Tally(),
    held: 0,
    paid: 0,
    payTally: new Tally(),
  };
  const beforeOpening = { tried: 0, held: 0, tally: new Tally() };
  const early = {
    tried: 0,
    held: 0,
    again: 0,
    heldAgain: 0,
    linkTally: new Tally(),
    tally: new Tally(),
    againTally: new Tally(),
  };
  const hoard = { tried: 0, held: 0, tally: new Tally() };
  const streams = { admitted: 0, refused: 0, other: 0 };
  const open: Stream[] = [];
  let rushOn = false;
  /** 303 answers to a checkout that are not a hold (their path): said in the log. */
  const otherRedirects = new Map<string, number>();

  // With BENCH_LAUNCH_TRACE=<file>: one line per timed request (start ms from the bench's start,
  // kind, ms, connect ms, …), to see where a tail comes from.
  const begun = performance.now();
  const trace: string[] = [];
  /** Whether a product page drew the state a change tells (live-availability.js's `show`). */
  const drawsState = (body: string, change: { available: number; at?: number }) => {
    const opensAt = /data-opens-at="([^"]+)"/.exec(body)?.[1];
    if (opensAt && !((change.at ?? 0) >= Date.parse(opensAt))) return false;
    const state = Math.min(Math.max(change.available, 0), 3);
    return body.includes(`data-availability-state="${state}"`);
  };

  const loadPage = async (browser: Browser, target: string) => {
    const answer = await browser.request("GET", target);
    pages.tally.count(answer.status);
    if (rushOn && browser.cookies.size === 0) {
      pages.latencies.push(answer.ms);
      trace.push(
        `${Math.round(performance.now() - begun - answer.ms)} page ${Math.round(answer.ms)} ${Math.round(answer.connectMs)} ${answer.headers["x-page-cache"] ?? "-"} ${target}`,
      );
      (answer.headers["x-page-cache"] === "hit" ? pages.kept : pages.rendered).push(answer.ms);
    }
    return answer;
  };

  const checkoutForm = (slug: string, quantity: number, email: string, key: string) => ({
    intent: "pay",
    items: `product=${slug}&qty=${quantity}`,
    checkoutKey: key,
    expectedTotal: String(PRICE_CENTS * quantity + (shipping.get(quantity) ?? 0)),
    firstName: "Camille",
    lastName: "Martin",
    email,
    address: "12 rue des Martyrs",
    postalCode: "75009",
    city: "Paris",
    country: "FR",
  });

  /** Posts the checkout; a hold (303 to the payment page) is paid at once. */
  const buy = async (
    browser: Browser,
    slug: string,
    quantity: number,
    email: string,
    tally: Tally,
    timed: boolean,
    pay = true,
  ): Promise<{ held: boolean; status: number; heldMeanwhile: boolean }> => {
    const key = `bench-${randomBytes(12).toString("base64url")}`;
    // The form posts to the checkout's own address, as the buy-now button leaves it.
    const target = `/checkout?product=${slug}&qty=${quantity}`;
    const answer = await browser.request("POST", target, checkoutForm(slug, quantity, email, key));
    tally.count(answer.status);
    if (timed) {
      checkouts.latencies.push(answer.ms);
      trace.push(
        `${Math.round(performance.now() - begun - answer.ms)} checkout ${Math.round(answer.ms)} ${Math.round(answer.connectMs)} ${answer.status}`,
      );
    }
    const location = String(answer.headers.location ?? "");
    const held = answer.status === 303 && location.includes("/paiement-test");
    if (answer.status === 303 && !held) {
      const where = location.split("?")[0] ?? "";
      otherRedirects.set(where, (otherRedirects.get(where) ?? 0) + 1);
    }
    if (held && pay) {
      const paid = await browser.request("POST", location, {
        intent: "pay",
        cardNumber: "4242424242424242",
        expiry: "12/34",
        cvc: "123",
      });
      checkouts.payTally.count(paid.status);
      if (paid.status === 303) checkouts.paid++;
    }
    // Sent back to the page's note that what is left is held by others (a no-JavaScript 409).
    const heldMeanwhile = answer.status === 303 && location.endsWith("#held-meanwhile");
    return { held, status: answer.status, heldMeanwhile };
  };

  // The watcher, on its own thread: a stream admitted before the crowd's, and the pages read
  // fresh every 100 ms (bench/launch-watcher.mts). What it saw, on the wall clock.
  const streamSaw = new Map<string, { at: number; soldOut: boolean }[]>();
  const pageSaw = new Map<string, { at: number; soldOut: boolean }[]>();
  const saw = (
    log: Map<string, { at: number; soldOut: boolean }[]>,
    slug: string,
    soldOut: boolean,
    at: number,
  ) => {
    const entries = log.get(slug) ?? [];
    entries.push({ at, soldOut });
    log.set(slug, entries);
  };
  /** A wall-clock time on the trace's clock. */
  const onTrace = (at: number) => Math.round(at - performance.timeOrigin - begun);
  const watcher = new Worker(new URL("./launch-watcher.mts", import.meta.url), {
    workerData: {
      origins: baseUrls,
      models: launch.models.map(({ slug, path }) => ({ slug, path })),
      opensAt: T,
      soldOutWords: soldOut,
    } satisfies WatcherData,
  });
  const watcherDone = new Promise<void>((resolve, reject) => {
    watcher.on("error", reject);
    watcher.on("exit", () => resolve());
  });
  const watcherStream = await new Promise<number>((resolve, reject) => {
    watcher.on("error", reject);
    watcher.on("message", (message: WatcherMessage) => {
      if (message.type === "stream") resolve(message.status);
      else if (message.type === "change") saw(streamSaw, message.slug, message.soldOut, message.at);
      else if (message.type === "page") {
        if (message.status === 200) saw(pageSaw, message.slug, message.soldOut, message.at);
        trace.push(
          `${onTrace(message.at - message.ms)} watch ${Math.round(message.ms)} ${message.slug} r${message.replica} ${message.soldOut ? "sold-out" : "on-sale"}`,
        );
      } else if (message.type === "done") void watcher.terminate();
    });
  });
  if (watcherStream !== 200) {
    await watcher.terminate();
    throw new Error(`the watcher's stream was refused (${watcherStream})`);
  }
  const watchPages = async () => {
    watcher.postMessage("stop");
    await watcherDone;
  };
  /** Milliseconds from a model's last piece to the first « sold out » seen after it (NaN: never). */
  const soldOutSeen = (log: Map<string, { at: number; soldOut: boolean }[]>, slug: string, lastAt: number) =>
    (log.get(slug)?.find((entry) => entry.soldOut && entry.at >= lastAt)?.at ?? Number.NaN) - lastAt;

  // The head start: each subscriber opens her link; the first ones buy one piece each and pay.
  const earlyRun = Promise.all(
    launch.subscribers.map(async (subscriber, i) => {
      const browser = new Browser(replica(i), `203.0.113.${i + 1}`, browserAgent());
      let target = `/acces-anticipe/${subscriber.token}`;
      for (let hop = 0; hop < 3 && target; hop++) {
        const answer = await browser.request("GET", target);
        early.linkTally.count(answer.status);
        target = answer.status >= 300 && answer.status < 400 ? String(answer.headers.location ?? "") : "";
      }
      if (i >= options.earlyBuyers) return;
      early.tried++;
      const model = launch.models[i % launch.models.length] as Model;
      const { held } = await buy(browser, model.slug, 1, subscriber.email, early.tally, false);
      if (held) early.held++;
      // At T she comes back for a second piece of the same model, as anyone may try.
      await sleep(Math.max(0, T + Math.random() * CLICK_SPREAD_MS - Date.now()));
      early.again++;
      if ((await buy(browser, model.slug, 1, subscriber.email, early.againTally, false)).held)
        early.heldAgain++;
    }),
  );

  // The crowd, arriving over the minute before T.
  const rushEnd = T + RUSH_SECONDS * 1000;
  const shopper = async (index: number) => {
    const browser = new Browser(replica(index), shopperAddress(index), browserAgent());
    const model = launch.models[index % launch.models.length] as Model;
    const arrival = T - CROWD_FROM_SECONDS * 1000 + Math.random() * (CROWD_FROM_SECONDS - 5) * 1000;
    await sleep(Math.max(0, arrival - Date.now()));
    rushOn = true;
    await loadPage(browser, "/");
    let page = (await loadPage(browser, model.path)).body;
    let available = 1;
    // The page's script: told a change, it swaps in what the page drew for that state (its
    // templates, once the opening passed by the shop's time); a state it did not draw reads the
    // page again, and a change heard while a read is on its way makes one more read after it
    // (apps/web/app/scripts/live-availability.js).
    let reading = false;
    let again = false;
    const reread = async () => {
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      page = (await loadPage(browser, model.path)).body;
      reading = false;
      if (again && Date.now() < rushEnd) {
        again = false;
        void reread();
      }
    };
    const stream = await browser.stream((change) => {
      if (change.model !== model.slug) return;
      available = change.available;
      if (!reading && drawsState(page, change)) return;
      if (Date.now() < rushEnd) void reread();
    }, model.slug);
    if (stream.status === 200) {
      streams.admitted++;
      open.push(stream);
    } else if (stream.status === 503) streams.refused++;
    else streams.other++;
    // One in a hundred cannot wait and tries before T, without a link.
    if (index % 100 === 7 && Date.now() < T - 3_000) {
      beforeOpening.tried++;
      const { held } = await buy(
        browser,
        model.slug,
        1,
        `impatient-${index}@example.org`,
        beforeOpening.tally,
        false,
      );
      if (held) beforeOpening.held++;
    }
    await sleep(Math.max(0, T + Math.random() * CLICK_SPREAD_MS - Date.now()));
    let quantity = index % 10 === 3 ? 2 : 1;
    const email = `client-${index}@example.org`;
    for (let attempt = 0; attempt <= RETRIES && Date.now() < rushEnd; attempt++) {
      const { held, status, heldMeanwhile } = await buy(
        browser,
        model.slug,
        quantity,
        email,
        checkouts.tally,
        true,
      );
      if (held) {
        checkouts.held++;
        return;
      }
      // Held by others (409, or its note on the page) may free up, fewer left than she asked
      // (409) she may take, an error page (503) may pass: she looks at the page again, and tries
      // while it offers the model, no more than it has.
      if (status !== 409 && status !== 503 && !heldMeanwhile) return;
      await sleep(1_000 + Math.random() * 1_000);
      const again = await loadPage(browser, model.path);
      if (!available || pageSaysSoldOut(again.body)) return;
      quantity = Math.min(quantity, available);
    }
  };

  // The hoarder: at T, every address of its /64 asks for every model with a new e-mail.
  const hoarder = async () => {
    await sleep(Math.max(0, T - Date.now()));
    await Promise.all(
      Array.from({ length: options.hoarderAddresses }, async (_, k) => {
        for (const model of launch.models) {
          // A script: no cookie kept from one try to the next (its earlier holds stay held).
          const browser = new Browser(replica(k), `${HOARDER_NETWORK}::${(k + 1).toString(16)}`, agent);
          hoard.tried++;
          const { held } = await buy(
            browser,
            model.slug,
            1,
            `reserve-${k}-${model.slug}@example.net`,
            hoard.tally,
            false,
            false,
          );
          if (held) hoard.held++;
        }
      }),
    );
  };

  // The refresh storm on a model page once the rush is over, then the same bytes from a plain server.
  const storm = async (): Promise<{ tool: LoadTool; app: LoadResult; page: string } | undefined> => {
    if (options.stormSeconds <= 0) return undefined;
    const tool = await pickLoadTool();
    const page = (launch.models[0] as Model).path;
    // The proxy spreads the storm's connections over the replicas.
    const perReplica = Math.ceil(options.stormConnections / baseUrls.length);
    const each = await Promise.all(
      baseUrls.map((url) => load(tool, new URL(page, url).href, perReplica, options.stormSeconds)),
    );
    return { tool, app: together(each), page };
  };

  const appCpuMs = () => options.appPids.reduce((sum, pid) => sum + processCpuMs(pid), 0);
  // The CPU each party gets from T to the rush's end (the machine's other sessions take the rest).
  const cpuAtT = (async () => {
    await sleep(Math.max(0, T - Date.now()));
    return {
      at: performance.now(),
      app: appCpuMs(),
      db: serverCpuMs(launch.postmaster),
      own: ownCpuMs(),
    };
  })();
  const lag = monitorEventLoopDelay({ resolution: 10 });
  void sleep(Math.max(0, T - Date.now())).then(() => lag.enable());
  const crowd = Promise.all(Array.from({ length: options.shoppers }, (_, i) => shopper(i)));
  const [, , , cpuFrom] = await Promise.all([earlyRun, crowd, hoarder(), cpuAtT]);
  const rushCpu = {
    seconds: (performance.now() - cpuFrom.at) / 1000,
    app: (appCpuMs() - cpuFrom.app) / 1000,
    db: (serverCpuMs(launch.postmaster) - cpuFrom.db) / 1000,
    own: (ownCpuMs() - cpuFrom.own) / 1000,
  };
  rushOn = false;
  lag.disable();
  if (otherRedirects.size > 0)
    log(
      `launch: checkouts redirected elsewhere than a payment: ${[...otherRedirects].map(([where, n]) => `${n} × ${where}`).join(", ")}`,
    );
  log(`launch: rush over ${Math.round((Date.now() - T) / 1000)} s after T; reading the outcome…`);
  trace.push(`${Math.round(T - Date.now() + performance.now() - begun)} T`);

  // The sold-out times, from the database's clock (the same machine's).
  const db = connect(options.databaseUrl, { maxConnections: 2 });
  let soldRows: { slug: string; stock: number; reserved: number; held: number; lastAt: Date | null }[];
  let perShopper: { who: string; slug: string; pieces: number }[];
  let hoarded: number;
  try {
    // Deadline for the watcher: a second and a half after the last piece, or T + rush.
    soldRows = await soldOutcome(db, launch.seriesId);
    const allGone = soldRows.every((row) => row.stock - row.reserved <= 0);
    const seenEverywhere = () =>
      soldRows.every((row) =>
        [streamSaw, pageSaw].every((log) =>
          Number.isFinite(soldOutSeen(log, row.slug, row.lastAt?.getTime() ?? 0)),
        ),
      );
    const until = Date.now() + 5_000;
    while (allGone && Date.now() < until && !seenEverywhere()) await sleep(50);
    await watchPages();
    // On the trace's clock: each model's last piece, and when the watcher's stream said so.
    for (const row of soldRows) {
      const lastAt = row.lastAt?.getTime() ?? 0;
      const heard = streamSaw.get(row.slug)?.find((entry) => entry.soldOut && entry.at >= lastAt)?.at;
      trace.push(`${onTrace(lastAt)} last ${row.slug}`);
      if (heard) trace.push(`${onTrace(heard)} stream-sold-out ${row.slug}`);
    }
    if (process.env.BENCH_LAUNCH_TRACE)
      writeFileSync(process.env.BENCH_LAUNCH_TRACE, `${trace.join("\n")}\n`);
    perShopper = (
      await sql<{ who: string; slug: string; pieces: number }>`
        SELECT who, slug, sum(quantity)::int AS pieces FROM (
          SELECT 'e-mail ' || lower(o.email) AS who, p.slug, i.quantity
            FROM orders o JOIN order_items i ON i.order_id = o.id JOIN products p ON p.id = i.product_id
           WHERE p.series_id = ${launch.seriesId} AND (o.payment_status = 'paid'
             OR (o.status = 'awaiting_payment' AND o.reserved_until > now()))
          UNION ALL
          SELECT 'client ' || o.client_hash, p.slug, i.quantity
            FROM orders o JOIN order_items i ON i.order_id = o.id JOIN products p ON p.id = i.product_id
           WHERE p.series_id = ${launch.seriesId} AND o.client_hash IS NOT NULL AND (o.payment_status = 'paid'
             OR (o.status = 'awaiting_payment' AND o.reserved_until > now()))
        ) t GROUP BY who, slug HAVING sum(quantity) > ${launch.limit.launchLimitPieces}`.execute(db)
    ).rows;
    hoarded = Number(
      (
        await sql<{ pieces: number }>`
          SELECT coalesce(sum(i.quantity), 0)::int AS pieces
            FROM orders o JOIN order_items i ON i.order_id = o.id
           WHERE o.email LIKE 'reserve-%@example.net' AND (o.payment_status = 'paid'
             OR (o.status = 'awaiting_payment' AND o.reserved_until > now()))`.execute(db)
      ).rows[0]?.pieces ?? 0,
    );
  } finally {
    await db.destroy();
  }

  // Every shopper leaves: her stream closes. Then as many streams as the server admits, again.
  for (const stream of open) stream.close();
  await sleep(2_000);
  const shopBound = streamBound * baseUrls.length;
  const again = await Promise.all(
    Array.from({ length: shopBound }, (_, i) =>
      new Browser(replica(i), `198.19.${Math.floor(i / 250)}.${(i % 250) + 1}`, agent).stream(() => {}),
    ),
  );
  const readmitted = again.filter((stream) => stream.status === 200).length;
  for (const stream of again) stream.close();
  // The servers let those streams go before the storm begins (as after the crowd left).
  await sleep(2_000);

  const loadAfter = loadavg()[0] ?? Number.NaN;
  const stormResult = await storm();
  // The ceiling: the same page's bytes from a plain node:http server, same tool and connections.
  let ceiling: LoadResult | undefined;
  if (stormResult) {
    const raw = await new Promise<{ body: Buffer; contentType: string; contentEncoding: string }>(
      (resolve, reject) => {
        http
          .get(new URL(stormResult.page, baseUrl), { headers: { "accept-encoding": "gzip" } }, (response) => {
            const chunks: Buffer[] = [];
            response.on("data", (chunk: Buffer) => chunks.push(chunk));
            response.on("end", () =>
              resolve({
                body: Buffer.concat(chunks),
                contentType: String(response.headers["content-type"] ?? "text/html"),
                contentEncoding: String(response.headers["content-encoding"] ?? ""),
              }),
            );
          })
          .on("error", reject);
      },
    );
    const folder = mkdtempSync(path.join(tmpdir(), "souls-bench-launch-"));
    const server = await startStaticServer(options.repoRoot, raw, folder);
    try {
      ceiling = await load(stormResult.tool, server.url, options.stormConnections, options.stormSeconds);
    } finally {
      await server.stop();
      rmSync(folder, { recursive: true, force: true });
    }
  }
  agent.destroy();
  for (const own of browserAgents) own.destroy();

  // ---------------------------------------------------------------------------------------------
  const pieces = MODELS.length * PIECES_PER_MODEL;
  const sold = soldRows.reduce((sum, row) => sum + row.held, 0);
  const left = soldRows.filter((row) => row.stock - row.reserved > 0);
  const oversold = soldRows.reduce(
    (sum, row) =>
      sum +
      Math.max(0, row.held - PIECES_PER_MODEL) +
      Math.max(0, row.reserved - row.stock) +
      Math.max(0, -row.stock),
    0,
  );
  const soldOutDelays = soldRows.map((row) => {
    const last = row.lastAt?.getTime() ?? Number.NaN;
    return {
      slug: row.slug,
      stream: soldOutSeen(streamSaw, row.slug, last),
      page: soldOutSeen(pageSaw, row.slug, last),
    };
  });
  const worst = (key: "stream" | "page") =>
    Math.max(
      ...soldOutDelays.map((delay) => (Number.isFinite(delay[key]) ? delay[key] : Number.POSITIVE_INFINITY)),
    );
  const pageP99 = percentile(pages.latencies, 99);
  const checkoutP99 = percentile(checkouts.latencies, 99);
  const errors =
    pages.tally.serverErrors +
    checkouts.tally.serverErrors +
    checkouts.payTally.serverErrors +
    hoard.tally.serverErrors +
    early.tally.serverErrors +
    early.linkTally.serverErrors +
    early.againTally.serverErrors +
    beforeOpening.tally.serverErrors;
  const shareOfHoarder = MODELS.length * launch.limit.launchLimitPieces;
  const scenario = `${options.shoppers.toLocaleString("en-US")} shoppers`;

  const figures: Figure[] = [
    {
      section: "launch",
      figure: `launch: pages a first-time visitor asks for during the rush (${scenario}: home, model pages, the page script's re-reads)`,
      value:
        `p99 ${ms(pageP99)}, p50 ${ms(percentile(pages.latencies, 50))} (${pages.latencies.length.toLocaleString("en-US")} pages; ` +
        `${pages.kept.length.toLocaleString("en-US")} kept: p99 ${ms(percentile(pages.kept, 99))}; ` +
        `${pages.rendered.length.toLocaleString("en-US")} rendered: p99 ${ms(percentile(pages.rendered, 99))})`,
      budget: `p99 ≤ ${BUDGETS.pageP99} ms`,
      met: pageP99 <= BUDGETS.pageP99,
      data: {
        p99: pageP99,
        count: pages.latencies.length,
        keptP99: percentile(pages.kept, 99),
        kept: pages.kept.length,
        renderedP99: percentile(pages.rendered, 99),
        rendered: pages.rendered.length,
      },
      note: "a page is rendered when the page cache was emptied by a change (a hold, a sale, the opening) and not kept again yet",
    },
  ];
  if (stormResult && ceiling) {
    const ratio = stormResult.app.requestsPerSecond / ceiling.requestsPerSecond;
    figures.push(
      {
        section: "launch",
        figure: `launch: refresh storm on ${stormResult.page} once sold out, after the rush (${options.stormConnections} connections, ${options.stormSeconds} s, ${stormResult.tool.name})`,
        value: `${perSecond(stormResult.app.requestsPerSecond, "req/s")}, p50 ${ms(stormResult.app.p50)}, p99 ${ms(stormResult.app.p99)}${stormResult.app.errors ? `, ${stormResult.app.errors} errors` : ""}`,
        budget: `p99 ≤ ${BUDGETS.pageP99} ms`,
        met:
          stormResult.app.requests > 0 &&
          stormResult.app.p99 <= BUDGETS.pageP99 &&
          stormResult.app.errors === 0,
        data: { ...stormResult.app },
      },
      {
        section: "launch",
        figure: "launch: refresh storm ÷ the same bytes from a static node:http server (req/s)",
        value: `${percent(ratio)} (ceiling ${perSecond(ceiling.requestsPerSecond, "req/s")}, p99 ${ms(ceiling.p99)})`,
        budget: `≥ ${BUDGETS.ratio * 100} %`,
        met: ratio >= BUDGETS.ratio,
        data: { ratio, ceiling },
      },
    );
  }
  figures.push(
    {
      section: "launch",
      figure: `launch: a checkout's answer from T (${scenario} post within ${CLICK_SPREAD_MS / 1000} s, retries included)`,
      value: `p99 ${ms(checkoutP99)}, p50 ${ms(percentile(checkouts.latencies, 50))}, max ${ms(Math.max(...checkouts.latencies))} (${checkouts.latencies.length.toLocaleString("en-US")} posts: ${checkouts.tally.text()})`,
      budget: `p99 ≤ ${BUDGETS.checkoutP99} ms`,
      met: checkoutP99 <= BUDGETS.checkoutP99,
      data: { p99: checkoutP99, statuses: Object.fromEntries(checkouts.tally.statuses) },
    },
    {
      section: "launch",
      figure: "launch: pieces sold (held or paid) of the series",
      value:
        `${sold} of ${pieces} (${soldRows.map((row) => `${row.slug} ${row.held}`).join(", ")}); paid ${checkouts.paid + early.held} by shoppers and subscribers` +
        (left.length > 0
          ? `; left: ${left.map((row) => `${row.slug} ${row.stock - row.reserved} while ${row.reserved} held unpaid`).join(", ")}`
          : ""),
      budget: `= ${pieces}`,
      met: sold === pieces,
      data: { sold, pieces, models: soldRows },
      note:
        left.length > 0
          ? "unpaid orders may hold at most half a model's pieces left at once (MAX_HELD_SHARE_PER_MODEL, at least one): while the hoarder's or a shopper's hold waits unpaid (20 minutes), the last piece cannot be held by anyone"
          : undefined,
    },
    {
      section: "launch",
      figure: "launch: oversold pieces",
      value: String(oversold),
      budget: "0",
      met: oversold === 0,
    },
    {
      section: "launch",
      figure: "launch: 5xx or unanswered requests (pages, checkouts, payments, links)",
      value: `${errors}${errors > 0 ? ` (pages: ${pages.tally.text()}; checkouts: ${checkouts.tally.text()})` : ""}`,
      budget: "0",
      met: errors === 0,
    },
    {
      section: "launch",
      figure: `launch: shoppers (same e-mail, or same IPv4 / IPv6 /64) over the launch limit (${launch.limit.launchLimitPieces} a model)`,
      value:
        perShopper.length === 0
          ? "0"
          : `${perShopper.length}: ${perShopper
              .slice(0, 3)
              .map((row) => `${row.who.slice(0, 24)} ${row.pieces} × ${row.slug}`)
              .join("; ")}`,
      budget: "0",
      met: perShopper.length === 0,
    },
    {
      section: "launch",
      figure: `launch: the hoarding host (${options.hoarderAddresses} addresses of one /64, ${hoard.tried} tries with new e-mails)`,
      value: `${hoarded} ${hoarded === 1 ? "piece" : "pieces"} held (${hoard.tally.text()})`,
      budget: `≤ ${shareOfHoarder} (the launch limit × ${MODELS.length} models)`,
      met: hoarded <= shareOfHoarder,
    },
    {
      section: "launch",
      figure: "launch: « Épuisé » after a model's last piece, on the stream / on a fresh page",
      value: `worst ${Number.isFinite(worst("stream")) ? ms(worst("stream")) : "never"} / ${Number.isFinite(worst("page")) ? ms(worst("page")) : "never"} (${soldOutDelays.map((d) => `${d.slug} ${Math.round(d.stream)}/${Math.round(d.page)}`).join(", ")} ms)`,
      budget: `≤ ${BUDGETS.soldOutMs} ms each`,
      met: worst("stream") <= BUDGETS.soldOutMs && worst("page") <= BUDGETS.soldOutMs,
      data: { soldOutDelays },
      note: "from the moment the model's last holding order was written (its created_at, the database's clock on the same machine) to the watcher's stream event and to the first fresh page (read every 100 ms) saying it",
    },
    {
      section: "launch",
      figure: `launch: live streams admitted to the crowd (each replica's bound: ${streamBound}, one taken by the watcher)`,
      value: `${streams.admitted.toLocaleString("en-US")} admitted, ${streams.refused.toLocaleString("en-US")} refused (503)${streams.other ? `, ${streams.other} other` : ""} of ${options.shoppers.toLocaleString("en-US")}`,
      budget: "—",
      met: null,
      data: streams,
      note:
        streams.refused > 0
          ? "a refused stream leaves the page as loaded (EventSource does not retry a 503): those shoppers see a change when they reload or post"
          : undefined,
    },
    {
      section: "launch",
      figure: `launch: stream slots back once the crowd left (${shopBound} new streams from new addresses, every replica's bound)`,
      value: `${readmitted} of ${shopBound} admitted`,
      budget: String(shopBound),
      met: readmitted === shopBound,
    },
    {
      section: "launch",
      figure: "launch: head start (subscribers' own links, before T)",
      value:
        `links ${early.linkTally.text()}; ${early.held} of ${early.tried} held and paid; ` +
        `a second piece of the same model at T: ${early.heldAgain} of ${early.again} held (${early.againTally.text()}); ` +
        `strangers without a link before T: ${beforeOpening.held} of ${beforeOpening.tried} held (${beforeOpening.tally.text() || "none tried"})`,
      budget: `subscribers ${options.earlyBuyers} held, strangers 0, second pieces 0`,
      met: early.held === options.earlyBuyers && beforeOpening.held === 0 && early.heldAgain === 0,
    },
  );
  const share = (seconds: number) =>
    `${seconds.toFixed(1)} s (${percent(seconds / rushCpu.seconds)} of a core)`;
  figures.push({
    section: "launch",
    figure: `launch: CPU from T to the rush's end (${rushCpu.seconds.toFixed(1)} s; the 2 cores offer ${(rushCpu.seconds * cpus().length).toFixed(0)} s)`,
    value: `app ${share(rushCpu.app)}, PostgreSQL ${share(rushCpu.db)}, the bench's shoppers ${share(rushCpu.own)}`,
    budget: "—",
    met: null,
    data: rushCpu,
    note: "what is left of the cores was idle, or went to other sessions' processes",
  });
  figures.push({
    section: "launch",
    figure: "launch: the bench's own event-loop delay from T to the rush's end (its clocks' error)",
    value: `p50 ${ms(lag.percentile(50) / 1e6)}, p99 ${ms(lag.percentile(99) / 1e6)}, max ${ms(lag.max / 1e6)}`,
    budget: "—",
    met: null,
    note: "the 2,000 shoppers run in the bench's one process, on the same cores: a delay here is added to the times it measures",
  });
  figures.push({
    section: "launch",
    figure: "launch: the machine's load (1-minute load average, at the setup and after the rush)",
    value: `${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)} on ${cpus().length} cores`,
    budget: "—",
    met: null,
    data: { loadBefore, loadAfter },
    note: "other sessions' processes share the cores: above the core count, the app and PostgreSQL wait for CPU and every figure above is slower for it",
  });
  return figures;
}

/** Per model of the series: its stock, what is held, the pieces held or sold, the last one's time. */
async function soldOutcome(db: ReturnType<typeof connect>, seriesId: number) {
  const rows = await sql<{
    slug: string;
    stock: number;
    reserved: number;
    held: number;
    lastAt: Date | null;
  }>`
    SELECT p.slug, p.stock, p.reserved,
           coalesce(sum(i.quantity) FILTER (WHERE o.payment_status = 'paid'
             OR (o.status = 'awaiting_payment' AND o.reserved_until > now())), 0)::int AS held,
           max(o.created_at) FILTER (WHERE o.payment_status = 'paid'
             OR (o.status = 'awaiting_payment' AND o.reserved_until > now())) AS last_at
      FROM products p
      LEFT JOIN order_items i ON i.product_id = p.id
      LEFT JOIN orders o ON o.id = i.order_id
     WHERE p.series_id = ${seriesId}
     GROUP BY p.id ORDER BY p.id`.execute(db);
  return rows.rows;
}

/** The delivery price to France of one and of two pieces, as the shop's zones say. */
/**
 * One load spread over the replicas as one: requests added up, the slowest replica's percentiles
 * (an upper bound of the whole's).
 */
function together(each: LoadResult[]): LoadResult {
  const [first] = each;
  if (!first) throw new Error("no replica was loaded");
  return {
    tool: first.tool,
    requestsPerSecond: each.reduce((sum, one) => sum + one.requestsPerSecond, 0),
    p50: Math.max(...each.map((one) => one.p50)),
    p99: Math.max(...each.map((one) => one.p99)),
    requests: each.reduce((sum, one) => sum + one.requests, 0),
    errors: each.reduce((sum, one) => sum + one.errors, 0),
  };
}

async function deliveryToFrance(databaseUrl: string): Promise<Map<number, number>> {
  const db = connect(databaseUrl);
  try {
    const prices = new Map<number, number>();
    for (const quantity of [1, 2]) {
      const quote = await deliveryQuoteFor(db, "FR", PRICE_CENTS * quantity);
      if (!quote) throw new Error("the shop does not deliver to France");
      prices.set(quantity, quote.shippingCents);
    }
    return prices;
  } finally {
    await db.destroy();
  }
}
