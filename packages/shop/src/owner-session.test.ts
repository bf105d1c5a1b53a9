import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findAdminSession, logIn, logOut, passwordCheck } from "./owner-session";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
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
});
