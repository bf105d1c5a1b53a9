/**
 * The owner's announcement of a series (issue 33, decision 041): a draft made from the series, her
 * words in French and English, the lists it goes to and the rate her e-mail provider allows; then
 * sent now or at a time she sets, paused and resumed. What it says of the series (its models, their
 * covers and prices, the opening and the head start) is read from the series when each message is
 * written, so a moved opening is never announced at its old time.
 */
import type { Locale } from "@souls/core/locales";
import { SIGNUP_LISTS, type SignupList } from "@souls/core/signups";
import type {
  AnnouncementRecipientStatus,
  AnnouncementStatus,
  AnnouncementText,
  Database,
  Kysely,
  Transaction,
} from "@souls/db";
import type { EmailPayload } from "@souls/emails/messages";
import { sql } from "kysely";
import { earlyAccessToken } from "../launch/early-access-token";
import { emailPhotoPathOf } from "../orders/order-emails";
import type { LineCover } from "../orders/queries";
import { enqueueEmail, TEST_SUBJECT_PREFIX } from "../outbox/enqueue";
import { signupToken } from "../signups/tokens";

export type AnnouncementRatePer = "minute" | "hour";
export const ANNOUNCEMENT_RATE_PERIODS = ["minute", "hour"] as const;
/** The most messages a minute or an hour she may set (a provider's limit, not the shop's). */
export const ANNOUNCEMENT_RATE_MAX = 100_000;

/** Why the owner's action on an announcement was refused (the panel says it in French). */
export class AnnouncementRefusedError extends Error {
  override name = "AnnouncementRefusedError";
  constructor(
    readonly reason:
      | "not_found"
      | "series_not_found"
      | "not_editable"
      | "not_schedulable"
      | "in_the_past"
      | "not_pausable"
      | "not_resumable"
      | "no_owner_address",
  ) {
    super(`announcement refused: ${reason}`);
  }
}

export interface AnnouncementSettings {
  content: Record<Locale, AnnouncementText>;
  lists: SignupList[];
  rateCount: number;
  ratePer: AnnouncementRatePer;
}

export interface AnnouncementCounts {
  /** Still to send (queued, or handed to the mail server right now). */
  queued: number;
  sent: number;
  failed: number;
  /** Claimed by a worker that stopped before saying how the send went: never sent again. */
  unknown: number;
  /** Left the list between the queueing and their turn: nothing sent. */
  unsubscribed: number;
  total: number;
}

export interface AnnouncementView extends AnnouncementSettings {
  id: number;
  seriesId: number | null;
  seriesTitle: string | null;
  status: AnnouncementStatus;
  scheduledAt: Date | null;
  queuedAt: Date | null;
  finishedAt: Date | null;
  testSentAt: Date | null;
  createdAt: Date;
  counts: AnnouncementCounts;
}

const isList = (value: string): value is SignupList => value in SIGNUP_LISTS;

/** The words a new draft starts from: the series' own title and subtitle. */
function firstWords(series: {
  titleFr: string;
  titleEn: string;
  subtitleFr: string;
  subtitleEn: string;
}): Record<Locale, AnnouncementText> {
  return {
    fr: {
      subject: `Nouvelle série : ${series.titleFr}`,
      title: series.titleFr,
      subtitle: series.subtitleFr,
      body: "Une nouvelle série de pièces uniques arrive, coupées et cousues à la main à l’atelier. Chaque modèle n’existe qu’en quelques exemplaires : vous êtes les premiers à le savoir.",
    },
    en: {
      subject: `New series: ${series.titleEn}`,
      title: series.titleEn,
      subtitle: series.subtitleEn,
      body: "A new series of one-of-a-kind pieces is coming, cut and sewn by hand in the workshop. Each model exists in only a few pieces: you are the first to know.",
    },
  };
}

