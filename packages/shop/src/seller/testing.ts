/** A seller for the tests (never imported by production code). */
import type { SellerDetails } from "./fields";

/** A seller that has filled in every detail the law asks of it (its SIREN and VAT number check out). */
export const FILLED_IN_SELLER: SellerDetails = {
  brand: "SOULS",
  companyName: "Souls Atelier SAS",
  legalForm: "SAS",
  shareCapital: "5 000 €",
  siren: "732829320",
  rcsCity: "Lyon",
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
