/**
 * Every environment variable the shop reads, with its format and default: one list for the web app
 * and the worker, so a setting means the same in both (`.env.example` documents each). The rules
 * that tie several together are in ./index.ts.
 */

import { REVIEW_RULES } from "@souls/core/reviews";
import { LOG_FORMATS } from "@souls/db/log";
import { z } from "zod";
import { DEFAULT_ORDER_LIMITS } from "../limits";

const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

export const variables = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z.string().min(1, "DATABASE_URL is required (start the shop through `with-database`)"),
  /** A file holding the database password (a Docker or Kubernetes secret); wins over the URL's. */
  DATABASE_PASSWORD_FILE: z.string().optional(),
  /** Set by `with-database` when it started the embedded PostgreSQL server. */
  SHOP_EMBEDDED_DB: z.literal("1").optional(),
  /** `json`: one JSON object per line (the default in a deployment); `text` for people. */
  LOG_FORMAT: z.enum(LOG_FORMATS, { error: "LOG_FORMAT must be json or text" }).optional(),
  /** Signs the cookies and the sign-up e-mails' links: the web app and the worker share it. */
  SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters").optional(),
  /**
   * During a rotation of SESSION_SECRET, the one it replaces: cookies and links signed with it are
   * still accepted, nothing new is signed with it (docs/deploy.md, "Rotating SESSION_SECRET").
   */
  SESSION_SECRET_PREVIOUS: z
    .string()
    .min(32, "SESSION_SECRET_PREVIOUS must be at least 32 characters")
    .optional(),
  /**
   * Public origin of the shop, e.g. https://souls.example: every link, sitemap and e-mail uses it,
   * never a request's Host header. Required in a deployment; locally http://localhost:PORT.
   */
  SITE_URL: z
    .url({ protocol: /^https?$/, error: "SITE_URL must be an http(s) origin, e.g. https://souls.example" })
    .optional(),
  /** The web app's port (the worker's local e-mail links follow it). */
  PORT: int(1, 65535).default(3000),
  /**
   * Prometheus metrics on a listener of their own (decision 044), never the public port: unset, no
   * metrics are served. The web server's and the worker's each take their own port: the worker's
   * is WORKER_METRICS_PORT, so that one .env read by both (`npm start`) never makes them collide.
   */
  METRICS_PORT: int(1, 65535).optional(),
  WORKER_METRICS_PORT: int(1, 65535).optional(),
  /** The address the metrics listener binds to; 127.0.0.1 unless the scraper is elsewhere. */
  METRICS_HOST: z.string().min(1).default("127.0.0.1"),
  /**
   * Exceptions sent to Sentry (decision 056): its DSN, e.g. https://<key>@o1.ingest.sentry.io/2.
   * Unset: nothing is sent and the SDK is not even loaded. Each report carries SOULS_VERSION (the
   * image's tag) as its release, and SENTRY_ENVIRONMENT (`production` by default).
   */
  SENTRY_DSN: z
    .url({ protocol: /^https?$/, error: "SENTRY_DSN must be a Sentry DSN: https://<key>@<host>/<project>" })
    .optional(),
  SENTRY_ENVIRONMENT: z
    .string()
    .regex(/^[\w.-]{1,64}$/, "SENTRY_ENVIRONMENT must be a short name, e.g. production")
    .optional(),
  SOULS_VERSION: z.string().min(1).optional(),
  /** Stripe: all three, or none for the offline gateway. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, "STRIPE_SECRET_KEY must start with sk_ or rk_")
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_/, "STRIPE_PUBLISHABLE_KEY must start with pk_").optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, "STRIPE_WEBHOOK_SECRET must start with whsec_")
    .optional(),
  /**
   * A deployment without Stripe keys refuses to start: it would give pieces away through the
   * offline payment page. A staging deployment sets this to run on it anyway (every page then
   * says "test mode").
   */
  ALLOW_TEST_PAYMENTS: z.stringbool().default(false),
  /** Tests only: a local double of Stripe's API, e.g. http://127.0.0.1:12111. */
  STRIPE_API_URL: z.url().optional(),

  // The web app's.
  /** The shop owner's password for /admin. Unset locally: a password is generated and printed. */
  ADMIN_PASSWORD: z.string().min(12, "ADMIN_PASSWORD must be at least 12 characters").optional(),
  /** Search-engine site verification: the file's path and the line it must answer. */
  SITE_VERIFICATION_PATH: z
    .string()
    .regex(/^\/[\w.-]+$/, "SITE_VERIFICATION_PATH must look like /google1234abcd.html")
    .optional(),
  SITE_VERIFICATION_CONTENT: z.string().optional(),
  /**
   * How many reverse proxies (load balancer, TLS terminator) stand in front of the app: the
   * client's address is then read from X-Forwarded-For, that many hops from the right. 0 (the
   * default) trusts no header and uses the connection's address.
   */
  TRUST_PROXY_HOPS: int(0, 5).default(0),
  /** The bounds of what one anonymous client may hold (docs/security.md); defaults in ../limits. */
  HOLD_MINUTES: int(2, 120).default(DEFAULT_ORDER_LIMITS.holdMinutes),
  MAX_PIECES_PER_MODEL: int(1, 20).default(DEFAULT_ORDER_LIMITS.maxPiecesPerModel),
  MAX_HELD_PIECES_PER_CLIENT: int(1, 100).default(DEFAULT_ORDER_LIMITS.maxHeldPiecesPerClient),
  MAX_UNPAID_ORDERS_PER_HOUR: int(1, 100).default(DEFAULT_ORDER_LIMITS.maxUnpaidOrdersPerHour),
  /** The share of a model unpaid orders may hold at once, in percent (docs/security.md §2). */
  MAX_HELD_SHARE_PER_MODEL: int(10, 100).default(DEFAULT_ORDER_LIMITS.maxHeldShareOfModel * 100),
  /**
   * Failed owner logins in an hour, across all clients, before each new try must wait
   * (docs/security.md §4). The end-to-end run raises it: its own tests fail logins on purpose.
   */
  ADMIN_LOGIN_FREE_FAILURES: int(0, 100_000).default(10),
  /**
   * Tests only: a file holding how many milliseconds the launch rules' clock is ahead of the
   * machine (decision 039), so the end-to-end run can stand before an opening, in its head start
   * or after it without waiting. A deployment refuses to start with it.
   */
  SHOP_TEST_CLOCK_FILE: z.string().min(1).optional(),
  /**
   * Audience measurement without consent (decision 047): `off` counts nothing (the benchmark
   * compares the kept pages' p99 with and without it).
   */
  AUDIENCE_MEASUREMENT: z
    .enum(["on", "off"], { error: "AUDIENCE_MEASUREMENT must be on or off" })
    .default("on"),

  // The worker's.
  /** Seconds between two rounds of jobs. */
  WORKER_INTERVAL_SECONDS: int(1, 3600).default(15),
  /** Days after an order is shipped before its buyer is invited to review it (once). */
  REVIEW_INVITATION_DAYS: int(1, 60).default(REVIEW_RULES.invitationDays),
  /** Touched at start, after every round and every e-mail settled: the liveness probe reads its age. */
  WORKER_HEARTBEAT_FILE: z.string().optional(),
  /** Outgoing mail server; unset, e-mails are written to the local mailbox folder instead. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/]/, "SMTP_URL must start with smtp:// or smtps://, e.g. smtp://user:pass@host:587")
    .refine(
      (url) => URL.canParse(url),
      "SMTP_URL is not a valid URL (percent-encode special characters in the password)",
    )
    .optional(),
  /** The From of every e-mail, e.g. `SOULS <commandes@souls.fr>`; defaults to the shop's contact address. */
  MAIL_FROM: z.string().min(3).optional(),
  /** Where e-mails go without SMTP_URL; relative paths start at the repository's root. */
  MAILBOX_DIR: z.string().optional(),
  /** The local data folder (database files, secrets, mailbox). */
  SHOP_DATA_DIR: z.string().optional(),
});

export type Variables = z.output<typeof variables>;

/**
 * The secrets, each of which may instead be read from a file named by `<NAME>_FILE` (a Docker or
 * Kubernetes secret): never both. DATABASE_PASSWORD_FILE, the database's, has no variable of its own.
 */
export const SECRETS = [
  "SESSION_SECRET",
  "SESSION_SECRET_PREVIOUS",
  "ADMIN_PASSWORD",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "SMTP_URL",
] as const satisfies readonly (keyof Variables)[];

export type Secret = (typeof SECRETS)[number];

/** The files the secrets were read from, when they were, by variable (`SESSION_SECRET_FILE`…). */
export type SecretFiles = { [name in Secret as `${name}_FILE`]?: string };
