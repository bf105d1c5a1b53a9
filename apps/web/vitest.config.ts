import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { timeouts } from "../../vitest.shared";

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    ...timeouts,
    include: ["app/**/*.test.ts"],
    globalSetup: ["../../packages/db/src/testing/global-setup.ts"],
    unstubEnvs: true,
  },
});
