import { describe, expect, it } from "vitest";
import { COMMON_PASSWORDS_TEXT } from "./common-passwords";
import { hashPassword, judgePassword, verifyPassword } from "./passwords";
import { deviceOf, networkOf } from "./people";

describe("a new password's verdict", () => {
  it("ships the 10,000 most common passwords, lowercase", () => {
    const list = COMMON_PASSWORDS_TEXT.split("\n");
    expect(list).toHaveLength(10_000);
    expect(new Set(list).size).toBe(10_000);
    expect(list.slice(0, 2)).toEqual(["123456", "password"]);
    expect(list.every((entry) => entry === entry.toLowerCase() && entry.length > 0)).toBe(true);
  });

  it.each([
    ["short", "too_short"],
    ["elevenchars", "too_short"],
    ["x".repeat(201), "too_long"],
    ["password1234", "common"],
    ["PASSWORD1234", "common"],
    ["qwertyuiop123", "common"],
    ["Souls2026!!!!", "common"],
    ["sacbanane2024", "common"],
    ["SacBanane-Souls-2024", "common"],
    ["soulssoulssouls", "common"],
    ["123456789012", "common"],
    ["abababababab", "common"],
    ["a quiet morning at the workshop", "ok"],
    ["Jacquard doré, fil d'or 7", "ok"],
  ] as const)("judges %j %s", (password, verdict) => {
    expect(judgePassword(password)).toBe(verdict);
  });
});

describe("stored passwords", () => {
  it("are salted scrypt keys, checked in constant time, never the password itself", async () => {
    const stored = await hashPassword("a quiet morning at the workshop");
    expect(stored).toMatch(/^scrypt\$[\w-]{22}\$[\w-]{43}$/);
    expect(stored).not.toContain("quiet");
    expect(await hashPassword("a quiet morning at the workshop")).not.toBe(stored);
    expect(await verifyPassword(stored, "a quiet morning at the workshop")).toBe(true);
    expect(await verifyPassword(stored, "a quiet morning at the workshop ")).toBe(false);
    expect(await verifyPassword("garbage", "anything")).toBe(false);
  });
});

describe("a session's place and device", () => {
  it.each([
    ["203.0.113.61", "203.0.113.0/24"],
    ["::ffff:198.51.100.7", "198.51.100.0/24"],
    ["2001:db8:85a3:8d3:1319:8a2e:370:7348", "2001:db8:85a3::/48"],
    ["2001:db8::1", "2001:db8:0::/48"],
    ["local", ""],
    ["999.1.1.1", ""],
  ])("places %s in the network %j, never in an invented city", (address, network) => {
    expect(networkOf(address)).toBe(network);
  });

  it.each([
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1",
      "iPhone · Safari",
    ],
    [
      "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36",
      "Android · Chrome",
    ],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 14.1; rv:121.0) Gecko/20100101 Firefox/121.0", "Mac · Firefox"],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120.0 Safari/537.36 Edg/120.0", "Windows · Edge"],
    ["curl/8.4.0", ""],
  ])("names the device of %s", (userAgent, device) => {
    expect(deviceOf(userAgent)).toBe(device);
  });
});
