import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
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

/** An empty line in a .env file (`SMTP_URL=`) means "unset", not "set to nothing". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

/** The worker's settings, read once: the only place it reads process.env. */
const schema = z.object({
  DATABASE_URL: z.string().min(1, "DATABASE_URL is required (start the worker through `with-database`)"),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
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
  /** Public origin of the shop, for the links in e-mails. */
  SITE_URL: optional(
    z.url({ protocol: /^https?$/, error: "must be an http(s) origin, e.g. https://souls.example" }),
  ).transform((url) => (url ?? "http://localhost:3000").replace(/\/+$/, "")),
  /** Where e-mails go without SMTP_URL; relative paths start at the repository's root. */
  MAILBOX_DIR: optional(z.string()),
  /** The local data folder (database files, secrets, mailbox), as for the rest of the shop. */
  SHOP_DATA_DIR: optional(z.string()),
});

export type WorkerEnv = ReturnType<typeof readEnv>;

export function readEnv(source: NodeJS.ProcessEnv = process.env) {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    // Messages only, never the values: SMTP_URL and DATABASE_URL carry passwords.
    throw new Error(
      `Invalid worker configuration:\n${parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n")}`,
    );
  }
  const { MAILBOX_DIR, SHOP_DATA_DIR, ...env } = parsed.data;
  const root = projectRoot();
  const mailboxDir = MAILBOX_DIR
    ? path.resolve(root, MAILBOX_DIR)
    : path.join(path.resolve(root, SHOP_DATA_DIR ?? ".data"), "mailbox");
  return { ...env, MAILBOX_DIR: mailboxDir };
}
