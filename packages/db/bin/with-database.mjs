#!/usr/bin/env node
// Loads the TypeScript launcher through tsx so it runs from source in every environment.
import { register } from "tsx/esm/api";

register();
// --hold-database: the launcher's own database process (src/cli/hold-database.ts).
await import(
  process.argv[2] === "--hold-database" ? "../src/cli/hold-database.ts" : "../src/cli/with-database.ts"
);
