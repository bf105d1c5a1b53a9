/** The real worker (src/main.ts) in a child process, for the tests that stop or kill it. */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { WAIT_MS } from "../../../../vitest.shared";

export interface WorkerProcess {
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
  /** Resolves when the worker has printed a line matching `pattern`; rejects if it exits first. */
  printed(pattern: RegExp, timeoutMs?: number): Promise<void>;
}

/**
 * Starts the worker as `npm start -w @souls/worker` does, with this machine's environment less
 * the settings a test must choose (mail, origin, data folder), plus `env`.
 */
export function startWorker(env: NodeJS.ProcessEnv): WorkerProcess {
  const inherited: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!/^(STRIPE_|SMTP_URL|MAIL_FROM|MAILBOX_DIR|SITE_URL|SHOP_DATA_DIR|LOG_FORMAT|WORKER_)/.test(name))
      inherited[name] = value;
  }
  // node --import tsx rather than the tsx command, which would leave its own child behind a SIGKILL.
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    env: { ...inherited, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const exited = once(child, "exit").then(([code, signal]) => ({ code, signal }));
  return {
    child,
    exited,
    output: () => output,
    async printed(pattern, timeoutMs = WAIT_MS) {
      const deadline = Date.now() + timeoutMs;
      while (!pattern.test(output)) {
        if (child.exitCode !== null || child.signalCode !== null)
          throw new Error(`the worker stopped before printing ${pattern}:\n${output}`);
        if (Date.now() > deadline) throw new Error(`the worker did not print ${pattern}:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}
