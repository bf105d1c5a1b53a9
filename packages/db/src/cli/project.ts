import { existsSync } from "node:fs";
import path from "node:path";

/** The repository's root: the nearest folder upwards holding turbo.json. */
export function projectRoot(from = process.cwd()): string {
  let dir = path.resolve(from);
  while (!existsSync(path.join(dir, "turbo.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) return path.resolve(from);
    dir = parent;
  }
  return dir;
}

/** Local state of a development machine (database files, mailbox): `.data/` at the root. */
export function projectDataDir(): string {
  return process.env.SHOP_DATA_DIR ?? path.join(projectRoot(), ".data");
}

/**
 * Reads the settings file into process.env, as every Node project does: the root `.env`, or the
 * file SHOP_ENV_FILE names (`none`: no file). Variables already set win over the file's. Test runs
 * read none (NODE_ENV=test, or SHOP_ENV_FILE=none from `with-database --fresh`), so a developer's
 * settings never change what a test sees. Returns the file read, if any.
 */
export function loadEnvFile(root = projectRoot()): string | undefined {
  const chosen = process.env.SHOP_ENV_FILE;
  if (chosen === "none" || (!chosen && process.env.NODE_ENV === "test")) return undefined;
  const file = path.resolve(root, chosen || ".env");
  if (!existsSync(file)) {
    if (chosen) throw new Error(`SHOP_ENV_FILE: ${file} does not exist`);
    return undefined;
  }
  process.loadEnvFile(file);
  return file;
}
