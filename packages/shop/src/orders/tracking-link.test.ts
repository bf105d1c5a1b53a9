import type { Database } from "@souls/db";
import { seededTestDatabase, watchedPool } from "@souls/db/testing";
import { CamelCasePlugin, Kysely, PostgresDialect } from "kysely";
import { describe, expect, it } from "vitest";
import { TRACKING_LINK_LIMIT } from "../limits";
import { placeHeldOrder, placePaidOrder } from "../testing";
import { trackOrder } from "./tracking";
import {
  normalizeOrderNumber,
  requestTrackingLink,
  type TrackingLinkRequest,
  trackingLinkRequestSchema,
} from "./tracking-link";
import { hashTrackingToken } from "./tracking-token";

const t = seededTestDatabase();

const HOUR = 3600_000;
let clients = 0;
/** Each test asks from its own client, so one test's requests never use up another's allowance. */
const newClient = () => `finding-client-${++clients}`;

const ask = (request: Partial<TrackingLinkRequest> & Pick<TrackingLinkRequest, "orderNumber" | "email">) =>
  requestTrackingLink(t.db, { locale: "fr", clientHash: newClient(), ...request });

/** The tracking-link e-mails queued for an order, oldest first. */
const linksOf = (orderId: number) =>
  t.db
    .selectFrom("emailQueue")
    .select(["recipient", "locale", "subject", "payload", "priority"])
    .where("orderId", "=", orderId)
    .where("type", "=", "tracking_link")
    .orderBy("id")
    .execute();

const tokensOf = async (orderId: number) =>
  (await t.db.selectFrom("trackingTokens").select("id").where("orderId", "=", orderId).execute()).length;

const everyRow = async (table: "emailQueue" | "trackingTokens" | "trackingLinkRequests") =>
  (await t.db.selectFrom(table).selectAll().execute()).length;

