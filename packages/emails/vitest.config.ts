import { defineConfig } from "vitest/config";
import { timeouts } from "../../vitest.shared";

// Rendering needs no database, so unlike the shop's config there is no global set-up.
export default defineConfig({
  test: {
    ...timeouts,
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["./src/testing/no-console-errors.ts"],
  },
});
