/**
 * The panel's access (decision 043): each person (the owner, her helpers) logs in with her own
 * password, compared in constant time against a salted scrypt hash computed off the event loop;
 * sessions stored as the sha-256 of a random id, so logging out ends a session for good; failed
 * logins counted in the database (several web servers) per client, and across all clients against
 * attacks from many addresses, whoever the login names.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { AdminRole } from "@souls/core/admin-roles";
import type { Database, Kysely } from "@souls/db";
import { sql } from "kysely";
import { NOBODY_HASH, scryptAsync, verifyPassword } from "./passwords";

export const ADMIN_SESSION_HOURS = 8;
/** 5 failed logins in 15 minutes block further tries from that client for 15 minutes. */
export const ADMIN_LOGIN_LIMIT = { failures: 5, windowMinutes: 15 } as const;
/**
 * Across every client: beyond 10 failures in the last hour, each new try waits 2, 4, 8… seconds
 * after the last failure, at most a minute — so a thousand addresses make about 70 guesses an
 * hour, never a permanent lock. The owner's own browser (a device she logged in from before)
 * is not slowed down.
 */
export const ADMIN_LOGIN_THROTTLE = { freeFailuresPerHour: 10, maxDelaySeconds: 60 } as const;
/** A session's « last seen » is written at most once a minute. */
const LAST_SEEN_EVERY_MS = 60_000;
/** The sessions a person keeps at most: a new login ends her oldest beyond these. */
export const MAX_SESSIONS_PER_PERSON = 20;

export type PasswordCheck = (attempt: string) => Promise<boolean>;

/** Hashes the password once (random salt); the returned check compares in constant time. */
export function passwordCheck(password: string): PasswordCheck {
  const salt = randomBytes(16);
  const expected = scryptAsync(password, salt);
  return async (attempt) => timingSafeEqual(await scryptAsync(attempt, salt), await expected);
}

export const hashId = (sessionId: string) => createHash("sha256").update(sessionId).digest("hex");

export type LoginResult =
  | { ok: true; sessionId: string; expiresAt: Date }
  | { ok: false; reason: "wrong_password" | "blocked" }
  /** Too many failures across all clients: try again in `retryAfterSeconds`. */
  | { ok: false; reason: "throttled"; retryAfterSeconds: number };

export interface LoginRequest {
  /** Who logs in: a helper's login; empty or absent, the owner. */
  login?: string;
  password: string;
  /** Replaces the stored hash's comparison (tests: a fast check); the session is still the person's. */
  check?: PasswordCheck;
  /** The device (user agent) and the network (masked address) the session is listed with. */
  userAgent?: string;
  network?: string;
  clientHash: string;
  /** A browser the owner logged in from before (a signed cookie): not slowed by the global throttle. */
  knownDevice?: boolean;
  /** Failures of the last hour, across all clients, before the throttle starts (a setting). */
  freeFailuresPerHour?: number;
  now?: Date;
}

/**
 * Every attempt is recorded as a failure before its password is hashed, so parallel guesses are
 * all counted; a right password then turns its row into a success and opens a session.
 */
