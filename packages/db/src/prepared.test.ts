import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, type Kysely } from "./connection";
import { MAX_PREPARED_PER_CONNECTION, prepared } from "./prepared";
import type { Database } from "./schema";
import { createTestDatabase, type TestDatabase } from "./testing/index";

let t: TestDatabase;
/** One connection, so every statement below sees the prepared statements of the one before. */
let one: Kysely<Database>;
beforeAll(async () => {
  t = await createTestDatabase();
  one = connect(t.url, { maxConnections: 1 });
});
afterAll(async () => {
  await one.destroy();
  await t.drop();
});

async function preparedOnConnection(): Promise<string[]> {
  const { rows } = await sql<{ statement: string }>`
    SELECT statement FROM pg_prepared_statements ORDER BY prepare_time`.execute(one);
  return rows.map((row) => row.statement);
}

describe("prepared statements", () => {
  it("runs a marked statement prepared once per connection, with each run's own values", async () => {
    const doubled = (n: number) =>
      prepared(sql<{ twice: number }>`SELECT ${n}::int * 2 AS twice`).execute(one);
    expect((await doubled(2)).rows).toEqual([{ twice: 4 }]);
    expect((await doubled(21)).rows).toEqual([{ twice: 42 }]);
    const statements = await preparedOnConnection();
    expect(statements.filter((text) => text.includes("* 2 AS twice"))).toHaveLength(1);
  });

  it("leaves unmarked statements unprepared", async () => {
    await sql`SELECT 'plain' AS kind`.execute(one);
    expect((await preparedOnConnection()).some((text) => text.includes("'plain'"))).toBe(false);
  });

  it("prepares again, and answers, when a migration changed the columns behind a prepared statement", async () => {
    await sql`CREATE TABLE drafts (id int)`.execute(one);
    await sql`INSERT INTO drafts VALUES (1)`.execute(one);
    const all = () => prepared(sql<Record<string, unknown>>`SELECT * FROM drafts`).execute(one);
    expect((await all()).rows).toEqual([{ id: 1 }]);
    await sql`ALTER TABLE drafts ADD COLUMN note text DEFAULT 'new'`.execute(one);
    expect((await all()).rows).toEqual([{ id: 1, note: "new" }]);
  });

  it("inside a transaction, tells the stale plan's own error (the transaction cannot go on)", async () => {
    await sql`CREATE TABLE notes (id int)`.execute(one);
    const all = (db: Kysely<Database>) => prepared(sql`SELECT * FROM notes`).execute(db);
    await all(one);
    await sql`ALTER TABLE notes ADD COLUMN body text`.execute(one);
    await expect(one.transaction().execute((trx) => all(trx))).rejects.toMatchObject({ code: "0A000" });
    // Prepared again under its new name, it answers outside a transaction.
    expect((await all(one)).rows).toEqual([]);
  });

  it("keeps at most its bound of statements on a connection, stale ones included: texts beyond it run unprepared", async () => {
    for (let n = 0; n < MAX_PREPARED_PER_CONNECTION + 5; n++) {
      const { rows } = await prepared(sql<{ n: number }>`SELECT ${n}::int AS ${sql.ref(`n${n}`)}`).execute(
        one,
      );
      expect(Object.values(rows[0] ?? {})).toEqual([n]);
    }
    expect(await preparedOnConnection()).toHaveLength(MAX_PREPARED_PER_CONNECTION);
  });
});
