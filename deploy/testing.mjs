/**
 * What the deployment tests share: a free port for a server they start, and a bounded wait for
 * what that server should come to say.
 */
import { createServer } from "node:net";

/** A TCP port nothing listens on now, on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Polls `check` until it returns a value, or fails after `patienceMs` saying what it waited for. */
export async function waitFor(what, check, patienceMs, everyMs = 200) {
  const deadline = Date.now() + patienceMs;
  let last;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  throw new Error(`gave up waiting for ${what}${last ? `: ${last.message}` : ""}`);
}
