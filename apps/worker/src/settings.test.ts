import path from "node:path";
import { describe, expect, it } from "vitest";
import { readWorkerSettings } from "./settings";

const root = path.resolve(import.meta.dirname, "../../..");

// The rules every setting follows are the shop's, tested in packages/shop/src/settings.
describe("the worker's settings", () => {
  it("send mail to the repository's .data/mailbox and link to the local shop by default", () => {
    const settings = readWorkerSettings({ DATABASE_URL: "postgres://localhost/souls", SMTP_URL: "" });
    expect(settings.SMTP_URL).toBeUndefined();
    expect(settings.mailboxDir).toBe(path.join(root, ".data", "mailbox"));
    expect(settings.siteUrl).toBe("http://localhost:3000");
  });

  it("resolve a relative MAILBOX_DIR or SHOP_DATA_DIR from the repository's root", () => {
    expect(readWorkerSettings({ DATABASE_URL: "x", MAILBOX_DIR: "tmp/mail" }).mailboxDir).toBe(
      path.join(root, "tmp", "mail"),
    );
    expect(readWorkerSettings({ DATABASE_URL: "x", SHOP_DATA_DIR: "var/shop" }).mailboxDir).toBe(
      path.join(root, "var", "shop", "mailbox"),
    );
  });

  it("refuse a deployment without what it needs, as the web app does", () => {
    expect(() => readWorkerSettings({ DATABASE_URL: "postgres://db/souls", NODE_ENV: "production" })).toThrow(
      /SITE_URL is required in production/,
    );
  });
});
