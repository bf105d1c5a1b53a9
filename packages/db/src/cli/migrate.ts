/**
 * Applies pending migrations and the launch products to DATABASE_URL (deployments), with the
 * password of DATABASE_PASSWORD_FILE when set. Idempotent; the migrator's lock serialises runs.
 */
import { connect, readPasswordFile } from "../connection";
import { flushErrorReports, reportError, startErrorReporting } from "../error-reporting";
import { createLogger, defaultLogFormat, installLogger, LOG_FORMATS, type LogFormat } from "../log";
import { migrateToLatest } from "../migrate";
import { seedProducts } from "../seed";
import { loadEnvFile } from "./project";

/** Says what is wrong in one line and stops (exit 2: a setting, not the database). */
function refuse(message: string): never {
  log.error(message, {}, `[migrate] ${message}`);
  process.exit(2);
}

let settingsError: string | undefined;
try {
  loadEnvFile();
} catch (error) {
  settingsError = (error as Error).message;
}
const { DATABASE_URL, DATABASE_PASSWORD_FILE, LOG_FORMAT } = process.env;
const format: LogFormat = LOG_FORMATS.includes(LOG_FORMAT as LogFormat)
  ? (LOG_FORMAT as LogFormat)
  : defaultLogFormat(process.env);
const log = installLogger(createLogger({ service: "migrate", format }));
if (settingsError) refuse(settingsError);
if (LOG_FORMAT && format !== LOG_FORMAT) refuse("LOG_FORMAT must be json or text");
if (!DATABASE_URL) refuse("DATABASE_URL is required");

// Exceptions to Sentry when SENTRY_DSN is set (decision 056): a failed migration is reported.
try {
  await startErrorReporting("migrate", process.env);
} catch (error) {
  refuse((error as Error).message);
}

let password: string | undefined;
try {
  password = DATABASE_PASSWORD_FILE ? readPasswordFile(DATABASE_PASSWORD_FILE) : undefined;
} catch (error) {
  refuse((error as Error).message);
}

const db = connect(DATABASE_URL, { maxConnections: 1, password });
try {
  const { results } = await migrateToLatest(db);
  for (const r of results ?? []) {
    log.info(
      "migration",
      { migration: r.migrationName, status: r.status },
      `[migrate] ${r.migrationName}: ${r.status}`,
    );
  }
  await seedProducts(db);
  log.info("schema current, launch products present");
} catch (error) {
  log.error("failed", { err: error }, `[migrate] failed: ${(error as Error)?.stack ?? error}`);
  reportError(error, { tags: { step: "migrate" } });
  process.exitCode = 1;
} finally {
  await db.destroy();
  await flushErrorReports();
}
