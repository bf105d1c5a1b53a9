/**
 * The shop owner's access to the admin panel: one password (ADMIN_PASSWORD), compared in constant
 * time against a salted scrypt hash; sessions stored as the sha-256 of a random id, so logging out
 * ends a session for good; failed logins counted per client in the database (several web servers).
 */
import { createHash, randomBytes, scryptSync, timingSafeEqual } from "node:crypto";
import type { Database, Kysely } from "@souls/db";
import { sql } from "kysely";

export const ADMIN_SESSION_HOURS = 8;
/** 5 failed logins in 15 minutes block further tries from that client for 15 minutes. */
export const ADMIN_LOGIN_LIMIT = { failures: 5, windowMinutes: 15 } as const;

export type PasswordCheck = (attempt: string) => boolean;

/** Hashes the password once (random salt); the returned check compares in constant time. */
export function passwordCheck(password: string): PasswordCheck {
  const salt = randomBytes(16);
  const expected = scryptSync(password, salt, 32);
  return (attempt) => timingSafeEqual(scryptSync(attempt, salt, 32), expected);
}

const hashId = (sessionId: string) => createHash("sha256").update(sessionId).digest("hex");

export type LoginResult =
  | { ok: true; sessionId: string; expiresAt: Date }
  | { ok: false; reason: "wrong_password" | "blocked" };

export async function logIn(
  db: Kysely<Database>,
  request: { password: string; check: PasswordCheck; clientHash: string; now?: Date },
): Promise<LoginResult> {
  const now = request.now ?? new Date();
  return db.transaction().execute(async (trx) => {
    // One client's attempts one at a time: parallel guesses cannot slip past the count.
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`admin-login:${request.clientHash}`}))`.execute(trx);
    const since = new Date(now.getTime() - ADMIN_LOGIN_LIMIT.windowMinutes * 60_000);
    const { failures } = await trx
      .selectFrom("adminLoginAttempts")
      .select((eb) => eb.fn.countAll<string>().as("failures"))
      .where("clientHash", "=", request.clientHash)
      .where("success", "=", false)
      .where("createdAt", ">", since)
      .executeTakeFirstOrThrow();
    if (Number(failures) >= ADMIN_LOGIN_LIMIT.failures) return { ok: false, reason: "blocked" };

    const success = request.check(request.password);
    await trx
      .insertInto("adminLoginAttempts")
      .values({ clientHash: request.clientHash, success, createdAt: now })
      .execute();
    if (!success) return { ok: false, reason: "wrong_password" };

    const sessionId = randomBytes(32).toString("base64url");
    const expiresAt = new Date(now.getTime() + ADMIN_SESSION_HOURS * 3600_000);
    await trx
      .insertInto("adminSessions")
      .values({ idHash: hashId(sessionId), expiresAt })
      .execute();
    return { ok: true, sessionId, expiresAt };
  });
}

/** The session a cookie names, if it exists and has not expired. */
export async function findAdminSession(
  db: Kysely<Database>,
  sessionId: string,
  now = new Date(),
): Promise<{ sessionIdHash: string } | null> {
  const row = await db
    .selectFrom("adminSessions")
    .select("idHash")
    .where("idHash", "=", hashId(sessionId))
    .where("expiresAt", ">", now)
    .executeTakeFirst();
  return row ? { sessionIdHash: row.idHash } : null;
}

/** Ends a session on the server: the cookie, even copied, opens nothing afterwards. */
export async function logOut(db: Kysely<Database>, sessionId: string): Promise<void> {
  await db.deleteFrom("adminSessions").where("idHash", "=", hashId(sessionId)).execute();
}
