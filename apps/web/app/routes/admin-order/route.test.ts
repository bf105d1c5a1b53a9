/**
 * An order's own page through its loader, on real PostgreSQL: the owner's session first (the
 * login page without it), and only an order number's shape (a 404 before any query otherwise).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { shopWithOwnerSession } from "~/lib/owner-session.testing";
import { ADMIN_PAGES, orderPath } from "~/screens";

const shop = shopWithOwnerSession();
let loader: (args: LoaderFunctionArgs) => Promise<unknown>;

beforeAll(async () => {
  ({ loader } = await import("./route"));
});

/** The loader's answer, or what it threw (a redirect, a 404). */
async function pageOf(orderNumber: string, cookie: string = shop.ownerCookie) {
  try {
    return await loader({
      request: new Request(`https://souls.example${orderPath(orderNumber)}`, {
        headers: cookie ? { Cookie: cookie } : {},
      }),
      params: { orderNumber },
      context: { socketAddress: "203.0.113.62" },
    });
  } catch (thrown) {
    return thrown;
  }
}

describe("an order's own page", () => {
  it("opens for the owner on an order number", async () => {
    expect(await pageOf("SOULS-123456ABCD")).toEqual({ orderNumber: "SOULS-123456ABCD" });
  });

  it("sends anyone without the owner's session to the login page, whatever the number", async () => {
    for (const orderNumber of ["SOULS-123456ABCD", "<script>"]) {
      const answer = (await pageOf(orderNumber, "")) as Response;
      expect(answer.status).toBe(302);
      expect(answer.headers.get("Location")).toBe(ADMIN_PAGES.home);
    }
  });

  it("is no page for a number of another shape", async () => {
    for (const orderNumber of ["<script>", "a b", "x".repeat(41), "", "SOULS-1/../../etc"]) {
      const answer = (await pageOf(orderNumber)) as Response;
      expect(answer.status, orderNumber).toBe(404);
      expect(answer.headers.get("Cache-Control")).toBe("no-store");
    }
  });
});
