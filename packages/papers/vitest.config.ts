import { defineConfig } from "vitest/config";

// Rendering needs no database: no global set-up.
export default defineConfig({
  test: {
    include: ["src/**/*.test.{ts,tsx}"],
  },
});
