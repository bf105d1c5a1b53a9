/**
 * Child processes of the benchmark: every one runs in its own process group and is registered
 * with the cleanup, so a failure or Ctrl-C leaves no server, load generator or port behind.
 */
import { type ChildProcess, type SpawnOptions, spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";

type Step = { name: string; run: () => Promise<void> | void };

/** Last in, first out: the app stops before the database it uses. */
export class Cleanup {
  private readonly steps: Step[] = [];
  private running: Promise<void> | undefined;

  add(name: string, run: Step["run"]): () => void {
    const step = { name, run };
    this.steps.push(step);
    return () => {
      const index = this.steps.indexOf(step);
      if (index >= 0) this.steps.splice(index, 1);
    };
  }

  run(): Promise<void> {
    this.running ??= (async () => {
      for (const step of this.steps.splice(0).reverse()) {
        try {
          await step.run();
        } catch (error) {
          console.error(`[bench] could not stop ${step.name}: ${(error as Error).message}`);
        }
      }
    })();
    return this.running;
  }
}

export const cleanup = new Cleanup();

function isRunning(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

/** SIGTERM to the whole group, SIGKILL after `graceMs` if anything is left. */
export async function stopGroup(child: ChildProcess, graceMs = 5_000): Promise<void> {
  if (!child.pid || !isRunning(child)) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-(child.pid as number), name);
    } catch {
      // The group is already gone.
    }
  };
  signal("SIGTERM");
  const timedOut = await Promise.race([exited.then(() => false), sleep(graceMs).then(() => true)]);
  if (timedOut) {
    signal("SIGKILL");
    await exited;
  }
}

/** Starts a long-running child (a server) in its own group, stopped by the cleanup. */
export function startTracked(
  name: string,
  command: string,
  args: string[],
  options: SpawnOptions,
): ChildProcess {
  const child = spawn(command, args, { ...options, detached: true });
  const forget = cleanup.add(name, () => stopGroup(child));
  child.once("exit", forget);
  return child;
}

export interface Finished {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end and collects its output; a Ctrl-C stops it through the cleanup. */
export function runCommand(
  command: string,
  args: string[],
  options: SpawnOptions & { echo?: boolean } = {},
): Promise<Finished> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { ...options, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    const forget = cleanup.add(command, () => stopGroup(child));
    let stdout = "";
    let stderr = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      stdout += chunk;
      if (options.echo) process.stdout.write(chunk);
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk;
      if (options.echo) process.stderr.write(chunk);
    });
    child.once("error", (error) => {
      forget();
      resolve({ code: 127, stdout, stderr: `${stderr}${error.message}` });
    });
    child.once("close", (code, signal) => {
      forget();
      resolve({ code: code ?? (signal ? 128 : 1), stdout, stderr });
    });
  });
}

/**
 * The machine is shared with other sessions' end-to-end runs: a load test or a Lighthouse run
 * beside one would disturb both, so wait until none is active (polled every 20 s). Resolves with
 * the milliseconds waited.
 */
export async function waitForQuietMachine(before: string): Promise<number> {
  const since = performance.now();
  let announced = false;
  for (;;) {
    // pgrep leaves itself out; no shell, whose own command line would match.
    const found = spawnSync("pgrep", ["-f", "playwright test"], { encoding: "utf8" });
    const pids = found.stdout.trim().split("\n").filter(Boolean);
    if (found.error || pids.length === 0) {
      if (announced) console.log(`[bench] no end-to-end run active any more: ${before}`);
      return performance.now() - since;
    }
    if (!announced) {
      console.log(`[bench] an end-to-end run is active (pid ${pids.join(", ")}): waiting before ${before}…`);
      announced = true;
    }
    await sleep(20_000);
  }
}

export type Availability = { ok: true; path: string } | { ok: false; reason: string };

/**
 * Finds a program, installing its Debian package when missing and this process may (root with
 * apt-get). `find` returns the binary's path or undefined.
 */
export async function ensureDebianPackage(
  label: string,
  debianPackage: string,
  find: () => string | undefined,
): Promise<Availability> {
  const found = find();
  if (found) return { ok: true, path: found };
  if (process.getuid?.() !== 0 || !existsSync("/usr/bin/apt-get")) {
    return {
      ok: false,
      reason: `${label} is not installed and installing ${debianPackage} needs root with apt-get`,
    };
  }
  console.log(`[bench] installing Debian's ${debianPackage} for ${label}…`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  let install = await runCommand("apt-get", ["install", "-y", "-qq", debianPackage], { env });
  if (install.code !== 0) {
    // The package lists may be missing or stale on a fresh machine.
    await runCommand("apt-get", ["update", "-qq"], { env });
    install = await runCommand("apt-get", ["install", "-y", "-qq", debianPackage], { env });
  }
  const after = find();
  if (after) return { ok: true, path: after };
  const why = (install.stderr.trim().split("\n").pop() ?? "").trim();
  return {
    ok: false,
    reason: `${label} is missing and \`apt-get install ${debianPackage}\` failed${why ? `: ${why}` : ""}`,
  };
}

export const CHROME_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu"];

/** Debian's Chromium (installed when missing and allowed), or the browser CHROMIUM_PATH names, as for the e2e tests. */
export async function ensureChromium(): Promise<string> {
  const wanted = process.env.CHROMIUM_PATH;
  if (wanted) {
    if (!existsSync(wanted)) throw new Error(`CHROMIUM_PATH points to ${wanted}, which does not exist`);
    return wanted;
  }
  const found = await ensureDebianPackage("Chromium", "chromium", () =>
    existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined,
  );
  if (!found.ok) throw new Error(`${found.reason}; or set CHROMIUM_PATH to a Chromium binary`);
  return found.path;
}
