import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import { createMailTransport, deliverDueEmails, mailboxTransport } from "@souls/shop/mail";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queued, queueEmail, testDelivery } from "./testing/queue";
import { parseHeaders } from "./testing/smtp-sink";

let t: TestDatabase;
let temp: string;
beforeAll(async () => {
  [t, temp] = await Promise.all([createTestDatabase(), mkdtemp(path.join(tmpdir(), "souls-mailbox-"))]);
});
afterAll(async () => {
  await Promise.all([t.drop(), rm(temp, { recursive: true, force: true })]);
});

describe("the local mailbox (no SMTP_URL)", () => {
  it("writes one .eml and one .html per message, and a re-send overwrites them", async () => {
    const dir = path.join(temp, "not", "there", "yet");
    const fr = await queueEmail(t.db, { locale: "fr" });
    const en = await queueEmail(t.db, { locale: "en", recipient: "john@example.com" });
    const delivery = testDelivery(mailboxTransport(dir));
    expect(await deliverDueEmails(t.db, delivery)).toMatchObject({ sent: 2 });

    const files = (await readdir(dir)).sort();
    expect(files).toHaveLength(4);
    const stem = (id: number) => new RegExp(`^\\d{4}-\\d{2}-\\d{2}T\\d{6}Z-${id}\\.(eml|html)$`);
    expect(files.filter((file) => stem(fr.id).test(file))).toHaveLength(2);
    expect(files.filter((file) => stem(en.id).test(file))).toHaveLength(2);

    const enFile = path.join(dir, files.find((file) => stem(en.id).test(file) && file.endsWith(".eml"))!);
    const headers = parseHeaders(await readFile(enFile, "utf8"));
    expect(headers.get("subject")).toBe(en.subject);
    expect(headers.get("to")).toBe("john@example.com");
    expect(headers.get("message-id")).toBe(`<email-${en.id}@souls.example>`);
    expect(headers.get("content-language")).toBe("en");
    const html = await readFile(enFile.replace(/\.eml$/, ".html"), "utf8");
    expect(html).toMatch(/^<!DOCTYPE html/i);
    expect(html).toMatch(/<html[^>]* lang="en"/);
    expect(html).toContain(en.payload.orderNumber as string);

    // A worker that died after writing but before recording it writes the same files again.
    await t.db.updateTable("emailQueue").set({ status: "pending" }).where("id", "=", en.id).execute();
    expect(await deliverDueEmails(t.db, delivery)).toMatchObject({ sent: 1 });
    expect((await readdir(dir)).sort()).toEqual(files);
    expect(await queued(t.db, en.id)).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("is chosen when SMTP_URL is unset, and says where the mail goes", () => {
    expect(createMailTransport({ mailboxDir: "/srv/souls/.data/mailbox" }).description).toBe(
      "written to /srv/souls/.data/mailbox (no SMTP_URL)",
    );
    expect(
      createMailTransport({ SMTP_URL: "smtps://shop:s3cret@smtp.example.com", mailboxDir: "/x" }).description,
    ).toBe("SMTP to smtp.example.com:465");
  });
});
