/**
 * The real worker (src/main.ts in a child process) asked to stop, as `docker stop` and a rolling
 * update do (SIGTERM), while it sends an e-mail through a real SMTP server; its heartbeat file; its
 * JSON log lines.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { queued, queueEmail } from "./testing/queue";
import { type SmtpSink, startSmtpSink } from "./testing/smtp-sink";
import { startWorker, type WorkerProcess } from "./testing/worker-process";

let t: TestDatabase;
let sink: SmtpSink;
let folder: string;
const workers: WorkerProcess[] = [];
beforeAll(async () => {
  [t, sink] = await Promise.all([createTestDatabase(), startSmtpSink()]);
  folder = mkdtempSync(path.join(tmpdir(), "souls-worker-stop-"));
});
beforeEach(async () => {
  await sql`TRUNCATE email_queue`.execute(t.db);
  sink.received.length = 0;
  sink.beforeAnswer = undefined;
});
afterEach(() => {
  for (const worker of workers) if (worker.child.exitCode === null) worker.child.kill("SIGKILL");
});
afterAll(async () => {
  await Promise.all([t.drop(), sink.close()]);
  rmSync(folder, { recursive: true, force: true });
});

function worker(env: NodeJS.ProcessEnv = {}) {
  const started = startWorker({
    DATABASE_URL: t.url,
    SMTP_URL: sink.url(),
    SITE_URL: "https://souls.example",
    WORKER_INTERVAL_SECONDS: "3600",
    ...env,
  });
  workers.push(started);
  return started;
}

/**
 * SIGTERM, then how the worker exited. Code 0 and « stopped » say it stopped on its own: past its
 * limit (STOP_LIMIT_MS, within docker stop's 10 s) it exits 1 saying « exiting anyway ».
 */
async function terminate(running: WorkerProcess) {
  running.child.kill("SIGTERM");
  return running.exited;
}

describe("SIGTERM during a send", () => {
  it("lets the send finish, records it sent, claims nothing more and exits 0 on its own", async () => {
    const first = await queueEmail(t.db, { recipient: "first@example.com" });
    const second = await queueEmail(t.db, { recipient: "second@example.com" });
    // The SMTP server holds its answer to the first message: the worker is mid-send.
    let answer = () => {};
    sink.beforeAnswer = () => new Promise<void>((resolve) => (answer = resolve));
    const running = worker();
    await sink.waitFor(1);
    const stopped = terminate(running);
    // The server answers once the worker has taken the signal in, mid-send.
    await running.printed(/\[worker\] SIGTERM: stopping after the work in progress/);
    answer();
    const { code } = await stopped;

    expect(code, running.output()).toBe(0);
    expect(running.output()).toContain("[worker] stopped");
    expect(await queued(t.db, first.id)).toMatchObject({ status: "sent", lockedUntil: null });
    expect(await queued(t.db, second.id)).toMatchObject({ status: "pending", attempts: 0 });
    expect(sink.received).toHaveLength(1);
  });

  it("hands back a send that does not finish: pending, lease released, never left `sending`", async () => {
    const row = await queueEmail(t.db);
    // This server never answers the message (until the test ends).
    let release = () => {};
    sink.beforeAnswer = () => new Promise<void>((resolve) => (release = resolve));
    const running = worker();
    await sink.waitFor(1);
    const { code } = await terminate(running);
    release();

    expect(code, running.output()).toBe(0);
    expect(running.output()).toContain("[worker] stopped");
    const after = await queued(t.db, row.id);
    expect(after).toMatchObject({ status: "pending", attempts: 1, lockedUntil: null });
    expect(after.lastError).toMatch(/worker stopped/);
    expect(after.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(running.output()).toMatch(/handed back 1 e-mails interrupted by the stop/);
  });

  it("exits at once between two rounds", async () => {
    const running = worker();
    await running.printed(/running every/);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const { code } = await terminate(running);
    expect(code, running.output()).toBe(0);
    expect(running.output()).toContain("[worker] stopped");
  });
});

describe("the heartbeat file", () => {
  it("is written at start and after every round; a failed write is said once and is not fatal", async () => {
    const file = path.join(folder, "heartbeat");
    const startedAt = Date.now();
    const running = worker({ WORKER_INTERVAL_SECONDS: "1", WORKER_HEARTBEAT_FILE: file });
    await running.printed(/running every 1s/);
    const first = statSync(file).mtimeMs;
    await expect.poll(() => statSync(file).mtimeMs).toBeGreaterThan(first);
    expect(new Date(readFileSync(file, "utf8").trim()).getTime()).toBeGreaterThanOrEqual(startedAt);
    expect((await terminate(running)).code).toBe(0);

    const nowhere = path.join(folder, "missing-folder", "heartbeat");
    const blind = worker({ WORKER_INTERVAL_SECONDS: "1", WORKER_HEARTBEAT_FILE: nowhere });
    await blind.printed(/running every 1s/);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(blind.child.exitCode).toBeNull();
    expect(blind.output().match(/heartbeat: cannot write/g)).toHaveLength(1);
    expect((await terminate(blind)).code).toBe(0);
  });
});

describe("LOG_FORMAT=json", () => {
  it("writes every line as one JSON object: time, level, service, msg", async () => {
    await queueEmail(t.db);
    const running = worker({ LOG_FORMAT: "json" });
    await running.printed(/sent 1 e-mails/);
    expect((await terminate(running)).code).toBe(0);
    const lines = running.output().trim().split("\n");
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    for (const entry of entries) {
      expect(entry).toMatchObject({ level: expect.stringMatching(/^(info|warn|error)$/), service: "worker" });
      expect(new Date(entry.time as string).toISOString()).toBe(entry.time);
    }
    expect(entries.map((entry) => entry.msg)).toEqual(
      expect.arrayContaining([
        "running every 3600s (test gateway)",
        "sent 1 e-mails",
        "SIGTERM: stopping after the work in progress",
        "stopped",
      ]),
    );
  });

  it("says a refused setting in one line, without a stack trace", async () => {
    const running = worker({ LOG_FORMAT: "json", DATABASE_PASSWORD_FILE: path.join(folder, "nope") });
    const { code } = await running.exited;
    expect(code).toBe(1);
    const [line, ...rest] = running.output().trim().split("\n");
    expect(rest).toEqual([]);
    expect(JSON.parse(line ?? "")).toMatchObject({
      level: "error",
      service: "worker",
      msg: expect.stringMatching(/DATABASE_PASSWORD_FILE: cannot read .*nope \(ENOENT\)/),
    });
  });
});
