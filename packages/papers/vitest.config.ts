import { defineConfig } from "vitest/config";
import { timeouts } from "../../vitest.shared";

// Rendering needs no database: no global set-up.
export default defineConfig({
  test: {
    ...timeouts,
    include: ["src/**/*.test.{ts,tsx}"],
  },
});
