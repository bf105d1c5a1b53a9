/**
 * Outputs cross the wire as JSON without a transformer (CONTRACT.md): dates become ISO strings
 * here, so the types the admin screens see are the values they receive, through HTTP or a caller.
 */
export type Wire<T> = T extends Date
  ? string
  : T extends readonly (infer Item)[]
    ? Wire<Item>[]
    : T extends object
      ? { [K in keyof T]: Wire<T[K]> }
      : T;

export function toWire<T>(value: T): Wire<T> {
  if (value instanceof Date) return value.toISOString() as Wire<T>;
  if (Array.isArray(value)) return value.map((item) => toWire(item)) as Wire<T>;
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, toWire(item)])) as Wire<T>;
  }
  return value as Wire<T>;
}
