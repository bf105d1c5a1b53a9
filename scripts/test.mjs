#!/usr/bin/env node
// Every test of the project, in order: lint, types, unit and integration tests (real PostgreSQL)
// on the Node release of the runtime image, the production build, then the end-to-end suite in
// Chromium against that build, served by this machine's Node (decision 022: each Node runs the
// shop once, so that the whole run stays within 20 minutes on two cores).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

const RESULTS = [
  "packages/api",
  "packages/core",
  "packages/db",
  "packages/emails",
  "packages/papers",
  "packages/shop",
  "packages/stripe-stand-in",
  "apps/web",
  "apps/worker",
].map((dir) => `${dir}/.results`);
for (const dir of RESULTS) rmSync(dir, { recursive: true, force: true });

/** Adds up what vitest and Playwright wrote, for one closing line over the whole run. */
function tally() {
  let passed = 0;
  let failed = 0;
  for (const dir of RESULTS) {
    const reports = existsSync(dir) ? readdirSync(dir).filter((name) => /^vitest.*\.json$/.test(name)) : [];
    for (const name of reports) {
      const report = JSON.parse(readFileSync(`${dir}/${name}`, "utf8"));
      passed += report.numPassedTests;
      failed += report.numFailedTests;
    }
    const e2e = `${dir}/e2e.json`;
    if (existsSync(e2e)) {
      const { stats } = JSON.parse(readFileSync(e2e, "utf8"));
      passed += stats.expected;
      failed += stats.unexpected + stats.flaky;
    }
  }
  return { passed, failed };
}

/**
 * The Node release the runtime image runs (docker/Dockerfile's node:X.Y.Z), from npm's `node`
 * package (cached by npx after the first run), put first on PATH so that npm, turbo's tasks, vitest
 * and the processes the tests start all run on it.
 */
function imageNode() {
  const dockerfile = readFileSync("docker/Dockerfile", "utf8");
  const version = dockerfile.match(/^ARG NODE_IMAGE=node:(\d+\.\d+\.\d+)\b/m)?.[1];
  if (!version) throw new Error("docker/Dockerfile names no node:X.Y.Z image (ARG NODE_IMAGE)");
  if (process.version === `v${version}`) return { version, env: process.env };
  const found = spawnSync("npx", ["--yes", `node@${version}`, "-p", "process.execPath"], {
    encoding: "utf8",
    env: { ...process.env, npm_config_update_notifier: "false" },
  });
  const binary = found.stdout?.trim().split("\n").at(-1);
  if (found.status !== 0 || !binary || !existsSync(binary)) {
    throw new Error(`Node ${version} could not be had from npm (npx node@${version}): ${found.stderr}`);
  }
  return {
    version,
    env: { ...process.env, PATH: `${path.dirname(binary)}${path.delimiter}${process.env.PATH}` },
  };
}

const steps = [
  ["lint", "npx", ["biome", "ci", "."]],
  ["types", "npx", ["turbo", "run", "typecheck", "--output-logs=errors-only"]],
  [
    "unit and integration tests on the image's Node",
    "npx",
    ["turbo", "run", "test", "--output-logs=errors-only"],
    () => {
      const { env } = imageNode();
      const running = spawnSync("node", ["--version"], { env, encoding: "utf8" }).stdout.trim();
      console.log(`(node ${running}, the runtime image's: docker/Dockerfile)`);
      return env;
    },
  ],
  ["benchmark script types", "npx", ["tsc", "-p", "bench"]],
  ["deployment files (compose, Kubernetes)", "node", ["--test", "deploy/check.test.mjs"]],
  ["production build", "npx", ["turbo", "run", "build", "--output-logs=errors-only"]],
  // promtool checks the alert rules; a real Prometheus scrapes the built web server and sees one fire.
  ["alert rules and a real Prometheus", "node", ["--test", "deploy/prometheus.test.mjs"]],
  ["deployment smoke test", "node", ["scripts/smoke-deploy.mjs"]],
  ["end-to-end tests", "npm", ["run", "e2e", "-w", "@souls/web"]],
];

const telemetryOff = { TURBO_TELEMETRY_DISABLED: "1", NEXT_TELEMETRY_DISABLED: "1" };
for (const [name, command, args, prepare] of steps) {
  const started = Date.now();
  console.log(`\n=== ${name} ===`);
  let env;
  try {
    env = { ...(prepare?.() ?? process.env), ...telemetryOff };
  } catch (error) {
    console.error(`\n✗ ${name}: ${error.message}`);
    process.exit(1);
  }
  const result = spawnSync(command, args, { stdio: "inherit", env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    const { passed, failed } = tally();
    console.error(`\n✗ ${name} failed after ${seconds}s`);
    console.log(`${passed} passed, ${Math.max(failed, 1)} failed`);
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${name} (${seconds}s)`);
}
const { passed, failed } = tally();
console.log(`\n${passed} passed, ${failed} failed`);
if (failed > 0 || passed === 0) process.exit(1);
