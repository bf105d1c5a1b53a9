/** A value of Stripe's form encoding once its brackets are read: `a[b][0]=x` → `{ a: { b: { 0: "x" } } }`. */
export type FormValue = string | { [key: string]: FormValue };

/**
 * Reads Stripe's request encoding (what its SDKs and Stripe.js send): nested keys in brackets.
 * Arrays stay objects keyed "0", "1"…, which is all the stand-in needs to read them.
 */
export function readStripeForm(params: URLSearchParams): Record<string, FormValue> {
  const root: Record<string, FormValue> = {};
  for (const [name, value] of params) {
    const keys = name.split(/\[|\]\[|\]$/).filter((key, index) => index === 0 || key !== "");
    let node: Record<string, FormValue> = root;
    keys.forEach((key, index) => {
      if (index === keys.length - 1) {
        node[key] = value;
        return;
      }
      const next = node[key];
      if (typeof next !== "object") node[key] = {};
      node = node[key] as Record<string, FormValue>;
    });
  }
  return root;
}

/** A nested string (`pick(form, "metadata", "order_number")`), or undefined. */
export function pick(form: FormValue | undefined, ...path: string[]): string | undefined {
  let node: FormValue | undefined = form;
  for (const key of path) node = typeof node === "object" ? node[key] : undefined;
  return typeof node === "string" ? node : undefined;
}

/** The string entries of a nested object (metadata). */
export function stringsOf(form: FormValue | undefined): Record<string, string> {
  if (typeof form !== "object") return {};
  return Object.fromEntries(
    Object.entries(form).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
}
