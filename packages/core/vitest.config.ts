import { defineConfig } from "vitest/config";

// Pure functions: no database, no global set-up.
export default defineConfig({
  test: { include: ["src/**/*.test.ts"] },
});
