/**
 * Her access on real PostgreSQL (decision 043): the role of a helper refused on every procedure it
 * lacks, a password change ending every other session, weak passwords refused, the environment's
 * password ignored once one is stored, a removed helper's sessions ended, her actions named.
 */
import { MAX_HELPERS, mayCall } from "@souls/core/admin-roles";
import { seedProducts } from "@souls/db";
import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import { type AdminSession, ensureOwner, findAdminSession, logIn } from "@souls/shop/admin";
import { placePaidOrder } from "@souls/shop/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "./errors";
import { createCaller } from "./router";
import {
  callPath,
  errorShape,
  helperContext,
  ownerContext,
  PROCEDURES,
  rowCounts,
  trpcError,
  WELL_FORMED_INPUTS,
} from "./testing";

const OWNER_PASSWORD = "the owner's first password, from the environment";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await seedProducts(t.db);
  await placePaidOrder(t.db);
  expect(await ensureOwner(t.db, OWNER_PASSWORD)).toBe("created");
});
afterAll(() => t.drop());

let clients = 0;
/** A login through the shop's own use case, from a new client each time (the limits stay out of the way). */
async function sessionOf(password: string, login = ""): Promise<{ id: string; session: AdminSession }> {
  clients += 1;
  const result = await logIn(t.db, {
    login,
    password,
    clientHash: `access-test-${clients}`,
    userAgent:
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile/15E148 Safari/604.1",
    network: "203.0.113.0/24",
  });
  if (!result.ok) throw new Error(`login refused: ${result.reason}`);
  const session = await findAdminSession(t.db, result.sessionId);
  if (!session) throw new Error("no session");
  return { id: result.sessionId, session };
}

const callerOf = (session: AdminSession, clientHash = "access-test-caller") =>
  createCaller(ownerContext(t.db, { admin: session, clientHash }));

describe.each(PROCEDURES.filter((p) => !mayCall("packing", p.path)))(
  "a helper who packs, on $path ($type)",
  ({ path }) => {
    it.each([
      ["a well-formed input", WELL_FORMED_INPUTS[path]],
      ["no input", undefined],
      ["a malformed input", { junk: "x".repeat(10_000) }],
    ])("is FORBIDDEN (403, in French) with %s, and writes nothing", async (_, input) => {
      const before = await rowCounts(t.db);
      const error = await trpcError(callPath(createCaller(helperContext(t.db)), path, input));
      expect(error.code).toBe("FORBIDDEN");
      expect(errorShape(error, path)).toMatchObject({
        message: MESSAGES.forbidden,
        data: { code: "FORBIDDEN", httpStatus: 403, zodError: null },
      });
      expect(await rowCounts(t.db)).toEqual(before);
    });
  },
);

describe("the map of the roles", () => {
  it("lets a helper see, prepare and ship orders, and keep her own access — nothing else", () => {
    const allowed = PROCEDURES.map((p) => p.path).filter((path) => mayCall("packing", path));
    expect(allowed.sort()).toEqual(
      [
        "access.changePassword",
        "access.endOtherSessions",
        "access.endSession",
        "access.me",
        "access.rename",
        "access.sessions",
        "carriers.active",
        "orders.attention",
        "orders.correctAddress",
        "orders.detail",
        "orders.list",
        "orders.markDelivered",
        "orders.markPrepared",
        "orders.markShipped",
      ].sort(),
    );
    // The owner may call every procedure.
    expect(PROCEDURES.every((p) => mayCall("owner", p.path))).toBe(true);
  });

  it("lets a helper call what her role allows (refused, if at all, for another reason than her role)", async () => {
    for (const path of PROCEDURES.map((p) => p.path).filter((p) => mayCall("packing", p))) {
      const outcome = await callPath(createCaller(helperContext(t.db)), path, WELL_FORMED_INPUTS[path]).then(
        () => null,
        (error: { code?: string }) => error.code,
      );
      expect(outcome, path).not.toBe("FORBIDDEN");
    }
  });
});

