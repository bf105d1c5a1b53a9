import { seededTestDatabase } from "@souls/db/testing";
import { describe, expect, it } from "vitest";
import { joinWaitlist, notifyRestockedWaitlists, recordSignup, signupSchema } from "./signups";

const t = seededTestDatabase();

describe("sign-ups", () => {
  it("stores an address once, whatever its case or spaces", async () => {
    expect(await recordSignup(t.db, { email: "Lina@Example.org", locale: "fr", source: "home" })).toBe(
      "created",
    );
    expect(await recordSignup(t.db, { email: " lina@example.org ", locale: "en", source: "product" })).toBe(
      "existing",
    );
    const rows = await t.db.selectFrom("signups").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: "lina@example.org", locale: "fr", source: "home", name: null });
  });

  it("fills in a name given on a later sign-up", async () => {
    await recordSignup(t.db, { email: "lina@example.org", name: "Lina", locale: "fr", source: "home" });
    const row = await t.db.selectFrom("signups").select("name").executeTakeFirstOrThrow();
    expect(row.name).toBe("Lina");
  });

  it("validates the address and says which message to show", () => {
    const messageOf = (input: unknown) => {
      const result = signupSchema.safeParse(input);
      return result.success ? "ok" : result.error.issues[0]?.message;
    };
    expect(messageOf({ email: "lina@example.org" })).toBe("ok");
    expect(messageOf({ email: "  " })).toBe("signup.errors.emailRequired");
    expect(messageOf({})).toBe("signup.errors.emailRequired");
    expect(messageOf({ email: "not-an-address" })).toBe("signup.errors.emailInvalid");
    expect(messageOf({ email: `${"a".repeat(250)}@example.org` })).toBe("signup.errors.emailInvalid");
    expect(messageOf({ email: ["a@b.co"] })).toBe("signup.errors.emailRequired");
    expect(messageOf({ email: "lina@example.org", name: "x".repeat(101) })).toBe("signup.errors.nameTooLong");
    expect(messageOf({ email: "lina@example.org", name: 42 })).toBe("signup.errors.nameInvalid");
    // Found by the fuzz suite: PostgreSQL cannot store NUL, and a lone surrogate is not text.
    expect(messageOf({ email: "lina@example.org", name: "Li\u0000na" })).toBe("signup.errors.nameInvalid");
    expect(messageOf({ email: "lina@example.org", name: "Li\ud800na" })).toBe("signup.errors.nameInvalid");
  });
});

describe("back-in-stock lists", () => {
  const setStock = (slug: string, stock: number, reserved = 0) =>
    t.db.updateTable("products").set({ stock, reserved }).where("slug", "=", slug).execute();
  const noticesFor = (recipient: string) =>
    t.db
      .selectFrom("emailQueue")
      .select(["locale", "subject", "payload"])
      .where("type", "=", "back_in_stock")
      .where("recipient", "=", recipient)
      .execute();

  it("sends one notice per waiting address when a sold-out model can be bought again", async () => {
    await setStock("ilian", 0);
    expect(await joinWaitlist(t.db, { email: "Nour@Example.org", locale: "en", model: "ilian" })).toBe(
      "created",
    );
    expect(await joinWaitlist(t.db, { email: "nour@example.org ", locale: "en", model: "ilian" })).toBe(
      "existing",
    );
    await joinWaitlist(t.db, { email: "ines@example.org", locale: "fr", model: "ilian" });
    // The same address may also be on the newsletter and wait for another model.
    await recordSignup(t.db, { email: "nour@example.org", locale: "en", source: "home" });
    await setStock("bilin", 0);
    await joinWaitlist(t.db, { email: "nour@example.org", locale: "en", model: "bilin" });

    // Still sold out (all held): nobody is told.
    await setStock("ilian", 2, 2);
    expect(await notifyRestockedWaitlists(t.db)).toBe(0);

    await setStock("ilian", 3, 2);
    const [first, second] = await Promise.all([
      notifyRestockedWaitlists(t.db),
      notifyRestockedWaitlists(t.db),
    ]);
    expect((first ?? 0) + (second ?? 0)).toBe(2);
    expect(await notifyRestockedWaitlists(t.db)).toBe(0);
    expect(await noticesFor("nour@example.org")).toEqual([
      { locale: "en", subject: "Ilian is back", payload: { model: "ilian", productName: "Ilian" } },
    ]);
    expect(await noticesFor("ines@example.org")).toMatchObject([
      { locale: "fr", subject: "Ilian est de retour" },
    ]);

    // Bilin's list waits for Bilin.
    await setStock("bilin", 1);
    expect(await notifyRestockedWaitlists(t.db)).toBe(1);
    expect(await noticesFor("nour@example.org")).toHaveLength(2);
  });

  it("waits again when an address signs up after a notice", async () => {
    await setStock("nadia", 0);
    await joinWaitlist(t.db, { email: "sami@example.org", locale: "fr", model: "nadia" });
    await setStock("nadia", 1);
    expect(await notifyRestockedWaitlists(t.db)).toBe(1);
    await setStock("nadia", 0);
    expect(await joinWaitlist(t.db, { email: "sami@example.org", locale: "fr", model: "nadia" })).toBe(
      "existing",
    );
    await setStock("nadia", 2);
    expect(await notifyRestockedWaitlists(t.db)).toBe(1);
    expect(await noticesFor("sami@example.org")).toHaveLength(2);
  });
});
