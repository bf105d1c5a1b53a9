import { beforeEach, describe, expect, it, vi } from "vitest";

beforeEach(() => {
  vi.resetModules();
  vi.stubEnv("DATABASE_URL", "postgres://shop@127.0.0.1:5432/souls");
});

const request = (forwardedFor?: string) =>
  new Request("http://shop.test/suivi-commande", {
    headers: forwardedFor ? { "X-Forwarded-For": forwardedFor } : {},
  });

describe("the client's address", () => {
  it("is the connection's own when no proxy is trusted, whatever the headers claim", async () => {
    vi.stubEnv("TRUST_PROXY_HOPS", "0");
    const { clientAddress } = await import("./client.server");
    expect(clientAddress(request("1.2.3.4"), { socketAddress: "203.0.113.9" })).toBe("203.0.113.9");
  });

  it("is the entry the trusted proxy appended, not one the client wrote before it", async () => {
    vi.stubEnv("TRUST_PROXY_HOPS", "1");
    const { clientAddress } = await import("./client.server");
    const context = { socketAddress: "10.0.0.2" };
    expect(clientAddress(request("198.51.100.7"), context)).toBe("198.51.100.7");
    expect(clientAddress(request("6.6.6.6, 198.51.100.7"), context)).toBe("198.51.100.7");
    // A missing or garbled header falls back to the connection.
    expect(clientAddress(request(), context)).toBe("10.0.0.2");
    expect(clientAddress(request("not-an-ip"), context)).toBe("10.0.0.2");
  });

  it("is stored only as a keyed hash", async () => {
    const { clientHash } = await import("./client.server");
    const hash = clientHash(request(), { socketAddress: "203.0.113.9" });
    expect(hash).not.toContain("203.0.113.9");
    expect(hash).toBe(clientHash(request(), { socketAddress: "203.0.113.9" }));
    expect(hash).not.toBe(clientHash(request(), { socketAddress: "203.0.113.10" }));
  });

  it("is an IPv6 address's /64: one host cannot be a crowd by walking its own block", async () => {
    const { clientHash } = await import("./client.server");
    const of = (socketAddress: string) => clientHash(request(), { socketAddress });
    expect(of("2001:db8:1:2::1")).toBe(of("2001:db8:1:2:ffff:ffff:ffff:fffe"));
    expect(of("2001:db8:1:2::1")).toBe(of("2001:0DB8:0001:0002:0:0:0:7"));
    expect(of("2001:db8:1:2::1")).not.toBe(of("2001:db8:1:3::1"));
    // An IPv4 address is its own client, however it is written.
    expect(of("::ffff:203.0.113.9")).toBe(of("203.0.113.9"));
    expect(of("203.0.113.9")).not.toBe(of("203.0.113.10"));
  });
});

describe("the network a client stands for", () => {
  it("keeps an IPv4 address, and cuts an IPv6 address to its /64 whatever its spelling", async () => {
    const { clientNetwork } = await import("./client.server");
    expect(clientNetwork("198.51.100.7")).toBe("198.51.100.7");
    expect(clientNetwork("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(clientNetwork("::ffff:c633:6407")).toBe("198.51.100.7");
    expect(clientNetwork("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientNetwork("2001:DB8:0:0:1::")).toBe("2001:db8:0:0::/64");
    expect(clientNetwork("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(clientNetwork("::1")).toBe("0:0:0:0::/64");
    expect(clientNetwork("64:ff9b::192.0.2.1")).toBe("64:ff9b:0:0::/64");
    expect(clientNetwork("local")).toBe("local");
  });
});
