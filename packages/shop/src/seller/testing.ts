/** A seller for the tests (never imported by production code). */
import type { SellerDetails } from "./fields";

/** A seller that has filled in every detail the law asks of it (its SIREN and VAT number check out). */
export const FILLED_IN_SELLER: SellerDetails = {
  brand: "SOULS",
  companyName: "Souls Atelier SAS",
  legalForm: "sas",
  shareCapital: "5 000 €",
  register: "rcs",
  rcsCity: "Lyon",
  siren: "732829320",
  vatNumber: "FR44732829320",
  publicationDirector: "Leïla Amrani",
  street: "8 rue de Charonne",
  postalCode: "75011",
  city: "Paris",
  country: "FR",
  phone: "+33 6 12 34 56 78",
  email: "bonjour@souls.fr",
  instagramUrl: "https://www.instagram.com/souls.paris",
  hostName: "OVH SAS",
  hostAddress: "2 rue Kellermann, 59100 Roubaix, France",
  hostPhone: "+33 9 72 10 10 07",
  mediatorName: "CM2C",
  mediatorUrl: "https://www.cm2c.net",
  manufacturerName: null,
  manufacturerAddress: null,
  manufacturerEmail: null,
};

/**
 * An individual entrepreneur under the micro-entreprise regime, registered in the RNE as an
 * artisan: her own name, no share capital, no registry's city, no VAT number.
 */
export const MICRO_SELLER: SellerDetails = {
  ...FILLED_IN_SELLER,
  companyName: "Zora Benali",
  legalForm: "ei",
  shareCapital: null,
  register: "rne",
  rcsCity: null,
  siren: "404833048",
  vatNumber: null,
  publicationDirector: "Zora Benali",
};

/** A seller of each legal form the panel offers, its details as a business of that form has them. */
export const SELLER_OF_EACH_FORM = {
  ei: MICRO_SELLER,
  eurl: {
    ...FILLED_IN_SELLER,
    companyName: "Souls Atelier EURL",
    legalForm: "eurl",
    shareCapital: "1 500 €",
  },
  sarl: {
    ...FILLED_IN_SELLER,
    companyName: "Souls Atelier SARL",
    legalForm: "sarl",
    shareCapital: "10 000 €",
  },
  sas: FILLED_IN_SELLER,
  sasu: { ...FILLED_IN_SELLER, companyName: "Souls Atelier SASU", legalForm: "sasu", vatNumber: null },
} as const satisfies Record<string, SellerDetails>;