describe("her password", () => {
  it("is the environment's only for a shop that has none: afterwards that one is ignored", async () => {
    expect(await ensureOwner(t.db, "another password set in the environment later")).toBe("stored");
    expect(
      (await logIn(t.db, { password: "another password set in the environment later", clientHash: "env-1" }))
        .ok,
    ).toBe(false);
    expect((await logIn(t.db, { password: OWNER_PASSWORD, clientHash: "env-2" })).ok).toBe(true);
  });

  it("refuses a short or common new password, and a wrong old one, in French", async () => {
    const { session } = await sessionOf(OWNER_PASSWORD);
    const caller = callerOf(session, "weak-passwords");
    for (const [newPassword, message] of [
      ["short1", "Le nouveau mot de passe doit compter au moins 12 caractères."],
      ["password1234", /trop courant/],
      ["Souls2026!!!!", /trop courant/],
      ["SacBanane-Souls-2024", /trop courant/],
      ["111111111111111", /trop courant/],
    ] as const) {
      const error = await trpcError(
        caller.access.changePassword({ oldPassword: OWNER_PASSWORD, newPassword }),
      );
      expect(error.code, newPassword).toBe("BAD_REQUEST");
      expect(errorShape(error, "access.changePassword").message, newPassword).toMatch(message);
    }
    const wrong = await trpcError(
      caller.access.changePassword({
        oldPassword: "not her password",
        newPassword: "a quiet morning at the workshop",
      }),
    );
    expect(errorShape(wrong, "access.changePassword").message).toBe("Mot de passe actuel incorrect.");
  });

  it("ends every other session of hers when she changes it; the new one opens, the old one no longer", async () => {
    const phone = await sessionOf(OWNER_PASSWORD);
    const laptop = await sessionOf(OWNER_PASSWORD);
    const here = await sessionOf(OWNER_PASSWORD);
    const newPassword = "a quiet morning at the workshop";
    const result = await callerOf(here.session).access.changePassword({
      oldPassword: OWNER_PASSWORD,
      newPassword,
    });
    expect(result.endedSessions).toBeGreaterThanOrEqual(2);
    expect(await findAdminSession(t.db, phone.id)).toBeNull();
    expect(await findAdminSession(t.db, laptop.id)).toBeNull();
    expect(await findAdminSession(t.db, here.id)).not.toBeNull();
    expect((await logIn(t.db, { password: OWNER_PASSWORD, clientHash: "after-change-1" })).ok).toBe(false);
    expect((await logIn(t.db, { password: newPassword, clientHash: "after-change-2" })).ok).toBe(true);
    // Spaces are part of a password: never trimmed.
    expect((await logIn(t.db, { password: ` ${newPassword}`, clientHash: "after-change-3" })).ok).toBe(false);
    // Changed back for the other tests, through the same rule.
    await callerOf(here.session).access.changePassword({
      oldPassword: newPassword,
      newPassword: OWNER_PASSWORD,
    });
  });
});

describe("her sessions", () => {
  it("lists each with its device, network and last use, and ends one or all the others", async () => {
    const lost = await sessionOf(OWNER_PASSWORD);
    const other = await sessionOf(OWNER_PASSWORD);
    const here = await sessionOf(OWNER_PASSWORD);
    const caller = callerOf(here.session);
    const { sessions } = await caller.access.sessions();
    expect(sessions.find((s) => s.current)).toMatchObject({
      device: "iPhone · Safari",
      network: "203.0.113.0/24",
    });
    expect(sessions.length).toBeGreaterThanOrEqual(3);
    await caller.access.endSession({ id: lost.session.sessionIdHash });
    expect(await findAdminSession(t.db, lost.id)).toBeNull();
    expect(await findAdminSession(t.db, other.id)).not.toBeNull();
    // Another person's session, or one already ended, is not hers to end.
    expect((await trpcError(caller.access.endSession({ id: lost.session.sessionIdHash }))).code).toBe(
      "NOT_FOUND",
    );
    await caller.access.endOtherSessions();
    expect(await findAdminSession(t.db, other.id)).toBeNull();
    expect((await caller.access.sessions()).sessions).toHaveLength(1);
  });
});

