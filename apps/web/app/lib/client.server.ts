import { createHmac } from "node:crypto";
import { isIP } from "node:net";
import type { AppLoadContext } from "@remix-run/node";
import { env, sessionSecret } from "./env.server";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** The TCP peer's address, given by server.mjs (absent under the Vite dev server). */
    socketAddress?: string | null;
  }
}

/**
 * The address of the client that sent a request. Behind TRUST_PROXY_HOPS proxies it is the entry
 * those proxies appended to X-Forwarded-For (entries further left are the client's own claims
 * and could be forged); otherwise the connection's address.
 */
export function clientAddress(request: Request, context: AppLoadContext): string {
  return addressOf(request.headers.get("X-Forwarded-For"), context.socketAddress);
}

/** clientAddress from a request's X-Forwarded-For and its connection's address (also before the app). */
export function addressOf(
  forwardedFor: string | null | undefined,
  socketAddress: string | null | undefined,
): string {
  if (env.TRUST_PROXY_HOPS > 0) {
    const hops = (forwardedFor ?? "")
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    const entry = hops[hops.length - env.TRUST_PROXY_HOPS];
    if (entry && isIP(entry)) return entry;
  }
  return socketAddress ?? "local";
}

/**
 * The network a client's address stands for in the limits: an IPv4 address alone, but an IPv6
 * address's /64 — the block one subscriber or one rented server gets, whose 2^64 addresses would
 * otherwise each count as a new client (docs/security.md). An IPv4 address written as IPv6
 * (`::ffff:1.2.3.4`) is that IPv4 address.
 */
export function clientNetwork(address: string): string {
  const bare = address.split("%")[0] ?? address;
  if (isIP(bare) !== 6) return bare;
  const groups = ipv6Groups(bare);
  const mapped = groups.slice(0, 6).join(":") === "0:0:0:0:0:ffff";
  if (mapped) {
    const [high = 0, low = 0] = groups.slice(6).map((group) => Number.parseInt(group, 16));
    return [high >> 8, high & 255, low >> 8, low & 255].join(".");
  }
  return `${groups.slice(0, 4).join(":")}::/64`;
}

/** An IPv6 address's eight groups, in lower-case hexadecimal without leading zeros. */
function ipv6Groups(address: string): string[] {
  let text = address.toLowerCase();
  // A dotted IPv4 tail (`::ffff:1.2.3.4`, `64:ff9b::1.2.3.4`) is the last two groups.
  const dotted = text.match(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const zeros = tail === undefined ? [] : Array(8 - left.length - right.length).fill("0");
  return [...left, ...zeros, ...right].map((group) => Number.parseInt(group, 16).toString(16));
}

/**
 * What rate limits and logs store about a client: a keyed hash of its network (its IPv4 address,
 * its IPv6 /64), so the address cannot be read back nor found by hashing every possible one without
 * the server's secret.
 */
export function clientHash(request: Request, context: AppLoadContext): string {
  return createHmac("sha256", sessionSecret)
    .update(`client:${clientNetwork(clientAddress(request, context))}`)
    .digest("base64url")
    .slice(0, 32);
}
