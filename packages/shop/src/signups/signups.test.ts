import type { Database } from "@souls/db";
import { seededTestDatabase, watchedPool } from "@souls/db/testing";
import { CamelCasePlugin, Kysely, PostgresDialect, sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { joinWaitlistConfirmed, TEST_SECRET } from "../testing";
import {
  confirmSignup,
  joinWaitlist,
  notifyRestockedWaitlists,
  recordSignup,
  SIGNUP_LIMIT,
  signupSchema,
  unsubscribe,
} from "./signups";
import { readSignupToken, signupToken } from "./tokens";

const t = seededTestDatabase();
beforeEach(async () => {
  await t.db.deleteFrom("signups").execute();
  await t.db.deleteFrom("emailQueue").execute();
  await t.db.updateTable("products").set({ stock: 5, reserved: 0 }).execute();
});

const secret = TEST_SECRET;
const signUp = (email: string, clientHash = `client-${email}`, name?: string) =>
  recordSignup(t.db, { email, name, locale: "fr", source: "home", clientHash, secret });
const wait = (email: string, model: "aicha" | "nadia" | "bilin" | "ilian", clientHash = `client-${email}`) =>
  joinWaitlist(t.db, { email, locale: "en", model, clientHash, secret });
const setStock = (slug: string, stock: number, reserved = 0) =>
  t.db.updateTable("products").set({ stock, reserved }).where("slug", "=", slug).execute();
const mailTo = (recipient: string) =>
  t.db
    .selectFrom("emailQueue")
    .select(["type", "locale", "subject", "payload", "priority"])
    .where("recipient", "=", recipient)
    .orderBy("id")
    .execute();
const confirmationToken = async (recipient: string) => {
  const [confirmation] = (await mailTo(recipient)).filter((mail) => mail.type === "signup_confirmation");
  return String(confirmation?.payload.token);
};

describe("sign-ups (double opt-in)", () => {
  it("store an address once, unconfirmed, and send it one confirmation e-mail", async () => {
    expect(await signUp("Lina@Example.org")).toBe("created");
    expect(await signUp(" lina@example.org ", "another-client")).toBe("existing");
    const rows = await t.db.selectFrom("signups").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: "lina@example.org", source: "home", confirmedAt: null });
    const mail = await mailTo("lina@example.org");
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ type: "signup_confirmation", locale: "fr", priority: 0 });
    expect(mail[0]?.payload).toMatchObject({ list: "newsletter", model: null, productName: null });
  });

  it("keep the moment of confirmation as the proof of consent; a link works once and for 48 hours", async () => {
    const signedUpAt = new Date("2026-11-23T10:00:00Z");
    await recordSignup(t.db, {
      email: "nour@example.org",
      locale: "en",
      source: "newsletter",
      clientHash: "c",
      secret,
      now: signedUpAt,
    });
    const token = await confirmationToken("nour@example.org");
    const late = new Date(signedUpAt.getTime() + 48 * 3600_000 + 1000);
    expect(await confirmSignup(t.db, { token, secret, now: late })).toBe("expired");
    const inTime = new Date(signedUpAt.getTime() + 47 * 3600_000);
    expect(await confirmSignup(t.db, { token, secret, now: inTime })).toBe("confirmed");
    expect(await confirmSignup(t.db, { token, secret, now: inTime })).toBe("already_confirmed");
    const row = await t.db.selectFrom("signups").select("confirmedAt").executeTakeFirstOrThrow();
    expect(row.confirmedAt).toEqual(inTime);
  });

  it("refuse forged, tampered and foreign tokens", async () => {
    await signUp("lina@example.org");
    const token = await confirmationToken("lina@example.org");
    const [, id] = token.split(".");
    expect(
      await confirmSignup(t.db, { token, secret: "another-secret-of-enough-length-000", now: new Date() }),
    ).toBe("invalid");
    expect(
      await confirmSignup(t.db, { token: token.replace(`.${id}.`, `.${Number(id) + 1}.`), secret }),
    ).toBe("invalid");
    expect(await confirmSignup(t.db, { token: signupToken(secret, "unsubscribe", Number(id)), secret })).toBe(
      "invalid",
    );
    for (const garbage of [undefined, 42, "", "c.1.2.x", "x".repeat(5000), ["c"]]) {
      expect(await confirmSignup(t.db, { token: garbage, secret })).toBe("invalid");
    }
    expect(readSignupToken(secret, "confirm", token).ok).toBe(true);
  });

  it("let one client sign up only 5 addresses an hour, even all at once", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signUp(`stranger${i}@example.org`, "one-script")),
    );
    expect(results.filter((r) => r === "created")).toHaveLength(SIGNUP_LIMIT.perClientPerHour);
    expect(results.filter((r) => r === "rate_limited")).toHaveLength(20 - SIGNUP_LIMIT.perClientPerHour);
    const sent = await t.db.selectFrom("emailQueue").select("id").execute();
    expect(sent).toHaveLength(SIGNUP_LIMIT.perClientPerHour);
    // Another client is not affected; an hour later the first may sign up again.
    expect(await signUp("someone@example.org", "another")).toBe("created");
    await sql`UPDATE signup_attempts SET created_at = now() - interval '61 minutes' WHERE client_hash = 'one-script'`.execute(
      t.db,
    );
    expect(await signUp("later@example.org", "one-script")).toBe("created");
  });

  it("count a known address like a new one: the allowance cannot tell who is subscribed", async () => {
    expect(await signUp("known@example.org", "the-owner")).toBe("created");
    // A script probing the known address spends the allowance exactly as new addresses would.
    for (let i = 0; i < SIGNUP_LIMIT.perClientPerHour; i++) {
      expect(await signUp("known@example.org", "a-prober")).toBe("existing");
    }
    expect(await signUp("new@example.org", "a-prober")).toBe("rate_limited");
    await setStock("bilin", 0);
    expect(await wait("waiting@example.org", "bilin", "another-prober")).toBe("created");
    for (let i = 1; i < SIGNUP_LIMIT.perClientPerHour; i++) {
      expect(await wait("waiting@example.org", "bilin", "another-prober")).toBe("existing");
    }
    expect(await wait("someone-else@example.org", "bilin", "another-prober")).toBe("rate_limited");
    expect(await mailTo("new@example.org")).toEqual([]);
    expect(await mailTo("known@example.org")).toHaveLength(1);
  });

  it("run the very same statements for a known address as for a new one", async () => {
    await setStock("aicha", 0);
    const statements: string[] = [];
    const watched = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: watchedPool(t.url, 1) }),
      plugins: [new CamelCasePlugin()],
      log: (event) => {
        if (event.level === "query") statements.push(event.query.sql);
      },
    });
    const run = async (attempt: () => Promise<unknown>) => {
      statements.length = 0;
      await attempt();
      return [...statements];
    };
    try {
      for (const attempt of [
        (client: string) =>
          recordSignup(watched, {
            email: "ana@example.org",
            locale: "fr",
            source: "home",
            clientHash: client,
            secret,
          }),
        (client: string) =>
          joinWaitlist(watched, {
            email: "ana@example.org",
            locale: "fr",
            model: "aicha",
            clientHash: client,
            secret,
          }),
      ]) {
        const asNew = await run(() => attempt("first"));
        const asKnown = await run(() => attempt("second"));
        expect(asNew.length).toBeGreaterThan(3);
        expect(asKnown).toEqual(asNew);
      }
    } finally {
      await watched.destroy();
    }
    expect(await mailTo("ana@example.org")).toHaveLength(2);
  });

  it("validate the address and say which message to show", () => {
    const messageOf = (input: unknown) => {
      const result = signupSchema.safeParse(input);
      return result.success ? "ok" : result.error.issues[0]?.message;
    };
    expect(messageOf({ email: "lina@example.org" })).toBe("ok");
    expect(messageOf({ email: "  " })).toBe("emailRequired");
    expect(messageOf({})).toBe("emailRequired");
    expect(messageOf({ email: "not-an-address" })).toBe("emailInvalid");
    expect(messageOf({ email: `${"a".repeat(250)}@example.org` })).toBe("emailInvalid");
    expect(messageOf({ email: ["a@b.co"] })).toBe("emailRequired");
    expect(messageOf({ email: "lina@example.org", name: "x".repeat(101) })).toBe("nameTooLong");
    expect(messageOf({ email: "lina@example.org", name: 42 })).toBe("nameInvalid");
    // Found by the fuzz suite: PostgreSQL cannot store NUL, and a lone surrogate is not text.
    expect(messageOf({ email: "lina@example.org", name: "Li\u0000na" })).toBe("nameInvalid");
    expect(messageOf({ email: "lina@example.org", name: "Li\ud800na" })).toBe("nameInvalid");
  });
});

