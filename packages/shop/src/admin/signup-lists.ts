/**
 * The owner's sign-up lists (issue 27): the newsletter, the early notice of new pieces and the
 * back-in-stock lists — seen a page at a time (newest first, keyset), searched by any part of an
 * address, exported for her mailing tool with each address's proof of consent (the moment it
 * confirmed through its e-mail: double opt-in), and an address deleted from every list at its
 * owner's request (GDPR art. 17). An address is searched from its start.
 */

import type { Locale } from "@souls/core/locales";
import { SIGNUP_LISTS, type SignupList, type SignupSource } from "@souls/core/signups";
import type { Database, Kysely } from "@souls/db";
import { type RawBuilder, sql } from "kysely";
import { AdminNotFoundError } from "../errors";
import { CSV_BOM, csvField, csvLine, frenchDateTime } from "./csv";

export interface SignupRow {
  id: number;
  /** In full: her own list, in her own panel (decision 027). */
  email: string;
  name: string | null;
  source: SignupSource;
  locale: Locale;
  /** The model a back-in-stock address waits for. */
  model: string | null;
  /** When it signed up, and when it confirmed (the proof of consent); null while unconfirmed. */
  signedUpAt: Date;
  confirmedAt: Date | null;
  /** When its back-in-stock notice was queued. */
  notifiedAt: Date | null;
}

export interface SignupQuery {
  list?: SignupList;
  /** An address from its start, 3 characters at least. */
  search?: string;
  after?: string;
  before?: string;
  pageSize?: number;
}

export const SIGNUP_PAGE_SIZE = 25;
export const SIGNUP_COUNT_CAP = 1_000;

const CURSOR = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z)_(\d{1,10})$/;
export const isSignupCursor = (value: string) => CURSOR.test(value);
const cursorOf = sql<string>`to_char(s.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '_' || s.id`;

