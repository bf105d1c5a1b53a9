/**
 * The readiness answer anyone may ask for: a bare status, 200 or 503, with why in the log alone
 * (once per change, not at every probe).
 */
import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

let t: TestDatabase;
let loader: () => Promise<Response>;

beforeAll(async () => {
  t = await createTestDatabase();
  vi.stubEnv("DATABASE_URL", t.url);
  vi.stubEnv("SITE_URL", "https://souls.example");
  ({ loader } = (await import("./route")) as unknown as { loader: () => Promise<Response> });
});

afterAll(async () => {
  const { db } = await import("~/lib/db.server");
  await db.destroy();
  await t.drop();
});

describe("/healthz", () => {
  it("is 200 when the database answers and its schema is current", async () => {
    const answer = await loader();
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ status: "ok" });
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
  });

  it("is a bare 503 while a migration is pending, its name in the log only, once", async () => {
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => {});
    const [last] = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name DESC LIMIT 1`
      .execute(t.db)
      .then((result) => result.rows);
    await sql`DELETE FROM kysely_migration WHERE name = ${last?.name}`.execute(t.db);
    try {
      for (let probe = 0; probe < 3; probe++) {
        const answer = await loader();
        expect(answer.status).toBe(503);
        const text = await answer.text();
        expect(JSON.parse(text)).toEqual({ status: "unavailable" });
        expect(text).not.toContain(last?.name ?? "?");
      }
      expect(warnings).toHaveBeenCalledTimes(1);
      expect(String(warnings.mock.calls[0]?.[0])).toContain(`migrations pending (${last?.name})`);
    } finally {
      await sql`INSERT INTO kysely_migration (name, timestamp) VALUES (${last?.name}, now()::text)`.execute(
        t.db,
      );
      warnings.mockRestore();
    }
    expect((await loader()).status).toBe(200);
  });
});
