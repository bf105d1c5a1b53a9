/**
 * The commands `with-database` runs (the web server, the worker), each in a process group of its
 * own. With `restart`, one that dies without being asked to stop (a crash, an uncaught exception:
 * exit code ≠ 0 or a signal we did not send) is started again after a pause that doubles each
 * time, and said so on stderr; one that crashes more than `maxRestarts` times within `withinMs`
 * is given up on, loudly, so a broken build does not loop for ever. Never silently, never never.
 */
import { type ChildProcess, spawn } from "node:child_process";

export interface RestartPolicy {
  maxRestarts: number;
  withinMs: number;
  /** The first pause; each further crash in the window doubles it, up to `maxDelayMs`. */
  firstDelayMs: number;
  maxDelayMs: number;
}

export const RESTART_POLICY: RestartPolicy = {
  maxRestarts: 5,
  withinMs: 10 * 60_000,
  firstDelayMs: 1_000,
  maxDelayMs: 30_000,
};

export interface CommandSpec {
  /** How the command is named in the launcher's lines. */
  label: string;
  /** A program and its arguments, or a shell line. */
  program: string;
  args?: string[];
  shell?: boolean;
}

/** How a command ended for good: its exit code, and whether it was given up on after crashes. */
export interface CommandEnd {
  code: number;
  gaveUp: boolean;
}

export interface Supervisor {
  /** Resolves when the command ends for good (stopped, exited 0, or given up on). */
  ended: Promise<CommandEnd>;
  /** The current process, if one is running. */
  current(): ChildProcess | undefined;
  /** How many times it was started again. */
  restarts(): number;
}

export interface SuperviseOptions {
  env: NodeJS.ProcessEnv;
  /** Start again after a crash (npm start); without it a command runs once (tests, dev). */
  restart: boolean;
  /** True once the launcher stops everything: an exit then is expected, never a crash. */
  stopping: () => boolean;
  policy?: RestartPolicy;
  say?: (line: string) => void;
}

export function supervise(command: CommandSpec, options: SuperviseOptions): Supervisor {
  const policy = options.policy ?? RESTART_POLICY;
  const say = options.say ?? ((line: string) => console.error(line));
  const crashes: number[] = [];
  let child: ChildProcess | undefined;
  let restarted = 0;

  const ended = new Promise<CommandEnd>((resolve) => {
    const launch = () => {
      const started = spawn(command.program, command.args ?? [], {
        stdio: "inherit",
        env: options.env,
        shell: command.shell ?? false,
        detached: true,
      });
      child = started;
      started.on("error", (error) => {
        say(`[launcher] could not run ${command.label}: ${error.message}`);
        child = undefined;
        resolve({ code: 127, gaveUp: false });
      });
      started.on("exit", (exitCode, signal) => {
        child = undefined;
        const code = exitCode ?? (signal ? 128 + 2 : 1);
        const crashed = exitCode !== 0 && !options.stopping();
        if (!crashed || !options.restart) return resolve({ code, gaveUp: false });
        const now = Date.now();
        crashes.push(now);
        while ((crashes[0] ?? now) < now - policy.withinMs) crashes.shift();
        const how = signal ? `was killed by ${signal}` : `exited with code ${exitCode}`;
        const window = `${Math.round(policy.withinMs / 60_000)} min`;
        if (crashes.length > policy.maxRestarts) {
          say(
            `[launcher] ${command.label} ${how} (${crashes.length} crashes in ${window}): not starting it again; stopping the shop`,
          );
          return resolve({ code, gaveUp: true });
        }
        const delay = Math.min(policy.firstDelayMs * 2 ** (crashes.length - 1), policy.maxDelayMs);
        say(
          `[launcher] ${command.label} ${how}: starting it again in ${delay / 1000} s (crash ${crashes.length} of ${policy.maxRestarts} allowed in ${window})`,
        );
        setTimeout(() => {
          if (options.stopping()) return resolve({ code, gaveUp: false });
          restarted++;
          launch();
        }, delay);
      });
    };
    launch();
  });

  return { ended, current: () => child, restarts: () => restarted };
}

/** Sends `signal` to every process of the command's group (npm, its shell, the server). */
export function signalGroup(child: ChildProcess | undefined, signal: NodeJS.Signals): void {
  try {
    if (child?.pid) process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

/** Waits (up to 10 s) until no process of a command's group is left. */
export async function groupGone(pid: number | undefined): Promise<void> {
  for (let waited = 0; pid && waited < 10_000; waited += 100) {
    try {
      process.kill(-pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
