/**
 * The seller's identity, shown in the footer, the legal pages and structured data.
 * Replace every value before opening the shop: while `isExample` is true, the legal pages
 * say that these details are examples.
 */
import type { EmailContext } from "@souls/emails/messages";

export interface BusinessIdentity {
  isExample: boolean;
  brand: string;
  companyName: string;
  legalForm: string;
  shareCapital: string;
  address: string;
  siren: string;
  rcsCity: string;
  vatNumber: string;
  publisher: string;
  email: string;
  phone: string;
  instagramUrl: string;
  hostName: string;
  hostAddress: string;
  mediatorName: string;
  mediatorUrl: string;
  foundedYear: number;
}

export const business: BusinessIdentity = {
  isExample: true,
  brand: "SOULS",
  companyName: "SOULS SAS (exemple)",
  legalForm: "SAS",
  shareCapital: "1 000 €",
  address: "1 rue de l'Exemple, 75001 Paris, France",
  siren: "000 000 000",
  rcsCity: "Paris",
  vatNumber: "FR00000000000",
  publisher: "Prénom Nom (exemple)",
  email: "contact@souls.example",
  phone: "+33 1 00 00 00 00",
  instagramUrl: "https://www.instagram.com/souls.example",
  hostName: "Hébergeur (exemple)",
  hostAddress: "Adresse de l'hébergeur (exemple)",
  mediatorName: "Médiateur de la consommation (exemple)",
  mediatorUrl: "https://mediateur.example",
  foundedYear: 2024,
};

/** What the e-mail templates need to know about the shop: the worker sends with it, the admin previews with it. */
export function emailContextFor(siteUrl: string): EmailContext {
  const { brand, companyName, address, email } = business;
  return { siteUrl, seller: { brand, companyName, address, email } };
}