/** A new draft for a series: its title and subtitle in both languages, to the early-notice list. */
export async function draftAnnouncement(db: Kysely<Database>, seriesId: number): Promise<{ id: number }> {
  const series = await db
    .selectFrom("series")
    .select(["titleFr", "titleEn", "subtitleFr", "subtitleEn"])
    .where("id", "=", seriesId)
    .executeTakeFirst();
  if (!series) throw new AnnouncementRefusedError("series_not_found");
  return db
    .insertInto("announcements")
    .values({ seriesId, content: JSON.stringify(firstWords(series)), lists: ["early"] })
    .returning("id")
    .executeTakeFirstOrThrow();
}

/** Her words, lists and rate: while it is a draft or waits for its time. */
export async function saveAnnouncement(
  db: Kysely<Database>,
  id: number,
  settings: AnnouncementSettings,
): Promise<AnnouncementView> {
  const saved = await db
    .updateTable("announcements")
    .set({
      content: JSON.stringify(settings.content),
      lists: settings.lists,
      rateCount: settings.rateCount,
      ratePer: settings.ratePer,
      updatedAt: sql<Date>`now()`,
    })
    .where("id", "=", id)
    .where("status", "in", ["draft", "scheduled"])
    .returning("id")
    .executeTakeFirst();
  if (!saved) await refuse(db, id, "not_editable");
  return showAnnouncement(db, id);
}

/**
 * Sends it at `at` (now when null): its recipients are queued by the worker at that moment. A
 * second click changes nothing it has not already done: only a draft or a scheduled one moves, and
 * each address has one row per announcement whatever happens.
 */
export async function scheduleAnnouncement(
  db: Kysely<Database>,
  id: number,
  at: Date | null,
  now: Date = new Date(),
): Promise<AnnouncementView> {
  if (at && at.getTime() < now.getTime() - 60_000) throw new AnnouncementRefusedError("in_the_past");
  const scheduled = await db
    .updateTable("announcements")
    .set({ status: "scheduled", scheduledAt: at ?? now, updatedAt: sql<Date>`now()` })
    .where("id", "=", id)
    .where("status", "in", ["draft", "scheduled"])
    .returning("id")
    .executeTakeFirst();
  if (!scheduled) await refuse(db, id, "not_schedulable");
  return showAnnouncement(db, id);
}

/** Back to a draft, while its time has not come (nothing queued yet). */
export async function unscheduleAnnouncement(db: Kysely<Database>, id: number): Promise<AnnouncementView> {
  const back = await db
    .updateTable("announcements")
    .set({ status: "draft", scheduledAt: null, updatedAt: sql<Date>`now()` })
    .where("id", "=", id)
    .where("status", "=", "scheduled")
    .returning("id")
    .executeTakeFirst();
  if (!back) await refuse(db, id, "not_schedulable");
  return showAnnouncement(db, id);
}

/** Stops the sending after the messages already handed to the mail server. */
export async function pauseAnnouncement(db: Kysely<Database>, id: number): Promise<AnnouncementView> {
  const paused = await db
    .updateTable("announcements")
    .set({ status: "paused", updatedAt: sql<Date>`now()` })
    .where("id", "=", id)
    .where("status", "=", "sending")
    .returning("id")
    .executeTakeFirst();
  if (!paused) await refuse(db, id, "not_pausable");
  return showAnnouncement(db, id);
}

/** Goes on from where it stopped, at its rate from now (no burst to catch up). */
export async function resumeAnnouncement(db: Kysely<Database>, id: number): Promise<AnnouncementView> {
  const resumed = await db
    .updateTable("announcements")
    .set({ status: "sending", nextSendAt: null, updatedAt: sql<Date>`now()` })
    .where("id", "=", id)
    .where("status", "=", "paused")
    .returning("id")
    .executeTakeFirst();
  if (!resumed) await refuse(db, id, "not_resumable");
  return showAnnouncement(db, id);
}

