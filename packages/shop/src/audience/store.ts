/**
 * The audience's rows in PostgreSQL (decision 047): batches from the web servers added to the
 * day's counts with upserts, the path's « paid » step counted from the orders, the owner's figures,
 * and rows past 25 months deleted. Every row is a count keyed by day; no visitor, hash or address.
 */
import { shopDay } from "@souls/core/format";
import type { Database, Kysely } from "@souls/db";
import { sql } from "kysely";
import { AUDIENCE_LIMITS, type AudienceBatch, type FunnelStep } from "./counter";
import { OTHER, sourceKey } from "./sources";

/** Audience counts are kept 25 months at most (CNIL, audience measurement exempt from consent). */
export const AUDIENCE_RETENTION_MONTHS = 25;
/** An order placed but not paid within this many days is no longer waited for. */
export const PENDING_ORDER_DAYS = 30;

/**
 * Adds a batch to the day's rows in one transaction. A day holds at most `sourcesPerDay` sources
 * and source names in the path, whatever several servers or restarts send: a new one past the cap
 * is added to « (autre) » (a few more may slip in when two servers write at the same instant).
 */
export async function writeAudience(
  db: Kysely<Database>,
  batch: AudienceBatch,
  cap = AUDIENCE_LIMITS.sourcesPerDay,
): Promise<void> {
  if (batch.pages.length + batch.sources.length + batch.funnel.length === 0) return;
  await db.transaction().execute(async (trx) => {
    for (const row of batch.pages) {
      await sql`INSERT INTO audience_pages (day, page, locale, views, visits)
        VALUES (${row.day}::date, ${row.page}, ${row.locale}, ${row.views}, ${row.visits})
        ON CONFLICT (day, page, locale) DO UPDATE SET views = audience_pages.views + excluded.views,
          visits = audience_pages.visits + excluded.visits`.execute(trx);
    }
    const days = new Set([...batch.sources.map((row) => row.day), ...batch.funnel.map((row) => row.day)]);
    for (const day of days) {
      const stored = await trx
        .selectFrom("audienceSources")
        .select(["referrerHost", "utmSource", "utmMedium", "utmCampaign"])
        .where("day", "=", day)
        .execute();
      const known = new Set(stored.map(sourceKey));
      for (const row of batch.sources.filter((source) => source.day === day)) {
        const fits = known.has(sourceKey(row)) || known.size < cap;
        const source = fits ? row : { referrerHost: OTHER, utmSource: "", utmMedium: "", utmCampaign: "" };
        known.add(sourceKey(source));
        await sql`INSERT INTO audience_sources (day, referrer_host, utm_source, utm_medium, utm_campaign, visits)
          VALUES (${day}::date, ${source.referrerHost}, ${source.utmSource}, ${source.utmMedium},
            ${source.utmCampaign}, ${row.visits})
          ON CONFLICT (day, referrer_host, utm_source, utm_medium, utm_campaign)
          DO UPDATE SET visits = audience_sources.visits + excluded.visits`.execute(trx);
      }
      const labels = await trx
        .selectFrom("audienceFunnel")
        .select("source")
        .distinct()
        .where("day", "=", day)
        .execute();
      const names = new Set(labels.map((row) => row.source));
      for (const row of batch.funnel.filter((step) => step.day === day)) {
        const source = names.has(row.source) || names.size < cap ? row.source : OTHER;
        names.add(source);
        await addStep(trx, day, row.model, source, row.step, row.count);
      }
    }
  });
}

function addStep(
  db: Kysely<Database>,
  day: string,
  model: string,
  source: string,
  step: FunnelStep,
  n: number,
) {
  return sql`INSERT INTO audience_funnel (day, model, source, step, count)
    VALUES (${day}::date, ${model}, ${source}, ${step}, ${n})
    ON CONFLICT (day, model, source, step) DO UPDATE SET count = audience_funnel.count + excluded.count`.execute(
    db,
  );
}

/**
 * An order placed during a counted visit: its source's name waits beside it until it is paid. Only
 * the name (« instagram », « direct »): nothing that says who placed it. False: noted already.
 */
export async function noteOrderSource(
  db: Kysely<Database>,
  orderId: number,
  source: string,
): Promise<boolean> {
  const noted = await db
    .insertInto("audienceOrders")
    .values({ orderId, source: source.slice(0, 100) })
    .onConflict((oc) => oc.column("orderId").doNothing())
    .returning("orderId")
    .executeTakeFirst();
  return noted !== undefined;
}

/**
 * The path's last step: each waiting order now paid adds « paid » for each of its models under its
 * source, on the day it was paid, and is forgotten; one given up (cancelled, expired, or unpaid for
 * PENDING_ORDER_DAYS) or the owner's test order is forgotten uncounted. Run by the worker.
 */
