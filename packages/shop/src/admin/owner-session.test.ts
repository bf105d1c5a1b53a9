import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ADMIN_LOGIN_THROTTLE,
  findAdminSession,
  logIn,
  logOut,
  passwordCheck,
  throttleSeconds,
} from "./owner-session";
import { ensureOwner } from "./people";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  // The owner's session belongs to her person (decision 043); the checks below replace her hash's.
  await ensureOwner(t.db, "correct horse battery staple");
});
afterAll(() => t.drop());

const check = passwordCheck("correct horse battery staple");

describe("the owner's login", () => {
  it("opens a session with the right password only, for 8 hours", async () => {
    const now = new Date();
    expect(await logIn(t.db, { password: "wrong", check, clientHash: "a", now })).toEqual({
      ok: false,
      reason: "wrong_password",
    });
    const result = await logIn(t.db, {
      password: "correct horse battery staple",
      check,
      clientHash: "a",
      now,
    });
    if (!result.ok) throw new Error("refused");
    expect(result.expiresAt.getTime() - now.getTime()).toBe(8 * 3600_000);
    expect(await findAdminSession(t.db, result.sessionId, now)).not.toBeNull();
    expect(
      await findAdminSession(t.db, result.sessionId, new Date(now.getTime() + 8 * 3600_000 + 1)),
    ).toBeNull();
    // Only the hash is stored.
    const rows = await t.db.selectFrom("adminSessions").select("idHash").execute();
    expect(rows.map((r) => r.idHash)).not.toContain(result.sessionId);
  });

  it("ends the session on the server at logout", async () => {
    const result = await logIn(t.db, { password: "correct horse battery staple", check, clientHash: "b" });
    if (!result.ok) throw new Error("refused");
    await logOut(t.db, result.sessionId);
    expect(await findAdminSession(t.db, result.sessionId)).toBeNull();
  });

  it("blocks a client for 15 minutes after 5 failures in 15 minutes, even with the right password", async () => {
    const start = new Date();
    const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
    for (let i = 0; i < 5; i++) {
      expect(await logIn(t.db, { password: `guess-${i}`, check, clientHash: "c", now: at(i) })).toMatchObject(
        {
          reason: "wrong_password",
        },
      );
    }
    const right = { password: "correct horse battery staple", check, clientHash: "c" };
    expect(await logIn(t.db, { ...right, now: at(5) })).toEqual({ ok: false, reason: "blocked" });
    // Another client is not blocked.
    expect((await logIn(t.db, { ...right, clientHash: "d", now: at(5) })).ok).toBe(true);
    // Once the failures are older than 15 minutes, the client may try again.
    expect((await logIn(t.db, { ...right, now: at(19) })).ok).toBe(true);
  });

  it("counts parallel guesses exactly", async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => logIn(t.db, { password: `x${i}`, check, clientHash: "e" })),
    );
    expect(results.filter((r) => !r.ok && r.reason === "wrong_password")).toHaveLength(5);
    expect(results.filter((r) => !r.ok && r.reason === "blocked")).toHaveLength(3);
  });

  it("hashes off the event loop: a timer keeps firing while twenty guesses are checked", async () => {
    const slowCheck = passwordCheck("another password of the owner");
    let checked = 0;
    // How many guesses had been answered each time the timer fired.
    const answeredAtTicks: number[] = [];
    const timer = setInterval(() => answeredAtTicks.push(checked), 1);
    await Promise.all(Array.from({ length: 20 }, (_, i) => slowCheck(`guess-${i}`).then(() => checked++)));
    clearInterval(timer);
    // With a synchronous hash the timer could not run at all until every hash was done; here it
    // fires while the guesses are still being checked, again and again.
    expect(answeredAtTicks.filter((answered) => answered < 20).length).toBeGreaterThan(1);
    expect(await slowCheck("another password of the owner")).toBe(true);
  });
});

describe("the throttle across every client", () => {
  const fast = async (attempt: string) => attempt === "the owner's password";

  beforeAll(async () => {
    await t.db.deleteFrom("adminLoginAttempts").execute();
  });

  it("waits longer after each failure beyond the first ten of the hour, a minute at most", () => {
    expect([0, 10, 11, 12, 13, 15, 16, 40].map((failures) => throttleSeconds(failures))).toEqual([
      0, 0, 2, 4, 8, 32, 60, 60,
    ]);
  });

  it("lets a thousand addresses make about a hundred guesses an hour, then the owner in", async () => {
    const start = new Date("2030-01-01T10:00:00Z");
    let guesses = 0;
    // One guess every 3 seconds for an hour, each from a new address.
    for (let second = 0; second < 3600; second += 3) {
      const result = await logIn(t.db, {
        password: `guess-${second}`,
        check: fast,
        clientHash: `bot-${second % 1000}`,
        now: new Date(start.getTime() + second * 1000),
      });
      if (!result.ok && result.reason === "wrong_password") guesses++;
    }
    expect(guesses).toBeGreaterThan(ADMIN_LOGIN_THROTTLE.freeFailuresPerHour);
    expect(guesses).toBeLessThanOrEqual(100);

    const end = new Date(start.getTime() + 3600_000);
    // During the attack, a browser the owner used before is not slowed down.
    const known = await logIn(t.db, {
      password: "the owner's password",
      check: fast,
      clientHash: "owner-phone",
      knownDevice: true,
      now: end,
    });
    expect(known.ok).toBe(true);
    // A new browser waits for the throttle, told how long…
    const throttled = await logIn(t.db, {
      password: "the owner's password",
      check: fast,
      clientHash: "owner-laptop",
      now: end,
    });
    expect(throttled).toMatchObject({ ok: false, reason: "throttled" });
    const wait = throttled.ok || throttled.reason !== "throttled" ? 0 : throttled.retryAfterSeconds;
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(ADMIN_LOGIN_THROTTLE.maxDelaySeconds);
    // …and gets in normally once the attack has stopped that long.
    const later = new Date(end.getTime() + wait * 1000);
    expect(
      (
        await logIn(t.db, {
          password: "the owner's password",
          check: fast,
          clientHash: "owner-laptop",
          now: later,
        })
      ).ok,
    ).toBe(true);
  });
});
