import { type Cart, parseStoredCart } from "@souls/shop/cart";
import { cartCookie } from "./cookies.server";

export async function readCart(request: Request): Promise<Cart> {
  return parseStoredCart(await cartCookie.parse(request.headers.get("Cookie")));
}

/** Set-Cookie header value storing the cart. */
export function saveCart(cart: Cart): Promise<string> {
  return cartCookie.serialize(cart);
}