describe("back-in-stock lists", () => {
  const noticesFor = async (recipient: string) =>
    (await mailTo(recipient)).filter((mail) => mail.type === "back_in_stock");

  it("exist only for a sold-out model", async () => {
    expect(await wait("nour@example.org", "ilian")).toBe("available");
    await setStock("ilian", 2, 2);
    expect(await wait("nour@example.org", "ilian")).toBe("created");
    expect(await mailTo("nour@example.org")).toMatchObject([
      { type: "signup_confirmation", payload: { list: "waitlist", model: "ilian", productName: "Ilian" } },
    ]);
  });

  it("send one notice per confirmed address when the model can be bought again, never to unconfirmed ones", async () => {
    await setStock("ilian", 0);
    await joinWaitlistConfirmed(t.db, { email: "Nour@Example.org", locale: "en", model: "ilian" });
    await joinWaitlistConfirmed(t.db, { email: "ines@example.org", locale: "fr", model: "ilian" });
    // The attack: a stranger's address typed by someone else is never confirmed, never mailed.
    expect(await wait("stranger@example.org", "ilian")).toBe("created");
    // Signing up again while waiting changes nothing: no second confirmation, no reset.
    expect(await wait("nour@example.org", "ilian")).toBe("existing");
    await setStock("bilin", 0);
    await joinWaitlistConfirmed(t.db, { email: "nour@example.org", locale: "en", model: "bilin" });

    // Still sold out (all held): nobody is told.
    await setStock("ilian", 2, 2);
    expect(await notifyRestockedWaitlists(t.db, secret)).toBe(0);

    await setStock("ilian", 3, 2);
    const [first, second] = await Promise.all([
      notifyRestockedWaitlists(t.db, secret),
      notifyRestockedWaitlists(t.db, secret),
    ]);
    expect((first ?? 0) + (second ?? 0)).toBe(2);
    expect(await notifyRestockedWaitlists(t.db, secret)).toBe(0);
    const [notice] = await noticesFor("nour@example.org");
    expect(notice).toMatchObject({
      locale: "en",
      subject: "Ilian is back",
      payload: { model: "ilian", productName: "Ilian" },
      priority: 1,
    });
    expect(readSignupToken(secret, "unsubscribe", notice?.payload.unsubscribeToken).ok).toBe(true);
    expect(await noticesFor("ines@example.org")).toMatchObject([
      { locale: "fr", subject: "Ilian est de retour" },
    ]);
    expect(await noticesFor("stranger@example.org")).toEqual([]);

    // Bilin's list waits for Bilin.
    await setStock("bilin", 1);
    expect(await notifyRestockedWaitlists(t.db, secret)).toBe(1);
    expect(await noticesFor("nour@example.org")).toHaveLength(2);
  });

  it("ask for a new confirmation when an address signs up again after its notice", async () => {
    await setStock("nadia", 0);
    await joinWaitlistConfirmed(t.db, { email: "sami@example.org", locale: "fr", model: "nadia" });
    await setStock("nadia", 1);
    expect(await notifyRestockedWaitlists(t.db, secret)).toBe(1);
    await setStock("nadia", 0);
    expect(await wait("sami@example.org", "nadia")).toBe("created");
    await setStock("nadia", 2);
    // Not confirmed again: no second notice.
    expect(await notifyRestockedWaitlists(t.db, secret)).toBe(0);
    expect(await noticesFor("sami@example.org")).toHaveLength(1);
  });
});

describe("one-click unsubscribe", () => {
  it("deletes every sign-up of the address, and a second click is still a success", async () => {
    await setStock("aicha", 0);
    await joinWaitlistConfirmed(t.db, { email: "lina@example.org", locale: "fr", model: "aicha" });
    await signUp("lina@example.org");
    await signUp("other@example.org");
    await setStock("aicha", 1);
    await notifyRestockedWaitlists(t.db, secret);
    const [notice] = (await mailTo("lina@example.org")).filter((mail) => mail.type === "back_in_stock");
    const token = notice?.payload.unsubscribeToken;
    expect(await unsubscribe(t.db, { token, secret })).toBe("unsubscribed");
    expect(await unsubscribe(t.db, { token, secret })).toBe("unsubscribed");
    const left = await t.db.selectFrom("signups").select("email").execute();
    expect(left).toEqual([{ email: "other@example.org" }]);
    expect(await unsubscribe(t.db, { token: "u.1.0.forged", secret })).toBe("invalid");
  });
});
