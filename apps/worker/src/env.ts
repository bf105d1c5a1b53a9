import { z } from "zod";

/** The worker's settings, read once: the only place it reads process.env. */
const schema = z.object({
  DATABASE_URL: z.string().min(1, "DATABASE_URL is required (start the worker through `with-database`)"),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Seconds between two rounds of jobs. */
  WORKER_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(15),
});

export function readEnv(source: NodeJS.ProcessEnv = process.env) {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    throw new Error(
      `Invalid worker configuration:\n${parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n")}`,
    );
  }
  return parsed.data;
}
