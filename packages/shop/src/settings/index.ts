/**
 * `@souls/shop/settings`: the shop's settings, read once at start-up by the web app
 * (apps/web/app/lib/env.server.ts) and the worker with the same variables and the same rules, so
 * the two can never disagree on what a deployment needs. Messages name the variable, never its
 * value (DATABASE_URL and SMTP_URL carry passwords). Every secret may come from a file instead
 * (`SESSION_SECRET_FILE`…, variables.ts' SECRETS), as Docker and Kubernetes mount secrets.
 */
import path from "node:path";
import { readPasswordFile } from "@souls/db";
import { defaultLogFormat, type LogFormat } from "@souls/db/log";
import { projectRoot } from "@souls/db/project";
import type { z } from "zod";
import type { OrderLimits } from "../limits";
import { SECRETS, type Secret, type Variables, variables } from "./variables";

/** Which process reads them: the owner's password is the web app's alone. */
export type ShopApp = "web" | "worker";

export interface ShopSettings extends Variables {
  /** The password of DATABASE_PASSWORD_FILE, for connect(); never logged. */
  databasePassword: string | undefined;
  /** A real deployment: a production build on a database that is not the embedded one. */
  isDeployment: boolean;
  /** The shop's public origin, without a trailing slash. */
  siteUrl: string;
  /** SESSION_SECRET, or a fixed local one: links the worker signs must verify on the web app. */
  sessionSecret: string;
  /**
   * What a signed cookie or link is checked against: sessionSecret first (it signs everything
   * new), then SESSION_SECRET_PREVIOUS during a rotation.
   */
  sessionSecrets: readonly [string, ...string[]];
  logFormat: LogFormat;
  orderLimits: OrderLimits;
  /**
   * Where e-mails are written without SMTP_URL (MAILBOX_DIR, else SHOP_DATA_DIR's mailbox), relative
   * paths starting at the repository's root: the worker's, and the web server's when it sends the
   * « worker stopped » e-mail itself (decision 057).
   */
  mailboxDir: string;
}

/** The local fallback of SESSION_SECRET; a deployment refuses to start without a real one. */
const LOCAL_SECRET = "development-only-secret-not-for-production-use";

/** The rules that tie several variables together. */
function problems(env: Variables, app: ShopApp): { variable: keyof Variables; message: string }[] {
  const found: { variable: keyof Variables; message: string }[] = [];
  const stripeKeys = [env.STRIPE_SECRET_KEY, env.STRIPE_PUBLISHABLE_KEY, env.STRIPE_WEBHOOK_SECRET];
  if (stripeKeys.some(Boolean) && !stripeKeys.every(Boolean)) {
    found.push({
      variable: "STRIPE_SECRET_KEY",
      message: "set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET together (or none)",
    });
  }
  if (!isDeployment(env)) return found;
  if (!env.SITE_URL) {
    found.push({
      variable: "SITE_URL",
      message: "SITE_URL is required in production (the public origin, e.g. https://souls.example)",
    });
  }
  if (!env.SESSION_SECRET) {
    found.push({ variable: "SESSION_SECRET", message: "SESSION_SECRET is required in production" });
  }
  if (env.SHOP_TEST_CLOCK_FILE) {
    found.push({
      variable: "SHOP_TEST_CLOCK_FILE",
      message: "SHOP_TEST_CLOCK_FILE moves the shop's clock for tests: never set it in a deployment",
    });
  }
  if (app === "web" && !env.ADMIN_PASSWORD) {
    found.push({ variable: "ADMIN_PASSWORD", message: "ADMIN_PASSWORD is required in production" });
  }
  if (!stripeKeys.every(Boolean) && !env.ALLOW_TEST_PAYMENTS) {
    found.push({
      variable: "STRIPE_SECRET_KEY",
      message:
        "a deployment takes real payments: set the three Stripe keys (or ALLOW_TEST_PAYMENTS=true for a staging deployment)",
    });
  }
  return found;
}

const isDeployment = (env: Pick<Variables, "NODE_ENV" | "SHOP_EMBEDDED_DB">) =>
  env.NODE_ENV === "production" && !env.SHOP_EMBEDDED_DB;