/** A draft she no longer wants (a sent or sending one stays: it is the record of what went out). */
export async function deleteAnnouncementDraft(db: Kysely<Database>, id: number): Promise<{ deleted: true }> {
  const deleted = await db
    .deleteFrom("announcements")
    .where("id", "=", id)
    .where("status", "=", "draft")
    .returning("id")
    .executeTakeFirst();
  if (!deleted) await refuse(db, id, "not_editable");
  return { deleted: true };
}

async function refuse(db: Kysely<Database>, id: number, reason: AnnouncementRefusedError["reason"]) {
  const exists = await db.selectFrom("announcements").select("id").where("id", "=", id).executeTakeFirst();
  throw new AnnouncementRefusedError(exists ? reason : "not_found");
}

const NO_COUNTS: AnnouncementCounts = {
  queued: 0,
  sent: 0,
  failed: 0,
  unknown: 0,
  unsubscribed: 0,
  total: 0,
};

async function countsOf(db: Kysely<Database>, ids: number[]): Promise<Map<number, AnnouncementCounts>> {
  const counts = new Map<number, AnnouncementCounts>();
  if (ids.length === 0) return counts;
  const rows = await db
    .selectFrom("announcementRecipients")
    .select(["announcementId", "status", (eb) => eb.fn.countAll<number>().as("n")])
    .where("announcementId", "in", ids)
    .groupBy(["announcementId", "status"])
    .execute();
  for (const row of rows) {
    const c = counts.get(row.announcementId) ?? { ...NO_COUNTS };
    const n = Number(row.n);
    const status = row.status as AnnouncementRecipientStatus;
    if (status === "queued" || status === "sending") c.queued += n;
    else c[status] += n;
    c.total += n;
    counts.set(row.announcementId, c);
  }
  return counts;
}

function viewOf(
  row: {
    id: number;
    seriesId: number | null;
    seriesTitle: string | null;
    status: AnnouncementStatus;
    content: Record<Locale, AnnouncementText>;
    lists: string[];
    rateCount: number;
    ratePer: AnnouncementRatePer;
    scheduledAt: Date | null;
    queuedAt: Date | null;
    finishedAt: Date | null;
    testSentAt: Date | null;
    createdAt: Date;
  },
  counts: AnnouncementCounts | undefined,
): AnnouncementView {
  return { ...row, lists: row.lists.filter(isList), counts: counts ?? { ...NO_COUNTS } };
}

function announcementRows(db: Kysely<Database>) {
  return db
    .selectFrom("announcements")
    .leftJoin("series", "series.id", "announcements.seriesId")
    .select([
      "announcements.id",
      "announcements.seriesId",
      "series.titleFr as seriesTitle",
      "announcements.status",
      "announcements.content",
      "announcements.lists",
      "announcements.rateCount",
      "announcements.ratePer",
      "announcements.scheduledAt",
      "announcements.queuedAt",
      "announcements.finishedAt",
      "announcements.testSentAt",
      "announcements.createdAt",
    ]);
}

/** One announcement with where its sending stands. */
export async function showAnnouncement(db: Kysely<Database>, id: number): Promise<AnnouncementView> {
  const row = await announcementRows(db).where("announcements.id", "=", id).executeTakeFirst();
  if (!row) throw new AnnouncementRefusedError("not_found");
  return viewOf(row, (await countsOf(db, [id])).get(id));
}

/** Her announcements, newest first (a shop sends a few a year: no paging needed below a hundred). */
export async function listAnnouncements(db: Kysely<Database>): Promise<AnnouncementView[]> {
  const rows = await announcementRows(db).orderBy("announcements.id", "desc").limit(100).execute();
  const counts = await countsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => viewOf(row, counts.get(row.id)));
}

/** The series she may announce, newest first. */
export async function announceableSeries(db: Kysely<Database>) {
  return db
    .selectFrom("series")
    .select(["id", "titleFr", "opensAt", "earlyAccessMinutes"])
    .orderBy("id", "desc")
    .limit(100)
    .execute();
}

