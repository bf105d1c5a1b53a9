/**
 * The shopper actions fed good and hostile input, against a real PostgreSQL database:
 * garbage is a 4xx with a message, never a 500, and writes nothing.
 */

import type { ActionFunctionArgs } from "@remix-run/node";
import { seedProducts } from "@souls/db";
import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

let t: TestDatabase;
type Action = (args: ActionFunctionArgs) => Promise<unknown>;
let actions: Record<string, Action>;

beforeAll(async () => {
  t = await createTestDatabase();
  await seedProducts(t.db);
  vi.stubEnv("DATABASE_URL", t.url);
  actions = {
    "/": (await import("./home")).action,
    "/en": (await import("./home")).action,
    "/produit/sac-banane-aicha": (await import("./product")).action,
    "/en/product/nadia-fanny-pack": (await import("./product")).action,
    "/panier": (await import("./cart")).action,
    "/en/cart": (await import("./cart")).action,
  };
});

afterAll(async () => {
  const { db } = await import("~/lib/db.server");
  await db.destroy();
  await t.drop();
});

/** Status of whatever an action answered: a Response, or `data(…, init)`. */
async function post(path: string, body: BodyInit, contentType = "application/x-www-form-urlencoded") {
  const request = new Request(`http://shop.test${path}`, {
    method: "POST",
    body,
    headers: { "Content-Type": contentType },
  });
  try {
    const result = await actions[path]!({ request, params: {}, context: {} });
    if (result instanceof Response) return { status: result.status, body: result };
    const init = (result as { init?: { status?: number } }).init;
    return { status: init?.status ?? 200, body: result };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, body: thrown };
    const init = (thrown as { init?: { status?: number } }).init;
    if (init?.status) return { status: init.status, body: thrown };
    throw thrown;
  }
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const huge = "é".repeat(200_000);

const garbage: [string, BodyInit, string?][] = [
  ["an empty body", ""],
  ["no intent", form({ model: "aicha" })],
  ["an unknown intent", form({ intent: "steal", model: "aicha" })],
  ["an unknown model", form({ intent: "add", model: "leather" })],
  ["a huge model", form({ intent: "increment", model: huge })],
  ["odd Unicode", form({ intent: "remove\u0000", model: "a\u202eicha" })],
  ["a sign-up without address", form({ intent: "signup" })],
  ["a sign-up with a huge address", form({ intent: "signup", email: `${huge}@example.org` })],
  ["a sign-up with a script as address", form({ intent: "signup", email: "<script>alert(1)</script>" })],
  ["JSON instead of a form", JSON.stringify({ intent: "add", model: "aicha" }), "application/json"],
  ["a broken multipart body", "--x\r\nnot a part", "multipart/form-data; boundary=x"],
];

const PATHS = [
  "/",
  "/en",
  "/produit/sac-banane-aicha",
  "/en/product/nadia-fanny-pack",
  "/panier",
  "/en/cart",
];

describe.each(PATHS)("the action of %s", (path) => {
  it.each(garbage)("answers %s with a 4xx and writes nothing", async (_name, body, contentType) => {
    const { status } = await post(path, body, contentType);
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
    const signups = await t.db
      .selectFrom("signups")
      .select(t.db.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(signups.n)).toBe(0);
  });
});

describe("good input", () => {
  it("adds to the cart from a product page and redirects back without JavaScript", async () => {
    const { status, body } = await post(
      "/produit/sac-banane-aicha",
      form({ intent: "add", model: "aicha", redirectTo: "/produit/sac-banane-aicha" }),
    );
    expect(status).toBe(303);
    const response = body as Response;
    expect(response.headers.get("Location")).toBe("/produit/sac-banane-aicha");
    expect(response.headers.get("Set-Cookie")).toMatch(/cart=.*HttpOnly/i);
  });

  it("never redirects to another site", async () => {
    const { body } = await post(
      "/panier",
      form({ intent: "remove", model: "aicha", redirectTo: "//evil.example/x" }),
    );
    expect((body as Response).headers.get("Location")).toBe("/panier");
  });

  it("refuses a piece beyond the stock with a 409 for a fetcher", async () => {
    await t.db.updateTable("products").set({ stock: 0 }).where("slug", "=", "nadia").execute();
    const { status } = await post("/en/product/nadia-fanny-pack", form({ intent: "add", model: "nadia" }));
    expect(status).toBe(409);
  });

  it("stores a sign-up once", async () => {
    expect(
      (await post("/en", form({ intent: "signup", email: "Ana@Example.org", name: "Ana" }))).status,
    ).toBe(200);
    expect((await post("/", form({ intent: "signup", email: "ana@example.org" }))).status).toBe(200);
    const rows = await t.db.selectFrom("signups").select(["email", "name", "locale", "source"]).execute();
    expect(rows).toEqual([{ email: "ana@example.org", name: "Ana", locale: "en", source: "home" }]);
  });
});
