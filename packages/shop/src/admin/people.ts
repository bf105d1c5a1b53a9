/**
 * The panel's people and their sessions (decision 043): the owner, whose password the environment
 * gives only to a shop that has none; the helpers she gives an access of their own; the sessions
 * each can see and end; the history of it all.
 */
import type { AdminAccessEventKind, AdminRole } from "@souls/core/admin-roles";
import { MAX_HELPERS } from "@souls/core/admin-roles";
import type { Database, Kysely, Transaction } from "@souls/db";
import { sql } from "kysely";
import { AccessRefusedError } from "../errors";
import { ADMIN_LOGIN_LIMIT, type AdminSession } from "./owner-session";
import { hashPassword, judgePassword, verifyPassword } from "./passwords";

/** The owner's name in the history until she gives another. */
export const OWNER_DEFAULT_NAME = "Propriétaire";
/** The owner's login: she logs in with her password alone (the login field left empty). */
const OWNER_LOGIN = "proprietaire";
/** The sessions a person sees (most recent first) and the history's lines shown. */
export const SESSIONS_SHOWN = 50;
export const ACCESS_EVENTS_SHOWN = 50;

/**
 * Gives the shop its owner on first start, with the environment's password (hashed). Once an
 * owner exists her stored password is the one: the environment's is ignored — "stored" says so.
 * Several servers starting at once create one owner (a unique index).
 */
export async function ensureOwner(db: Kysely<Database>, password: string): Promise<"created" | "stored"> {
  const existing = await db
    .selectFrom("adminPeople")
    .select("id")
    .where("role", "=", "owner")
    .executeTakeFirst();
  if (existing) return "stored";
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto("adminPeople")
      .values({ role: "owner", name: OWNER_DEFAULT_NAME, login: OWNER_LOGIN, passwordHash })
      .onConflict((oc) => oc.column("role").where("role", "=", "owner").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!inserted) return "stored";
    await recordAccess(trx, "owner_created", OWNER_DEFAULT_NAME, OWNER_DEFAULT_NAME);
    return "created";
  });
}

async function recordAccess(
  db: Kysely<Database> | Transaction<Database>,
  kind: AdminAccessEventKind,
  personName: string,
  actorName: string,
): Promise<void> {
  await db.insertInto("adminAccessEvents").values({ kind, personName, actorName }).execute();
}

function refuseWeak(password: string): void {
  const verdict = judgePassword(password);
  if (verdict !== "ok") throw new AccessRefusedError(verdict);
}

/**
 * A person changes her own password: the old one first (a wrong one counts as a failed login of
 * that client, under the same limit), the new one judged; every other session of hers ends.
 */
export async function changePassword(
  db: Kysely<Database>,
  session: AdminSession,
  change: { oldPassword: string; newPassword: string; clientHash: string; now?: Date },
): Promise<{ endedSessions: number }> {
  const now = change.now ?? new Date();
  const since = new Date(now.getTime() - ADMIN_LOGIN_LIMIT.windowMinutes * 60_000);
  const failures = await db
    .selectFrom("adminLoginAttempts")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("clientHash", "=", change.clientHash)
    .where("success", "=", false)
    .where("createdAt", ">", since)
    .executeTakeFirstOrThrow();
  if (Number(failures.n) >= ADMIN_LOGIN_LIMIT.failures) throw new AccessRefusedError("blocked");
  const person = await db
    .selectFrom("adminPeople")
    .select(["passwordHash", "name"])
    .where("id", "=", session.personId)
    .where("removedAt", "is", null)
    .executeTakeFirst();
  if (!person) throw new AccessRefusedError("not_found");
  if (!(await verifyPassword(person.passwordHash, change.oldPassword))) {
    await db
      .insertInto("adminLoginAttempts")
      .values({ clientHash: change.clientHash, success: false, createdAt: now })
      .execute();
    throw new AccessRefusedError("wrong_password");
  }
  refuseWeak(change.newPassword);
  const passwordHash = await hashPassword(change.newPassword);
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable("adminPeople")
      .set({ passwordHash, passwordChangedAt: now })
      .where("id", "=", session.personId)
      .execute();
    const ended = await trx
      .deleteFrom("adminSessions")
      .where("personId", "=", session.personId)
      .where("idHash", "!=", session.sessionIdHash)
      .executeTakeFirst();
    await recordAccess(trx, "password_changed", person.name, session.name);
    return { endedSessions: Number(ended.numDeletedRows) };
  });
}

