/**
 * Who may do what in the owner's panel (decision 043): the one map the admin API and the panel's
 * pages read. The owner may do everything; a helper with the role "packing" may see the orders,
 * prepare, pack and ship them, and look after her own access — no refunds, settings, catalogue,
 * exports, sign-ups, e-mails or people. Anything not listed for a role is refused (403).
 */
export const ADMIN_ROLES = ["owner", "packing"] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/** Every person's own access: her password, her sessions. */
const OWN_ACCESS = [
  "access.me",
  "access.rename",
  "access.changePassword",
  "access.sessions",
  "access.endSession",
  "access.endOtherSessions",
] as const;

/** The admin API's procedures a helper may call (by dotted path); the owner may call them all. */
export const PACKING_PROCEDURES: ReadonlySet<string> = new Set([
  ...OWN_ACCESS,
  "orders.list",
  "orders.attention",
  "orders.detail",
  "orders.markPrepared",
  "orders.markShipped",
  "orders.markDelivered",
  "orders.correctAddress",
  // The carriers offered, to ship with; changing them is the owner's (decision 050).
  "carriers.active",
]);

export function mayCall(role: AdminRole, path: string): boolean {
  return role === "owner" || PACKING_PROCEDURES.has(path);
}

/** What the access history records (admin_access_events.kind). */
export const ADMIN_ACCESS_EVENTS = [
  "owner_created",
  "name_changed",
  "password_changed",
  "helper_added",
  "helper_removed",
  "session_ended",
  "other_sessions_ended",
] as const;
export type AdminAccessEventKind = (typeof ADMIN_ACCESS_EVENTS)[number];

/** How many helpers the owner may give an access to at once. */
export const MAX_HELPERS = 5;
/** A password's least length; it must not be one of the common passwords either. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 200;
