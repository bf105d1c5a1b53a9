import { createContext, useContext } from "react";

/** The request's CSP nonce, for the inline scripts Remix writes (empty in the browser). */
export const NonceContext = createContext("");

export function useNonce(): string {
  return useContext(NonceContext);
}
