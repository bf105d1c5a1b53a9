import { beforeEach, describe, expect, it, vi } from "vitest";

beforeEach(() => {
  vi.resetModules();
  vi.stubEnv("DATABASE_URL", "postgres://shop@127.0.0.1:5432/souls");
  vi.stubEnv("SESSION_SECRET", undefined);
  vi.stubEnv("SHOP_EMBEDDED_DB", undefined);
});

describe("configuration", () => {
  it("refuses to start a production deployment without a session secret", async () => {
    vi.stubEnv("NODE_ENV", "production");
    await expect(import("./env.server")).rejects.toThrow(/SESSION_SECRET is required in production/);
  });

  it("refuses to start a production deployment without the owner's password", async () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("SESSION_SECRET", "s".repeat(40));
    vi.stubEnv("ADMIN_PASSWORD", undefined);
    await expect(import("./env.server")).rejects.toThrow(/ADMIN_PASSWORD is required in production/);
  });

  it("refuses a production deployment without its public origin: links never come from a Host header", async () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("SESSION_SECRET", "s".repeat(40));
    vi.stubEnv("ADMIN_PASSWORD", "a long owner password");
    vi.stubEnv("SITE_URL", undefined);
    await expect(import("./env.server")).rejects.toThrow(/SITE_URL is required in production/);
  });

  it("refuses a production deployment on the offline test gateway unless test payments are enabled", async () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("SESSION_SECRET", "s".repeat(40));
    vi.stubEnv("ADMIN_PASSWORD", "a long owner password");
    vi.stubEnv("SITE_URL", "https://souls.example");
    vi.stubEnv("STRIPE_SECRET_KEY", undefined);
    await expect(import("./env.server")).rejects.toThrow(/a deployment takes real payments/);
    vi.resetModules();
    vi.stubEnv("ALLOW_TEST_PAYMENTS", "true");
    const { env } = await import("./env.server");
    expect(env.isDeployment).toBe(true);
  });

  it("uses the configured origin, or the local port the shop runs on", async () => {
    vi.stubEnv("SITE_URL", undefined);
    vi.stubEnv("PORT", "3100");
    expect((await import("./env.server")).env.siteUrl).toBe("http://localhost:3100");
    vi.resetModules();
    vi.stubEnv("SITE_URL", "https://souls.example/");
    expect((await import("./env.server")).env.siteUrl).toBe("https://souls.example");
  });

  it("lets the embedded local shop run in production mode with its generated secret", async () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("SHOP_EMBEDDED_DB", "1");
    const { env } = await import("./env.server");
    expect(env.isDeployment).toBe(false);
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

describe("the database password from a file (DATABASE_PASSWORD_FILE)", () => {
  it("is read once, whole, less its trailing line break; a missing or empty file is refused by name", async () => {
    const { mkdtempSync, rmSync, writeFileSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const path = await import("node:path");
    const folder = mkdtempSync(path.join(tmpdir(), "souls-web-env-"));
    try {
      const secret = path.join(folder, "password");
      writeFileSync(secret, `p@ss:w/rd "dq" 'sq' \\ #?&=% ünï\n`);
      vi.stubEnv("DATABASE_PASSWORD_FILE", secret);
      expect((await import("./env.server")).env.databasePassword).toBe(`p@ss:w/rd "dq" 'sq' \\ #?&=% ünï`);

      vi.resetModules();
      vi.stubEnv("DATABASE_PASSWORD_FILE", path.join(folder, "missing"));
      await expect(import("./env.server")).rejects.toThrow(
        /DATABASE_PASSWORD_FILE: cannot read .*missing \(ENOENT\)/,
      );
      vi.resetModules();
      writeFileSync(secret, "\n");
      vi.stubEnv("DATABASE_PASSWORD_FILE", secret);
      await expect(import("./env.server")).rejects.toThrow(/DATABASE_PASSWORD_FILE: .*password is empty/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
