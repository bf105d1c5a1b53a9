import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readEnv } from "./env";

const root = path.resolve(import.meta.dirname, "../../..");

describe("the worker's settings", () => {
  it("send mail to the repository's .data/mailbox and link to the local shop by default", () => {
    const env = readEnv({ DATABASE_URL: "postgres://localhost/souls", SMTP_URL: "" });
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.MAILBOX_DIR).toBe(path.join(root, ".data", "mailbox"));
    expect(env.SITE_URL).toBe("http://localhost:3000");
  });

  it("resolve a relative MAILBOX_DIR from the repository's root and trim SITE_URL", () => {
    const env = readEnv({ DATABASE_URL: "x", MAILBOX_DIR: "tmp/mail", SITE_URL: "https://souls.example/" });
    expect(env.MAILBOX_DIR).toBe(path.join(root, "tmp", "mail"));
    expect(env.SITE_URL).toBe("https://souls.example");
  });

  it("refuse a mail server that is not SMTP, without repeating its password", () => {
    const read = () => readEnv({ DATABASE_URL: "x", SMTP_URL: "https://shop:s3cret@mail.example.com" });
    expect(read).toThrow(/SMTP_URL: must start with smtp:\/\/ or smtps:\/\//);
    expect(read).not.toThrow(/s3cret/);
  });

  it("follow the port the shop was started on when SITE_URL is unset locally", () => {
    expect(readEnv({ DATABASE_URL: "x", PORT: "3100" }).SITE_URL).toBe("http://localhost:3100");
  });

  it("refuse a production deployment without its public origin, secret or real payments", () => {
    const production = { DATABASE_URL: "postgres://db/souls", NODE_ENV: "production" };
    expect(() => readEnv(production)).toThrow(/SITE_URL: is required in production/);
    expect(() => readEnv(production)).toThrow(/SESSION_SECRET: is required in production/);
    expect(() => readEnv(production)).toThrow(/a deployment takes real payments/);
    const staging = {
      ...production,
      SITE_URL: "https://staging.souls.example",
      SESSION_SECRET: "s".repeat(40),
      ALLOW_TEST_PAYMENTS: "true",
    };
    expect(readEnv(staging).SITE_URL).toBe("https://staging.souls.example");
    // The embedded local shop in production mode is not a deployment.
    expect(readEnv({ ...production, SHOP_EMBEDDED_DB: "1" }).SITE_URL).toBe("http://localhost:3000");
  });

  it("take the three Stripe keys together or none", () => {
    expect(() => readEnv({ DATABASE_URL: "x", STRIPE_SECRET_KEY: "sk_test_1" })).toThrow(
      /set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET together/,
    );
  });

  describe("DATABASE_PASSWORD_FILE", () => {
    const folder = mkdtempSync(path.join(tmpdir(), "souls-worker-env-"));
    afterAll(() => rmSync(folder, { recursive: true, force: true }));
    const secret = (name: string, content: string) => {
      const file = path.join(folder, name);
      writeFileSync(file, content);
      return file;
    };

    it("is the password, any characters, without its trailing line break", () => {
      const password = `p@ss:w/rd "dq" 'sq' \\ #?&=% ünï`;
      const env = readEnv({
        DATABASE_URL: "x",
        DATABASE_PASSWORD_FILE: secret("password", `${password}\r\n`),
      });
      expect(env.DATABASE_PASSWORD).toBe(password);
      expect(readEnv({ DATABASE_URL: "x" }).DATABASE_PASSWORD).toBeUndefined();
    });

    it("refuses a missing or empty file, naming the setting and never the content", () => {
      expect(() => readEnv({ DATABASE_URL: "x", DATABASE_PASSWORD_FILE: path.join(folder, "none") })).toThrow(
        /DATABASE_PASSWORD_FILE: cannot read .*none \(ENOENT\)/,
      );
      expect(() => readEnv({ DATABASE_URL: "x", DATABASE_PASSWORD_FILE: secret("empty", "\n") })).toThrow(
        /DATABASE_PASSWORD_FILE: .*empty is empty/,
      );
    });
  });

  it("log JSON in a deployment, text for people (the embedded local shop included)", () => {
    const deployment = {
      DATABASE_URL: "x",
      NODE_ENV: "production",
      SITE_URL: "https://souls.example",
      SESSION_SECRET: "s".repeat(40),
      ALLOW_TEST_PAYMENTS: "true",
    };
    expect(readEnv(deployment).LOG_FORMAT).toBe("json");
    expect(readEnv({ ...deployment, SHOP_EMBEDDED_DB: "1" }).LOG_FORMAT).toBe("text");
    expect(readEnv({ ...deployment, LOG_FORMAT: "text" }).LOG_FORMAT).toBe("text");
    expect(readEnv({ DATABASE_URL: "x" }).LOG_FORMAT).toBe("text");
    expect(() => readEnv({ DATABASE_URL: "x", LOG_FORMAT: "xml" })).toThrow(
      /LOG_FORMAT: must be json or text/,
    );
  });
});
