import { beforeEach, describe, expect, it, vi } from "vitest";

beforeEach(() => {
  vi.resetModules();
  vi.stubEnv("DATABASE_URL", "postgres://shop@127.0.0.1:5432/souls");
  vi.stubEnv("SESSION_SECRET", undefined);
  vi.stubEnv("SHOP_EMBEDDED_DB", undefined);
});

// The rules themselves (Stripe keys, SITE_URL, DATABASE_PASSWORD_FILE…) are the shop's, tested in
// packages/shop/src/settings; here, that the web app reads them from its environment at start-up.
describe("configuration", () => {
  it("refuses to start a production deployment without its secret or the owner's password", async () => {
    vi.stubEnv("NODE_ENV", "production");
    await expect(import("./env.server")).rejects.toThrow(/SESSION_SECRET is required in production/);
    vi.resetModules();
    vi.stubEnv("SESSION_SECRET", "s".repeat(40));
    vi.stubEnv("ADMIN_PASSWORD", undefined);
    await expect(import("./env.server")).rejects.toThrow(/ADMIN_PASSWORD is required in production/);
  });

  it("uses the configured origin, or the local port the shop runs on", async () => {
    vi.stubEnv("SITE_URL", undefined);
    vi.stubEnv("PORT", "3100");
    expect((await import("./env.server")).env.siteUrl).toBe("http://localhost:3100");
    vi.resetModules();
    vi.stubEnv("SITE_URL", "https://souls.example/");
    expect((await import("./env.server")).env.siteUrl).toBe("https://souls.example");
  });

  it("lets the embedded local shop run in production mode with its development secret", async () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("SHOP_EMBEDDED_DB", "1");
    const { env, sessionSecret } = await import("./env.server");
    expect(env.isDeployment).toBe(false);
    expect(sessionSecret).toMatch(/^development-only/);
  });

  it("rejects a malformed verification path", async () => {
    vi.stubEnv("SITE_VERIFICATION_PATH", "../etc/passwd");
    await expect(import("./env.server")).rejects.toThrow(/SITE_VERIFICATION_PATH/);
  });
});

describe("the search-engine verification file", () => {
  it("answers its configured path with its configured line, and nothing else", async () => {
    vi.stubEnv("SITE_VERIFICATION_PATH", "/google1234abcd.html");
    vi.stubEnv("SITE_VERIFICATION_CONTENT", "google-site-verification: google1234abcd.html");
    const { verificationResponse } = await import("./verification.server");
    const response = verificationResponse(new Request("http://shop.test/google1234abcd.html"));
    expect(response?.status).toBe(200);
    expect(response?.headers.get("Content-Type")).toContain("text/html");
    expect(await response?.text()).toBe("google-site-verification: google1234abcd.html");
    expect(verificationResponse(new Request("http://shop.test/google0000.html"))).toBeNull();
  });

  it("does nothing when not configured", async () => {
    vi.stubEnv("SITE_VERIFICATION_PATH", undefined);
    const { verificationResponse } = await import("./verification.server");
    expect(verificationResponse(new Request("http://shop.test/google1234abcd.html"))).toBeNull();
  });
});
