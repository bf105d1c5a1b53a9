/** A message shown to the shopper; title and description are locale keys with their values. */
export interface Toast {
  id: string;
  kind: "success" | "error";
  title: string;
  description?: string;
  values?: Record<string, string | number>;
}
