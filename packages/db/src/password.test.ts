import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, readPasswordFile, withPassword } from "./connection";
import { createTestDatabase, type TestDatabase } from "./testing/index";

/** Every character a secret file may hold that a URL or a shell would stumble on. */
const AWKWARD = `p@ss:w/rd "dq" 'sq' \\ #?&=% +ünï;${"$"}{x}`;

let t: TestDatabase;
let folder: string;
const role = `souls_secret_${Date.now().toString(36)}`;
beforeAll(async () => {
  t = await createTestDatabase();
  folder = mkdtempSync(path.join(tmpdir(), "souls-password-"));
  const admin = new pg.Client({ connectionString: t.url });
  await admin.connect();
  try {
    await admin.query(
      `CREATE ROLE ${admin.escapeIdentifier(role)} LOGIN PASSWORD ${admin.escapeLiteral(AWKWARD)}`,
    );
  } finally {
    await admin.end();
  }
});
afterAll(async () => {
  await sql.raw(`DROP OWNED BY ${role}; DROP ROLE IF EXISTS ${role}`).execute(t.db);
  await t.drop();
  rmSync(folder, { recursive: true, force: true });
});

/** The test database's URL for `role`, with no password or a wrong one. */
function urlAs(password?: string) {
  const url = new URL(t.url);
  url.username = role;
  url.password = password ?? "";
  return url.toString();
}

describe("the database password from a file (DATABASE_PASSWORD_FILE)", () => {
  it("reads the whole file, any characters, less its trailing line breaks", () => {
    const file = path.join(folder, "secret");
    writeFileSync(file, `${AWKWARD}\r\n`);
    expect(readPasswordFile(file)).toBe(AWKWARD);
    writeFileSync(file, `${AWKWARD}\n\n`);
    expect(readPasswordFile(file)).toBe(AWKWARD);
    writeFileSync(file, " spaces kept ");
    expect(readPasswordFile(file)).toBe(" spaces kept ");
  });

  it("refuses a missing or empty file, naming the setting, never the content", () => {
    expect(() => readPasswordFile(path.join(folder, "missing"))).toThrow(
      /^DATABASE_PASSWORD_FILE: cannot read .*missing \(ENOENT\)$/,
    );
    const empty = path.join(folder, "empty");
    writeFileSync(empty, "\n");
    expect(() => readPasswordFile(empty)).toThrow(/^DATABASE_PASSWORD_FILE: .*empty is empty$/);
  });

  it("connects with such a password, which wins over the URL's", async () => {
    for (const url of [urlAs(), urlAs("wrong")]) {
      const db = connect(url, { maxConnections: 1, password: AWKWARD });
      try {
        const { rows } = await sql<{ user: string }>`SELECT current_user AS user`.execute(db);
        expect(rows[0]?.user).toBe(role);
      } finally {
        await db.destroy();
      }
    }
    const refused = connect(urlAs("wrong"), { maxConnections: 1 });
    await expect(sql`SELECT 1`.execute(refused)).rejects.toThrow(/password authentication failed/);
    await refused.destroy();
  });

  it("puts the password into the URL percent-encoded, keeping the rest", () => {
    const url = withPassword("postgres://souls:old@db.example:5432/souls?sslmode=verify-full", AWKWARD);
    const parsed = new URL(url);
    expect(decodeURIComponent(parsed.password)).toBe(AWKWARD);
    expect(parsed.username).toBe("souls");
    expect(parsed.host).toBe("db.example:5432");
    expect(parsed.searchParams.get("sslmode")).toBe("verify-full");
    expect(withPassword("postgres://souls@db/souls", undefined)).toBe("postgres://souls@db/souls");
  });
});
