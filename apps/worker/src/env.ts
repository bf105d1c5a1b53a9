import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { readPasswordFile } from "@souls/db";
import { defaultLogFormat, LOG_FORMATS, type LogFormat } from "@souls/db/log";
import { z } from "zod";

/** The repository's root (the folder holding turbo.json), whatever folder the worker starts in. */
function projectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, "turbo.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

/**
 * Reads the settings file into process.env when the worker runs on its own (`with-database` has
 * read it already for `npm start`): the root `.env`, or SHOP_ENV_FILE (`none`: no file). Variables
 * already set win; test runs (NODE_ENV=test) read none.
 */
export function loadEnvFile(): void {
  const chosen = process.env.SHOP_ENV_FILE;
  if (chosen === "none" || (!chosen && process.env.NODE_ENV === "test")) return;
  const file = path.resolve(projectRoot(), chosen || ".env");
  if (existsSync(file)) process.loadEnvFile(file);
  else if (chosen) throw new Error(`Invalid worker configuration:\n  SHOP_ENV_FILE: ${file} does not exist`);
}

/** An empty line in a .env file (`SMTP_URL=`) means "unset", not "set to nothing". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

/** The worker's settings, read once: the only place it reads process.env. */
const schema = z
  .object({
    NODE_ENV: optional(z.enum(["development", "production", "test"])),
    DATABASE_URL: z.string().min(1, "DATABASE_URL is required (start the worker through `with-database`)"),
    /** A file holding the database password (a Docker or Kubernetes secret); wins over the URL's. */
    DATABASE_PASSWORD_FILE: optional(z.string()),
    /** `json`: one JSON object per line (the default in a deployment); `text` for people. */
    LOG_FORMAT: optional(z.enum(LOG_FORMATS, { error: "must be json or text" })),
    /** Touched at start, after every round and every e-mail settled: the liveness probe reads its age. */
    WORKER_HEARTBEAT_FILE: optional(z.string()),
    /** Set by `with-database` when it started the embedded PostgreSQL server. */
    SHOP_EMBEDDED_DB: optional(z.literal("1")),
    /** Signs the links of sign-up e-mails (confirmation, unsubscribe); the web app's secret. */
    SESSION_SECRET: optional(z.string().min(32, "must be at least 32 characters")),
    STRIPE_SECRET_KEY: optional(z.string().regex(/^(sk|rk)_/, "must start with sk_ or rk_")),
    STRIPE_PUBLISHABLE_KEY: optional(z.string().regex(/^pk_/, "must start with pk_")),
    STRIPE_WEBHOOK_SECRET: optional(z.string().regex(/^whsec_/, "must start with whsec_")),
    ALLOW_TEST_PAYMENTS: optional(z.stringbool()),
    /** The web app's port, for the default origin of local e-mail links. */
    PORT: optional(z.coerce.number().int().min(1).max(65535)),
    /** Seconds between two rounds of jobs. */
    WORKER_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(15),
    /** Outgoing mail server; unset, e-mails are written to the local mailbox folder instead. */
    SMTP_URL: optional(
      z
        .string()
        .regex(/^smtps?:\/\/[^/]/, "must start with smtp:// or smtps://, e.g. smtp://user:pass@host:587")
        .refine(
          (url) => URL.canParse(url),
          "is not a valid URL (percent-encode special characters in the password)",
        ),
    ),
    /** The From of every e-mail, e.g. `SOULS <commandes@souls.fr>`; defaults to the shop's contact address. */
    MAIL_FROM: optional(z.string().min(3)),
    /** Public origin of the shop, for the links in e-mails; locally http://localhost:PORT. */
    SITE_URL: optional(
      z.url({ protocol: /^https?$/, error: "must be an http(s) origin, e.g. https://souls.example" }),
    ),
    /** Where e-mails go without SMTP_URL; relative paths start at the repository's root. */
    MAILBOX_DIR: optional(z.string()),
    /** The local data folder (database files, secrets, mailbox), as for the rest of the shop. */
    SHOP_DATA_DIR: optional(z.string()),
  })
  .superRefine((env, ctx) => {
    const deployment = env.NODE_ENV === "production" && !env.SHOP_EMBEDDED_DB;
    const stripeKeys = [env.STRIPE_SECRET_KEY, env.STRIPE_PUBLISHABLE_KEY, env.STRIPE_WEBHOOK_SECRET];
    const problem = (path: string, message: string) =>
      ctx.addIssue({ code: "custom", path: [path], message });
    if (stripeKeys.some(Boolean) && !stripeKeys.every(Boolean)) {
      problem(
        "STRIPE_SECRET_KEY",
        "set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET together (or none)",
      );
    }
    if (!deployment) return;
    if (!env.SITE_URL)
      problem("SITE_URL", "is required in production (the public origin, e.g. https://souls.example)");
    if (!env.SESSION_SECRET) problem("SESSION_SECRET", "is required in production (the web app's secret)");
    if (!stripeKeys.every(Boolean) && !env.ALLOW_TEST_PAYMENTS) {
      problem(
        "STRIPE_SECRET_KEY",
        "a deployment takes real payments: set the three Stripe keys (or ALLOW_TEST_PAYMENTS=true for staging)",
      );
    }
  });

/** The log format when the settings themselves are refused: LOG_FORMAT if valid, else the default. */
export function fallbackLogFormat(source: NodeJS.ProcessEnv = process.env): LogFormat {
  const chosen = source.LOG_FORMAT as LogFormat;
  return LOG_FORMATS.includes(chosen) ? chosen : defaultLogFormat(source);
}

/** The web app's local fallback (env.server.ts): links signed here must verify there. */
const LOCAL_SECRET = "development-only-secret-not-for-production-use";

export type WorkerEnv = ReturnType<typeof readEnv>;

export function readEnv(source: NodeJS.ProcessEnv = process.env) {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    // Messages only, never the values: SMTP_URL and DATABASE_URL carry passwords.
    throw new Error(
      `Invalid worker configuration:\n${parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n")}`,
    );
  }
  const {
    MAILBOX_DIR,
    SHOP_DATA_DIR,
    SITE_URL,
    PORT,
    SESSION_SECRET,
    DATABASE_PASSWORD_FILE,
    LOG_FORMAT,
    ...env
  } = parsed.data;
  let DATABASE_PASSWORD: string | undefined;
  try {
    DATABASE_PASSWORD = DATABASE_PASSWORD_FILE ? readPasswordFile(DATABASE_PASSWORD_FILE) : undefined;
  } catch (error) {
    throw new Error(`Invalid worker configuration:\n  ${(error as Error).message}`);
  }
  const root = projectRoot();
  const mailboxDir = MAILBOX_DIR
    ? path.resolve(root, MAILBOX_DIR)
    : path.join(path.resolve(root, SHOP_DATA_DIR ?? ".data"), "mailbox");
  return {
    ...env,
    // The address the shop was started on when none is configured (local runs only).
    SITE_URL: (SITE_URL ?? `http://localhost:${PORT ?? 3000}`).replace(/\/+$/, ""),
    SESSION_SECRET: SESSION_SECRET ?? LOCAL_SECRET,
    MAILBOX_DIR: mailboxDir,
    /** From DATABASE_PASSWORD_FILE, for connect(); never logged. */
    DATABASE_PASSWORD,
    LOG_FORMAT: LOG_FORMAT ?? defaultLogFormat(env),
  };
}