/** How many confirmed addresses each list holds right now (one address counted once per list). */
export async function confirmedAudience(db: Kysely<Database>, lists: readonly SignupList[]): Promise<number> {
  if (lists.length === 0) return 0;
  const { rows } = await sql<{ n: number }>`
    SELECT count(DISTINCT email)::int AS n FROM signups
    WHERE confirmed_at IS NOT NULL AND source = ANY(${sourcesOf(lists)}::text[])`.execute(db);
  return rows[0]?.n ?? 0;
}

export function sourcesOf(lists: readonly SignupList[]): string[] {
  return [...new Set(lists.flatMap((list) => SIGNUP_LISTS[list]))];
}

/** What the e-mail says of the series, as it stands now. */
export interface SeriesFacts {
  seriesId: number | null;
  models: Record<Locale, EmailPayload<"announcement">["models"]>;
  currency: string;
  opensAt: Date | null;
  earlyAccessAt: Date | null;
}

export async function seriesFacts(
  db: Kysely<Database> | Transaction<Database>,
  seriesId: number | null,
): Promise<SeriesFacts> {
  const empty: SeriesFacts = {
    seriesId,
    models: { fr: [], en: [] },
    currency: "EUR",
    opensAt: null,
    earlyAccessAt: null,
  };
  if (seriesId === null) return empty;
  const series = await db
    .selectFrom("series")
    .select(["opensAt", "earlyAccessMinutes"])
    .where("id", "=", seriesId)
    .executeTakeFirst();
  if (!series) return empty;
  const products = await db
    .selectFrom("products")
    .leftJoin("productTexts as fr", (join) =>
      join.onRef("fr.productId", "=", "products.id").on("fr.locale", "=", "fr"),
    )
    .leftJoin("productTexts as en", (join) =>
      join.onRef("en.productId", "=", "products.id").on("en.locale", "=", "en"),
    )
    .select([
      "products.name",
      "products.priceCents",
      "products.currency",
      "fr.path as frPath",
      "en.path as enPath",
      sql<LineCover | null>`product_cover(products.id)`.as("cover"),
    ])
    .where("products.seriesId", "=", seriesId)
    .where("products.archivedAt", "is", null)
    // A draft model is the owner's only; the one she published before the send is announced.
    .where("products.publishedAt", "is not", null)
    .orderBy("products.position")
    .orderBy("products.id")
    .limit(50)
    .execute();
  const modelsIn = (locale: Locale) =>
    products.map((product) => {
      const photoPath = emailPhotoPathOf(product.cover);
      const productPath = locale === "fr" ? product.frPath : product.enPath;
      return {
        name: product.name,
        priceCents: product.priceCents,
        ...(photoPath ? { photoPath } : {}),
        ...(productPath ? { productPath } : {}),
      };
    });
  const opensAt = series.opensAt;
  return {
    seriesId,
    models: { fr: modelsIn("fr"), en: modelsIn("en") },
    currency: products[0]?.currency ?? "EUR",
    opensAt,
    earlyAccessAt:
      opensAt && series.earlyAccessMinutes > 0
        ? new Date(opensAt.getTime() - series.earlyAccessMinutes * 60_000)
        : null,
  };
}

/**
 * One reader's message: the owner's words in her language, the series as it stands, her own
 * early-access link while the opening is still to come, her one-click unsubscribe.
 */
