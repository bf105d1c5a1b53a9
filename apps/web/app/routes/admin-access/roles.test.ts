/**
 * Every admin route walked with a helper's session (decision 043): each page's loader and each
 * action answers 403 with the panel's French message where her role ("packing") does not reach,
 * and lets her through where it does — the orders, an order's page, its packing slip, her access.
 */
import { copy } from "@souls/api/admin-words";
import { addHelper } from "@souls/shop/admin";
import { beforeAll, describe, expect, it } from "vitest";
import { OWNER_ADDRESS, shopWithOwnerSession, TEST_ORIGIN } from "~/lib/owner-session.testing";
import { ADMIN_PAGES, mayOpen, PAPER_PATHS, paperPath, routeTable } from "~/screens";

const shop = shopWithOwnerSession();
const HELPER_PASSWORD = "a long passphrase for the helper";
let helperCookie = "";

type Handler = (args: { request: Request; params: Record<string, string>; context: object }) => unknown;
const modules = import.meta.glob<{ loader?: Handler; action?: Handler }>("/app/routes/*/route.{ts,tsx}");
const moduleOf = (module: string) => modules[`/app/${module}`];

/** The routes of the panel (its pages, exports, papers, uploads) with a sample address each. */
const SAMPLE_PARAMS: Record<string, string> = { id: "1", orderNumber: "SOULS-123456ABCD", paper: "facture" };
const adminRoutes = routeTable()
  .filter((route) => route.id.startsWith("admin"))
  .map((route) => ({
    ...route,
    url: route.path.replace(/:(\w+)/g, (_, name: string) => SAMPLE_PARAMS[name] ?? "1"),
    params: Object.fromEntries(
      [...route.path.matchAll(/:(\w+)/g)].map(([, name = ""]) => [name, SAMPLE_PARAMS[name] ?? "1"]),
    ),
  }));

beforeAll(async () => {
  // The owner gives her helper an access (her session read as the web app reads it).
  const { adminSession } = await import("~/lib/admin-session.server");
  const session = await adminSession(
    new Request(`${TEST_ORIGIN}/admin`, { headers: { Cookie: shop.ownerCookie } }),
  );
  if (!session) throw new Error("no owner session");
  await addHelper(shop.t.db, session, { name: "Inès", login: "ines", password: HELPER_PASSWORD });
  const admin = await import("~/routes/admin/route");
  const login = (await admin
    .action({
      request: new Request(`${TEST_ORIGIN}/admin`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "login", login: "ines", password: HELPER_PASSWORD }).toString(),
      }),
      params: {},
      context: { socketAddress: OWNER_ADDRESS },
    })
    .catch((thrown: unknown) => thrown)) as Response;
  helperCookie =
    login.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0] ?? "")
      .find((cookie) => cookie.startsWith("admin_session=")) ?? "";
  expect(helperCookie).not.toBe("");
});

/** The status a loader or action answered with, whether it returned or threw it. */
async function statusOf(outcome: Promise<unknown>): Promise<{ status: number; body: unknown }> {
  const answer = await outcome.catch((thrown: unknown) => thrown);
  if (answer instanceof Response) {
    const text = await answer.clone().text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {}
    return { status: answer.status, body };
  }
  const init = (answer as { init?: { status?: number } } | null)?.init;
  return { status: init?.status ?? 200, body: answer };
}

it("walks every admin route of the route table", () => {
  expect(adminRoutes.map((route) => route.id)).toEqual(
    expect.arrayContaining(["admin", "admin.orders", "admin.settings", "admin.access", "admin.orders.paper"]),
  );
  for (const route of adminRoutes) {
    expect(moduleOf(route.module), route.module).toBeDefined();
  }
});

describe.each(adminRoutes)("a helper who packs, on $id ($url)", (route) => {
  const allowed = mayOpen("packing", route.url);
  const load = async () => {
    const module = await moduleOf(route.module)?.();
    if (!module) throw new Error(`no module ${route.module}`);
    return module;
  };

  it(allowed ? "is let through by the loader" : "is refused (403) by the loader", async () => {
    const { loader } = await load();
    if (!loader) return;
    const answer = await statusOf(
      Promise.resolve().then(() =>
        loader({
          request: new Request(`${TEST_ORIGIN}${route.url}`, { headers: { Cookie: helperCookie } }),
          params: route.params,
          context: { socketAddress: OWNER_ADDRESS },
        }),
      ),
    );
    if (allowed) expect(answer.status).not.toBe(403);
    else if (answer.status === 405) {
      // An endpoint that takes posts only answers a GET so whoever asks (its action is walked below).
      expect(route.module).toMatch(/admin-(photos|guarantee-notice)/);
    } else {
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({
        forbidden: { title: copy.errors.forbiddenTitle, message: copy.errors.common.forbidden },
      });
    }
  });

  it(allowed ? "is let through by the action" : "is refused (403) by the action", async () => {
    const { action } = await load();
    if (!action) return;
    const form = new FormData();
    form.append("intent", "save");
    const answer = await statusOf(
      Promise.resolve().then(() =>
        action({
          request: new Request(`${TEST_ORIGIN}${route.url}`, {
            method: "POST",
            headers: { Cookie: helperCookie, Origin: TEST_ORIGIN },
            body: form,
          }),
          params: route.params,
          context: { socketAddress: OWNER_ADDRESS },
        }),
      ),
    );
    if (allowed) expect(answer.status).not.toBe(403);
    else expect(answer.status).toBe(403);
  });
});

it("lets her print a packing slip, never an invoice or a credit note", () => {
  expect(mayOpen("packing", paperPath("SOULS-123456ABCD", PAPER_PATHS.packingSlip))).toBe(true);
  expect(mayOpen("packing", paperPath("SOULS-123456ABCD", PAPER_PATHS.invoice))).toBe(false);
  expect(mayOpen("packing", paperPath("SOULS-123456ABCD", `${PAPER_PATHS.creditNote}AV-000001`))).toBe(false);
  expect(mayOpen("packing", ADMIN_PAGES.settings)).toBe(false);
  expect(mayOpen("packing", "/produit/aicha")).toBe(false);
  expect(mayOpen("owner", ADMIN_PAGES.settings)).toBe(true);
});
