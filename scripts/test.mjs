#!/usr/bin/env node
// Every test of the project, in order: lint, types, unit and integration tests (real PostgreSQL),
// the production build, then the end-to-end suite in Chromium against that build.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";

const RESULTS = [
  "packages/api",
  "packages/db",
  "packages/emails",
  "packages/shop",
  "apps/web",
  "apps/worker",
].map((dir) => `${dir}/.results`);
for (const dir of RESULTS) rmSync(dir, { recursive: true, force: true });

/** Adds up what vitest and Playwright wrote, for one closing line over the whole run. */
function tally() {
  let passed = 0;
  let failed = 0;
  for (const dir of RESULTS) {
    const vitest = `${dir}/vitest.json`;
    if (existsSync(vitest)) {
      const report = JSON.parse(readFileSync(vitest, "utf8"));
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

const steps = [
  ["lint", "npx", ["biome", "ci", "."]],
  [
    "types, unit and integration tests",
    "npx",
    ["turbo", "run", "typecheck", "test", "--output-logs=errors-only"],
  ],
  ["benchmark script types", "npx", ["tsc", "-p", "bench"]],
  ["deployment files (compose, Kubernetes)", "node", ["--test", "deploy/check.test.mjs"]],
  ["production build", "npx", ["turbo", "run", "build", "--output-logs=errors-only"]],
  ["deployment smoke test", "node", ["scripts/smoke-deploy.mjs"]],
  ["end-to-end tests", "npm", ["run", "e2e", "-w", "@souls/web"]],
];

const env = { ...process.env, TURBO_TELEMETRY_DISABLED: "1", NEXT_TELEMETRY_DISABLED: "1" };
for (const [name, command, args] of steps) {
  const started = Date.now();
  console.log(`\n=== ${name} ===`);
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
