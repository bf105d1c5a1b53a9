import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readSettings, type ShopApp } from ".";

const APPS: ShopApp[] = ["web", "worker"];
const local = { DATABASE_URL: "postgres://shop@127.0.0.1:5432/souls" };
const production = { DATABASE_URL: "postgres://db/souls", NODE_ENV: "production" };
/** A staging deployment: everything a deployment needs, on the offline gateway. */
const staging = {
  ...production,
  SITE_URL: "https://staging.souls.example",
  SESSION_SECRET: "s".repeat(40),
  ADMIN_PASSWORD: "a long owner password",
  ALLOW_TEST_PAYMENTS: "true",
};

describe.each(APPS)("the settings, as the %s reads them", (app) => {
  it("link to the local shop on the port it runs on when SITE_URL is unset, never another", () => {
    expect(readSettings(local, app).siteUrl).toBe("http://localhost:3000");
    expect(readSettings({ ...local, PORT: "3100" }, app).siteUrl).toBe("http://localhost:3100");
    expect(readSettings({ ...local, SITE_URL: "https://souls.example/" }, app).siteUrl).toBe(
      "https://souls.example",
    );
  });

  it("write e-mails to the repository's mailbox without SMTP_URL, a relative MAILBOX_DIR from its root", () => {
    // The web server sends the « worker stopped » e-mail itself (decision 057): both read them.
    const root = path.resolve(import.meta.dirname, "../../../..");
    expect(readSettings(local, app).mailboxDir).toBe(path.join(root, ".data", "mailbox"));
    expect(readSettings({ ...local, MAILBOX_DIR: "tmp/mail" }, app).mailboxDir).toBe(
      path.join(root, "tmp", "mail"),
    );
    expect(readSettings({ ...local, SHOP_DATA_DIR: "var/shop" }, app).mailboxDir).toBe(
      path.join(root, "var", "shop", "mailbox"),
    );
  });

  it("refuse a production deployment without its public origin, secret or real payments", () => {
    const read = () => readSettings(production, app);
    expect(read).toThrow(/^Invalid configuration:\n/);
    expect(read).toThrow(/SITE_URL is required in production/);
    expect(read).toThrow(/SESSION_SECRET is required in production/);
    expect(read).toThrow(/a deployment takes real payments/);
    const settings = readSettings(staging, app);
    expect(settings).toMatchObject({ isDeployment: true, siteUrl: "https://staging.souls.example" });
    expect(settings.sessionSecret).toBe("s".repeat(40));
  });

  it("let the embedded local shop run in production mode, on its local origin and secret", () => {
    const settings = readSettings({ ...production, SHOP_EMBEDDED_DB: "1" }, app);
    expect(settings).toMatchObject({ isDeployment: false, siteUrl: "http://localhost:3000" });
    expect(settings.sessionSecret).toMatch(/^development-only/);
  });

  it("refuse a test clock in a deployment, and let a local test run move it", () => {
    expect(() => readSettings({ ...staging, SHOP_TEST_CLOCK_FILE: "/tmp/clock" }, app)).toThrow(
      /SHOP_TEST_CLOCK_FILE moves the shop's clock for tests: never set it in a deployment/,
    );
    const local = readSettings({ ...production, SHOP_EMBEDDED_DB: "1", SHOP_TEST_CLOCK_FILE: "/tmp/c" }, app);
    expect(local.SHOP_TEST_CLOCK_FILE).toBe("/tmp/c");
  });

  it("take the three Stripe keys together or none", () => {
    expect(() => readSettings({ ...local, STRIPE_SECRET_KEY: "sk_test_1" }, app)).toThrow(
      /set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET together/,
    );
    const keys = {
      STRIPE_SECRET_KEY: "sk_1",
      STRIPE_PUBLISHABLE_KEY: "pk_1",
      STRIPE_WEBHOOK_SECRET: "whsec_1",
    };
    expect(readSettings({ ...staging, ALLOW_TEST_PAYMENTS: "", ...keys }, app).isDeployment).toBe(true);
  });

  it("read an empty value as unset, and name a refused value's variable without repeating it", () => {
    expect(readSettings({ ...local, SMTP_URL: "", SITE_URL: "" }, app).SMTP_URL).toBeUndefined();
    const read = () => readSettings({ ...local, SMTP_URL: "https://shop:s3cret@mail.example.com" }, app);
    expect(read).toThrow(/SMTP_URL must start with smtp:\/\/ or smtps:\/\//);
    expect(read).not.toThrow(/s3cret/);
    expect(() => readSettings({ ...local, PORT: "70000" }, app)).toThrow(/\n {2}PORT: /);
  });

  it("invite buyers to review 10 days after shipping unless told another number of days, 1 to 60", () => {
    expect(readSettings(local, app).REVIEW_INVITATION_DAYS).toBe(10);
    expect(readSettings({ ...local, REVIEW_INVITATION_DAYS: "14" }, app).REVIEW_INVITATION_DAYS).toBe(14);
    for (const days of ["0", "61", "ten", "1.5"]) {
      expect(() => readSettings({ ...local, REVIEW_INVITATION_DAYS: days }, app), days).toThrow(
        /REVIEW_INVITATION_DAYS/,
      );
    }
  });

  it("log JSON in a deployment, text for people (the embedded local shop included)", () => {
    expect(readSettings(staging, app).logFormat).toBe("json");
    expect(readSettings({ ...staging, SHOP_EMBEDDED_DB: "1" }, app).logFormat).toBe("text");
    expect(readSettings({ ...staging, LOG_FORMAT: "text" }, app).logFormat).toBe("text");
    expect(readSettings(local, app).logFormat).toBe("text");
    expect(() => readSettings({ ...local, LOG_FORMAT: "xml" }, app)).toThrow(
      /LOG_FORMAT must be json or text/,
    );
  });
});

describe("the owner's password", () => {
  it("is required in a deployment of the web app, not of the worker (it has no admin)", () => {
    const { ADMIN_PASSWORD: _, ...worker } = staging;
    expect(() => readSettings(worker, "web")).toThrow(/ADMIN_PASSWORD is required in production/);
    expect(readSettings(worker, "worker").isDeployment).toBe(true);
  });
});

describe("DATABASE_PASSWORD_FILE", () => {
  const folder = mkdtempSync(path.join(tmpdir(), "souls-settings-"));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const secret = (name: string, content: string) => {
    const file = path.join(folder, name);
    writeFileSync(file, content);
    return file;
  };

  it("is the password, any characters, without its trailing line break", () => {
    const password = `p@ss:w/rd "dq" 'sq' \\ #?&=% ünï`;
    const settings = readSettings(
      { ...local, DATABASE_PASSWORD_FILE: secret("password", `${password}\r\n`) },
      "worker",
    );
    expect(settings.databasePassword).toBe(password);
    expect(readSettings(local, "worker").databasePassword).toBeUndefined();
  });

  it("refuses a missing or empty file, naming the setting and never the content", () => {
    expect(() =>
      readSettings({ ...local, DATABASE_PASSWORD_FILE: path.join(folder, "none") }, "web"),
    ).toThrow(/DATABASE_PASSWORD_FILE: cannot read .*none \(ENOENT\)/);
    expect(() => readSettings({ ...local, DATABASE_PASSWORD_FILE: secret("empty", "\n") }, "web")).toThrow(
      /DATABASE_PASSWORD_FILE: .*empty is empty/,
    );
  });
});

describe("the secrets, each from a file instead (`<NAME>_FILE`, a Docker or Kubernetes secret)", () => {
  const folder = mkdtempSync(path.join(tmpdir(), "souls-secret-files-"));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const secret = (name: string, content: string) => {
    const file = path.join(folder, name);
    writeFileSync(file, content);
    return file;
  };
  const values = {
    SESSION_SECRET: `session ${"s".repeat(40)}`,
    SESSION_SECRET_PREVIOUS: `previous ${"p".repeat(40)}`,
    ADMIN_PASSWORD: `the owner's "password" ${"a".repeat(4)}`,
    STRIPE_SECRET_KEY: "sk_live_from_a_file",
    STRIPE_WEBHOOK_SECRET: "whsec_from_a_file",
    SMTP_URL: "smtps://shop:p%40ss@smtp.example.com:465",
  } as const;

  it.each(Object.entries(values))(
    "reads %s from its file, without the trailing line break",
    (name, value) => {
      const { [name as keyof typeof values]: _, ...others } = values;
      const settings = readSettings(
        {
          ...staging,
          ...others,
          STRIPE_PUBLISHABLE_KEY: "pk_live_1",
          [name]: undefined,
          [`${name}_FILE`]: secret(name, `${value}\n`),
        },
        "web",
      );
      expect(settings[name as keyof typeof values]).toBe(value);
    },
  );

  it("starts a whole deployment from files alone, the worker's and the web app's", () => {
    const files = Object.fromEntries(
      Object.entries(values).map(([name, value]) => [`${name}_FILE`, secret(`all-${name}`, value)]),
    );
    const { SESSION_SECRET: _, ADMIN_PASSWORD: __, ...rest } = staging;
    for (const app of APPS) {
      const settings = readSettings({ ...rest, ...files, STRIPE_PUBLISHABLE_KEY: "pk_live_1" }, app);
      expect(settings.isDeployment).toBe(true);
      expect(settings.sessionSecrets).toEqual([values.SESSION_SECRET, values.SESSION_SECRET_PREVIOUS]);
      expect(settings.SMTP_URL).toBe(values.SMTP_URL);
    }
  });

  it.each(Object.keys(values))("refuses %s and its file both set", (name) => {
    const read = () =>
      readSettings(
        {
          ...local,
          [name]: values[name as keyof typeof values],
          [`${name}_FILE`]: secret(`both-${name}`, "x"),
        },
        "web",
      );
    expect(read).toThrow(new RegExp(`^  set ${name} or ${name}_FILE, not both$`, "m"));
  });

  it("refuses a missing, unreadable or empty file, naming the variable and the file, never the content", () => {
    const missing = path.join(folder, "no-such-file");
    expect(() => readSettings({ ...local, SESSION_SECRET_FILE: missing }, "web")).toThrow(
      `SESSION_SECRET_FILE: cannot read ${missing} (ENOENT)`,
    );
    expect(() => readSettings({ ...local, SMTP_URL_FILE: folder }, "worker")).toThrow(
      `SMTP_URL_FILE: cannot read ${folder} (EISDIR)`,
    );
    const empty = secret("empty", "\r\n\n");
    expect(() => readSettings({ ...local, ADMIN_PASSWORD_FILE: empty }, "web")).toThrow(
      `ADMIN_PASSWORD_FILE: ${empty} is empty`,
    );
    // In a deployment, an unreadable secret is reported once, not also as missing.
    const { SESSION_SECRET: _, ...withoutSecret } = staging;
    let message = "";
    try {
      readSettings({ ...withoutSecret, SESSION_SECRET_FILE: missing }, "web");
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe(`Invalid configuration:\n  SESSION_SECRET_FILE: cannot read ${missing} (ENOENT)`);
  });

  it("checks a file's content as the variable's, saying which file, without showing it", () => {
    const short = secret("short", "only-a-few-chars");
    const read = () => readSettings({ ...local, SESSION_SECRET_FILE: short }, "web");
    expect(read).toThrow(`SESSION_SECRET must be at least 32 characters (read from ${short})`);
    expect(read).not.toThrow(/only-a-few-chars/);
    const smtp = secret("smtp", "https://shop:s3cret@mail.example.com");
    const readSmtp = () => readSettings({ ...local, SMTP_URL_FILE: smtp }, "worker");
    expect(readSmtp).toThrow(/SMTP_URL must start with smtp:\/\/ or smtps:\/\//);
    expect(readSmtp).not.toThrow(/s3cret/);
  });
});

describe("SESSION_SECRET_PREVIOUS, during a rotation", () => {
  it("verifies after the current secret, which alone signs; unset, only the current one", () => {
    const current = "n".repeat(40);
    const previous = "o".repeat(40);
    const settings = readSettings(
      { ...staging, SESSION_SECRET: current, SESSION_SECRET_PREVIOUS: previous },
      "web",
    );
    expect(settings.sessionSecret).toBe(current);
    expect(settings.sessionSecrets).toEqual([current, previous]);
    expect(readSettings(staging, "web").sessionSecrets).toEqual([staging.SESSION_SECRET]);
    // The same secret twice is checked once.
    expect(
      readSettings({ ...staging, SESSION_SECRET_PREVIOUS: staging.SESSION_SECRET }, "web").sessionSecrets,
    ).toEqual([staging.SESSION_SECRET]);
    expect(() => readSettings({ ...staging, SESSION_SECRET_PREVIOUS: "short" }, "web")).toThrow(
      /SESSION_SECRET_PREVIOUS must be at least 32 characters/,
    );
  });
});
