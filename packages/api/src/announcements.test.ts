import { seedProducts } from "@souls/db";
import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import { queueDueAnnouncements } from "@souls/shop/announcements";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorShape, ownerCaller, trpcError } from "./testing";

let t: TestDatabase;
let seriesId: number;
beforeAll(async () => {
  t = await createTestDatabase();
  await seedProducts(t.db);
  seriesId = (await t.db.selectFrom("series").select("id").executeTakeFirstOrThrow()).id;
  await t.db
    .insertInto("signups")
    .values([
      { email: "lina@example.org", locale: "fr", source: "home", confirmedAt: new Date() },
      { email: "nour@example.org", locale: "en", source: "product", confirmedAt: new Date() },
      { email: "pending@example.org", locale: "fr", source: "home" },
      { email: "news@example.org", locale: "fr", source: "newsletter", confirmedAt: new Date() },
    ])
    .execute();
});
afterAll(() => t.drop());

describe("« Annonces » through the API", () => {
  it("drafts from a series, saves her words, schedules at a Paris time, and answers refusals in French", async () => {
    const api = ownerCaller(t.db);
    const { id } = await api.announcements.draft({ seriesId });
    const draft = await api.announcements.get({ id });
    expect(draft.announcement.status).toBe("draft");
    // Two confirmed addresses on the early-notice list (the unconfirmed one is not counted).
    expect(draft.audience).toBe(2);
    const saved = await api.announcements.save({
      id,
      content: draft.announcement.content,
      lists: ["early", "newsletter", "early"],
      rateCount: 300,
      ratePer: "hour",
    });
    expect(saved.announcement).toMatchObject({
      lists: ["early", "newsletter"],
      rateCount: 300,
      ratePer: "hour",
    });
    expect(saved.audience).toBe(3);

    const scheduled = await api.announcements.schedule({ id, at: "2099-07-14T18:00" });
    // 18:00 in Paris in summer is 16:00 UTC.
    expect(scheduled.announcement.scheduledAt).toBe("2099-07-14T16:00:00.000Z");
    expect(scheduled.scheduledAtLocal).toBe("2099-07-14T18:00");

    const past = await trpcError(api.announcements.schedule({ id, at: "2001-01-01T10:00" }));
    expect(errorShape(past, "announcements.schedule")).toMatchObject({
      message: "Cette date est passée : choisissez une date à venir, ou « Envoyer maintenant ».",
      data: { httpStatus: 400 },
    });
    const missing = await trpcError(api.announcements.get({ id: 999_999 }));
    expect(errorShape(missing, "announcements.get")).toMatchObject({
      message: "Cette annonce n'existe plus.",
      data: { httpStatus: 404 },
    });
    const notSending = await trpcError(api.announcements.pause({ id }));
    expect(notSending.message).toBe("Seule une annonce en cours d'envoi peut être mise en pause.");
    expect(notSending.code).toBe("CONFLICT");

    const noAddress = await trpcError(api.announcements.sendTest({ id }));
    expect(noAddress.message).toMatch(/^Aucune adresse pour le test/);

    // Back to a draft, then sent now, twice: one row per address whatever she clicks.
    await api.announcements.unschedule({ id });
    await Promise.all([
      api.announcements.schedule({ id, at: null }),
      api.announcements.schedule({ id, at: null }),
    ]);
    await queueDueAnnouncements(t.db);
    const again = await trpcError(api.announcements.schedule({ id, at: null }));
    expect(again.message).toBe("Cette annonce est déjà en cours d'envoi ou envoyée.");
    const queued = await api.announcements.get({ id });
    expect(queued.announcement.counts).toMatchObject({ queued: 3, total: 3 });
    const list = await api.announcements.list();
    expect(list.announcements.map((a) => a.id)).toContain(id);
    expect(list.series.map((s) => s.id)).toContain(seriesId);
  });

  it("refuses a subject on two lines (no header of its own)", async () => {
    const api = ownerCaller(t.db);
    const { id } = await api.announcements.draft({ seriesId });
    const { announcement } = await api.announcements.get({ id });
    const error = await trpcError(
      api.announcements.save({
        id,
        content: {
          ...announcement.content,
          fr: { ...announcement.content.fr, subject: "Atlas\r\nBcc: x@example.org" },
        },
        lists: ["early"],
        rateCount: 60,
        ratePer: "minute",
      }),
    );
    expect(error.code).toBe("BAD_REQUEST");
    expect(errorShape(error, "announcements.save").data.zodError?.fieldErrors.content).toEqual([
      { key: "admin:input.oneLine", values: {} },
    ]);
  });
});
