/**
 * The real worker (src/main.ts in a child process) against the test database and a real SMTP
 * server: killed in the middle of a round, then followed by a fresh worker.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { queueEmail } from "./testing/queue";
import { type SmtpSink, startSmtpSink } from "./testing/smtp-sink";

let t: TestDatabase;
let sink: SmtpSink;
const workers: ChildProcess[] = [];
beforeAll(async () => {
  [t, sink] = await Promise.all([createTestDatabase(), startSmtpSink()]);
});
afterEach(() => {
  for (const worker of workers) if (worker.exitCode === null) worker.kill("SIGKILL");
});
afterAll(async () => {
  await Promise.all([t.drop(), sink.close()]);
});

/** Starts `npm start -w @souls/worker`'s program with this test's database and mail server. */
function startWorker() {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!/^(STRIPE_|SMTP_URL|MAIL_FROM|MAILBOX_DIR|SITE_URL|SHOP_DATA_DIR)/.test(name)) env[name] = value;
  }
  // node --import tsx rather than the tsx command, which would leave its own child behind a SIGKILL.
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: path.resolve(import.meta.dirname, ".."),
    env: {
      ...env,
      DATABASE_URL: t.url,
      SMTP_URL: sink.url("shop:s3cret"),
      SITE_URL: "https://souls.example",
      WORKER_INTERVAL_SECONDS: "3600",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  workers.push(child);
  let output = "";
  const lineWaiters: { pattern: RegExp; resolve: () => void }[] = [];
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    for (const waiter of [...lineWaiters]) {
      if (waiter.pattern.test(output)) {
        lineWaiters.splice(lineWaiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  const exited = once(child, "exit").then(([code, signal]) => ({ code, signal }));
  const failIfExited = exited.then(({ code, signal }) => {
    throw new Error(`the worker stopped (${code ?? signal}) before it should have:\n${output}`);
  });
  // A message that could not be sent fails the test at once, with the worker's log.
  const failIfTrouble = new Promise<never>((_, reject) =>
    lineWaiters.push({
      pattern: /failed|to retry/,
      resolve: () => reject(new Error(`the worker could not send:\n${output}`)),
    }),
  );
  const trouble = Promise.race([failIfExited, failIfTrouble]);
  trouble.catch(() => {}); // awaited only through the races below
  return {
    child,
    exited,
    output: () => output,
    /** Resolves when the worker has printed a line matching `pattern`. */
    printed(pattern: RegExp) {
      const seen = new Promise<void>((resolve) => {
        if (pattern.test(output)) resolve();
        else lineWaiters.push({ pattern, resolve });
      });
      return Promise.race([seen, trouble]);
    },
    /** Resolves with the messages once `count` have arrived, or fails if the worker stopped. */
    received: (count: number) => Promise.race([sink.waitFor(count), trouble]),
  };
}

it("loses no e-mail when a worker is killed mid-round; a re-send keeps its Message-ID", async () => {
  const rows = [];
  for (let i = 0; i < 5; i++) rows.push(await queueEmail(t.db, { recipient: `client${i}@example.com` }));

  // The server holds its answer to the first message: the worker is killed while it waits for it.
  let answer = () => {};
  sink.beforeAnswer = () => new Promise<void>((resolve) => (answer = resolve));
  const first = startWorker();
  const [received] = await first.received(1);
  first.child.kill("SIGKILL");
  expect(await first.exited).toMatchObject({ signal: "SIGKILL" });
  sink.beforeAnswer = undefined;
  answer();

  expect(first.output()).toContain(`[worker] e-mails: SMTP to 127.0.0.1:${sink.port}`);
  expect(first.output()).not.toContain("s3cret");
  expect(received?.user).toBe("shop");
  const left = await t.db.selectFrom("emailQueue").select(["id", "status"]).orderBy("id").execute();
  expect(left).toEqual(rows.map((row, i) => ({ id: row.id, status: i === 0 ? "sending" : "pending" })));

  // A fresh worker, once the dead one's lease has run out.
  await t.db
    .updateTable("emailQueue")
    .set({ lockedUntil: new Date(Date.now() - 1000) })
    .execute();
  const second = startWorker();
  await second.printed(/\[worker\] sent 5 e-mails/);
  second.child.kill("SIGTERM");
  expect(await second.exited).toMatchObject({ code: 0 });

  const after = await t.db
    .selectFrom("emailQueue")
    .select(["id", "status", "attempts"])
    .orderBy("id")
    .execute();
  expect(after).toEqual(rows.map((row, i) => ({ id: row.id, status: "sent", attempts: i === 0 ? 2 : 1 })));
  expect(sink.received).toHaveLength(6);
  const byMessageId = new Map<string | undefined, typeof sink.received>();
  for (const email of sink.received) {
    const id = email.headers.get("message-id");
    byMessageId.set(id, [...(byMessageId.get(id) ?? []), email]);
  }
  expect([...byMessageId.keys()].sort()).toEqual(rows.map((row) => `<email-${row.id}@souls.example>`).sort());
  const resent = byMessageId.get(`<email-${rows[0]?.id}@souls.example>`) ?? [];
  expect(resent).toHaveLength(2);
  for (const email of resent) {
    expect(email.headers.get("subject")).toBe(rows[0]?.subject);
    expect(email.to).toEqual(["client0@example.com"]);
  }
});
