import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { request } from "node:http";
import { join } from "node:path";
import { expect, freePort, sql, test } from "./fixtures";

// Runs in the js-on project only. It starts a web server of its own (server.mjs, as in the image)
// on the run's database, and stops it as `docker stop` and a rolling update do: SIGTERM.

const webDir = join(import.meta.dirname, "../..");

/** The server's connections, found by the name it gives PostgreSQL. */
async function connectionsOf(name: string): Promise<number> {
  const [row] = await sql<{ count: number }>(
    "SELECT count(*)::int AS count FROM pg_stat_activity WHERE application_name = $1",
    [name],
  );
  return row?.count ?? -1;
}

/** A shopper's product page listening for availability changes, until the stream ends. */
async function openLiveStream(origin: string, shopper: number) {
  const response = await fetch(`${origin}/live/availability`, {
    headers: { Accept: "text/event-stream", "X-Forwarded-For": `10.99.0.${shopper}` },
  });
  expect(response.status).toBe(200);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let received = "";
  while (!received.includes("event: ready")) {
    const { value, done } = await reader.read();
    if (done) throw new Error("the stream ended before it was ready");
    received += decoder.decode(value);
  }
  /** Resolves with how the stream ended: "end" (cleanly), or the error. */
  const ended = (async () => {
    try {
      while (!(await reader.read()).done) {}
      return "end";
    } catch (error) {
      return `error: ${(error as Error).message}`;
    }
  })();
  return { ended };
}

/**
 * A form post whose body is still arriving when the server is told to stop: the request is in
 * flight and must be answered, on a connection that then closes.
 */
function slowCartPost(origin: string) {
  const body = "intent=add&model=aicha";
  const { hostname, port } = new URL(origin);
  let finish = () => {};
  const answer = new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
    const sent = request(
      {
        hostname,
        port,
        path: "/produit/sac-banane-aicha",
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": Buffer.byteLength(body),
          "X-Forwarded-For": "10.99.1.1",
        },
      },
      (response) => {
        response.resume();
        resolve({ status: response.statusCode ?? 0, connection: response.headers.connection });
      },
    );
    sent.on("error", reject);
    sent.write(body.slice(0, 10));
    finish = () => sent.end(body.slice(10));
  });
  return { answer, finish: () => finish() };
}

test("SIGTERM with five live streams and a request in flight: streams end, the request is answered, exit 0 on its own", async () => {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const name = `souls-stop-${port}`;
  const url = new URL(process.env.DATABASE_URL as string);
  url.searchParams.set("application_name", name);
  const server: ChildProcess = spawn("node", ["server.mjs"], {
    cwd: webDir,
    env: {
      ...process.env,
      DATABASE_URL: url.toString(),
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      TRUST_PROXY_HOPS: "1",
      LOG_FORMAT: "json",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  server.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  server.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = once(server, "exit").then(([code, signal]) => ({ code, signal }));
  try {
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
    const streams = await Promise.all([1, 2, 3, 4, 5].map((shopper) => openLiveStream(origin, shopper)));
    // The pool and the LISTEN connection are open.
    expect(await connectionsOf(name)).toBeGreaterThanOrEqual(2);
    const post = slowCartPost(origin);
    await new Promise((resolve) => setTimeout(resolve, 300));

    const signalled = Date.now();
    server.kill("SIGTERM");
    // Every live stream ends cleanly, ended by the server (not cut at its limit): the browser's
    // EventSource reconnects elsewhere.
    expect(await Promise.all(streams.map((stream) => stream.ended))).toEqual(Array(5).fill("end"));
    // No new connection is accepted…
    await expect(fetch(`${origin}/healthz`)).rejects.toThrow();
    // …but the request in flight is answered, and its connection closes after it.
    await new Promise((resolve) => setTimeout(resolve, 500));
    post.finish();
    const answered = await post.answer;
    expect([200, 303]).toContain(answered.status);
    expect(answered.connection).toBe("close");

    // Code 0: it stopped on its own, not at its limit (STOP_LIMIT_MS, within docker stop's 10 s),
    // where it exits 1.
    const { code } = await exited;
    const seconds = (Date.now() - signalled) / 1000;
    expect(code, output).toBe(0);
    console.log(`graceful stop: exit ${code} ${seconds.toFixed(2)} s after SIGTERM`);
    // The pool and the LISTEN connection were closed before the exit.
    expect(await connectionsOf(name)).toBe(0);

    const lines = output.trim().split("\n");
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries.find((entry) => entry.msg === "stopping")).toMatchObject({
      level: "info",
      service: "web",
      signal: "SIGTERM",
      streams: 5,
      requests: 1,
    });
    expect(entries.at(-1)).toMatchObject({ msg: "stopped" });
    const cartLine = entries.find(
      (entry) => entry.msg === "request" && entry.path === "/produit/sac-banane-aicha",
    );
    expect(cartLine).toMatchObject({
      method: "POST",
      status: answered.status,
      requestId: expect.any(String),
    });
  } finally {
    if (server.exitCode === null) server.kill("SIGKILL");
  }
});
