#!/usr/bin/env node
/**
 * Picks the node_modules the runtime image needs, and nothing else. The worker and the migration
 * are bundled (apps/worker/dist, packages/db/dist) and need none; the web server (server.mjs and
 * the Remix build it imports) leaves its npm dependencies outside its build. This script finds the
 * packages those files import, follows their dependencies through each package.json, and copies
 * exactly those package folders, at the same paths, into OUT — so the runtime resolves the very
 * versions the build was made and tested with, from the lockfile's install.
 *
 *   node docker/runtime-modules.mjs OUT      (run from the repository's root, after the build)
 *
 * It fails when the web build imports a workspace package (it should be bundled into the build),
 * when a dependency is missing, or when a package it would copy is a development-only one in
 * package-lock.json. Used by docker/Dockerfile's build stage; scripts/smoke-deploy.mjs runs it there.
 */
import { cpSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { build } from "esbuild";

const ROOT = process.cwd();
const out = process.argv[2];
if (!out) {
  console.error("usage: node docker/runtime-modules.mjs OUT");
  process.exit(2);
}
const OUT = path.resolve(ROOT, out);

/** What the runtime image starts: the web server; the bundles need no package. */
const WEB_ENTRY = "apps/web/server.mjs";
const WEB_BUILD = "apps/web/build/server";

/**
 * Compile-time packages that libraries list among their dependencies or peers (tRPC asks for
 * TypeScript, Remix for cookie's types): nothing runs them, so they are not followed.
 */
const TYPES_ONLY = (name) => name === "typescript" || name.startsWith("@types/");

const fail = (message) => {
  console.error(`[runtime-modules] ${message}`);
  process.exit(1);
};

const builtins = new Set(builtinModules);
const isBuiltin = (specifier) => specifier.startsWith("node:") || builtins.has(specifier.split("/")[0]);
const packageName = (specifier) =>
  specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : specifier.split("/")[0];

/** The bare imports of the web server and every module of its build, read by esbuild's parser. */
async function importedPackages() {
  const entries = [WEB_ENTRY];
  const walk = (dir) => {
    for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const file = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.(m?js|cjs)$/.test(entry.name)) entries.push(file);
    }
  };
  if (!existsSync(path.join(ROOT, WEB_BUILD))) fail(`${WEB_BUILD} is missing: build the web app first`);
  walk(WEB_BUILD);
  const found = new Map();
  for (const entry of entries) {
    const result = await build({
      entryPoints: [path.join(ROOT, entry)],
      bundle: true,
      write: false,
      metafile: true,
      platform: "node",
      format: "esm",
      packages: "external",
      logLevel: "silent",
    });
    for (const input of Object.values(result.metafile.inputs)) {
      for (const { path: specifier, external } of input.imports) {
        if (!external || isBuiltin(specifier) || specifier.startsWith(".")) continue;
        found.set(packageName(specifier), entry);
      }
    }
    // A package read as files, not imported (the papers' fonts: require.resolve("dejavu-fonts-ttf/…")),
    // is no import to esbuild; its name is in the call.
    const text = readFileSync(path.join(ROOT, entry), "utf8");
    for (const [, specifier] of text.matchAll(/\bresolve\(\s*["']([@\w][^"'\s]*)["']\s*\)/g)) {
      if (!isBuiltin(specifier)) found.set(packageName(specifier), entry);
    }
  }
  return found;
}

/** Node's lookup: the nearest node_modules/NAME from `fromDir` up to the repository's root. */
function resolvePackage(name, fromDir) {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "node_modules", name);
    if (existsSync(path.join(candidate, "package.json"))) return candidate;
    if (dir === ROOT || path.dirname(dir) === dir) return undefined;
  }
}

const lock = JSON.parse(readFileSync(path.join(ROOT, "package-lock.json"), "utf8")).packages;
const imported = await importedPackages();
const chosen = new Map();
const queue = [];

for (const [name, importer] of imported) {
  const dir = resolvePackage(name, path.join(ROOT, path.dirname(importer)));
  if (!dir) fail(`${importer} imports ${name}, which is not installed`);
  queue.push({ name, dir, by: importer });
}
while (queue.length) {
  const { name, dir, by } = queue.shift();
  const relative = path.relative(ROOT, dir).split(path.sep).join("/");
  if (chosen.has(relative)) continue;
  if (lstatSync(dir).isSymbolicLink() || !relative.includes("node_modules/")) {
    fail(`${by} needs the workspace package ${name}: it must be bundled into the build, not installed`);
  }
  const locked = lock[relative];
  if (!locked) fail(`${relative} (needed by ${by}) is not in package-lock.json`);
  if (locked.dev) fail(`${relative} (needed by ${by}) is a development dependency in package-lock.json`);
  chosen.set(relative, dir);

  const manifest = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8"));
  const optionalPeers = new Set(
    Object.entries(manifest.peerDependenciesMeta ?? {})
      .filter(([, meta]) => meta?.optional)
      .map(([peer]) => peer),
  );
  const needs = [
    ...Object.keys(manifest.dependencies ?? {}).map((dep) => [dep, false]),
    ...Object.keys(manifest.optionalDependencies ?? {}).map((dep) => [dep, true]),
    ...Object.keys(manifest.peerDependencies ?? {})
      .filter((peer) => !optionalPeers.has(peer))
      .map((peer) => [peer, true]),
  ];
  for (const [dep, optional] of needs) {
    if (TYPES_ONLY(dep)) continue;
    const found = resolvePackage(dep, dir);
    if (found) queue.push({ name: dep, dir: found, by: relative });
    else if (!optional) fail(`${relative} depends on ${dep}, which is not installed`);
  }
}

rmSync(OUT, { recursive: true, force: true });
let bytes = 0;
const count = (file) => {
  const stat = lstatSync(file);
  if (stat.isDirectory()) for (const child of readdirSync(file)) count(path.join(file, child));
  else bytes += stat.size;
};
for (const [relative, dir] of [...chosen].sort(([a], [b]) => a.localeCompare(b))) {
  const target = path.join(OUT, relative);
  mkdirSync(target, { recursive: true });
  for (const entry of readdirSync(dir)) {
    // A package's own node_modules holds packages of their own, copied only if needed.
    if (entry === "node_modules") continue;
    cpSync(path.join(dir, entry), path.join(target, entry), { recursive: true, verbatimSymlinks: true });
  }
  count(target);
}
console.log(
  `[runtime-modules] ${chosen.size} packages (${(bytes / 1024 / 1024).toFixed(1)} MB) for ${imported.size} imported by the web server: ${[...imported.keys()].sort().join(", ")}`,
);
