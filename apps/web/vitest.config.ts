import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["app/**/*.test.ts"],
    globalSetup: ["../../packages/db/src/testing/global-setup.ts"],
    hookTimeout: 60_000,
    unstubEnvs: true,
  },
});
