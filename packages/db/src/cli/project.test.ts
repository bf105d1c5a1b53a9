import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { loadEnvFile } from "./project";

const root = mkdtempSync(path.join(tmpdir(), "souls-env-file-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
afterEach(() => vi.unstubAllEnvs());

describe("the settings file (.env)", () => {
  it("is read from the root, and variables already set win over it", () => {
    writeFileSync(path.join(root, ".env"), "SOULS_PROBE_A=from-file\nSOULS_PROBE_B=from-file\n");
    vi.stubEnv("NODE_ENV", "development");
    vi.stubEnv("SHOP_ENV_FILE", undefined);
    vi.stubEnv("SOULS_PROBE_A", undefined);
    vi.stubEnv("SOULS_PROBE_B", "real");
    expect(loadEnvFile(root)).toBe(path.join(root, ".env"));
    expect(process.env.SOULS_PROBE_A).toBe("from-file");
    expect(process.env.SOULS_PROBE_B).toBe("real");
  });

  it("is the one SHOP_ENV_FILE names, or none with `none`, and none in a test run", () => {
    writeFileSync(path.join(root, "staging.env"), "SOULS_PROBE_C=staging\n");
    vi.stubEnv("NODE_ENV", "development");
    vi.stubEnv("SOULS_PROBE_C", undefined);
    vi.stubEnv("SHOP_ENV_FILE", "staging.env");
    expect(loadEnvFile(root)).toBe(path.join(root, "staging.env"));
    expect(process.env.SOULS_PROBE_C).toBe("staging");
    vi.stubEnv("SHOP_ENV_FILE", "missing.env");
    expect(() => loadEnvFile(root)).toThrow(/SHOP_ENV_FILE: .*missing\.env does not exist/);
    vi.stubEnv("SHOP_ENV_FILE", "none");
    expect(loadEnvFile(root)).toBeUndefined();
    vi.stubEnv("SHOP_ENV_FILE", undefined);
    vi.stubEnv("NODE_ENV", "test");
    expect(loadEnvFile(root)).toBeUndefined();
  });
});
