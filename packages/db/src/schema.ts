import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

/** Timestamps are written by PostgreSQL defaults and read back as Date. */
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export type Locale = "fr" | "en";

export interface ProductsTable {
  id: Generated<number>;
  /** Owner-facing stock reference, e.g. `Aicha-01`. */
  reference: string;
  /** Model code used in URLs and checkout queries: aicha, nadia, bilin, ilian. */
  slug: string;
  name: string;
  priceCents: number;
  currency: ColumnType<string, string | undefined, string>;
  /** Pieces on hand. */
  stock: ColumnType<number, number | undefined, number>;
  /** Pieces held by unpaid orders; available = stock - reserved. */
  reserved: ColumnType<number, number | undefined, number>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export type SignupSource = "home" | "product" | "newsletter" | "magazine";

export interface SignupsTable {
  id: Generated<number>;
  /** Stored trimmed and lower-cased, unique: a repeated sign-up is not a new row. */
  email: string;
  name: string | null;
  locale: Locale;
  source: SignupSource;
  consentedAt: CreatedAt;
  createdAt: CreatedAt;
}

export interface Database {
  products: ProductsTable;
  signups: SignupsTable;
}

export type Product = Selectable<ProductsTable>;
export type NewProduct = Insertable<ProductsTable>;
export type ProductUpdate = Updateable<ProductsTable>;
export type Signup = Selectable<SignupsTable>;
export type NewSignup = Insertable<SignupsTable>;
