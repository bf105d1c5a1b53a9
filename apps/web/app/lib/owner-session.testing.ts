/**
 * Route tests' shop on real PostgreSQL, as the web app reads it: a migrated database with the
 * launch models, the app's settings pointing at it, and the owner's session cookie taken through
 * her login form. Registers its own hooks: call it at the top of a test file, before the hooks
 * that import the routes under test (they read the settings when first imported). Never imported
 * by the app.
 */
import { seedProducts } from "@souls/db";
import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import { afterAll, beforeAll, expect, vi } from "vitest";

export const TEST_ORIGIN = "https://souls.example";
const PASSWORD = "the-owners-password-in-tests";
/** The owner's address in these tests (documentation range, RFC 5737). */
export const OWNER_ADDRESS = "203.0.113.61";

export function shopWithOwnerSession(): { readonly t: TestDatabase; readonly ownerCookie: string } {
  const shop = { t: undefined as unknown as TestDatabase, ownerCookie: "" };
  beforeAll(async () => {
    shop.t = await createTestDatabase();
    await seedProducts(shop.t.db);
    vi.stubEnv("DATABASE_URL", shop.t.url);
    vi.stubEnv("SITE_URL", TEST_ORIGIN);
    vi.stubEnv("ADMIN_PASSWORD", PASSWORD);
    const admin = await import("~/routes/admin/route");
    const login = (await admin
      .action({
        request: new Request(`${TEST_ORIGIN}/admin`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ intent: "login", password: PASSWORD }).toString(),
        }),
        params: {},
        context: { socketAddress: OWNER_ADDRESS },
      })
      .catch((thrown: unknown) => thrown)) as Response;
    shop.ownerCookie =
      login.headers
        .getSetCookie()
        .map((cookie) => cookie.split(";")[0] ?? "")
        .find((cookie) => cookie.startsWith("admin_session=")) ?? "";
    expect(shop.ownerCookie).not.toBe("");
  });
  afterAll(async () => {
    const { db } = await import("~/lib/db.server");
    await db.destroy();
    await shop.t.drop();
  });
  return shop;
}