function filtersOf(query: SignupQuery): RawBuilder<unknown>[] {
  const filters: RawBuilder<unknown>[] = [];
  if (query.list)
    filters.push(sql`s.source IN (${sql.join(SIGNUP_LISTS[query.list].map((source) => sql.lit(source)))})`);
  const search = query.search?.trim().toLowerCase();
  // From its start (signups_email_prefix_idx): what the owner has is the whole address.
  if (search && search.length >= 3)
    filters.push(sql`s.email LIKE ${`${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  return filters;
}

const where = (filters: RawBuilder<unknown>[]) =>
  filters.length === 0 ? sql`TRUE` : sql.join(filters, sql` AND `);

interface ListedSignup {
  id: number;
  email: string;
  name: string | null;
  source: SignupSource;
  locale: Locale;
  model: string | null;
  createdAt: Date;
  confirmedAt: Date | null;
  notifiedAt: Date | null;
  cursor: string;
}

/** A page of sign-ups, newest first, with how many match (counted up to a thousand). */
export async function listSignups(db: Kysely<Database>, query: SignupQuery = {}) {
  const pageSize = query.pageSize ?? SIGNUP_PAGE_SIZE;
  const filters = filtersOf(query);
  const backwards = query.before !== undefined;
  const from = query.before ?? query.after;
  const keyset = [...filters];
  if (from !== undefined) {
    const match = CURSOR.exec(from);
    if (!match) throw new RangeError(`not a sign-up cursor: ${from}`);
    keyset.push(
      backwards
        ? sql`(s.created_at, s.id) > (${match[1]}::timestamptz, ${Number(match[2])}::int)`
        : sql`(s.created_at, s.id) < (${match[1]}::timestamptz, ${Number(match[2])}::int)`,
    );
  }
  const direction = sql.raw(backwards ? "ASC" : "DESC");
  const [page, counted] = await Promise.all([
    sql<ListedSignup>`SELECT s.id, s.email, s.name, s.source, s.locale, p.name AS model, s.created_at,
        s.confirmed_at, s.notified_at, ${cursorOf} AS cursor
      FROM signups s LEFT JOIN products p ON p.id = s.product_id
      WHERE ${where(keyset)} ORDER BY s.created_at ${direction}, s.id ${direction} LIMIT ${pageSize + 1}`.execute(
      db,
    ),
    sql<{ n: number }>`SELECT count(*)::int AS n FROM (
      SELECT 1 FROM signups s WHERE ${where(filters)} LIMIT ${SIGNUP_COUNT_CAP + 1}) AS matching`.execute(db),
  ]);
  const more = page.rows.length > pageSize;
  const rows = page.rows.slice(0, pageSize);
  if (backwards) rows.reverse();
  const n = counted.rows[0]?.n ?? 0;
  const [first, last] = [rows[0]?.cursor ?? null, rows.at(-1)?.cursor ?? null];
  return {
    signups: rows.map(
      (row): SignupRow => ({
        id: row.id,
        email: row.email,
        name: row.name,
        source: row.source,
        locale: row.locale,
        model: row.model,
        signedUpAt: row.createdAt,
        confirmedAt: row.confirmedAt,
        notifiedAt: row.notifiedAt,
      }),
    ),
    count: { n: Math.min(n, SIGNUP_COUNT_CAP), capped: n > SIGNUP_COUNT_CAP },
    newer: backwards ? (more ? first : null) : from !== undefined ? first : null,
    older: backwards ? last : more ? last : null,
    pageSize,
  };
}

/** The address of a sign-up, in full: what the owner confirms before deleting it. */
export async function signupAddress(
  db: Kysely<Database>,
  id: number,
): Promise<{ id: number; email: string }> {
  const row = await db.selectFrom("signups").select(["id", "email"]).where("id", "=", id).executeTakeFirst();
  if (!row) throw new AdminNotFoundError("signup", id);
  return row;
}

/**
 * At its owner's request, an address leaves every list at once (the newsletter, the early notice,
 * each back-in-stock list): its rows are deleted, as the one-click unsubscribe does.
 */
export async function deleteSignupAddress(db: Kysely<Database>, id: number): Promise<{ deleted: number }> {
  const { email } = await signupAddress(db, id);
  const deleted = await db.deleteFrom("signups").where("email", "=", email).executeTakeFirst();
  return { deleted: Number(deleted.numDeletedRows) };
}

/** Rows read from the cursor at a time. */
export const SIGNUP_EXPORT_BATCH = 1_000;

/**
 * The file's words, in the panel's language: the caller's (the panel's words, decision 062) — its
 * column names, each list's name and each language's.
 */
export interface SignupsCsvWords {
  header: readonly string[];
  lists: Readonly<Record<SignupSource, string>>;
  languages: Readonly<Record<Locale, string>>;
}

/**
 * The confirmed addresses of a list (or of every list) as a CSV for the owner's mailing tool,
 * oldest first, each with its proof of consent: written as it is read from a cursor. Unconfirmed
 * addresses are left out: nothing may be sent to them (double opt-in).
 */
export async function writeSignupsCsv(
  db: Kysely<Database>,
  list: SignupList | undefined,
  write: (chunk: string) => void | Promise<void>,
  words: SignupsCsvWords,
): Promise<{ rows: number }> {
  const filters = [...filtersOf({ list }), sql`s.confirmed_at IS NOT NULL`];
  const line = csvLine;
  let rows = 0;
  await db
    .transaction()
    .setAccessMode("read only")
    .execute(async (trx) => {
      await sql`DECLARE signup_rows NO SCROLL CURSOR FOR
        SELECT s.id, s.email, s.name, s.source, s.locale, p.name AS model, s.created_at, s.confirmed_at, s.notified_at
        FROM signups s LEFT JOIN products p ON p.id = s.product_id
        WHERE ${where(filters)} ORDER BY s.created_at, s.id`.execute(trx);
      await write(`${CSV_BOM}${line(words.header.map(csvField))}`);
      for (;;) {
        const { rows: batch } = await sql<Omit<ListedSignup, "cursor">>`FETCH FORWARD ${sql.lit(
          SIGNUP_EXPORT_BATCH,
        )} FROM signup_rows`.execute(trx);
        if (batch.length === 0) break;
        rows += batch.length;
        await write(
          batch
            .map((row) =>
              line([
                csvField(row.email),
                csvField(row.name ?? ""),
                csvField(words.lists[row.source]),
                csvField(row.model ?? ""),
                csvField(words.languages[row.locale]),
                frenchDateTime(row.createdAt),
                row.confirmedAt ? frenchDateTime(row.confirmedAt) : "",
                row.notifiedAt ? frenchDateTime(row.notifiedAt) : "",
              ]),
            )
            .join(""),
        );
        if (batch.length < SIGNUP_EXPORT_BATCH) break;
      }
    });
  return { rows };
}
