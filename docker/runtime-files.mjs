#!/usr/bin/env node
/**
 * The files of node_modules the web server reads at run time, and only those, traced by Vercel's
 * file tracer (@vercel/nft, decision 053) from apps/web/server.mjs and the Remix server build it
 * imports: every import, require, require.resolve and file read it can see (the papers' fonts, the
 * PDF renderer's own files) — file by file, not package by package. They are copied, at the same
 * paths, into OUT, so the runtime resolves the very files the build was made and tested with.
 * The worker and the migration are bundles (scripts/bundle.mjs) and need none.
 *
 *   node docker/runtime-files.mjs OUT      (from the repository's root, after the build)
 *
 * It fails when the web server would read a workspace package (it must be bundled into the build),
 * a file the tracer cannot find, or a package that package-lock.json says is for development only.
 * Used by docker/Dockerfile's build stage.
 */
import { cpSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire, isBuiltin } from "node:module";
import path from "node:path";
import { nodeFileTrace } from "@vercel/nft";

const ROOT = process.cwd();
const out = process.argv[2];
if (!out) {
  console.error("usage: node docker/runtime-files.mjs OUT");
  process.exit(2);
}
const OUT = path.resolve(ROOT, out);
const WEB_ENTRY = "apps/web/server.mjs";
const WEB_BUILD = "apps/web/build/server";

const fail = (message) => {
  console.error(`[runtime-files] ${message}`);
  process.exit(1);
};

if (!existsSync(path.join(ROOT, WEB_BUILD))) fail(`${WEB_BUILD} is missing: build the web app first`);
const entries = [WEB_ENTRY];
const walk = (dir) => {
  for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) walk(file);
    else if (/\.(m?js|cjs)$/.test(entry.name)) entries.push(file);
  }
};
walk(WEB_BUILD);

const { fileList, warnings } = await nodeFileTrace(entries, {
  base: ROOT,
  processCwd: path.join(ROOT, "apps/web"),
});
// What the tracer cannot find must be something the importing package can do without: another
// platform's binary (sharp's optional @img/*), an optional peer (pg's pg-native), another runtime's
// module (cloudflare:sockets). A package's required dependency missing fails the build.
const required = (importer, specifier) => {
  if (/^[a-z]+:/.test(specifier)) return false;
  let dir = path.dirname(importer);
  while (!existsSync(path.join(dir, "package.json")) && dir !== path.dirname(dir)) dir = path.dirname(dir);
  const manifest = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8"));
  const name = specifier.startsWith("@")
    ? specifier.split("/").slice(0, 2).join("/")
    : specifier.split("/")[0];
  return Boolean(manifest.dependencies?.[name]);
};
const missing = [...warnings]
  .map((warning) =>
    String(warning.message ?? warning).match(/Cannot find module '([^']+)' loaded from (\S+)/),
  )
  .filter((match) => match && required(match[2], match[1]));
if (missing.length) {
  fail(
    `the tracer could not find what the web server needs:\n  ${missing.map((m) => `${m[1]} (from ${m[2]})`).join("\n  ")}`,
  );
}

// A module required through createRequire under another name (`const require$1 =
// createRequire(import.meta.url)`, as Vite and Rollup write it: pdfkit's standard fonts
// `require$1("#standard-fonts/Helvetica")`, the papers' `require$1.resolve("dejavu-fonts-ttf/…")`)
// is no require to the tracer. Each traced module is read for those calls with a literal name;
// what they name is resolved as Node would from that module, traced in turn, until nothing new.
const CREATE_REQUIRE =
  /\b(?:const|let|var)\s+([\w$]+)\s*=\s*(?:[\w$]+\.)?createRequire\(\s*import\.meta\.url\s*\)/g;
const scanned = new Set();
const hiddenRequires = () => {
  const found = [];
  for (const file of [...fileList]) {
    if (scanned.has(file) || !/\.(m?js|cjs)$/.test(file)) continue;
    scanned.add(file);
    const text = readFileSync(path.join(ROOT, file), "utf8");
    if (!text.includes("createRequire")) continue;
    const resolveFrom = createRequire(path.join(ROOT, file));
    for (const [, name] of text.matchAll(CREATE_REQUIRE)) {
      const call = new RegExp(
        `(?<![\\w$.])${name.replaceAll("$", "\\$")}(?:\\.resolve)?\\(\\s*["']([^"']+)["']\\s*\\)`,
        "g",
      );
      for (const [, specifier] of text.matchAll(call)) {
        if (isBuiltin(specifier) || specifier.startsWith("node:")) continue;
        let resolved;
        try {
          resolved = resolveFrom.resolve(specifier);
        } catch {
          if (required(path.join(ROOT, file), specifier))
            fail(`${file} requires ${specifier}, which cannot be found`);
          continue;
        }
        const relative = path.relative(ROOT, resolved).split(path.sep).join("/");
        if (!fileList.has(relative)) found.push(relative);
      }
    }
  }
  return [...new Set(found)];
};
for (let more = hiddenRequires(); more.length; more = hiddenRequires()) {
  for (const file of more) fileList.add(file);
  const traced = await nodeFileTrace(
    more.filter((file) => /\.(m?js|cjs)$/.test(file)),
    { base: ROOT, processCwd: path.join(ROOT, "apps/web") },
  );
  for (const file of traced.fileList) fileList.add(file);
}

const lock = JSON.parse(readFileSync(path.join(ROOT, "package-lock.json"), "utf8")).packages;
const files = [...fileList].sort();
/** What the Dockerfile copies itself: the web app and its build, the migration's bundle (its logger). */
const COPIED = ["apps/web/", "packages/db/dist/"];
const outside = files.filter(
  (file) => !file.startsWith("node_modules/") && !COPIED.some((folder) => file.startsWith(folder)),
);
if (outside.length) {
  fail(
    `the web server reads workspace files (bundle them into the build):\n  ${outside.slice(0, 10).join("\n  ")}`,
  );
}
const packages = new Set();
let bytes = 0;
rmSync(OUT, { recursive: true, force: true });
for (const file of files.filter((candidate) => candidate.startsWith("node_modules/"))) {
  // The package folder a file belongs to: node_modules/a, node_modules/@s/a, …/node_modules/b.
  const folder = file.match(/^(.*node_modules\/(?:@[^/]+\/)?[^/]+)/)[1];
  const locked = lock[folder];
  if (!locked) fail(`${folder} is not in package-lock.json`);
  if (locked.dev)
    fail(`${folder} is a development dependency in package-lock.json, yet the web server reads it`);
  if (locked.link) fail(`${folder} is the workspace package ${locked.resolved}: bundle it into the build`);
  packages.add(folder);
  const target = path.join(OUT, file);
  mkdirSync(path.dirname(target), { recursive: true });
  cpSync(path.join(ROOT, file), target, { verbatimSymlinks: true });
  const stat = lstatSync(target);
  if (stat.isFile()) bytes += stat.size;
}
console.log(
  `[runtime-files] ${files.length} files traced from ${entries.length} entries; ${packages.size} packages, ${(bytes / 1e6).toFixed(1)} MB copied into ${path.relative(ROOT, OUT)}`,
);
