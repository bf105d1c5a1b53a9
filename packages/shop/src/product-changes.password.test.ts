import { seedProducts } from "@souls/db";
import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { listenToProductChanges, type ProductChange } from "./product-changes";

// The password as a secret file gives it (DATABASE_PASSWORD_FILE): every awkward character.
const PASSWORD = `p@ss:w/rd "dq" 'sq' \\ #?&=% ünï`;
const role = `souls_listener_${Date.now().toString(36)}`;
let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
  await seedProducts(t.db);
  const admin = new pg.Client({ connectionString: t.url });
  await admin.connect();
  try {
    await admin.query(`CREATE ROLE ${role} LOGIN PASSWORD ${admin.escapeLiteral(PASSWORD)}`);
  } finally {
    await admin.end();
  }
});
afterAll(async () => {
  await sql.raw(`DROP ROLE IF EXISTS ${role}`).execute(t.db);
  await t.drop();
});

it("listens with the password given beside a URL that has none (or a wrong one)", async () => {
  const url = new URL(t.url);
  url.username = role;
  url.password = "wrong";
  const source = await listenToProductChanges(url.toString(), { password: PASSWORD });
  try {
    expect(source.connection()).not.toBeNull();
    const heard = new Promise<ProductChange>((resolve) => source.subscribe(resolve));
    await t.db.updateTable("products").set({ stock: 7 }).where("slug", "=", "nadia").execute();
    expect(await heard).toMatchObject({ slug: "nadia", available: 7 });
  } finally {
    await source.close();
  }
});