describe("her helpers", () => {
  it("get a login of their own; their actions are named; removed, their sessions end", async () => {
    const { session: owner } = await sessionOf(OWNER_PASSWORD);
    const caller = callerOf(owner);
    // A helper's password is judged like hers; a login is given once.
    const weak = await trpcError(
      caller.access.addPerson({ name: "Inès", login: "ines", password: "soulssouls12" }),
    );
    expect(weak.code).toBe("BAD_REQUEST");
    await caller.access.addPerson({ name: "Inès", login: "ines", password: "a long passphrase for Ines" });
    const taken = await trpcError(
      caller.access.addPerson({ name: "Inès B.", login: "INES", password: "another long passphrase" }),
    );
    expect(errorShape(taken, "access.addPerson").message).toBe(
      "Cet identifiant est déjà celui d'une autre personne.",
    );

    const helper = await sessionOf("a long passphrase for Ines", "Ines");
    expect(helper.session).toMatchObject({ role: "packing", name: "Inès" });
    const helperCaller = callerOf(helper.session);
    // She ships an order: the order's history names her.
    const order = await placePaidOrder(t.db, { model: "nadia" });
    await helperCaller.orders.markShipped({
      orderNumber: order.orderNumber,
      carrier: "colissimo",
      trackingNumber: "6A12345678901",
    });
    const detail = await caller.orders.detail({ orderNumber: order.orderNumber });
    expect(detail.events.at(-1)).toMatchObject({ toStatus: "shipped", actor: "admin", actorName: "Inès" });
    // She cannot refund it.
    const refused = await trpcError(
      helperCaller.orders.cancel({ orderNumber: order.orderNumber, requestKey: "click-0000000000000009" }),
    );
    expect(refused.code).toBe("FORBIDDEN");
    // The owner's own actions are named too.
    const other = await placePaidOrder(t.db, { model: "nadia" });
    await caller.orders.markPrepared({ orderNumber: other.orderNumber });
    expect((await caller.orders.detail({ orderNumber: other.orderNumber })).events.at(-1)).toMatchObject({
      actorName: "Propriétaire",
    });

    const { people, history } = await caller.access.people();
    const ines = people.find((p) => p.login === "ines");
    expect(ines).toMatchObject({ name: "Inès", role: "packing", sessions: 1 });
    await caller.access.removePerson({ id: Number(ines?.id) });
    expect(await findAdminSession(t.db, helper.id)).toBeNull();
    expect(
      (await logIn(t.db, { login: "ines", password: "a long passphrase for Ines", clientHash: "gone" })).ok,
    ).toBe(false);
    expect(history.some((line) => line.kind === "helper_added" && line.personName === "Inès")).toBe(true);
    expect((await caller.access.people()).history[0]).toMatchObject({
      kind: "helper_removed",
      personName: "Inès",
      actorName: "Propriétaire",
    });
    // The owner's own access is never removed.
    const ownerId = Number(people.find((p) => p.role === "owner")?.id);
    expect((await trpcError(caller.access.removePerson({ id: ownerId }))).code).toBe("NOT_FOUND");
  });

  it(`are ${MAX_HELPERS} at most`, async () => {
    const { session: owner } = await sessionOf(OWNER_PASSWORD);
    const caller = callerOf(owner);
    const present = (await caller.access.people()).people.filter((p) => p.role !== "owner").length;
    for (let i = present; i < MAX_HELPERS; i++) {
      await caller.access.addPerson({
        name: `Aide ${i}`,
        login: `aide-${i}`,
        password: `a long passphrase number ${i}`,
      });
    }
    const error = await trpcError(
      caller.access.addPerson({
        name: "Une de trop",
        login: "de-trop",
        password: "a long passphrase too many",
      }),
    );
    expect(error.code).toBe("CONFLICT");
    expect(errorShape(error, "access.addPerson").message).toBe(
      `${MAX_HELPERS} accès au plus en plus du vôtre : retirez-en un d'abord.`,
    );
  });

  it("keep the login limits: a helper's wrong passwords block her client like anyone's", async () => {
    for (let i = 0; i < 5; i++) {
      expect(
        await logIn(t.db, { login: "aide-0", password: `guess-${i}`, clientHash: "helper-guesser" }),
      ).toMatchObject({
        reason: "wrong_password",
      });
    }
    expect(
      await logIn(t.db, {
        login: "aide-0",
        password: "a long passphrase number 0",
        clientHash: "helper-guesser",
      }),
    ).toEqual({ ok: false, reason: "blocked" });
  });
});

describe("her name", () => {
  it("is the one the histories give her actions, from her next one on", async () => {
    const before = await sessionOf(OWNER_PASSWORD);
    await callerOf(before.session).access.rename({ name: "Samia" });
    // Read again with her session, as the web app does on each request.
    const session = await findAdminSession(t.db, before.id);
    expect(session?.name).toBe("Samia");
    const order = await placePaidOrder(t.db, { model: "nadia" });
    const caller = callerOf(session as AdminSession);
    await caller.orders.markPrepared({ orderNumber: order.orderNumber });
    expect((await caller.orders.detail({ orderNumber: order.orderNumber })).events.at(-1)).toMatchObject({
      actorName: "Samia",
    });
    expect((await caller.access.people()).history[0]).toMatchObject({
      kind: "name_changed",
      personName: "Samia",
      actorName: "Propriétaire",
    });
  });
});
