#!/usr/bin/env node
/**
 * Removes what builds and test runs leave behind — build outputs (turbo.json's build outputs:
 * build/, dist/), test results (.results/, test-results/) and turbo's caches (.turbo/) — in every
 * workspace and at the root, or only in the folders given. Never the local data (.data/: the
 * database, the mailbox, the session secret) nor node_modules.
 *
 *   npm run clean                      (everything)
 *   node scripts/clean.mjs apps/web    (one workspace; its `clean` script, through `turbo run clean`)
 */
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const LEFTOVERS = ["build", "dist", ".results", "test-results", ".turbo"];

/** The workspaces package.json names (apps/*, packages/*). */
function workspaces() {
  const { workspaces: patterns } = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8"));
  return patterns.flatMap((pattern) => {
    const parent = path.join(ROOT, pattern.replace(/\/\*$/, ""));
    if (!existsSync(parent)) return [];
    return readdirSync(parent, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(path.join(parent, entry.name, "package.json")))
      .map((entry) => path.join(parent, entry.name));
  });
}

const given = process.argv.slice(2).map((folder) => path.resolve(folder));
const folders = given.length ? given : [ROOT, ...workspaces()];
const removed = [];
for (const folder of folders) {
  for (const name of LEFTOVERS) {
    // The root has no build of its own: only its caches and results.
    if (folder === ROOT && (name === "build" || name === "dist")) continue;
    const target = path.join(folder, name);
    if (!existsSync(target)) continue;
    rmSync(target, { recursive: true, force: true });
    removed.push(path.relative(ROOT, target) || target);
  }
}
console.log(removed.length ? `[clean] removed ${removed.join(", ")}` : "[clean] nothing to remove");
