#!/usr/bin/env node
// Every test of the project, in order: lint, types, unit and integration tests (real PostgreSQL),
// the production build, then the end-to-end suite in Chromium against that build.
import { spawnSync } from "node:child_process";

const steps = [
  ["lint", "npx", ["biome", "ci", "."]],
  ["types, unit and integration tests", "npx", ["turbo", "run", "typecheck", "test", "--output-logs=errors-only"]],
  ["production build", "npx", ["turbo", "run", "build", "--output-logs=errors-only"]],
  ["end-to-end tests", "npm", ["run", "e2e", "-w", "@souls/web"]],
];

const env = { ...process.env, TURBO_TELEMETRY_DISABLED: "1", NEXT_TELEMETRY_DISABLED: "1" };
for (const [name, command, args] of steps) {
  const started = Date.now();
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(command, args, { stdio: "inherit", env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✗ ${name} failed after ${seconds}s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${name} (${seconds}s)`);
}
