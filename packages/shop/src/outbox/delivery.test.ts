import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { claimNextEmail, LEASE_MS, retryDelayMs, settleEmail, settlementAfterFailure } from "./delivery";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());
beforeEach(() => sql`TRUNCATE email_queue`.execute(t.db));

/** A queued row as the use cases write it (the payload does not matter to the queue). */
const queue = (priority: 0 | 1, subject = "x") =>
  t.db
    .insertInto("emailQueue")
    .values({ recipient: "a@b.co", locale: "fr", type: "order_confirmation", subject, priority })
    .returningAll()
    .executeTakeFirstOrThrow();

describe("the outbox's delivery rules", () => {
  it("waits 1, 2, 4… minutes between tries, an hour at most, then gives up after the last", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => retryDelayMs(n) / 60_000)).toEqual([
      1, 2, 4, 8, 16, 32, 60, 60,
    ]);
    const now = new Date("2026-01-01T00:00:00Z");
    expect(settlementAfterFailure({ attempts: 3 }, "busy", now, 8)).toEqual({
      status: "pending",
      nextAttemptAt: new Date("2026-01-01T00:04:00Z"),
      lastError: "busy",
    });
    expect(settlementAfterFailure({ attempts: 8 }, "busy", now, 8)).toEqual({
      status: "failed",
      lastError: "busy",
    });
  });

  it("hands out transactional mail first, one row to each worker, under a lease", async () => {
    const marketing = await queue(1);
    const confirmation = await queue(0);
    const now = new Date(Date.now() + 1000);
    const [first, second] = await Promise.all([claimNextEmail(t.db, now), claimNextEmail(t.db, now)]);
    expect(new Set([first?.id, second?.id])).toEqual(new Set([marketing.id, confirmation.id]));
    const again = await claimNextEmail(t.db, now);
    expect(again).toBeUndefined();
    const claimed = first?.id === confirmation.id ? first : second;
    expect(claimed).toMatchObject({ status: "sending", attempts: 1 });
    expect(claimed?.lockedUntil?.getTime()).toBe(now.getTime() + LEASE_MS);
  });

  it("ignores a settlement once the lease ran out and another worker took the row", async () => {
    await queue(0);
    const now = new Date(Date.now() + 1000);
    const mine = await claimNextEmail(t.db, now);
    const theirs = await claimNextEmail(t.db, new Date(now.getTime() + LEASE_MS + 1));
    expect(theirs).toMatchObject({ id: mine?.id, attempts: 2 });
    if (!mine || !theirs) throw new Error("unclaimed");
    await settleEmail(t.db, mine, { status: "sent", sentAt: now });
    const row = await t.db
      .selectFrom("emailQueue")
      .selectAll()
      .where("id", "=", mine.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "sending", attempts: 2 });
    await settleEmail(t.db, theirs, { status: "sent", sentAt: now });
    expect(
      await t.db
        .selectFrom("emailQueue")
        .select("status")
        .where("id", "=", mine.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: "sent" });
  });
});