export async function settleAudienceOrders(db: Kysely<Database>, now = new Date()): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const waiting = await trx
      .selectFrom("audienceOrders as a")
      .innerJoin("orders as o", "o.id", "a.orderId")
      .select(["a.orderId", "a.source", "a.createdAt", "o.paidAt", "o.status", "o.isTest"])
      .forUpdate("a")
      .skipLocked()
      .execute();
    const limit = now.getTime() - PENDING_ORDER_DAYS * 24 * 3600 * 1000;
    const settled: number[] = [];
    let paid = 0;
    for (const order of waiting) {
      if (order.paidAt !== null && !order.isTest) {
        const models = await trx
          .selectFrom("orderItems as i")
          .innerJoin("products as p", "p.id", "i.productId")
          .select("p.slug")
          .distinct()
          .where("i.orderId", "=", order.orderId)
          .execute();
        for (const { slug } of models)
          await addStep(trx, shopDay(order.paidAt), slug, order.source, "paid", 1);
        paid += 1;
        settled.push(order.orderId);
      } else if (
        order.isTest ||
        order.status === "cancelled" ||
        order.status === "expired" ||
        new Date(order.createdAt).getTime() < limit
      ) {
        settled.push(order.orderId);
      }
    }
    if (settled.length > 0) await trx.deleteFrom("audienceOrders").where("orderId", "in", settled).execute();
    return paid;
  });
}

/** Deletes the audience's rows older than 25 months (the worker's retention job). */
export async function deleteOldAudience(db: Kysely<Database>, now = new Date()): Promise<number> {
  const before = sql<string>`(${now}::timestamptz AT TIME ZONE 'Europe/Paris')::date - make_interval(months => ${AUDIENCE_RETENTION_MONTHS})`;
  let deleted = 0n;
  for (const table of ["audiencePages", "audienceSources", "audienceFunnel"] as const) {
    const result = await db.deleteFrom(table).where("day", "<", before).executeTakeFirst();
    deleted += result.numDeletedRows;
  }
  return Number(deleted);
}

/** Days the owner's audience chart shows. */
export const AUDIENCE_DAYS = 30;

export interface AudienceBoard {
  days: { day: string; visits: number; views: number }[];
  /** Today's sources, most visits first. */
  sources: {
    referrerHost: string;
    utmSource: string;
    utmMedium: string;
    utmCampaign: string;
    visits: number;
  }[];
  /** The path over the last 30 days, per model and source, most model-page views first. */
  funnel: {
    model: string;
    name: string;
    source: string;
    page: number;
    cart: number;
    checkout: number;
    paid: number;
  }[];
}

function daysBefore(day: string, n: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - n);
  return date.toISOString().slice(0, 10);
}

/** The owner's figures: visits and views of the last 30 days, today's sources, the path. */
export async function audienceBoard(db: Kysely<Database>, now = new Date()): Promise<AudienceBoard> {
  const today = shopDay(now);
  const first = daysBefore(today, AUDIENCE_DAYS - 1);
  const [days, sources, funnel] = await Promise.all([
    sql<{ day: string; visits: string; views: string }>`
      SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(visits) AS visits, sum(views) AS views
      FROM audience_pages WHERE day >= ${first}::date AND day <= ${today}::date GROUP BY day`.execute(db),
    db
      .selectFrom("audienceSources")
      .select(["referrerHost", "utmSource", "utmMedium", "utmCampaign", "visits"])
      .where("day", "=", today)
      .orderBy("visits", "desc")
      .orderBy("referrerHost")
      .orderBy("utmSource")
      .limit(50)
      .execute(),
    sql<{ model: string; name: string | null; source: string; step: FunnelStep; count: string }>`
      SELECT f.model, p.name, f.source, f.step, sum(f.count) AS count
      FROM audience_funnel f LEFT JOIN products p ON p.slug = f.model
      WHERE f.day >= ${first}::date AND f.day <= ${today}::date
      GROUP BY f.model, p.name, f.source, f.step`.execute(db),
  ]);
  const byDay = new Map(days.rows.map((row) => [row.day, row]));
  const paths = new Map<string, AudienceBoard["funnel"][number]>();
  for (const row of funnel.rows) {
    const key = `${row.model}\t${row.source}`;
    const line = paths.get(key) ?? {
      model: row.model,
      name: row.name ?? row.model,
      source: row.source,
      page: 0,
      cart: 0,
      checkout: 0,
      paid: 0,
    };
    line[row.step] += Number(row.count);
    paths.set(key, line);
  }
  return {
    days: Array.from({ length: AUDIENCE_DAYS }, (_, index) => {
      const day = daysBefore(today, AUDIENCE_DAYS - 1 - index);
      const row = byDay.get(day);
      return { day, visits: Number(row?.visits ?? 0), views: Number(row?.views ?? 0) };
    }),
    sources: sources.map((row) => ({ ...row, visits: Number(row.visits) })),
    funnel: [...paths.values()]
      .sort(
        (a, b) =>
          b.page - a.page ||
          b.paid - a.paid ||
          a.name.localeCompare(b.name) ||
          a.source.localeCompare(b.source),
      )
      .slice(0, 100),
  };
}
