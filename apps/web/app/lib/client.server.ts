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
  if (env.TRUST_PROXY_HOPS > 0) {
    const hops = (request.headers.get("X-Forwarded-For") ?? "")
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    const entry = hops[hops.length - env.TRUST_PROXY_HOPS];
    if (entry && isIP(entry)) return entry;
  }
  return context.socketAddress ?? "local";
}

/**
 * What rate limits and logs store about a client: a keyed hash of its address, so the address
 * cannot be read back nor found by hashing every possible one without the server's secret.
 */
export function clientHash(request: Request, context: AppLoadContext): string {
  return createHmac("sha256", sessionSecret)
    .update(`client:${clientAddress(request, context)}`)
    .digest("base64url")
    .slice(0, 32);
}
