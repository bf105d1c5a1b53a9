import type { ChildProcess } from "node:child_process";
import { expect, test } from "./fixtures";
import { rawRequest, startServer } from "./servers";

// Runs in the js-on project only: the attacks of docs/security.md §10–§12, replayed by a script
// against the production build, each server of its own so that a regression cannot take the
// suite's server down with it.

const PRODUCT = "/produit/sac-banane-aicha";
const request = (target: string, headers = "Host: 127.0.0.1\r\n", method = "GET") =>
  `${method} ${target} HTTP/1.1\r\n${headers}Connection: close\r\n\r\n`;

test.describe("a freshly started shop, attacked", () => {
  test.describe.configure({ mode: "default" });
  let shop: { origin: string; server: ChildProcess };

  test.beforeAll(async () => {
    shop = await startServer({ NODE_ENV: "production", TRUST_PROXY_HOPS: "1" });
  });
  test.afterAll(() => {
    shop?.server.kill("SIGTERM");
  });

  test("no request line, path or host ends the process: each gets its answer and the shop serves on", async () => {
    const answers: Record<string, number> = {};
    for (const [name, head] of [
      ["GET //", request("//")],
      ["HEAD //", request("//", undefined, "HEAD")],
      ["GET ///", request("///")],
      ["GET //@/", request("//@/")],
      ["GET //x:99999/", request("//x:99999/")],
      ["GET 15,000 slashes", request(`/${"/".repeat(15_000)}a`)],
      ["GET 7,000 segments", request(`/${"a/".repeat(7_000)}`)],
      ["GET absolute-form", request("http://evil/en")],
      ["GET *", request("*")],
      ["Host: [::1", request("/en", "Host: [::1\r\n")],
      ["Host: a:99999", request("/en", "Host: a:99999\r\n")],
      ["X-Forwarded-Host: a:99999", request("/en", "Host: 127.0.0.1\r\nX-Forwarded-Host: a:99999\r\n")],
      ["a malformed escape", request("/%E0%A4%A")],
    ] as const) {
      answers[name] = (await rawRequest(shop.origin, head)).status;
      expect(shop.server.exitCode, `the server exited after ${name}`).toBeNull();
    }
    expect(answers).toEqual({
      // The same path with one slash: never the page of another host.
      "GET //": 301,
      "HEAD //": 301,
      "GET ///": 301,
      "GET //@/": 301,
      "GET //x:99999/": 301,
      // Longer than any of the shop's paths: the router's work grows with their square.
      "GET 15,000 slashes": 414,
      "GET 7,000 segments": 414,
      "GET absolute-form": 400,
      "GET *": 400,
      "Host: [::1": 400,
      "Host: a:99999": 400,
      "X-Forwarded-Host: a:99999": 400,
      "a malformed escape": 400,
    });
    expect((await fetch(`${shop.origin}/livez`)).status).toBe(200);
    const home = await fetch(`${shop.origin}//`, { redirect: "manual" });
    expect(home.headers.get("location")).toBe("/");
  });

  test("the header that froze the server is read in one bounded pass: the page comes uncompressed", async () => {
    // The page as every visitor finds it: kept (the first request renders it, a later one finds it).
    await expect
      .poll(async () => (await fetch(`${shop.origin}${PRODUCT}`)).headers.get("x-page-cache"))
      .toBe("hit");
    // Raw bytes: fetch would trim the header's spaces. Sixty at once, as in the attack: every one
    // answered from the kept page, none compressed.
    const hostile = request(PRODUCT, `Host: 127.0.0.1\r\nAccept-Encoding: br${" ".repeat(16_000)};x\r\n`);
    const answers = await Promise.all(Array.from({ length: 60 }, () => rawRequest(shop.origin, hostile)));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.headers["x-page-cache"]).toBe("hit");
      expect(answer.headers["content-encoding"]).toBeUndefined();
    }
    const usual = await fetch(`${shop.origin}${PRODUCT}`, { headers: { "Accept-Encoding": "gzip, br" } });
    expect(usual.headers.get("content-encoding")).toBe("br");
    expect(shop.server.exitCode).toBeNull();
  });

  test("a shopper's cart is never kept for every visitor, however its cookie is written", async () => {
    const added = await fetch(`${shop.origin}/produit/sac-banane-nadia`, {
      method: "POST",
      body: new URLSearchParams({ intent: "add", model: "nadia" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": "10.220.0.1" },
      redirect: "manual",
    });
    expect(added.status).toBe(200);
    const value = added.headers
      .getSetCookie()
      .map((line) => line.split(";")[0] ?? "")
      .find((pair) => pair.startsWith("cart="))
      ?.slice("cart=".length);
    expect(value).toBeTruthy();

    const everyone = () => fetch(`${shop.origin}${PRODUCT}`, { headers: { "Accept-Encoding": "identity" } });
    for (const cookie of [`cart =${value}`, `cart\t=${value}`, ` cart= ${value}`, `x=1;cart =${value}`]) {
      const hers = await fetch(`${shop.origin}${PRODUCT}`, { headers: { Cookie: cookie } });
      expect(await hers.text(), cookie).toContain("Panier, 1 article");
      expect(hers.headers.get("x-page-cache"), cookie).toBeNull();
      for (const visitor of [await everyone(), await everyone()]) {
        expect(await visitor.text(), cookie).not.toContain("Panier, 1 article");
      }
    }
    // The visitors' page was kept and served from memory: the cache works, it kept nothing of hers.
    expect((await everyone()).headers.get("x-page-cache")).toBe("hit");
  });
});
