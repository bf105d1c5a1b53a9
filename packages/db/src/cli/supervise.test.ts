/**
 * npm start's launcher with real processes: a crashed command is started again and said so, one
 * that keeps crashing is given up on, a clean exit or an asked-for stop is never a crash.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type RestartPolicy, supervise } from "./supervise";

const FAST: RestartPolicy = { maxRestarts: 3, withinMs: 60_000, firstDelayMs: 10, maxDelayMs: 40 };

/** A node program that counts its starts in a file and exits with `codes[start]` (then 0). */
function crashingProgram(codes: number[]) {
  const dir = mkdtempSync(path.join(tmpdir(), "souls-supervise-"));
  const counter = path.join(dir, "starts");
  writeFileSync(counter, "0");
  const script = `
    const fs = require("node:fs");
    const n = Number(fs.readFileSync(${JSON.stringify(counter)}, "utf8")) + 1;
    fs.writeFileSync(${JSON.stringify(counter)}, String(n));
    process.exit(${JSON.stringify(codes)}[n - 1] ?? 0);`;
  return {
    spec: { label: "web", program: process.execPath, args: ["-e", script] },
    starts: () => Number(readFileSync(counter, "utf8")),
  };
}

function run(codes: number[], restart: boolean, stopping = () => false) {
  const program = crashingProgram(codes);
  const lines: string[] = [];
  const supervisor = supervise(program.spec, {
    env: process.env,
    restart,
    stopping,
    policy: FAST,
    say: (line) => lines.push(line),
  });
  return { ...program, supervisor, lines };
}

describe("npm start's launcher", () => {
  it("starts a crashed command again, saying so, until it runs", async () => {
    const { supervisor, starts, lines } = run([1, 1, 0], true);
    expect(await supervisor.ended).toEqual({ code: 0, gaveUp: false });
    expect(starts()).toBe(3);
    expect(supervisor.restarts()).toBe(2);
    expect(lines).toEqual([
      expect.stringMatching(
        /^\[launcher\] web exited with code 1: starting it again in 0\.01 s \(crash 1 of 3/,
      ),
      expect.stringMatching(
        /^\[launcher\] web exited with code 1: starting it again in 0\.02 s \(crash 2 of 3/,
      ),
    ]);
  });

  it("gives up on a command that keeps crashing, and says so", async () => {
    const { supervisor, starts, lines } = run([1, 1, 1, 1, 1, 1], true);
    expect(await supervisor.ended).toEqual({ code: 1, gaveUp: true });
    expect(starts()).toBe(4);
    expect(lines.at(-1)).toMatch(
      /web exited with code 1 \(4 crashes in 1 min\): not starting it again; stopping the shop/,
    );
  });

  it("runs a command once without --restart, and never restarts one that was asked to stop", async () => {
    const once = run([3], false);
    expect(await once.supervisor.ended).toEqual({ code: 3, gaveUp: false });
    expect(once.starts()).toBe(1);
    const stopped = run([1], true, () => true);
    expect(await stopped.supervisor.ended).toEqual({ code: 1, gaveUp: false });
    expect(stopped.starts()).toBe(1);
    expect([...once.lines, ...stopped.lines]).toEqual([]);
  });
});
