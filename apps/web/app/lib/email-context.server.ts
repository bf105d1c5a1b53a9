import type { EmailContext } from "@souls/emails/messages";
import { business } from "@souls/shop";
import { siteOrigin } from "./page.server";

/** What the e-mail templates need to render a message in the admin (as the worker renders it). */
export const emailContext: EmailContext = {
  siteUrl: siteOrigin,
  seller: {
    brand: business.brand,
    companyName: business.companyName,
    address: business.address,
    email: business.email,
  },
};
