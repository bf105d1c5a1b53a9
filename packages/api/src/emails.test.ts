import { seededTestDatabase } from "@souls/db/testing";
import { placePaidOrder } from "@souls/shop/testing";
import { beforeEach, describe, expect, it } from "vitest";
import { ownerCaller, trpcError } from "./testing";

const t = seededTestDatabase();
beforeEach(async () => {
  await t.db.deleteFrom("emailQueue").execute();
  await t.db.deleteFrom("emailAccessLog").execute();
});

async function queued(
  status: "pending" | "sending" | "sent" | "failed",
  createdAt?: Date,
  recipient?: string,
) {
  return t.db
    .insertInto("emailQueue")
    .values({
      recipient: recipient ?? "nina.durand@example.org",
      locale: "fr",
      type: "back_in_stock",
      subject: "Aicha est de retour",
      payload: JSON.stringify({ model: "aicha", productName: "Aicha" }),
      status,
      attempts: status === "failed" ? 8 : 0,
      lastError: status === "failed" ? "connection refused" : null,
      createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
}

const accessLog = () =>
  t.db.selectFrom("emailAccessLog").select(["accessMethod", "accessedBy"]).orderBy("id").execute();

describe("emails.stats and emails.recent", () => {
  it("count the queue, list the last messages with masked recipients, and log the look", async () => {
    await queued("sent");
    await queued("failed", undefined, "jules@example.org");
    await queued("sending");
    const caller = ownerCaller(t.db);
    expect(await caller.emails.stats()).toEqual({
      total: 3,
      pending: 1,
      sent: 1,
      failed: 1,
      uniqueRecipients: 2,
      estimated: false,
    });
    expect(await accessLog()).toEqual([]);

    const { emails } = await caller.emails.recent();
    expect(emails).toHaveLength(3);
    expect(emails.map((e) => e.maskedRecipient).sort()).toEqual([
      "ju****@example.org",
      "ni****@example.org",
      "ni****@example.org",
    ]);
    expect(JSON.stringify(emails)).not.toContain("nina.durand@");
    expect(emails[0]).toMatchObject({
      orderNumber: null,
      subjectPreview: "Aicha est de retour",
      type: "back_in_stock",
    });
    expect(typeof emails[0]?.createdAt).toBe("string");
    expect(await accessLog()).toEqual([{ accessMethod: "admin_dashboard", accessedBy: "admin" }]);
  });
});

describe("emails.retry", () => {
  it("puts a failed message back in the queue", async () => {
    const { id } = await queued("failed");
    expect(await ownerCaller(t.db).emails.retry({ id })).toEqual({ id, status: "pending" });
    expect(
      await t.db
        .selectFrom("emailQueue")
        .select(["status", "attempts"])
        .where("id", "=", id)
        .executeTakeFirst(),
    ).toEqual({ status: "pending", attempts: 0 });
  });

  it("refuses any other message with CONFLICT, and an unknown one with NOT_FOUND", async () => {
    const { id } = await queued("sent");
    const error = await trpcError(ownerCaller(t.db).emails.retry({ id }));
    expect(error).toMatchObject({
      code: "CONFLICT",
      message: "Seul un e-mail « Échoué » peut être renvoyé : celui-ci est « Envoyé ».",
    });
    expect(
      (await t.db.selectFrom("emailQueue").select("status").where("id", "=", id).executeTakeFirstOrThrow())
        .status,
    ).toBe("sent");
    const missing = await trpcError(ownerCaller(t.db).emails.retry({ id: 2_000_000_000 }));
    expect(missing).toMatchObject({ code: "NOT_FOUND", message: "E-mail introuvable" });
  });
});

describe("emails.view", () => {
  it("renders the message as the customer gets it, without the tracking token, and logs the look", async () => {
    const paid = await placePaidOrder(t.db);
    const { id } = await t.db
      .selectFrom("emailQueue")
      .select("id")
      .where("orderId", "=", paid.id)
      .executeTakeFirstOrThrow();
    const viewed = await ownerCaller(t.db).emails.view({ id });
    expect(viewed.subject).toBe(`Votre commande ${paid.orderNumber} est confirmée`);
    expect(viewed.html).toContain(paid.orderNumber);
    expect(viewed.text).toContain(paid.orderNumber);
    expect(viewed.html).toContain("https://souls.example/suivi-commande?token=");
    for (const version of [viewed.html, viewed.text]) {
      expect(version).not.toContain(paid.token);
      expect(version).not.toContain(encodeURIComponent(paid.token));
    }
    expect(await accessLog()).toEqual([{ accessMethod: "admin_view", accessedBy: "admin" }]);
  });

  it("says NOT_FOUND for an unknown message", async () => {
    const error = await trpcError(ownerCaller(t.db).emails.view({ id: 2_000_000_000 }));
    expect(error).toMatchObject({ code: "NOT_FOUND", message: "E-mail introuvable" });
  });
});

describe("emails.cleanup", () => {
  it("deletes the messages queued more than two years ago and says how many", async () => {
    const threeYearsAgo = new Date();
    threeYearsAgo.setFullYear(threeYearsAgo.getFullYear() - 3);
    const oneYearAgo = new Date();
    oneYearAgo.setFullYear(oneYearAgo.getFullYear() - 1);
    await queued("sent", threeYearsAgo);
    await queued("failed", threeYearsAgo);
    await queued("sent", threeYearsAgo);
    const { id: kept } = await queued("sent", oneYearAgo);
    const caller = ownerCaller(t.db);
    expect(await caller.emails.cleanup()).toEqual({ deleted: 3 });
    expect(await t.db.selectFrom("emailQueue").select("id").execute()).toEqual([{ id: kept }]);
    expect(await caller.emails.cleanup()).toEqual({ deleted: 0 });
  });
});
