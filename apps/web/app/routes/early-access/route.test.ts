/**
 * An early-notice subscriber's link on real PostgreSQL (decision 039): in the head start it gives
 * the browser a signed pass and leads to the series' first model, which the browser may then buy;
 * before, after or unsubscribed it leads there without one; anything else is a 403, never a crash.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { earlyAccessToken } from "@souls/shop/launch";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { shopWithOwnerSession } from "~/lib/owner-session.testing";

const shop = shopWithOwnerSession();
let loader: (args: LoaderFunctionArgs) => Promise<unknown>;
let secret = "";
let seriesId = 0;
let signupId = 0;

beforeAll(async () => {
  ({ loader } = await import("./route"));
  ({ sessionSecret: secret } = await import("~/lib/env.server"));
  const series = await shop.t.db
    .selectFrom("products")
    .select("seriesId")
    .where("slug", "=", "aicha")
    .executeTakeFirstOrThrow();
  seriesId = series.seriesId as number;
  const signup = await shop.t.db
    .insertInto("signups")
    .values({ email: "lea@example.org", locale: "fr", source: "home", confirmedAt: new Date() })
    .returning("id")
    .executeTakeFirstOrThrow();
  signupId = signup.id;
});

async function follow(token: string, path = "/acces-anticipe") {
  const request = new Request(`https://souls.example${path}/${token}`);
  try {
    const answer = (await loader({ request, params: { token }, context: {} })) as
      | Response
      | { data: unknown; init?: ResponseInit };
    if (answer instanceof Response) return { status: answer.status, headers: answer.headers };
    return { status: answer.init?.status ?? 200, headers: new Headers(answer.init?.headers) };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, headers: thrown.headers };
    throw thrown;
  }
}

const openingIn = (ms: number) =>
  shop.t.db
    .updateTable("series")
    .set({ opensAt: new Date(Date.now() + ms), earlyAccessMinutes: 60 })
    .where("id", "=", seriesId)
    .execute();

describe("the early-access link", () => {
  it("in the head start: a signed pass for this browser, and the series' first model", async () => {
    await openingIn(30 * 60_000);
    const answer = await follow(earlyAccessToken(secret, { seriesId, signupId }));
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/produit/sac-banane-aicha");
    const cookies = answer.headers.getSetCookie().join("\n");
    expect(cookies).toMatch(/early_access=[^;]+; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax/);
    const english = await follow(earlyAccessToken(secret, { seriesId, signupId }), "/en/early-access");
    expect(english.headers.get("Location")).toBe("/en/product/aicha-fanny-pack");
  });

  it("before the head start, after the opening or unsubscribed: the page, without a pass", async () => {
    for (const ms of [3 * 3600_000, -60_000]) {
      await openingIn(ms);
      const answer = await follow(earlyAccessToken(secret, { seriesId, signupId }));
      expect(answer.status).toBe(303);
      expect(answer.headers.getSetCookie().join("\n")).not.toContain("early_access=");
    }
    await openingIn(30 * 60_000);
    const gone = await shop.t.db
      .insertInto("signups")
      .values({ email: "ines@example.org", locale: "fr", source: "home", confirmedAt: new Date() })
      .returning("id")
      .executeTakeFirstOrThrow();
    await shop.t.db.deleteFrom("signups").where("id", "=", gone.id).execute();
    const answer = await follow(earlyAccessToken(secret, { seriesId, signupId: gone.id }));
    expect(answer.headers.getSetCookie().join("\n")).not.toContain("early_access=");
  });

  it("tampered, another secret's or garbage: a 403, never a crash nor a pass", async () => {
    await openingIn(30 * 60_000);
    const token = earlyAccessToken(secret, { seriesId, signupId });
    for (const bad of [
      `${token.slice(0, -2)}xx`,
      earlyAccessToken("another-secret-entirely-of-someone-else", { seriesId, signupId }),
      earlyAccessToken(secret, { seriesId: 99_999, signupId }),
    ]) {
      const answer = await follow(bad);
      expect(answer.status).toBe(403);
      expect(answer.headers.getSetCookie().join("\n")).not.toContain("early_access=");
    }
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 400, unit: "binary" }), async (garbage) => {
        const answer = await follow(encodeURIComponent(garbage));
        expect(answer.status).toBe(403);
      }),
      { numRuns: 60 },
    );
  });
});
