import { readPasswordFile } from "@souls/db";
import { DEFAULT_ORDER_LIMITS, type OrderLimits } from "@souls/shop/limits";
import { z } from "zod";

/**
 * The web app's settings, read once at start-up. The only place that reads process.env.
 * Nothing here reaches the browser.
 */
const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    DATABASE_URL: z.string().min(1, "DATABASE_URL is required (start the app through `with-database`)"),
    /** A file holding the database password (a Docker or Kubernetes secret); wins over the URL's. */
    DATABASE_PASSWORD_FILE: z.string().optional(),
    /** Set by `with-database` when it started the embedded PostgreSQL server. */
    SHOP_EMBEDDED_DB: z.literal("1").optional(),
    SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters").optional(),
    /** The shop owner's password for /admin. Unset locally: a password is generated and printed. */
    ADMIN_PASSWORD: z.string().min(12, "ADMIN_PASSWORD must be at least 12 characters").optional(),
    /**
     * Public origin of the shop, e.g. https://souls.example: every link, sitemap and e-mail uses it,
     * never a request's Host header. Required in a deployment; locally http://localhost:PORT.
     */
    SITE_URL: z
      .url({ protocol: /^https?$/, error: "SITE_URL must be an http(s) origin, e.g. https://souls.example" })
      .optional(),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    /** Search-engine site verification: the file's path and the line it must answer. */
    SITE_VERIFICATION_PATH: z
      .string()
      .regex(/^\/[\w.-]+$/, "SITE_VERIFICATION_PATH must look like /google1234abcd.html")
      .optional(),
    SITE_VERIFICATION_CONTENT: z.string().optional(),
    /** Stripe: all three, or none for the offline test gateway. */
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
     * How many reverse proxies (load balancer, TLS terminator) stand in front of the app: the
     * client's address is then read from X-Forwarded-For, that many hops from the right. 0 (the
     * default) trusts no header and uses the connection's address.
     */
    TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(5).default(0),
    /**
     * A deployment without Stripe keys refuses to start: it would give pieces away through the
     * offline test payment page. A staging deployment sets this to run on it anyway (every page
     * then says "test mode").
     */
    ALLOW_TEST_PAYMENTS: z.stringbool().default(false),
    /** Tests only: a local double of Stripe's API, e.g. http://127.0.0.1:12111. */
    STRIPE_API_URL: z.url().optional(),
    /** The bounds of what one anonymous client may hold (docs/security.md); defaults in @souls/shop. */
    HOLD_MINUTES: z.coerce.number().int().min(2).max(120).default(DEFAULT_ORDER_LIMITS.holdMinutes),
    MAX_PIECES_PER_MODEL: z.coerce
      .number()
      .int()
      .min(1)
      .max(20)
      .default(DEFAULT_ORDER_LIMITS.maxPiecesPerModel),
    MAX_HELD_PIECES_PER_CLIENT: z.coerce
      .number()
      .int()
      .min(1)
      .max(100)
      .default(DEFAULT_ORDER_LIMITS.maxHeldPiecesPerClient),
    MAX_UNPAID_ORDERS_PER_HOUR: z.coerce
      .number()
      .int()
      .min(1)
      .max(100)
      .default(DEFAULT_ORDER_LIMITS.maxUnpaidOrdersPerHour),
    /**
     * Failed owner logins in an hour, across all clients, before each new try must wait
     * (docs/security.md §4). The end-to-end run raises it: its own tests fail logins on purpose.
     */
    ADMIN_LOGIN_FREE_FAILURES: z.coerce.number().int().min(0).max(100_000).default(10),
    /** The VAT rate of every sale, in percent, for the accountant's export (docs/accounting.md). */
    VAT_RATE_PERCENT: z.coerce.number().min(0).max(30).default(20),
  })
  .transform((env, ctx) => ({
    ...env,
    /** The password of DATABASE_PASSWORD_FILE, for connect(); never logged. */
    databasePassword: passwordFrom(env.DATABASE_PASSWORD_FILE, ctx),
    /** A real deployment: production build on a database that is not the embedded one. */
    isDeployment: env.NODE_ENV === "production" && !env.SHOP_EMBEDDED_DB,
    /** The shop's public origin, without a trailing slash. */
    siteUrl: (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    orderLimits: {
      holdMinutes: env.HOLD_MINUTES,
      maxPiecesPerModel: env.MAX_PIECES_PER_MODEL,
      maxHeldPiecesPerClient: env.MAX_HELD_PIECES_PER_CLIENT,
      maxUnpaidOrdersPerHour: env.MAX_UNPAID_ORDERS_PER_HOUR,
    } satisfies OrderLimits,
  }))
  .superRefine((env, ctx) => {
    const stripeKeys = [env.STRIPE_SECRET_KEY, env.STRIPE_PUBLISHABLE_KEY, env.STRIPE_WEBHOOK_SECRET];
    if (stripeKeys.some(Boolean) && !stripeKeys.every(Boolean)) {
      ctx.addIssue({
        code: "custom",
        path: ["STRIPE_SECRET_KEY"],
        message: "set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET together (or none)",
      });
    }
    if (env.isDeployment && !env.ADMIN_PASSWORD) {
      ctx.addIssue({
        code: "custom",
        path: ["ADMIN_PASSWORD"],
        message: "ADMIN_PASSWORD is required in production",
      });
    }
    if (env.isDeployment && !env.SITE_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["SITE_URL"],
        message: "SITE_URL is required in production (the public origin, e.g. https://souls.example)",
      });
    }
    if (env.isDeployment && !stripeKeys.every(Boolean) && !env.ALLOW_TEST_PAYMENTS) {
      ctx.addIssue({
        code: "custom",
        path: ["STRIPE_SECRET_KEY"],
        message:
          "a deployment takes real payments: set the three Stripe keys (or ALLOW_TEST_PAYMENTS=true for a staging deployment)",
      });
    }
    if (env.isDeployment && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message: "SESSION_SECRET is required in production",
      });
    }
  });

/** Reads DATABASE_PASSWORD_FILE; a missing or empty file is a refused setting (named, never its content). */
function passwordFrom(file: string | undefined, ctx: z.RefinementCtx): string | undefined {
  if (!file) return undefined;
  try {
    return readPasswordFile(file);
  } catch (error) {
    const message = (error as Error).message.replace(/^DATABASE_PASSWORD_FILE: /, "");
    ctx.addIssue({ code: "custom", path: ["DATABASE_PASSWORD_FILE"], message });
    return undefined;
  }
}

function readEnv() {
  // An empty value (`STRIPE_SECRET_KEY=` in a .env file) means unset, as in the worker.
  const set = Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== ""));
  const parsed = schema.safeParse(set);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${problems.join("\n")}`);
  }
  return parsed.data;
}

export const env = readEnv();

/** Cookie-signing secret; local runs without one get a fixed development value. */
export const sessionSecret = env.SESSION_SECRET ?? "development-only-secret-not-for-production-use";