describe("finding an order by its number and e-mail address", () => {
  it("sends the order's link to the order's own address, in the page's language, through the outbox", async () => {
    const paid = await placePaidOrder(t.db, { model: "nadia" });
    expect(await ask({ orderNumber: paid.orderNumber, email: "camille@example.org", locale: "en" })).toBe(
      "answered",
    );
    const [mail, ...more] = await linksOf(paid.id);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({
      recipient: "camille@example.org",
      locale: "en",
      subject: `The tracking link for your order ${paid.orderNumber}`,
      priority: 0,
      payload: { orderNumber: paid.orderNumber, customerName: "Camille Martin" },
    });
    // Its token opens the order; the database keeps only its hash.
    const token = String(mail?.payload.trackingToken);
    expect(token).not.toBe(paid.token);
    const opened = await trackOrder(t.db, { token, clientHash: newClient() });
    expect(opened.ok && opened.order.orderNumber).toBe(paid.orderNumber);
    const stored = await t.db
      .selectFrom("trackingTokens")
      .select("tokenHash")
      .where("orderId", "=", paid.id)
      .execute();
    expect(stored.map((row) => row.tokenHash)).toContain(hashTrackingToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    // The confirmation's link still opens it too.
    expect((await trackOrder(t.db, { token: paid.token, clientHash: newClient() })).ok).toBe(true);
  });

  it("finds the order whatever the case of the address and however the number is typed", async () => {
    const paid = await placePaidOrder(t.db, { details: { email: "Camille.Martin@Example.org" } });
    const typed = trackingLinkRequestSchema.parse({
      orderNumber: ` ${paid.orderNumber.toLowerCase().replace("souls-", "")} `,
      email: "  CAMILLE.martin@example.ORG ",
    });
    expect(typed.orderNumber).toBe(paid.orderNumber);
    expect(await ask(typed)).toBe("answered");
    const [mail] = await linksOf(paid.id);
    // Sent where the order says, never to what was typed.
    expect(mail?.recipient).toBe("Camille.Martin@Example.org");
  });

  it("sends nothing for a wrong address, a wrong number or an order never paid, and answers the same", async () => {
    const paid = await placePaidOrder(t.db);
    const unpaid = await placeHeldOrder(t.db);
    const before = {
      emails: await everyRow("emailQueue"),
      tokens: await everyRow("trackingTokens"),
    };
    for (const request of [
      { orderNumber: paid.orderNumber, email: "someone@example.org" },
      { orderNumber: paid.orderNumber, email: "camille@example.org.evil.example" },
      { orderNumber: "SOULS-000000AAAA", email: "camille@example.org" },
      { orderNumber: unpaid.orderNumber, email: "camille@example.org" },
    ]) {
      expect(await ask(request)).toBe("answered");
    }
    expect(await everyRow("emailQueue")).toBe(before.emails);
    expect(await everyRow("trackingTokens")).toBe(before.tokens);
    // Each request is recorded, for the client's allowance, with no order.
    const recorded = await t.db
      .selectFrom("trackingLinkRequests")
      .select("orderId")
      .orderBy("id", "desc")
      .limit(4)
      .execute();
    expect(recorded).toEqual([{ orderId: null }, { orderId: null }, { orderId: null }, { orderId: null }]);
  });

  it(`answers ${TRACKING_LINK_LIMIT.perShopPerHour} requests an hour shop-wide, from every client: a crowd of addresses is no mail cannon`, async () => {
    const paid = await placePaidOrder(t.db);
    const at = new Date(Date.now() + 40 * 24 * HOUR);
    const crowd = Array.from({ length: TRACKING_LINK_LIMIT.perShopPerHour }, (_, i) => ({
      clientHash: `crowd-${i}`,
      createdAt: new Date(at.getTime() - 30 * 60_000),
    }));
    await t.db.insertInto("trackingLinkRequests").values(crowd).execute();
    try {
      const right = { orderNumber: paid.orderNumber, email: "camille@example.org", locale: "fr" as const };
      const sentBefore = (await linksOf(paid.id)).length;
      const requestsBefore = await everyRow("trackingLinkRequests");
      expect(await requestTrackingLink(t.db, { ...right, clientHash: newClient(), now: at })).toBe("busy");
      expect((await linksOf(paid.id)).length).toBe(sentBefore);
      expect(await everyRow("trackingLinkRequests")).toBe(requestsBefore);
      // Once the crowd's hour is over, the shop answers again.
      const later = new Date(at.getTime() + 31 * 60_000);
      expect(await requestTrackingLink(t.db, { ...right, clientHash: newClient(), now: later })).toBe(
        "answered",
      );
    } finally {
      await t.db
        .deleteFrom("trackingLinkRequests")
        .where("createdAt", ">", new Date(Date.now() + HOUR))
        .execute();
    }
  });

  it(`lets one client make ${TRACKING_LINK_LIMIT.perClientPerHour} requests an hour, matching or not, counted one at a time`, async () => {
    const paid = await placePaidOrder(t.db);
    const client = newClient();
    const start = new Date();
    const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        requestTrackingLink(t.db, {
          orderNumber: paid.orderNumber,
          email: i % 2 === 0 ? "camille@example.org" : `stranger-${i}@example.org`,
          locale: "fr",
          clientHash: client,
          now: at(1),
        }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === "answered")).toHaveLength(
      TRACKING_LINK_LIMIT.perClientPerHour,
    );
    const recorded = await t.db
      .selectFrom("trackingLinkRequests")
      .select("id")
      .where("clientHash", "=", client)
      .execute();
    expect(recorded).toHaveLength(TRACKING_LINK_LIMIT.perClientPerHour);
    // Refused ones write nothing, the right pair included; another client is not concerned.
    const right = { orderNumber: paid.orderNumber, email: "camille@example.org", locale: "fr" as const };
    const sentBefore = (await linksOf(paid.id)).length;
    expect(await requestTrackingLink(t.db, { ...right, clientHash: client, now: at(30) })).toBe(
      "rate_limited",
    );
    expect((await linksOf(paid.id)).length).toBe(sentBefore);
    expect(await requestTrackingLink(t.db, { ...right, clientHash: newClient(), now: at(30) })).toBe(
      "answered",
    );
    // An hour after, the client may ask again.
    expect(await requestTrackingLink(t.db, { ...right, clientHash: client, now: at(62) })).toBe("answered");
  });

  it(`sends one order at most ${TRACKING_LINK_LIMIT.perOrderPerDay} links a day, whoever asks, without saying so`, async () => {
    const paid = await placePaidOrder(t.db);
    const start = new Date();
    const right = { orderNumber: paid.orderNumber, email: "camille@example.org" };
    for (let i = 0; i < TRACKING_LINK_LIMIT.perOrderPerDay + 2; i++) {
      expect(await ask({ ...right, now: new Date(start.getTime() + i * HOUR) })).toBe("answered");
    }
    expect(await linksOf(paid.id)).toHaveLength(TRACKING_LINK_LIMIT.perOrderPerDay);
    // One token per e-mail: the confirmation's, then one per link sent.
    expect(await tokensOf(paid.id)).toBe(1 + TRACKING_LINK_LIMIT.perOrderPerDay);
    // A day after the first, a link goes out again.
    expect(await ask({ ...right, now: new Date(start.getTime() + 24 * HOUR + 60_000) })).toBe("answered");
    expect(await linksOf(paid.id)).toHaveLength(TRACKING_LINK_LIMIT.perOrderPerDay + 1);
  });

  it("runs the very same statements whether an order matches, does not, or was sent enough links", async () => {
    const paid = await placePaidOrder(t.db);
    const statements: string[] = [];
    const watched = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: watchedPool(t.url, 1) }),
      plugins: [new CamelCasePlugin()],
      log: (event) => {
        if (event.level === "query") statements.push(event.query.sql);
      },
    });
    const run = async (email: string) => {
      statements.length = 0;
      const outcome = await requestTrackingLink(watched, {
        orderNumber: paid.orderNumber,
        email,
        locale: "fr",
        clientHash: newClient(),
      });
      return { outcome, statements: [...statements] };
    };
    try {
      const match = await run("camille@example.org");
      const miss = await run("stranger@example.org");
      expect(await linksOf(paid.id)).toHaveLength(1);
      expect(match.statements.length).toBeGreaterThan(3);
      expect(miss).toEqual(match);
      for (let i = 1; i < TRACKING_LINK_LIMIT.perOrderPerDay; i++) await run("camille@example.org");
      const enough = await run("camille@example.org");
      expect(await linksOf(paid.id)).toHaveLength(TRACKING_LINK_LIMIT.perOrderPerDay);
      expect(enough).toEqual(match);
    } finally {
      await watched.destroy();
    }
  });
});

