import path from "node:path";
import { describe, expect, it } from "vitest";
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
});
