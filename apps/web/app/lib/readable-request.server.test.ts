import { describe, expect, it } from "vitest";
import {
  collapsedSlashes,
  MAX_PATH_LENGTH,
  MAX_PATH_SEGMENTS,
  unreadableRequest,
} from "./readable-request.server";

const host = { host: "shop.example:3000" };
const notAPath = { status: 400, reason: "request target is not a path" };
const badForwardedHost = { status: 400, reason: "malformed X-Forwarded-Host" };

describe("what server.mjs refuses before the app reads a request", () => {
  it("lets through a path with any host name, IPv6 address or port a browser or proxy sends", () => {
    for (const url of ["/", "/en", "//", "///", "//@/", "//x:99999/", "/produit/sac-banane-aicha?photo=2"]) {
      expect(unreadableRequest("GET", url, host), url).toBeNull();
    }
    for (const value of [
      "localhost",
      "127.0.0.1:3210",
      "[::1]",
      "[::1]:3000",
      "souls_web:3000",
      "shop.example",
    ]) {
      expect(unreadableRequest("GET", "/", { host: value }), value).toBeNull();
    }
    expect(
      unreadableRequest("GET", "/", { ...host, "x-forwarded-host": "a.example, b.example:443" }),
    ).toBeNull();
    expect(unreadableRequest("GET", "/", {})).toBeNull();
  });

  it("answers only GET, HEAD and POST: OPTIONS *, TRACE and the rest are a 405", () => {
    for (const [method, url] of [
      ["OPTIONS", "*"],
      ["OPTIONS", "/"],
      ["TRACE", "/"],
      ["PUT", "/panier"],
      ["DELETE", "/admin-orders"],
      ["CONNECT", "/"],
      [undefined, "/"],
    ] as const) {
      expect(unreadableRequest(method, url, host)?.status, `${method} ${url}`).toBe(405);
    }
    for (const method of ["GET", "HEAD", "POST"]) expect(unreadableRequest(method, "/", host)).toBeNull();
  });

  it("refuses a target that is not a path (absolute-form, asterisk, empty)", () => {
    expect(unreadableRequest("GET", "http://evil/en", host)).toEqual(notAPath);
    expect(unreadableRequest("GET", "*", host)).toEqual(notAPath);
    expect(unreadableRequest("GET", "", host)).toEqual(notAPath);
    expect(unreadableRequest("GET", undefined, host)).toEqual(notAPath);
  });

  it("refuses a path longer than any of the shop's, which the router would take quadratic time over", () => {
    const tooLong = { status: 414, reason: "path longer than any of the shop's" };
    expect(unreadableRequest("GET", `/${"a/".repeat(7_000)}`, host)).toEqual(tooLong);
    expect(unreadableRequest("GET", `/${"/".repeat(15_000)}a`, host)).toEqual(tooLong);
    expect(unreadableRequest("GET", `/${"a".repeat(MAX_PATH_LENGTH)}`, host)).toEqual(tooLong);
    expect(unreadableRequest("GET", "/a".repeat(MAX_PATH_SEGMENTS + 1), host)).toEqual(tooLong);
    expect(unreadableRequest("GET", "/a".repeat(MAX_PATH_SEGMENTS), host)).toBeNull();
    expect(unreadableRequest("GET", `/suivi-commande?token=${"t".repeat(5_000)}`, host)).toBeNull();
  });

  it("refuses a Host or X-Forwarded-Host the app's URL would throw on", () => {
    for (const value of ["[::1", "a:99999", "a:0", "a b", "a/b", "a:", "x".repeat(300), "é.example"]) {
      expect(unreadableRequest("GET", "/", { host: value }), value).toEqual({
        status: 400,
        reason: "malformed Host",
      });
    }
    expect(unreadableRequest("GET", "/", { ...host, "x-forwarded-host": "ok.example, b:99999" })).toEqual(
      badForwardedHost,
    );
    expect(unreadableRequest("GET", "/", { ...host, "x-forwarded-host": ["ok.example", "[::1"] })).toEqual(
      badForwardedHost,
    );
  });
});

describe("a path with runs of slashes", () => {
  it("is sent to the same path with one slash each, its query kept, never to another host", () => {
    expect(collapsedSlashes("//")).toBe("/");
    expect(collapsedSlashes("///")).toBe("/");
    expect(collapsedSlashes("//@/")).toBe("/@/");
    expect(collapsedSlashes("//evil.example/x")).toBe("/evil.example/x");
    expect(collapsedSlashes("/en//product///aicha-fanny-pack?utm_source=a//b")).toBe(
      "/en/product/aicha-fanny-pack?utm_source=a//b",
    );
    expect(collapsedSlashes("/en/product/aicha-fanny-pack")).toBeNull();
    expect(collapsedSlashes("/?next=//evil")).toBeNull();
  });
});