/** One line per problem, naming its variable (a message that already names it is kept as it is). */
function refusal(found: { variable: PropertyKey; message: string }[]): Error {
  const lines = found.map(({ variable, message }) =>
    message.includes(String(variable)) ? `  ${message}` : `  ${String(variable)}: ${message}`,
  );
  return new Error(`Invalid configuration:\n${lines.join("\n")}`);
}

/**
 * Replaces, in `set`, each `<NAME>_FILE` of a secret by `<NAME>` holding the file's content
 * (without its trailing line break), so the schema checks it as if it had been set directly.
 * Returns the problems — both set, or a file missing, unreadable or empty: named, never shown —
 * and which secrets came from which file.
 */
function readSecretFiles(set: Record<string, string | undefined>) {
  const unread: { variable: string; secret: Secret; message: string }[] = [];
  const readFrom = new Map<string, string>();
  for (const secret of SECRETS) {
    const variable = `${secret}_FILE`;
    const file = set[variable];
    if (file === undefined) continue;
    if (set[secret] !== undefined) {
      unread.push({ variable, secret, message: `set ${secret} or ${variable}, not both` });
      continue;
    }
    try {
      set[secret] = readPasswordFile(file, variable);
      readFrom.set(secret, file);
    } catch (error) {
      unread.push({ variable, secret, message: (error as Error).message });
    }
  }
  return { unread, readFrom };
}

/** A refused value read from a file says which file (its content is never shown). */
const withFile = (found: { variable: string; message: string }[], readFrom: Map<string, string>) =>
  found.map((problem) => {
    const file = readFrom.get(problem.variable);
    return file ? { ...problem, message: `${problem.message} (read from ${file})` } : problem;
  });

const issuesOf = (error: z.ZodError) =>
  error.issues.map((issue) => ({ variable: issue.path.join("."), message: issue.message }));

/** Reads and checks the settings; throws one Error listing every problem. */
export function readSettings(
  source: Readonly<Record<string, string | undefined>>,
  app: ShopApp,
): ShopSettings {
  // An empty value (`SMTP_URL=` in a .env file) means unset, not "set to nothing".
  const set: Record<string, string | undefined> = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== ""),
  );
  const { unread, readFrom } = readSecretFiles(set);
  const parsed = variables.safeParse(set);
  if (!parsed.success) throw refusal([...unread, ...withFile(issuesOf(parsed.error), readFrom)]);
  const env = parsed.data;
  // A secret whose file could not be read is not also reported as missing.
  const found = [
    ...unread,
    ...problems(env, app).filter(({ variable }) => !unread.some((file) => file.secret === variable)),
  ];
  let databasePassword: string | undefined;
  try {
    databasePassword = env.DATABASE_PASSWORD_FILE ? readPasswordFile(env.DATABASE_PASSWORD_FILE) : undefined;
  } catch (error) {
    found.push({ variable: "DATABASE_PASSWORD_FILE", message: (error as Error).message });
  }
  if (found.length) throw refusal(found);
  const sessionSecret = env.SESSION_SECRET ?? LOCAL_SECRET;
  const root = projectRoot();
  return {
    ...env,
    databasePassword,
    isDeployment: isDeployment(env),
    siteUrl: (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    sessionSecret,
    sessionSecrets: [
      sessionSecret,
      ...(env.SESSION_SECRET_PREVIOUS && env.SESSION_SECRET_PREVIOUS !== sessionSecret
        ? [env.SESSION_SECRET_PREVIOUS]
        : []),
    ],
    logFormat: env.LOG_FORMAT ?? defaultLogFormat(env),
    orderLimits: {
      holdMinutes: env.HOLD_MINUTES,
      maxPiecesPerModel: env.MAX_PIECES_PER_MODEL,
      maxHeldPiecesPerClient: env.MAX_HELD_PIECES_PER_CLIENT,
      maxUnpaidOrdersPerHour: env.MAX_UNPAID_ORDERS_PER_HOUR,
      maxHeldShareOfModel: env.MAX_HELD_SHARE_PER_MODEL / 100,
    },
    mailboxDir: env.MAILBOX_DIR
      ? path.resolve(root, env.MAILBOX_DIR)
      : path.join(path.resolve(root, env.SHOP_DATA_DIR ?? ".data"), "mailbox"),
  };
}
