/** The four models of the first collection, in the order the shop shows them. */
export const MODEL_CODES = ["aicha", "nadia", "bilin", "ilian"] as const;
export type ModelCode = (typeof MODEL_CODES)[number];

export function isModelCode(value: unknown): value is ModelCode {
  return (MODEL_CODES as readonly unknown[]).includes(value);
}