export function announcementPayload(
  facts: SeriesFacts,
  text: AnnouncementText,
  locale: Locale,
  links: { earlyAccessToken: string | null; unsubscribeToken: string | null },
  now: Date,
): EmailPayload<"announcement"> {
  const early = facts.earlyAccessAt !== null && facts.opensAt !== null && facts.opensAt > now;
  return {
    subject: text.subject,
    title: text.title,
    subtitle: text.subtitle,
    body: text.body,
    models: facts.models[locale],
    currency: facts.currency,
    opensAt: facts.opensAt && facts.opensAt > now ? facts.opensAt.toISOString() : null,
    earlyAccessAt: early && facts.earlyAccessAt ? facts.earlyAccessAt.toISOString() : null,
    earlyAccessToken: early ? links.earlyAccessToken : null,
    unsubscribeToken: links.unsubscribeToken,
  };
}

/** The early-access link of one subscriber, when the series has a head start. */
export function earlyAccessTokenFor(secret: string, facts: SeriesFacts, signupId: number): string | null {
  return facts.seriesId !== null && facts.earlyAccessAt !== null
    ? earlyAccessToken(secret, { seriesId: facts.seriesId, signupId })
    : null;
}

/**
 * The owner's test: the announcement in French and in English to her own address (« Réglages »,
 * or the shop's contact e-mail), through the ordinary outbox. Its links are the subscribers' in
 * shape only: the early-access one names no sign-up (it is refused), there is no unsubscribing.
 */
export async function sendAnnouncementTest(
  db: Kysely<Database>,
  id: number,
  secret: string,
  now: Date = new Date(),
): Promise<{ recipient: string }> {
  return db.transaction().execute(async (trx) => {
    const announcement = await trx
      .selectFrom("announcements")
      .select(["seriesId", "content"])
      .where("id", "=", id)
      .forUpdate()
      .executeTakeFirst();
    if (!announcement) throw new AnnouncementRefusedError("not_found");
    const { rows } = await sql<{ recipient: string | null }>`
      SELECT coalesce(s.owner_email, seller.email) AS recipient
      FROM (SELECT 1) AS one
      LEFT JOIN shop_settings s ON s.id = 1
      LEFT JOIN seller ON seller.id = 1`.execute(trx);
    const recipient = rows[0]?.recipient;
    if (!recipient) throw new AnnouncementRefusedError("no_owner_address");
    const facts = await seriesFacts(trx, announcement.seriesId);
    // Sign-up 0 exists nowhere: the link looks like hers but opens nothing.
    const early = facts.seriesId !== null ? earlyAccessTokenFor(secret, facts, 0) : null;
    for (const locale of ["fr", "en"] as const) {
      const words = announcement.content[locale];
      // Its subject says it is a test in any language, as a test order's e-mails do.
      const subject = `${TEST_SUBJECT_PREFIX}${words.subject}`.slice(0, 200);
      await enqueueEmail(
        trx,
        { email: recipient, locale },
        {
          type: "announcement",
          payload: announcementPayload(
            facts,
            { ...words, subject },
            locale,
            { earlyAccessToken: early, unsubscribeToken: null },
            now,
          ),
        },
      );
    }
    await trx.updateTable("announcements").set({ testSentAt: now }).where("id", "=", id).execute();
    return { recipient };
  });
}

/**
 * The announcement as a subscriber of `locale` would read it now, for the owner's preview: the
 * series as it stands, links of the subscribers' shape that name no sign-up (they open nothing).
 */
export async function announcementPreview(
  db: Kysely<Database>,
  id: number,
  locale: Locale,
  secret: string,
  now: Date = new Date(),
): Promise<{ type: "announcement"; locale: Locale; payload: EmailPayload<"announcement"> }> {
  const announcement = await db
    .selectFrom("announcements")
    .select(["seriesId", "content"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!announcement) throw new AnnouncementRefusedError("not_found");
  const facts = await seriesFacts(db, announcement.seriesId);
  const payload = announcementPayload(
    facts,
    announcement.content[locale],
    locale,
    {
      earlyAccessToken: earlyAccessTokenFor(secret, facts, 0),
      unsubscribeToken: signupToken(secret, "unsubscribe", 0, now),
    },
    now,
  );
  return { type: "announcement", locale, payload };
}
