/**
 * CPU time spent by PostgreSQL and by client programs, read from /proc (Linux), so that the orders
 * benchmark can say where a transaction's time goes and what this machine's cores allow.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

let ticksPerSecond: number | undefined;
function msPerTick(): number {
  ticksPerSecond ??= Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  return 1000 / ticksPerSecond;
}

interface Times {
  parent: number;
  /** Its own user + system time, ms. */
  own: number;
  /** Time of its children it has already waited for, ms. */
  reaped: number;
}

function timesOf(pid: number | "self"): Times | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined; // gone meanwhile
  }
  // Fields after the command name, which may hold spaces: state ppid … utime(14) stime cutime cstime.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const field = (n: number) => Number(fields[n - 3]);
  const tick = msPerTick();
  return {
    parent: field(4),
    own: (field(14) + field(15)) * tick,
    reaped: (field(16) + field(17)) * tick,
  };
}

/**
 * CPU milliseconds used so far by a PostgreSQL server: the postmaster, its live processes
 * (backends, WAL writer, checkpointer…) and the backends that have exited (reaped by it).
 */
export function serverCpuMs(postmasterPid: number): number {
  const postmaster = timesOf(postmasterPid);
  if (!postmaster) throw new Error(`no process ${postmasterPid}`);
  let total = postmaster.own + postmaster.reaped;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const times = timesOf(Number(entry));
    if (times?.parent === postmasterPid) total += times.own;
  }
  return total;
}

/** CPU milliseconds used so far by one process (its own user + system time; NaN once gone). */
export function processCpuMs(pid: number): number {
  return timesOf(pid)?.own ?? Number.NaN;
}

/** CPU milliseconds of this process's children that have exited (pgbench runs). */
export function exitedChildrenCpuMs(): number {
  return timesOf("self")?.reaped ?? 0;
}

/** CPU milliseconds of this process itself (the buyers' use cases and the pg driver). */
export function ownCpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/** The postmaster of the server behind a connection: the parent of its backend. */
export function postmasterOf(backendPid: number): number {
  const backend = timesOf(backendPid);
  if (!backend) throw new Error(`no backend process ${backendPid} on this machine`);
  return backend.parent;
}
