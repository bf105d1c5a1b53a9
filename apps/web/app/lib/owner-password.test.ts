/**
 * The owner's first password (decision 043) as the web app starts it, on real PostgreSQL: locally
 * without ADMIN_PASSWORD a new shop's password is printed and opens the panel; once stored, a
 * server started with another ADMIN_PASSWORD ignores it and says so.
 */
import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import { afterAll, beforeAll, expect, it, vi } from "vitest";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

/** The web app's modules as a server starting with these settings loads them. */
async function startWith(adminPassword: string | undefined) {
  vi.resetModules();
  vi.stubEnv("DATABASE_URL", t.url);
  vi.stubEnv("ADMIN_PASSWORD", adminPassword);
  const log = vi.spyOn(console, "log").mockImplementation(() => {});
  const session = await import("~/lib/admin-session.server");
  const { db } = await import("~/lib/db.server");
  return { session, db, log };
}

const login = (session: typeof import("~/lib/admin-session.server"), password: string, client: string) =>
  session.attemptLogin({
    login: "",
    password,
    clientHash: client,
    knownDevice: false,
    userAgent: "",
    network: "",
  });

it("prints a new shop's password when none is set, which then opens the panel", async () => {
  const { session, db, log } = await startWith(undefined);
  await session.ownerReady();
  const said = log.mock.calls.map((call) => String(call[0])).find((line) => line.startsWith("[admin]")) ?? "";
  const printed = /password of this new shop is (\S+)$/.exec(said)?.[1] ?? "";
  expect(printed.length).toBeGreaterThanOrEqual(12);
  expect((await login(session, printed, "local-1")).ok).toBe(true);
  log.mockRestore();
  await db.destroy();
});

it("ignores ADMIN_PASSWORD once a password is stored, and says so", async () => {
  const { session, db, log } = await startWith("a password set in the environment later");
  await session.ownerReady();
  expect(log).toHaveBeenCalledWith(
    "[admin] the owner's password is stored in the database: ADMIN_PASSWORD is ignored",
  );
  expect((await login(session, "a password set in the environment later", "later-1")).ok).toBe(false);
  log.mockRestore();
  await db.destroy();
});
