import { createCookie } from "@remix-run/node";
import { beforeEach, describe, expect, it, vi } from "vitest";

const previous = "the-secret-before-the-rotation-0123456789";
const current = "the-secret-after-the-rotation-9876543210";

beforeEach(() => {
  vi.resetModules();
  vi.stubEnv("DATABASE_URL", "postgres://shop@127.0.0.1:5432/souls");
  vi.stubEnv("NODE_ENV", "test");
  vi.stubEnv("SESSION_SECRET", current);
  vi.stubEnv("SESSION_SECRET_PREVIOUS", previous);
});

/** A cookie as a browser sends it back, signed with `secret`. */
async function sent(name: string, value: unknown, secret: string): Promise<string> {
  const setCookie = await createCookie(name, { secrets: [secret] }).serialize(value);
  return setCookie.slice(0, setCookie.indexOf(";"));
}
const request = (cookie: string) => new Request("http://shop.test/", { headers: { Cookie: cookie } });
const readWith = (secret: string, name: string, setCookie: string) =>
  createCookie(name, { secrets: [secret] }).parse(setCookie.slice(0, setCookie.indexOf(";")));

describe("the shop's cookies during a rotation of SESSION_SECRET", () => {
  it("still read the owner's session, the cart and the orders signed with the previous secret", async () => {
    const { adminCookie, cartCookie, ordersCookie } = await import("./cookies.server");
    const header = [
      await sent("admin_session", "owner-session-id", previous),
      await sent("cart", { lines: [{ model: "nadia", quantity: 1 }] }, previous),
      await sent("orders", ["SL-1234"], previous),
    ].join("; ");
    expect(await adminCookie.parse(header)).toBe("owner-session-id");
    expect(await cartCookie.parse(header)).toEqual({ lines: [{ model: "nadia", quantity: 1 }] });
    expect(await ordersCookie.parse(header)).toEqual(["SL-1234"]);
    // Everything new is signed with the current secret.
    const fresh = await adminCookie.serialize("new-session-id");
    expect(await readWith(current, "admin_session", fresh)).toBe("new-session-id");
    expect(await readWith(previous, "admin_session", fresh)).toBeNull();
  });

  it("sign them again with the current secret, unchanged, unless the response sets them itself", async () => {
    const { resignedCookies } = await import("./cookies.server");
    const old = request(
      [
        await sent("admin_session", "owner-session-id", previous),
        await sent("admin_device", "device-id-0123456789", previous),
        await sent("cart", { lines: [] }, current),
        await sent("orders", ["SL-1234"], previous),
      ].join("; "),
    );
    const answer = new Headers();
    answer.append("Set-Cookie", "orders=whatever; Path=/");
    const resigned = await resignedCookies(old, answer);
    expect(resigned.map((setCookie) => setCookie.slice(0, setCookie.indexOf("=")))).toEqual([
      "admin_session",
      "admin_device",
    ]);
    expect(await readWith(current, "admin_session", resigned[0] as string)).toBe("owner-session-id");
    expect(await readWith(current, "admin_device", resigned[1] as string)).toBe("device-id-0123456789");
    expect(resigned[0]).toMatch(/; HttpOnly; SameSite=Strict$/);
    // Cookies the current secret signed, forged ones and none at all: nothing to sign again.
    expect(await resignedCookies(request(await sent("cart", { lines: [] }, current)), new Headers())).toEqual(
      [],
    );
    const forged = await sent("admin_session", "forged", "someone-else's-secret-of-enough-length");
    expect(await resignedCookies(request(forged), new Headers())).toEqual([]);
    expect(await resignedCookies(new Request("http://shop.test/"), new Headers())).toEqual([]);
  });

  it("refuse the previous secret's cookies once it is gone", async () => {
    vi.stubEnv("SESSION_SECRET_PREVIOUS", undefined);
    const { adminCookie, resignedCookies } = await import("./cookies.server");
    const old = request(await sent("admin_session", "owner-session-id", previous));
    expect(await adminCookie.parse(old.headers.get("Cookie"))).toBeNull();
    expect(await resignedCookies(old, new Headers())).toEqual([]);
  });

  it("are signed again on the owner's next page and data request (entry.server)", async () => {
    const { handleDataRequest } = await import("../entry.server");
    const old = new Request("http://shop.test/admin/commandes.data", {
      headers: { Cookie: await sent("admin_session", "owner-session-id", previous) },
    });
    const response = await handleDataRequest(new Response("{}"), { request: old });
    const [resigned] = response.headers.getSetCookie();
    expect(await readWith(current, "admin_session", resigned as string)).toBe("owner-session-id");
  });
});
