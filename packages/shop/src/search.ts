/** A LIKE pattern for "contains": `%` and `_` typed by the owner are letters to find, not wildcards. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
