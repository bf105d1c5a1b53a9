import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordSignup, signupSchema } from "./signups";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

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
  });
});