describe("the find-my-order form", () => {
  const messageOf = (input: unknown) => {
    const result = trackingLinkRequestSchema.safeParse(input);
    return result.success ? "ok" : result.error.issues.map((issue) => issue.message).join(" ");
  };

  it("reads an order number as a shopper may type it", () => {
    for (const typed of [
      "SOULS-068887ATP6",
      "souls-068887atp6",
      " SOULS 068887 ATP6 ",
      "068887ATP6",
      "SOULS068887ATP6",
      "SOULS-O68887ATP6",
      "souls-o6888latp6",
    ]) {
      expect(normalizeOrderNumber(typed), typed).toBe(
        typed === "souls-o6888latp6" ? "SOULS-068881ATP6" : "SOULS-068887ATP6",
      );
    }
    // An O among the last four is a letter there.
    expect(normalizeOrderNumber("SOULS-123456OOI0")).toBe("SOULS-123456OOI0");
  });

  it("gives each field its message", () => {
    const email = "camille@example.org";
    expect(messageOf({ orderNumber: "SOULS-068887ATP6", email })).toBe("ok");
    expect(messageOf({ orderNumber: "  ", email })).toBe("orderNumberRequired");
    expect(messageOf({ email })).toBe("orderNumberRequired");
    for (const orderNumber of ["SOULS-12345", "ORDER-068887ATP6", "x".repeat(41), "SOULS-068887ATP6\u0000"]) {
      expect(messageOf({ orderNumber, email }), orderNumber).toBe("orderNumber");
    }
    expect(messageOf({ orderNumber: "SOULS-068887ATP6", email: " " })).toBe("emailRequired");
    expect(messageOf({ orderNumber: "SOULS-068887ATP6", email: ["a@b.co"] })).toBe("emailRequired");
    for (const bad of [
      "camille",
      `${"a".repeat(250)}@example.org`,
      "ca\u0000mille@example.org",
      "\ud800@x.co",
    ]) {
      expect(messageOf({ orderNumber: "SOULS-068887ATP6", email: bad }), bad).toBe("email");
    }
  });
});
