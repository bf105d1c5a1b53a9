import { ORDER_NUMBER_PATTERN } from "@souls/shop/orders";
import { ordersCookie } from "./cookies.server";

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
