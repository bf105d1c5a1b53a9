import type { Page } from "@playwright/test";
import { deliveredEmail } from "../mailbox";
import { expect, orderOf, paidRecord, payByCard, type StripeShop, sql, test } from "./stripe-shop";

// Stripe's news of a payment arrives before the shopper is back, after, twice, out of order or
// never, and she may close the tab: every way ends in one paid order and one e-mail (issue 24).

/** A French checkout of one Ilian paid with 4242 in the Payment Element; resolves once the card is sent. */
const payWithElement = (page: Page) => payByCard(page, "product=ilian&qty=1");

/** The same, but the shopper never gets back from Stripe: her way to the thank-you page is cut. */
async function payAndNeverComeBack(page: Page) {
  let backFromStripe: () => void = () => {};
  const closing = new Promise<void>((resolve) => {
    backFromStripe = resolve;
  });
  await page.route(/\/merci\?/, async (route) => {
    backFromStripe();
    await route.abort();
  });
  const email = await payWithElement(page);
  await closing;
  return email;
}

const thanked = (page: Page) =>
  expect(page.getByRole("heading", { level: 1 })).toHaveText("Merci Camille ! Votre commande est confirmée");

/** Pays, her way back held until Stripe's events have been delivered; resolves once she is thanked. */
async function paidOnceWebhooksDelivered(page: Page, stripeShop: StripeShop) {
  await page.route(/\/merci\?/, async (route) => {
    await stripeShop.standIn.webhooks.settled();
    await route.continue();
  });
  const email = await payWithElement(page);
  await thanked(page);
  return { email, order: await orderOf(email) };
}

/** Stripe's own events applied to the order (not the return page's or the reconciler's answer). */
const fromStripe = (events: string[]) => events.filter((id) => id.startsWith("evt_"));

test("the webhook arrives before the shopper is back: paid by it, thanked, one e-mail", async ({
  page,
  stripeShop,
}) => {
  const { email, order } = await paidOnceWebhooksDelivered(page, stripeShop);
  const record = await paidRecord(order.id);
  expect(record).toMatchObject({ paid_steps: 1, confirmations: 1 });
  expect(record?.events[0]).toMatch(/^evt_/);
  await deliveredEmail(email, order.order_number);
});

test("the webhook arrives after, out of order: the way back pays, the late events change nothing", async ({
  page,
  stripeShop,
}) => {
  stripeShop.standIn.webhooks.mode = "hold";
  const email = await payWithElement(page);
  await thanked(page);
  const order = await orderOf(email);
  expect((await paidRecord(order.id))?.events).toEqual([`return:${order.payment_reference}`]);
  await stripeShop.standIn.webhooks.release("reversed");
  const record = await paidRecord(order.id);
  expect(record).toMatchObject({ paid_steps: 1, confirmations: 1 });
  expect(fromStripe(record?.events ?? [])).toHaveLength(1);
  expect(stripeShop.standIn.webhooks.deliveries.every((delivery) => delivery.status === 200)).toBe(true);
});

test("the webhook arrives twice: one paid order, one e-mail", async ({ page, stripeShop }) => {
  stripeShop.standIn.webhooks.mode = "twice";
  const { order } = await paidOnceWebhooksDelivered(page, stripeShop);
  expect(await paidRecord(order.id)).toMatchObject({ paid_steps: 1, confirmations: 1 });
});

test("the shopper closes the tab once she has paid: the webhook alone pays the order", async ({
  page,
  stripeShop,
}) => {
  const email = await payAndNeverComeBack(page);
  await page.close();
  await stripeShop.standIn.webhooks.settled();
  const order = await orderOf(email);
  expect(order).toMatchObject({ status: "pending_preparation", payment_status: "paid" });
  const record = await paidRecord(order.id);
  expect(record).toMatchObject({ paid_steps: 1, confirmations: 1 });
  expect(record?.events.every((id) => id.startsWith("evt_"))).toBe(true);
  await deliveredEmail(email, order.order_number);
});

test("no webhook ever, and the tab closed: the reconciler finds the payment at Stripe", async ({
  page,
  stripeShop,
}) => {
  stripeShop.standIn.webhooks.mode = "never";
  const email = await payAndNeverComeBack(page);
  await page.close();
  const placed = await orderOf(email);
  expect(placed).toMatchObject({ status: "awaiting_payment", payment_status: "pending" });
  // Time moved forward past the reconciler's wait for news (two minutes), not waited for: the
  // shop's worker asks Stripe at its next round.
  await sql("UPDATE orders SET created_at = created_at - interval '3 minutes' WHERE id = $1", [placed.id]);
  await expect.poll(async () => (await orderOf(email)).payment_status, { timeout: 60_000 }).toBe("paid");
  const record = await paidRecord(placed.id);
  expect(record).toMatchObject({ paid_steps: 1, confirmations: 1 });
  expect(record?.events).toEqual([`reconcile:${placed.payment_reference}`]);
  await deliveredEmail(email, placed.order_number);
});

test("no webhook ever, but the shopper comes back: the thank-you page asks Stripe and pays the order", async ({
  page,
  stripeShop,
}) => {
  stripeShop.standIn.webhooks.mode = "never";
  const email = await payWithElement(page);
  await thanked(page);
  const order = await orderOf(email);
  expect(await paidRecord(order.id)).toMatchObject({
    paid_steps: 1,
    confirmations: 1,
    events: [`return:${order.payment_reference}`],
  });
});

test("a webhook not signed by Stripe is refused and pays nothing, whoever sends it", async ({
  page,
  stripeShop,
}) => {
  stripeShop.standIn.webhooks.mode = "never";
  const email = await payAndNeverComeBack(page);
  const order = await orderOf(email);
  // Stripe's own event for this payment, as another site would forge it: the right body, no key.
  const [event] = stripeShop.standIn.account.events.filter(
    (one) =>
      one.type === "payment_intent.succeeded" &&
      (one.data.object as { id: string }).id === order.payment_reference,
  );
  const body = JSON.stringify(event);
  for (const signature of [
    undefined,
    "t=1,v1=deadbeef",
    `t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}`,
  ]) {
    const answer = await fetch(`${stripeShop.origin}/webhooks/stripe`, {
      method: "POST",
      body,
      headers: {
        "Content-Type": "application/json",
        ...(signature ? { "Stripe-Signature": signature } : {}),
      },
    });
    expect(answer.status).toBe(400);
  }
  expect(await orderOf(email)).toMatchObject({ status: "awaiting_payment", payment_status: "pending" });
  expect(await paidRecord(order.id)).toMatchObject({ paid_steps: 0, confirmations: 0, events: [] });
});