/** A person gives the name the histories show for her actions (from now on). */
export async function renamePerson(db: Kysely<Database>, session: AdminSession, name: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const renamed = await trx
      .updateTable("adminPeople")
      .set({ name })
      .where("id", "=", session.personId)
      .where("removedAt", "is", null)
      .executeTakeFirst();
    if (Number(renamed.numUpdatedRows) === 0) throw new AccessRefusedError("not_found");
    await recordAccess(trx, "name_changed", name, session.name);
  });
}

export interface SessionLine {
  /** The session's key in the panel (the sha-256 the database holds; never the cookie's id). */
  id: string;
  userAgent: string;
  network: string;
  createdAt: Date;
  lastSeenAt: Date;
  current: boolean;
}

/** A person's open sessions, most recently used first. */
export async function listSessions(
  db: Kysely<Database>,
  session: AdminSession,
  now = new Date(),
): Promise<SessionLine[]> {
  const rows = await db
    .selectFrom("adminSessions")
    .select(["idHash", "userAgent", "network", "createdAt", "lastSeenAt"])
    .where("personId", "=", session.personId)
    .where("expiresAt", ">", now)
    .orderBy("lastSeenAt", "desc")
    .orderBy("idHash")
    .limit(SESSIONS_SHOWN)
    .execute();
  return rows.map((row) => ({
    id: row.idHash,
    userAgent: row.userAgent,
    network: row.network,
    createdAt: new Date(row.createdAt),
    lastSeenAt: new Date(row.lastSeenAt),
    current: row.idHash === session.sessionIdHash,
  }));
}

/** Ends one of her own sessions (a lost phone); her current one is ended by logging out. */
export async function endSession(db: Kysely<Database>, session: AdminSession, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const ended = await trx
      .deleteFrom("adminSessions")
      .where("personId", "=", session.personId)
      .where("idHash", "=", id)
      .executeTakeFirst();
    if (Number(ended.numDeletedRows) === 0) throw new AccessRefusedError("not_found");
    await recordAccess(trx, "session_ended", session.name, session.name);
  });
}

/** Ends every session of hers but the one she is using. */
export async function endOtherSessions(
  db: Kysely<Database>,
  session: AdminSession,
): Promise<{ endedSessions: number }> {
  return db.transaction().execute(async (trx) => {
    const ended = await trx
      .deleteFrom("adminSessions")
      .where("personId", "=", session.personId)
      .where("idHash", "!=", session.sessionIdHash)
      .executeTakeFirst();
    await recordAccess(trx, "other_sessions_ended", session.name, session.name);
    return { endedSessions: Number(ended.numDeletedRows) };
  });
}

export interface PersonLine {
  id: string;
  role: AdminRole;
  name: string;
  login: string;
  createdAt: Date;
  sessions: number;
  lastSeenAt: Date | null;
}

/** The owner and her helpers, with their open sessions. */
export async function listPeople(db: Kysely<Database>, now = new Date()): Promise<PersonLine[]> {
  const rows = await db
    .selectFrom("adminPeople")
    .leftJoin("adminSessions", (join) =>
      join.onRef("adminSessions.personId", "=", "adminPeople.id").on("adminSessions.expiresAt", ">", now),
    )
    .select([
      "adminPeople.id",
      "adminPeople.role",
      "adminPeople.name",
      "adminPeople.login",
      "adminPeople.createdAt",
      sql<string>`count(admin_sessions.id_hash)`.as("sessions"),
      sql<Date | null>`max(admin_sessions.last_seen_at)`.as("lastSeenAt"),
    ])
    .where("adminPeople.removedAt", "is", null)
    .groupBy("adminPeople.id")
    .orderBy(sql`admin_people.role = 'owner'`, "desc")
    .orderBy("adminPeople.id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    role: row.role,
    name: row.name,
    login: row.role === "owner" ? "" : row.login,
    createdAt: new Date(row.createdAt),
    sessions: Number(row.sessions),
    lastSeenAt: row.lastSeenAt ? new Date(row.lastSeenAt) : null,
  }));
}

/**
 * The owner gives a helper an access of her own, with the password she sets (judged like hers):
 * at most MAX_HELPERS at once, each login once.
 */
