/**
 * A rotation of SESSION_SECRET, against the routes that read signed links, on real PostgreSQL: the
 * web app runs with a new SESSION_SECRET and the old one as SESSION_SECRET_PREVIOUS, and the links
 * e-mailed before the rotation (signed with the old one) still do what they say; a link signed
 * with neither does nothing. Cookies: app/lib/cookies.server.test.ts.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { seedProducts } from "@souls/db";
import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import { inviteReviewers } from "@souls/shop/reviews";
import { recordSignup } from "@souls/shop/signups";
import { placeShippedOrder, reviewLinkToken, signupToken, TEST_SECRET } from "@souls/shop/testing";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

/** The secret the e-mails were signed with, before the rotation. */
const OLD = TEST_SECRET;
const NEW = "the-secret-after-the-rotation-9876543210";
const STRANGER = "a-secret-the-shop-never-had-000000000000";

type Handler = (args: LoaderFunctionArgs) => Promise<unknown>;
let t: TestDatabase;
const routes: Record<string, { loader: Handler; action: Handler }> = {};

beforeAll(async () => {
  t = await createTestDatabase();
  await seedProducts(t.db);
  vi.stubEnv("DATABASE_URL", t.url);
  vi.stubEnv("SESSION_SECRET", NEW);
  vi.stubEnv("SESSION_SECRET_PREVIOUS", OLD);
  for (const name of ["review", "review-opt-out", "signup-confirm", "unsubscribe"])
    routes[name] = (await import(`~/routes/${name}/route.tsx`)) as (typeof routes)[string];
});

afterAll(async () => {
  const { db } = await import("~/lib/db.server");
  await db.destroy();
  await t.drop();
});

/** What a loader or an action answered: its status and data. */
async function call(route: string, kind: "loader" | "action", path: string, body?: Record<string, string>) {
  const request = new Request(`http://shop.test${path}`, {
    method: body ? "POST" : "GET",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: body ? new URLSearchParams(body).toString() : undefined,
  });
  let result: unknown;
  try {
    result = await routes[route]?.[kind]({ request, params: {}, context: { socketAddress: "203.0.113.9" } });
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, data: null };
  const wrapped = result as { data: Record<string, unknown>; init?: ResponseInit };
  return { status: wrapped.init?.status ?? 200, data: wrapped.data };
}

describe("during a rotation of SESSION_SECRET", () => {
  it("signs everything new with the new secret, and still checks the old one after it", async () => {
    const { sessionSecret, sessionSecrets } = await import("~/lib/env.server");
    expect(sessionSecret).toBe(NEW);
    expect(sessionSecrets).toEqual([NEW, OLD]);
  });

  it("opens a review invitation sent before it, and its opt-out; not a link signed by another secret", async () => {
    const order = await placeShippedOrder(t.db, {
      lines: [{ model: "nadia", quantity: 1 }],
      shippedAt: new Date(Date.now() - 11 * 86_400_000),
    });
    await inviteReviewers(t.db, { secret: OLD });
    const open = (secret: string) =>
      call("review", "loader", `/donner-mon-avis?token=${reviewLinkToken(secret, "review", order.id)}`);
    expect(await open(OLD)).toMatchObject({ status: 200, data: { refusal: null } });
    expect(await open(NEW)).toMatchObject({ status: 200, data: { refusal: null } });
    expect(await open(STRANGER)).toMatchObject({ status: 400, data: { refusal: "invalid" } });
    const optOut = (secret: string) =>
      call(
        "review-opt-out",
        "action",
        `/avis/desinscription?token=${reviewLinkToken(secret, "optOut", order.id)}`,
        {
          "List-Unsubscribe": "One-Click",
        },
      );
    expect((await optOut(STRANGER)).status).toBe(400);
    expect((await optOut(OLD)).status).toBe(200);
  });

  it("confirms a sign-up and unsubscribes it through the links its e-mails carried before", async () => {
    const email = "rotation@example.org";
    const source = "home";
    await recordSignup(t.db, { email, locale: "fr", source, clientHash: "c-rotation", secret: OLD });
    const { id } = await t.db
      .selectFrom("signups")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    const confirm = (secret: string) =>
      call("signup-confirm", "action", "/inscription/confirmer", {
        token: signupToken(secret, "confirm", id),
      });
    expect(await confirm(STRANGER)).toMatchObject({ status: 400, data: { outcome: "invalid" } });
    expect(await confirm(OLD)).toMatchObject({ status: 200, data: { outcome: "confirmed" } });
    const unsubscribe = (secret: string) =>
      call("unsubscribe", "action", `/desinscription?token=${signupToken(secret, "unsubscribe", id)}`, {
        "List-Unsubscribe": "One-Click",
      });
    expect((await unsubscribe(STRANGER)).status).toBe(400);
    expect((await unsubscribe(OLD)).status).toBe(200);
    expect(await t.db.selectFrom("signups").where("email", "=", email).select("id").execute()).toEqual([]);
  });
});
