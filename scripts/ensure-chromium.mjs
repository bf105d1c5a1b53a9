#!/usr/bin/env node
// The e2e tests drive Debian's Chromium headless shell (Playwright cannot download its own browser
// here): the same engine as `chromium` without the desktop browser's shell, which on a two-core
// machine runs the suite about 2.5 times faster. Installs it when missing and this process may
// (root with apt-get); otherwise says what to do.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

const path = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";
if (existsSync(path)) process.exit(0);

if (process.env.CHROMIUM_PATH) {
  console.error(`CHROMIUM_PATH points to ${path}, which does not exist.`);
  process.exit(1);
}
if (process.getuid?.() !== 0 || !existsSync("/usr/bin/apt-get")) {
  console.error(
    "Chromium is missing: install Debian's `chromium-headless-shell` package, or set CHROMIUM_PATH to a Chromium binary.",
  );
  process.exit(1);
}
console.log("[e2e] installing Debian's chromium-headless-shell…");
execSync(
  "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell fonts-liberation",
  { stdio: "inherit" },
);
