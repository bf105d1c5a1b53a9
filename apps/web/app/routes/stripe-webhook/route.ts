import type { ActionFunctionArgs } from "@remix-run/node";
import { finalizePayment } from "@souls/shop/orders";
import { db } from "~/lib/db.server";
import { stripeGateway } from "~/lib/payments.server";

/** Stripe's events are small; anything far larger is not Stripe. */
const MAX_BODY_BYTES = 1024 * 1024;

const reply = (status: number, body: object) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/**
 * Stripe's webhook: the signature is checked on the raw body, then the payment news goes
 * through the same finalizePayment as every other path. A failure answers 500 so Stripe retries.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (!stripeGateway) return reply(404, { error: "Stripe is not configured" });
  const length = Number(request.headers.get("Content-Length") ?? 0);
  if (length > MAX_BODY_BYTES) return reply(413, { error: "payload too large" });
  const rawBody = await request.text();
  if (rawBody.length > MAX_BODY_BYTES) return reply(413, { error: "payload too large" });
  const news = await stripeGateway.readWebhook(rawBody, request.headers.get("Stripe-Signature"));
  if (news === "invalid") return reply(400, { error: "invalid signature" });
  if (news === "ignored") return reply(200, { received: true, applied: false });
  const outcome = await finalizePayment(db, stripeGateway, news);
  return reply(200, { received: true, outcome });
}

export function loader() {
  return reply(405, { error: "POST only" });
}
