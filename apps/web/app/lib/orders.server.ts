import { ORDER_NUMBER_PATTERN, orderNumberForToken } from "@souls/shop";
import { ordersCookie } from "./cookies.server";
import { db } from "./db.server";

const KEEP = 5;

export async function placedOrders(request: Request): Promise<string[]> {
  const value = await ordersCookie.parse(request.headers.get("Cookie"));
  return Array.isArray(value)
    ? value.filter((n): n is string => typeof n === "string" && ORDER_NUMBER_PATTERN.test(n))
    : [];
}

/** Set-Cookie value that adds an order to this browser's list (the last few only). */
export async function rememberOrder(request: Request, orderNumber: string): Promise<string> {
  const orders = (await placedOrders(request)).filter((n) => n !== orderNumber);
  return ordersCookie.serialize([orderNumber, ...orders].slice(0, KEEP));
}

/** The order number asked in `?order=`, if this browser placed it. */
export async function ownedOrderNumber(request: Request): Promise<string | null> {
  const asked = new URL(request.url).searchParams.get("order") ?? "";
  return (await placedOrders(request)).includes(asked) ? asked : null;
}

/** The order a thank-you page may show: this browser's, or the one its `?token=` opens. */
export async function viewableOrderNumber(request: Request): Promise<string | null> {
  const owned = await ownedOrderNumber(request);
  if (owned) return owned;
  const token = new URL(request.url).searchParams.get("token");
  return token ? orderNumberForToken(db, token) : null;
}
