/**
 * Sentences with `{{name}}` placeholders, the syntax of every locale file (i18next's and the
 * e-mails'). A placeholder left without a value is a bug in the caller, so it throws rather than
 * showing a sentence with a hole in it.
 */
const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/**
 * Splits a sentence around its placeholders: even items are literal text, odd items placeholder
 * names (a template can then put an element, a link or bold text, in a placeholder's place).
 */
export function placeholderParts(template: string, values: Readonly<Record<string, unknown>>): string[] {
  const parts = template.split(PLACEHOLDER);
  for (let i = 1; i < parts.length; i += 2) {
    const name = parts[i] as string;
    if (values[name] === undefined) throw new Error(`no value for {{${name}}} in "${template}"`);
  }
  return parts;
}

/** A sentence with its placeholders filled with text. */
export function fill(template: string, values: Readonly<Record<string, string | number>>): string {
  return placeholderParts(template, values)
    .map((part, i) => (i % 2 === 1 ? String(values[part]) : part))
    .join("");
}