export async function logIn(db: Kysely<Database>, request: LoginRequest): Promise<LoginResult> {
  const now = request.now ?? new Date();
  const admitted = await db.transaction().execute(async (trx) => {
    // Attempts are admitted one at a time: parallel guesses cannot slip past the counts.
    await sql`SELECT pg_advisory_xact_lock(hashtext('admin-login'))`.execute(trx);
    const since = new Date(now.getTime() - ADMIN_LOGIN_LIMIT.windowMinutes * 60_000);
    const hourAgo = new Date(now.getTime() - 3600_000);
    const counts = await trx
      .selectFrom("adminLoginAttempts")
      .select([
        sql<string>`count(*) FILTER (WHERE client_hash = ${request.clientHash} AND created_at > ${since})`.as(
          "clientFailures",
        ),
        sql<string>`count(*)`.as("allFailures"),
        sql<Date | null>`max(created_at)`.as("lastFailure"),
      ])
      .where("success", "=", false)
      .where("createdAt", ">", hourAgo)
      .executeTakeFirstOrThrow();
    if (Number(counts.clientFailures) >= ADMIN_LOGIN_LIMIT.failures)
      return { ok: false, reason: "blocked" } as const;
    if (!request.knownDevice && counts.lastFailure) {
      const wait = throttleSeconds(Number(counts.allFailures), request.freeFailuresPerHour);
      const allowedAt = new Date(counts.lastFailure).getTime() + wait * 1000;
      if (wait > 0 && allowedAt > now.getTime()) {
        return {
          ok: false,
          reason: "throttled",
          retryAfterSeconds: Math.ceil((allowedAt - now.getTime()) / 1000),
        } as const;
      }
    }
    const attempt = await trx
      .insertInto("adminLoginAttempts")
      .values({ clientHash: request.clientHash, success: false, createdAt: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { ok: true, attemptId: attempt.id } as const;
  });
  if (!admitted.ok) return admitted;

  // Outside any transaction: the hash takes tens of milliseconds on the thread pool. A login that
  // names nobody is compared with a hash of nobody's, so it answers as slowly as a real one.
  const person = await findPerson(db, request.login ?? "");
  const right = request.check
    ? (await request.check(request.password)) && person !== undefined
    : await verifyPassword(person?.passwordHash ?? NOBODY_HASH, request.password);
  if (!right || !person) return { ok: false, reason: "wrong_password" };

  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable("adminLoginAttempts")
      .set({ success: true })
      .where("id", "=", admitted.attemptId)
      .execute();
    const sessionId = randomBytes(32).toString("base64url");
    const expiresAt = new Date(now.getTime() + ADMIN_SESSION_HOURS * 3600_000);
    await trx
      .insertInto("adminSessions")
      .values({
        idHash: hashId(sessionId),
        personId: person.id,
        userAgent: (request.userAgent ?? "").slice(0, 300),
        network: (request.network ?? "").slice(0, 60),
        lastSeenAt: now,
        createdAt: now,
        expiresAt,
      })
      .execute();
    // Expired sessions go, and a person keeps her most recent ones only.
    await trx
      .deleteFrom("adminSessions")
      .where("personId", "=", person.id)
      .where((eb) =>
        eb.or([
          eb("expiresAt", "<=", now),
          eb(
            "idHash",
            "not in",
            eb
              .selectFrom("adminSessions")
              .select("idHash")
              .where("personId", "=", person.id)
              .orderBy("lastSeenAt", "desc")
              .limit(MAX_SESSIONS_PER_PERSON),
          ),
        ]),
      )
      .execute();
    return { ok: true, sessionId, expiresAt } as const;
  });
}

/** Seconds a new try waits after the last failure, given the failures of the last hour (all clients). */
export function throttleSeconds(
  failuresLastHour: number,
  freeFailuresPerHour: number = ADMIN_LOGIN_THROTTLE.freeFailuresPerHour,
): number {
  const beyond = failuresLastHour - freeFailuresPerHour;
  if (beyond <= 0) return 0;
  return Math.min(2 ** Math.min(beyond, 10), ADMIN_LOGIN_THROTTLE.maxDelaySeconds);
}

/** A person who may log in: the owner for an empty login, else the helper of that login. */
async function findPerson(db: Kysely<Database>, login: string) {
  const trimmed = login.trim();
  if (trimmed.length > 80) return undefined;
  return db
    .selectFrom("adminPeople")
    .select(["id", "passwordHash"])
    .where("removedAt", "is", null)
    .where((eb) =>
      trimmed === "" ? eb("role", "=", "owner") : eb(sql`lower(login)`, "=", trimmed.toLowerCase()),
    )
    .executeTakeFirst();
}

/** Who is behind a session: the panel's API and pages check her role on every request. */
export interface AdminSession {
  sessionIdHash: string;
  personId: string;
  role: AdminRole;
  name: string;
}

/** The session a cookie names, if it exists, has not expired and its person is still there. */
export async function findAdminSession(
  db: Kysely<Database>,
  sessionId: string,
  now = new Date(),
): Promise<AdminSession | null> {
  const row = await db
    .selectFrom("adminSessions")
    .innerJoin("adminPeople", "adminPeople.id", "adminSessions.personId")
    .select([
      "adminSessions.idHash",
      "adminSessions.lastSeenAt",
      "adminPeople.id",
      "adminPeople.role",
      "adminPeople.name",
    ])
    .where("adminSessions.idHash", "=", hashId(sessionId))
    .where("adminSessions.expiresAt", ">", now)
    .where("adminPeople.removedAt", "is", null)
    .executeTakeFirst();
  if (!row) return null;
  if (now.getTime() - new Date(row.lastSeenAt).getTime() >= LAST_SEEN_EVERY_MS) {
    await db.updateTable("adminSessions").set({ lastSeenAt: now }).where("idHash", "=", row.idHash).execute();
  }
  return { sessionIdHash: row.idHash, personId: row.id, role: row.role, name: row.name };
}

/** Ends a session on the server: the cookie, even copied, opens nothing afterwards. */
export async function logOut(db: Kysely<Database>, sessionId: string): Promise<void> {
  await db.deleteFrom("adminSessions").where("idHash", "=", hashId(sessionId)).execute();
}
