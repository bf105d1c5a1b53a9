import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { expect, test } from "./fixtures";
import { observatoryScore } from "./observatory";
import { PAGES } from "./pages";

// Runs in the js-on project only: these are HTTP-level checks, the browser plays no part.

/** Every path whose route has an action (the shop's forms), and the admin API's mutations. */
const ACTION_PATHS = [
  ...PAGES.flatMap((page) => [page.fr.path, page.en.path]),
  "/checkout",
  "/en/checkout",
  "/paiement-test",
  "/merci",
  "/admin",
];

test.describe("a deployment's headers", () => {
  // One server for the whole group: with fullyParallel, two workers would each start one on the
  // same port, and the first to finish would stop the server the other still uses.
  test.describe.configure({ mode: "default" });
  let server: ChildProcess;
  let origin: string;

  test.beforeAll(async () => {
    const port = Number(new URL(test.info().project.use.baseURL ?? "http://x:3210").port) + 2;
    origin = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      SESSION_SECRET: "observatory-test-secret-".padEnd(48, "x"),
      ADMIN_PASSWORD: "observatory-owner-password",
      SITE_URL: "https://souls.example",
      // A staging deployment on the offline gateway (a production one needs the Stripe keys).
      ALLOW_TEST_PAYMENTS: "true",
    };
    // Not the embedded database's local mode: the real deployment settings (Secure cookies, HSTS).
    delete env.SHOP_EMBEDDED_DB;
    server = spawn("node", ["server.mjs"], { cwd: join(import.meta.dirname, "../.."), env, stdio: "ignore" });
    await expect
      .poll(
        () =>
          fetch(`${origin}/healthz`).then(
            (r) => r.status,
            () => 0,
          ),
        { timeout: 30_000 },
      )
      .toBe(200);
  });
  test.afterAll(() => {
    server.kill("SIGTERM");
  });

  const PAGE_TYPES = [
    "/",
    "/en",
    "/produit/sac-banane-aicha",
    "/panier",
    "/checkout?product=aicha&qty=1",
    "/suivi-commande",
    "/en/magazine/traditional-moroccan-fabrics",
    "/cgv",
    "/admin",
    "/nulle-part",
  ];

  for (const path of PAGE_TYPES) {
    test(`${path} scores 100 or more by the HTTP Observatory's rules`, async () => {
      const response = await fetch(`${origin}${path}`);
      const { score, findings } = observatoryScore(
        response.headers,
        response.headers.getSetCookie(),
        await response.text(),
      );
      expect(
        findings.filter((f) => f.modifier < 0),
        `${path}: ${score}`,
      ).toEqual([]);
      expect(score).toBeGreaterThanOrEqual(100);
      expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
      expect(response.headers.get("cross-origin-opener-policy")).toBe("same-origin");
      expect(response.headers.get("permissions-policy")).toContain("camera=()");
      const policy = response.headers.get("content-security-policy") ?? "";
      // Scripts only from the shop; an inline one only by a nonce (a page rendered for one
      // request) or its hash (a page the page cache keeps) — a shopper's page has none at all.
      expect(policy).toMatch(/script-src 'self'( '(nonce|sha256)-[A-Za-z0-9+/=]+')*(;|$)/);
      expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).not.toContain("stripe.com");
      // Admin pages included: their e-mail previews have a policy of their own.
      expect(policy).not.toMatch(/style-src[^;]*unsafe-inline/);
    });
  }

  test("the tracking page sends no referrer; every inline script runs by a fresh nonce or by its hash", async () => {
    const tracking = await fetch(`${origin}/suivi-commande`);
    expect(tracking.headers.get("referrer-policy")).toBe("no-referrer");
    // A page rendered for one visitor: a new nonce each time.
    const nonces = await Promise.all(
      [1, 2].map(
        async () =>
          (await fetch(`${origin}/suivi-commande`)).headers
            .get("content-security-policy")
            ?.match(/nonce-([^']+)/)?.[1],
      ),
    );
    expect(nonces[0]).toBeTruthy();
    expect(nonces[0]).not.toBe(nonces[1]);
    // A public page the page cache keeps: no nonce anyone could reuse, each inline script by hash.
    for (const path of ["/", "/suivi-commande"]) {
      const page = await fetch(`${origin}${path}`);
      const policy = page.headers.get("content-security-policy") ?? "";
      const html = await page.text();
      for (const [, attributes = "", text = ""] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
        if (/src="\/|type="application\/(ld\+)?json"/.test(attributes)) continue;
        const hash = `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
        const nonce = /nonce="([^"]+)"/.exec(attributes)?.[1];
        expect(
          nonce ? policy.includes(`'nonce-${nonce}'`) : policy.includes(hash),
          `${path}: ${attributes}`,
        ).toBe(true);
      }
    }
  });

  test("cookies set in a deployment are __Host-, Secure, httpOnly and SameSite, and score the bonus", async () => {
    const response = await fetch(`${origin}/produit/sac-banane-aicha`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "intent=add&model=aicha&redirectTo=%2Fpanier",
      redirect: "manual",
    });
    expect(response.status).toBe(303);
    const cookies = response.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/^__Host-/);
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/; HttpOnly/i);
      expect(cookie).toMatch(/; SameSite=(Lax|Strict)/i);
    }
    const { findings } = observatoryScore(response.headers, cookies, "");
    expect(findings.find((f) => f.test === "cookies")?.modifier).toBe(5);
  });
});

test("a shopper's own pages and the owner's are never kept by a cache, nor their data", async ({
  request,
}) => {
  const cacheControl = async (path: string) =>
    (await request.get(path, { maxRedirects: 0 })).headers()["cache-control"];
  for (const path of [
    "/checkout?product=aicha&qty=1",
    "/en/checkout?product=aicha&qty=1",
    "/checkout.data?product=aicha&qty=1",
    "/suivi-commande",
    "/en/track-order.data",
    "/inscription/confirmer?token=x",
    "/en/unsubscribe?token=x",
    "/admin",
    "/admin-orders",
  ]) {
    expect(await cacheControl(path), path).toBe("no-store");
  }
  // Public pages stay cacheable by nothing in particular (no no-store forced on them).
  expect(await cacheControl("/produit/sac-banane-aicha")).not.toBe("no-store");
});

test("a cross-site post to any action or admin mutation is refused with 403", async ({ request }) => {
  for (const path of [...ACTION_PATHS, "/trpc/products.create", "/trpc/orders.markShipped"]) {
    const foreign = await request.post(path, {
      headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
      data: "intent=add&model=aicha",
      maxRedirects: 0,
    });
    expect(foreign.status(), path).toBe(403);
    const sandboxed = await request.post(path, {
      headers: {
        Origin: "null",
        "Sec-Fetch-Site": "cross-site",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      data: "intent=add&model=aicha",
      maxRedirects: 0,
    });
    expect(sandboxed.status(), path).toBe(403);
  }
});

test("request bodies are bounded with a clear 413 in the shopper's language", async ({ request }) => {
  const big = `intent=signup&email=${"a".repeat(70 * 1024)}`;
  const french = await request.post("/panier", {
    data: big,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  expect(french.status()).toBe(413);
  expect(await french.text()).toBe("Cette requête est trop volumineuse.");
  const english = await request.post("/en/cart", {
    data: big,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  expect(english.status()).toBe(413);
  expect(await english.text()).toBe("This request is too large.");
  const api = await request.post("/trpc/products.create", {
    data: JSON.stringify({ name: "x".repeat(200 * 1024) }),
    headers: { "Content-Type": "application/json" },
  });
  expect(api.status()).toBe(413);
  // Stripe's events may be larger than a form: the webhook reads them, and refuses an unsigned one.
  const webhook = await request.post("/webhooks/stripe", {
    data: JSON.stringify({ padding: "x".repeat(300 * 1024) }),
    headers: { "Content-Type": "application/json" },
  });
  expect(webhook.status()).toBeLessThan(500);
  expect(webhook.status()).not.toBe(413);
});
