/**
 * The seller's identity as « Ma boutique » holds it, one row's columns (null: not filled in yet),
 * named once for the database (@souls/db's `SellerTable` extends it) and the papers that copy it
 * when issued (@souls/papers), two packages that do not import each other.
 */
export interface SellerIdentity {
  brand: string | null;
  companyName: string | null;
  /** ei, eurl, sarl, sas or sasu (./legal-forms); before that list, as she typed it. */
  legalForm: string | null;
  shareCapital: string | null;
  /** rcs or rne (./legal-forms): where the business is registered. */
  register: string | null;
  street: string | null;
  postalCode: string | null;
  city: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string | null;
  /** Nine digits. */
  siren: string | null;
  rcsCity: string | null;
  /** FR, its two-digit key and the SIREN. */
  vatNumber: string | null;
  phone: string | null;
  email: string | null;
}

/**
 * The seller as a paper keeps it, « Ma boutique » as it was when the paper was issued: her
 * identity, `register` absent from papers issued before it was asked (an RCS city then meant the RCS).
 */
export type PaperSeller = Omit<SellerIdentity, "register"> & Partial<Pick<SellerIdentity, "register">>;
