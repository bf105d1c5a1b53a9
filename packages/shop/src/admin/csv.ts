/**
 * CSV as French spreadsheets read it (the accountant's export, the sign-up lists): `;` between
 * fields, CRLF line ends, a BOM so accents read right, and no field a spreadsheet could run.
 */

/**
 * A text field as a spreadsheet reads it: quoted when it holds `;`, a quote or a line break, and
 * never starting with a formula character (a customer named "=HYPERLINK(…)" stays text).
 */
export function csvField(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One line of fields, CRLF-ended as spreadsheets write it. */
export const csvLine = (fields: string[]) => `${fields.join(";")}\r\n`;

/** The byte-order mark that tells spreadsheets the file is UTF-8. */
export const CSV_BOM = "\uFEFF";

const parisDateTime = new Intl.DateTimeFormat("fr-FR", {
  timeZone: "Europe/Paris",
  dateStyle: "short",
  timeStyle: "medium",
});

/** `26/11/2026 10:03:00`, Paris time. */
export const frenchDateTime = (time: Date) => parisDateTime.format(time);
