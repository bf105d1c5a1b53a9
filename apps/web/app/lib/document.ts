import { createContext, useContext } from "react";

/**
 * What the server gives the document it renders: the request's CSP nonce for the inline scripts
 * and style Remix and the layout write (empty for a page the page cache keeps, and in the
 * browser), and the shop's stylesheet to inline in the head (null without a build, and in the
 * browser, which keeps the one the server wrote).
 */
export const DocumentContext = createContext<{ nonce: string; stylesheet: string | null }>({
  nonce: "",
  stylesheet: null,
});

export function useNonce(): string {
  return useContext(DocumentContext).nonce;
}

export function useInlineStylesheet(): string | null {
  return useContext(DocumentContext).stylesheet;
}
