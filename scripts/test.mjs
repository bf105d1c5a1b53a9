#!/usr/bin/env node
// Every test of the project, in order: lint, types, unit and integration tests (real PostgreSQL)
// on the active LTS (Node 24), the production build, then the end-to-end suite in Chromium against
// that build, served by the runtime image's Node 22 (decision 045: each supported release runs the
// shop once, so that the whole run stays within 25 minutes on two cores).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { imageNodeVersion, LTS_NODE, nodeEnv } from "./node-release.mjs";

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

/** Runs a step on Node `version`, and says which. */
function on(version) {
  return () => {
    const env = nodeEnv(version);
    const running = spawnSync("node", ["--version"], { env, encoding: "utf8" }).stdout.trim();
    console.log(`(node ${running})`);
    return env;
  };
}

const image = on(imageNodeVersion());
const steps = [
  ["lint", "npx", ["biome", "ci", "."]],
  ["types", "npx", ["turbo", "run", "typecheck", "--output-logs=errors-only"], image],
  [
    "unit and integration tests on the active LTS",
    "npx",
    ["turbo", "run", "test", "--output-logs=errors-only"],
    on(LTS_NODE),
  ],
  ["benchmark script types", "npx", ["tsc", "-p", "bench"], image],
  [
    "deployment files (compose, Kubernetes, against Kubernetes' own schemas)",
    "node",
    ["--test", "deploy/check.test.mjs", "deploy/k8s-schemas.test.mjs"],
    image,
  ],
  ["production build", "npx", ["turbo", "run", "build", "--output-logs=errors-only"], image],
  // promtool checks the alert rules; a real Prometheus scrapes the built shop and sees one fire.
  ["alert rules and a real Prometheus", "node", ["--test", "deploy/prometheus.test.mjs"], image],
  // The bundles' exceptions, with their release and TypeScript frames, to a local Sentry endpoint.
  ["error reports (Sentry)", "node", ["--test", "deploy/error-reporting.test.mjs"], image],
  // docker/Dockerfile built by podman and run as compose runs it, on PostgreSQL 18 (decision 053).
  [
    "the real image (podman build, then run read-only, as node, without capabilities)",
    "node",
    ["scripts/test-image.mjs"],
    image,
  ],
  // docker/backup/backup.sh: the nightly dump and its documented restore, on a real server.
  ["the nightly backup and its restore", "node", ["scripts/backup-rehearsal.mjs"], image],
  [
    "the proxy's per-client limits (HAProxy in front of the production build, and behind a Gateway)",
    "node",
    ["--test", "deploy/proxy.test.mjs", "deploy/gateway-proxy.test.mjs"],
    image,
  ],
  ["end-to-end tests on the image's Node", "npm", ["run", "e2e", "-w", "@souls/web"], image],
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
