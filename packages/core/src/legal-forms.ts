/**
 * The seller's legal forms and registers, named once for the shop (its rules, @souls/shop/seller),
 * the papers and the pages.
 */

/**
 * The legal forms the owner chooses from (stored as these codes): an individual entrepreneur (EI,
 * micro-entrepreneurs included: the micro-entreprise is a tax and social regime of the EI, not a
 * form of its own), or one of the commercial companies a small shop is run as.
 */
export const LEGAL_FORMS = ["ei", "eurl", "sarl", "sas", "sasu"] as const;
export type LegalForm = (typeof LEGAL_FORMS)[number];
export const isLegalForm = (value: unknown): value is LegalForm =>
  (LEGAL_FORMS as readonly unknown[]).includes(value);
/** Commercial companies by their form (Code de commerce L210-1): a share capital, and the RCS. */
export const isCompany = (form: string | null | undefined): boolean => isLegalForm(form) && form !== "ei";

/**
 * Where a business is registered. Since 1 January 2023 every business is in the national register
 * of businesses (RNE, Code de commerce L123-36), which took in the artisans' répertoire des
 * métiers; a company or a trader (commerçant) is also in the trade and companies register (RCS)
 * of its court registry's town, which its papers name (R123-237). No business goes without one.
 */
export const REGISTERS = ["rcs", "rne"] as const;
export type Register = (typeof REGISTERS)[number];
export const isRegister = (value: unknown): value is Register =>
  (REGISTERS as readonly unknown[]).includes(value);

/** « EI » or « entrepreneur individuel » already in a name, before or after it. */
const EI_MENTION = /(^|[\s,(])(EI|entrepreneur individuel|entrepreneuse individuelle)($|[\s,)])/i;

/**
 * The seller's name as her pages and papers must write it: an individual entrepreneur's name
 * followed by « EI » (Code de commerce L526-22, law of 14 February 2022) unless she wrote it so;
 * a company's as it is.
 */
export function nameOfSeller(name: string | null, legalForm: string | null | undefined): string | null {
  if (name === null || legalForm !== "ei" || EI_MENTION.test(name)) return name;
  return `${name} EI`;
}