export async function addHelper(
  db: Kysely<Database>,
  by: AdminSession,
  helper: { name: string; login: string; password: string },
): Promise<{ id: string }> {
  refuseWeak(helper.password);
  const passwordHash = await hashPassword(helper.password);
  return db.transaction().execute(async (trx) => {
    // One addition at a time: two at once cannot both take the last place.
    await sql`SELECT pg_advisory_xact_lock(hashtext('admin-people'))`.execute(trx);
    const helpers = await trx
      .selectFrom("adminPeople")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("role", "!=", "owner")
      .where("removedAt", "is", null)
      .executeTakeFirstOrThrow();
    if (Number(helpers.n) >= MAX_HELPERS) throw new AccessRefusedError("too_many_helpers");
    const taken = await trx
      .selectFrom("adminPeople")
      .select("id")
      .where("removedAt", "is", null)
      .where(sql`lower(login)`, "=", helper.login.toLowerCase())
      .executeTakeFirst();
    if (taken) throw new AccessRefusedError("login_taken");
    const row = await trx
      .insertInto("adminPeople")
      .values({ role: "packing", name: helper.name, login: helper.login, passwordHash })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordAccess(trx, "helper_added", helper.name, by.name);
    return { id: row.id };
  });
}

/** The owner removes a helper: her sessions end at once, her name stays in the history. */
export async function removeHelper(db: Kysely<Database>, by: AdminSession, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const removed = await trx
      .updateTable("adminPeople")
      .set({ removedAt: new Date() })
      .where("id", "=", id)
      .where("role", "!=", "owner")
      .where("removedAt", "is", null)
      .returning("name")
      .executeTakeFirst();
    if (!removed) throw new AccessRefusedError("not_found");
    await trx.deleteFrom("adminSessions").where("personId", "=", id).execute();
    await recordAccess(trx, "helper_removed", removed.name, by.name);
  });
}

export interface AccessEventLine {
  id: string;
  kind: AdminAccessEventKind;
  personName: string;
  actorName: string;
  createdAt: Date;
}

/** The access history, newest first. */
export async function accessHistory(db: Kysely<Database>): Promise<AccessEventLine[]> {
  const rows = await db
    .selectFrom("adminAccessEvents")
    .select(["id", "kind", "personName", "actorName", "createdAt"])
    .orderBy("id", "desc")
    .limit(ACCESS_EVENTS_SHOWN)
    .execute();
  return rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt) }));
}

/**
 * The network an address belongs to, as a session's place: no geographic database, so no invented
 * city — the IPv4 address's /24 or the IPv6 address's /48.
 */
export function networkOf(address: string): string {
  const v4 = address.replace(/^::ffff:/i, "");
  const parts = v4.split(".");
  if (parts.length === 4 && parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) {
    return `${parts.slice(0, 3).join(".")}.0/24`;
  }
  if (!address.includes(":") || !/^[0-9a-f:]+$/i.test(address)) return "";
  const [head = "", tail = ""] = address.toLowerCase().split("::");
  const headGroups = head === "" ? [] : head.split(":");
  const tailGroups = tail === "" ? [] : tail.split(":");
  const groups = address.includes("::")
    ? [
        ...headGroups,
        ...Array(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill("0"),
        ...tailGroups,
      ]
    : headGroups;
  if (groups.length !== 8) return "";
  return `${groups
    .slice(0, 3)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/48`;
}

/** A session's device in a few words, from its user agent: « iPhone · Safari », « Mac · Firefox ». */
export function deviceOf(userAgent: string): string {
  const ua = userAgent;
  const system = /iPhone/.test(ua)
    ? "iPhone"
    : /iPad/.test(ua)
      ? "iPad"
      : /Android/.test(ua)
        ? "Android"
        : /Windows/.test(ua)
          ? "Windows"
          : /Macintosh|Mac OS X/.test(ua)
            ? "Mac"
            : /CrOS/.test(ua)
              ? "Chromebook"
              : /Linux/.test(ua)
                ? "Linux"
                : "";
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /OPR\/|Opera/.test(ua)
      ? "Opera"
      : /Firefox\/|FxiOS/.test(ua)
        ? "Firefox"
        : /Chrome\/|CriOS|HeadlessChrome/.test(ua)
          ? "Chrome"
          : /Safari\//.test(ua)
            ? "Safari"
            : "";
  return [system, browser].filter(Boolean).join(" · ");
}
