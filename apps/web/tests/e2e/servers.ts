import { type ChildProcess, spawn } from "node:child_process";
import { connect } from "node:net";
import { join } from "node:path";
import { expect, freePort } from "./fixtures";

/** The web app's folder: `node server.mjs` there serves the production build. */
export const webDir = join(import.meta.dirname, "../..");

/**
 * Starts the production build with its own settings beside the suite's server (same database);
 * resolves once it answers /healthz.
 */
export async function startServer(
  env: Record<string, string | undefined>,
): Promise<{ origin: string; server: ChildProcess }> {
  const port = await freePort();
  const server = spawn("node", ["server.mjs"], {
    cwd: webDir,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", ...env },
    stdio: "ignore",
  });
  const origin = `http://127.0.0.1:${port}`;
  await expect
    .poll(
      () =>
        fetch(`${origin}/healthz`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 30_000 },
    )
    .toBe(200);
  return { origin, server };
}

/**
 * Sends bytes as they are, which no HTTP client library would (a request line in absolute form, a
 * broken Host, a header fetch would trim), and resolves with the answer's status and headers
 * (lower-case names), or status 0 if the connection closed without an answer.
 */
export function rawRequest(
  origin: string,
  head: string,
): Promise<{ status: number; headers: Record<string, string> }> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    // Written, not ended: a client that half-closes first would have its connection closed unanswered.
    const socket = connect(Number(port), hostname, () => socket.write(head));
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk.toString("latin1");
      const end = answer.indexOf("\r\n\r\n");
      if (end === -1) return;
      socket.destroy();
      const [statusLine = "", ...lines] = answer.slice(0, end).split("\r\n");
      const headers = Object.fromEntries(
        lines.map((line) => [
          line.slice(0, line.indexOf(":")).toLowerCase(),
          line.slice(line.indexOf(":") + 1).trim(),
        ]),
      );
      resolve({ status: Number(statusLine.split(" ")[1]), headers });
    });
    socket.on("error", reject);
    socket.on("close", () => resolve({ status: 0, headers: {} }));
  });
}
