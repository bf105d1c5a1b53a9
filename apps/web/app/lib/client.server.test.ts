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
});
