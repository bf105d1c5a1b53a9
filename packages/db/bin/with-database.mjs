#!/usr/bin/env node
// Loads the TypeScript launcher through tsx so it runs from source in every environment.
import { register } from "tsx/esm/api";

register();
await import("../src/cli/with-database.ts");
