import type { Database, Kysely } from "@souls/db";
import type { EmailContext } from "@souls/emails/messages";
import type { AdminSession } from "@souls/shop/admin";
import type { PaymentGateway } from "@souls/shop/payments";
import type { ProductChangeSource } from "@souls/shop/product-changes";

/** What every admin procedure gets; the web app builds it per request, tests build their own. */
export interface ApiContext {
  db: Kysely<Database>;
  /** The person's session (owner or helper, her role), already checked by the web app; null when not logged in. */
  admin: AdminSession | null;
  /** Keyed hash of the client's address (for logs). */
  clientHash: string;
  /** Live product changes: PostgreSQL LISTEN/NOTIFY on channel `products`, relayed by the web server. */
  productChanges: ProductChangeSource;
  /** What the e-mail templates need to render a message (site URL, seller). */
  emailContext: EmailContext;
  /** The gateway the shop takes payments with: refunds go back through it. */
  gateway: PaymentGateway;
  /** The shop's secret (SESSION_SECRET): a review's refusal e-mail carries its author's signed link. */
  linkSecret: string;
}
