import { shopDay } from "@souls/core/format";
import { seedProducts } from "@souls/db";
import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import { inviteReviewers, submitReview } from "@souls/shop/reviews";
import { placeShippedOrder, reviewLinkToken, TEST_SECRET } from "@souls/shop/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "./errors";
import { errorShape, ownerCaller, trpcError } from "./testing";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await seedProducts(t.db);
});
afterAll(() => t.drop());

/** A buyer's review of `model`, written through her invitation's link; its id. */
async function writtenReview(model: string, email: string, title = "Une merveille") {
  const order = await placeShippedOrder(t.db, {
    model,
    details: { email },
    shippedAt: new Date(Date.now() - 11 * 86_400_000),
  });
  await inviteReviewers(t.db, { secret: TEST_SECRET });
  const token = reviewLinkToken(TEST_SECRET, "review", order.id);
  const outcome = await submitReview(t.db, {
    token,
    secret: TEST_SECRET,
    model,
    locale: "fr",
    review: {
      rating: 4,
      title,
      body: "Très belles finitions, le jacquard est superbe.",
      authorName: "Camille M.",
      experiencedOn: shopDay(),
      consent: "yes",
    },
  });
  if (!outcome.ok) throw new Error(`review refused: ${outcome.reason}`);
  const row = await t.db
    .selectFrom("reviews")
    .select("id")
    .where("orderId", "=", order.id)
    .executeTakeFirstOrThrow();
  return { id: row.id, token, order };
}

describe("the owner's moderation of reviews", () => {
  it("lists what waits, publishes it as written with her answer, and counts what is left", async () => {
    const caller = ownerCaller(t.db);
    const { id } = await writtenReview("nadia", "lina@example.org");
    expect(await caller.reviews.waiting()).toEqual({ waiting: 1 });
    const waiting = await caller.reviews.list({ status: "pending" });
    expect(waiting).toMatchObject({
      total: 1,
      counts: { pending: 1, published: 0, rejected: 0 },
      reviews: [{ id, status: "pending", title: "Une merveille", buyerEmail: "lina@example.org", saves: 1 }],
    });
    expect(typeof waiting.reviews[0]?.publishBy).toBe("string");
    const published = await caller.reviews.publish({ id, saves: 1, reply: "Merci Lina !" });
    expect(published).toMatchObject({ status: "published", reply: "Merci Lina !", publishBy: null });
    expect(typeof published.publishedAt).toBe("string");
    expect(await caller.reviews.waiting()).toEqual({ waiting: 0 });
    const again = await trpcError(caller.reviews.publish({ id, saves: 1 }));
    expect(again.code).toBe("CONFLICT");
    expect(again.message).toBe("Cet avis est déjà publié.");
  });

  it("refuses a review for a published reason and queues the buyer's e-mail; a changed review is read again first", async () => {
    const caller = ownerCaller(t.db);
    const { id, token } = await writtenReview("bilin", "nour@example.org", "Première version");
    await submitReview(t.db, {
      token,
      secret: TEST_SECRET,
      model: "bilin",
      locale: "fr",
      review: {
        rating: 2,
        title: "Seconde version",
        body: "Finalement la sangle est un peu courte pour moi.",
        authorName: "Nour",
        experiencedOn: shopDay(),
        consent: "yes",
      },
    });
    const stale = await trpcError(caller.reviews.reject({ id, saves: 1, reason: "off_topic" }));
    expect(stale.code).toBe("CONFLICT");
    expect(stale.message).toBe(MESSAGES.reviewChanged);
    const rejected = await caller.reviews.reject({ id, saves: 2, reason: "off_topic" });
    expect(rejected).toMatchObject({
      status: "rejected",
      rejectionReason: "off_topic",
      title: "Seconde version",
    });
    const mail = await t.db
      .selectFrom("emailQueue")
      .select(["recipient", "subject", "payload"])
      .where("type", "=", "review_rejected")
      .executeTakeFirstOrThrow();
    expect(mail).toMatchObject({
      recipient: "nour@example.org",
      subject: "Votre avis sur Bilin",
      payload: { reason: "off_topic", reviewTitle: "Seconde version", token },
    });
    const answer = await trpcError(caller.reviews.reply({ id, reply: "Merci" }));
    expect(answer.code).toBe("CONFLICT");
  });

  it("without a reason there is no refusal: the field's message says which to choose", async () => {
    const { id } = await writtenReview("ilian", "sara@example.org");
    const error = await trpcError(
      ownerCaller(t.db).reviews.reject({ id, saves: 1, reason: "negative" as "abusive" }),
    );
    expect(errorShape(error, "reviews.reject").data.zodError?.fieldErrors).toEqual({
      reason: [{ key: "admin:input.reviewReason", values: {} }],
    });
    expect(await t.db.selectFrom("reviews").select("status").where("id", "=", id).executeTakeFirst()).toEqual(
      {
        status: "pending",
      },
    );
  });

  it("deletes a review at its author's request, and says so when it is already gone", async () => {
    const caller = ownerCaller(t.db);
    const { id } = await writtenReview("aicha", "ines@example.org");
    expect(await caller.reviews.remove({ id })).toEqual({ deleted: true });
    const gone = await trpcError(caller.reviews.remove({ id }));
    expect(gone.code).toBe("NOT_FOUND");
    expect(gone.message).toMatch(/^Avis introuvable/);
  });
});
