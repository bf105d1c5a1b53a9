#!/usr/bin/env node
// The Node releases the shop runs on (decision 045): the runtime image's (docker/Dockerfile's
// node:X.Y.Z, Node 22) serves the shop, and the active LTS (Node 24) runs the vitest suites. Older
// Node (this kind of machine ships Node 20, past its end of life) only starts npm: the commands run
// on a release fetched once from npm's `node` package (`npx node@X.Y.Z`, then cached).
//
//   node scripts/node-release.mjs <command> [args…]   runs the command on the image's Node when
//                                                     the running one is older than 22.12.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The active LTS the vitest suites run on, pinned so a run is repeatable. */
export const LTS_NODE = "24.21.0";

/** The runtime image's Node release (docker/Dockerfile's `ARG NODE_IMAGE=node:X.Y.Z…`). */
export function imageNodeVersion() {
  const dockerfile = readFileSync(path.join(ROOT, "docker/Dockerfile"), "utf8");
  const version = dockerfile.match(/^ARG NODE_IMAGE=node:(\d+\.\d+\.\d+)\b/m)?.[1];
  if (!version) throw new Error("docker/Dockerfile names no node:X.Y.Z image (ARG NODE_IMAGE)");
  return version;
}

/**
 * An environment whose PATH starts with Node `version` (this process' own when it is that one), so
 * that npm, turbo's tasks, vitest and every process they start run on it.
 */
export function nodeEnv(version, env = process.env) {
  if (process.version === `v${version}`) return env;
  const found = spawnSync("npx", ["--yes", `node@${version}`, "-p", "process.execPath"], {
    encoding: "utf8",
    env: { ...env, npm_config_update_notifier: "false" },
  });
  const binary = found.stdout?.trim().split("\n").at(-1);
  if (found.status !== 0 || !binary || !existsSync(binary)) {
    throw new Error(`Node ${version} could not be had from npm (npx node@${version}): ${found.stderr}`);
  }
  return { ...env, PATH: `${path.dirname(binary)}${path.delimiter}${env.PATH}` };
}

/** Whether this Node is one the shop supports (engines: ^22.12 || ^24). */
export function isSupportedNode(version = process.versions.node) {
  const [major, minor] = version.split(".").map(Number);
  return (major === 22 && minor >= 12) || major >= 24;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [command, ...args] = process.argv.slice(2);
  if (!command) {
    console.error("usage: node scripts/node-release.mjs <command> [args…]");
    process.exit(2);
  }
  let env = process.env;
  if (!isSupportedNode()) {
    const version = imageNodeVersion();
    console.log(
      `[node] Node ${process.versions.node} is not supported: running on Node ${version} (npx node@${version})`,
    );
    env = nodeEnv(version);
  }
  const child = spawn(command, args, { stdio: "inherit", env });
  // Ctrl-C reaches the whole process group: the shop stops itself gracefully, this one waits for
  // it; a SIGTERM sent to this process alone is passed on.
  process.on("SIGINT", () => {});
  process.on("SIGTERM", () => child.kill("SIGTERM"));
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
