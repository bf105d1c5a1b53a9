import { OWNER_EMAIL_TYPES } from "@souls/core/email-types";
import type { Locale } from "@souls/core/locales";
import { describe, expect, it } from "vitest";
import { renderEmail } from "./index";
import { EMAIL_TYPES, InvalidEmailMessageError, isMarketingEmail, parseEmailMessage } from "./messages";
import {
  sampleContext,
  samplePayloads,
  sampleReviewOptOutToken,
  sampleReviewToken,
  sampleSignupToken,
  sampleTrackingToken,
  sampleUnsubscribeToken,
} from "./samples";
import { hrefs, renderSample, visibleText } from "./testing/render-sample";

const LOCALES: Locale[] = ["fr", "en"];
const site = sampleContext.siteUrl;

/** What a reader of each language should see for the sample order (one Aicha bag, free shipping). */
const EXPECTED = {
  fr: {
    greeting: "Bonjour Camille Durand,",
    line: /Sac banane Aicha\s+1\s+169,00 €\s+169,00 €/,
    freeShipping: /Livraison\s+Offerte/,
    total: /Total TTC\s+169,00 €/,
    orderedOn: "Commande n° SOULS-123456ABCD du 12 mars 2025",
    deliveryTime: "3 à 5 jours ouvrés (France)",
    tracking: `${site}/suivi-commande`,
    terms: `${site}/cgv`,
    home: `${site}/`,
    signOff: "L’atelier SOULS",
  },
  en: {
    greeting: "Hello Camille Durand,",
    line: /Aicha fanny pack\s+1\s+€169\.00\s+€169\.00/,
    freeShipping: /Shipping\s+Free/,
    total: /Total incl\. VAT\s+€169\.00/,
    orderedOn: "Order no. SOULS-123456ABCD of 12 March 2025",
    deliveryTime: "3 to 5 business days (France)",
    tracking: `${site}/en/track-order`,
    terms: `${site}/en/terms-of-sale`,
    home: `${site}/en`,
    signOff: "The SOULS workshop",
  },
} as const;

/** The owner's own e-mails invite no question and bear no sign-off: she is the shop. */
const toOwner = (type: string) => (OWNER_EMAIL_TYPES as readonly string[]).includes(type);

describe.each(EMAIL_TYPES)("every %s e-mail", (type) => {
  it.each(LOCALES)(
    "in %s is a complete e-mail in the shop's colours, signed by the seller",
    async (locale) => {
      const { html, text, subject } = await renderSample(type, locale);
      expect(subject.length).toBeGreaterThan(5);
      expect(html).toMatch(new RegExp(`<html[^>]*\\blang="${locale}"`));
      expect(html).toMatch(/max-width:600px/);
      expect(html).toContain("background-color:#f6f0e6");
      expect(html).toContain("background-color:#fbf8f3");
      // The wordmark: a letter-spaced serif word, not an image.
      expect(html).toMatch(/<p[^>]*font-family:Georgia[^>]*letter-spacing:0\.35em[^>]*>SOULS<\/p>/);
      expect(html).not.toMatch(/<svg|<img/i);
      // The hidden inbox preview line, and a footer naming the seller.
      expect(html).toMatch(/<div[^>]*data-skip-in-text="true"[^>]*>/);
      for (const version of [visibleText(html), text]) {
        expect(version).toContain("SOULS SAS");
        expect(version).toContain("8 rue de Charonne, 75011 Paris, France");
        expect(version).toContain("contact@souls.example");
        if (toOwner(type)) expect(version).not.toContain(EXPECTED[locale].signOff);
        else expect(version).toContain(EXPECTED[locale].signOff);
      }
      expect(hrefs(html)).toContain("mailto:contact@souls.example");
      expect(hrefs(html)).toContain(EXPECTED[locale].home);
      expect(text).toContain(EXPECTED[locale].home);
    },
  );

  it.each(LOCALES)("in %s has a plain-text version without any markup", async (locale) => {
    const { text } = await renderSample(type, locale);
    expect(text).not.toMatch(/<\/?[a-z][^>]*>/i);
    expect(text).not.toMatch(/&[a-z]+;|&#/);
    expect(text.startsWith("SOULS")).toBe(true);
  });

  it("reads differently in French and in English, each in its own language", async () => {
    const fr = await renderSample(type, "fr");
    const en = await renderSample(type, "en");
    expect(fr.subject).not.toBe(en.subject);
    expect(fr.text).not.toBe(en.text);
    if (!toOwner(type)) expect(fr.text).toMatch(/Une question \? Écrivez-nous/);
    expect(fr.text).not.toMatch(/\b(Your|Hello|Any questions|workshop)\b/);
    if (!toOwner(type)) expect(en.text).toMatch(/Any questions\? Write to us/);
    expect(en.text).not.toMatch(/\b(Votre|Bonjour|Une question|atelier)\b/);
  });
});

describe("order confirmation", () => {
  it.each(LOCALES)("in %s recaps the order: number, date, lines, free shipping and total", async (locale) => {
    const { subject, html, text } = await renderSample("order_confirmation", locale);
    const expected = EXPECTED[locale];
    expect(subject).toBe(
      locale === "fr"
        ? "Votre commande SOULS-123456ABCD est confirmée"
        : "Your order SOULS-123456ABCD is confirmed",
    );
    for (const version of [text, visibleText(html)]) {
      expect(version).toContain(expected.greeting);
      expect(version).toContain(expected.orderedOn);
      expect(version).toMatch(expected.line);
      expect(version).toMatch(expected.freeShipping);
      expect(version).toMatch(expected.total);
    }
  });

  it("shows a line's model photo when it has one (its JPEG from the shop's origin), none for a drawing", async () => {
    const photo = "/photos/0123456789abcdef0123456789abcdef-600.jpg";
    const { html } = await renderSample("order_confirmation", "en", {
      items: [
        { name: "Zora", model: "zora", quantity: 1, unitPriceCents: 16900, photoPath: photo },
        { name: "Aicha", model: "aicha", quantity: 1, unitPriceCents: 16900 },
      ],
      subtotalCents: 33800,
      totalCents: 33800,
    });
    expect([...html.matchAll(/<img[^>]+src="([^"]+)"/g)].map((match) => match[1])).toContain(
      `${site}${photo}`,
    );
    expect(html.match(/\/photos\//g)).toHaveLength(1);
    for (const photoPath of [
      "https://evil.example/x.jpg",
      "/photos/x.jpg",
      "/photos/0123456789abcdef0123456789abcdef-600.svg",
    ]) {
      const payload = {
        ...samplePayloads.order_confirmation,
        items: [{ ...samplePayloads.order_confirmation.items[0], photoPath }],
      };
      expect(
        () => parseEmailMessage({ type: "order_confirmation", locale: "fr", payload }),
        photoPath,
      ).toThrow(InvalidEmailMessageError);
    }
  });

  it("says when it is the shop's own test order, and only then", async () => {
    const fr = await renderSample("order_confirmation", "fr", { test: true });
    const en = await renderSample("order_confirmation", "en", { test: true });
    expect(fr.text).toContain(
      "Commande de test passée par la boutique : rien n’a été vendu ni ne sera envoyé.",
    );
    expect(en.text).toContain("A test order placed by the shop: nothing was sold and nothing will be sent.");
    expect((await renderSample("order_confirmation", "fr")).text).not.toContain("Commande de test");
  });

  it("prices each line at unit price × quantity and shows a paid shipping fee", async () => {
    const { text } = await renderSample("order_confirmation", "fr", {
      items: [
        { name: "Aicha", model: "aicha", quantity: 1, unitPriceCents: 16900 },
        { name: "Nadia", model: "nadia", quantity: 2, unitPriceCents: 16900 },
      ],
      subtotalCents: 50700,
      shippingCents: 1290,
      totalCents: 51990,
    });
    expect(text).toMatch(/Sac banane Nadia\s+2\s+169,00 €\s+338,00 €/);
    expect(text).toMatch(/Sous-total\s+507,00 €/);
    expect(text).toMatch(/Livraison\s+12,90 €/);
    expect(text).toMatch(/Total TTC\s+519,90 €/);
    expect(text).not.toContain("Offerte");
  });

  it.each(LOCALES)("in %s gives the delivery address, instructions and delivery time", async (locale) => {
    const { text, html } = await renderSample("order_confirmation", locale);
    for (const version of [text, visibleText(html)]) {
      expect(version).toContain("24 rue des Martyrs");
      expect(version).toContain("75009 Paris");
      expect(version).toContain("France");
      expect(version).toContain("Digicode 4521B, 3e étage gauche");
      expect(version).toContain(EXPECTED[locale].deliveryTime);
    }
  });

  it("names the country and the delivery tier in the reader's language, and leaves out empty instructions", async () => {
    const changes = {
      shippingAddress: {
        name: "Lena Vogel",
        address: "Torstraße 12",
        postalCode: "10119",
        city: "Berlin",
        country: "DE",
      },
      deliveryInstructions: null,
      delivery: { tier: "eu", minDays: 5, maxDays: 7 },
    } as const;
    const fr = await renderSample("order_confirmation", "fr", changes);
    const en = await renderSample("order_confirmation", "en", changes);
    expect(fr.text).toContain("Allemagne");
    expect(fr.text).toContain("5 à 7 jours ouvrés (Union européenne)");
    expect(fr.text).not.toContain("Instructions de livraison");
    expect(en.text).toContain("Germany");
    expect(en.text).toContain("5 to 7 business days (European Union)");
    expect(en.text).not.toContain("Delivery instructions");
  });

  it.each(LOCALES)(
    "in %s links to the tracking page with the secret token, and says to keep it",
    async (locale) => {
      const { html, text } = await renderSample("order_confirmation", locale);
      const link = `${EXPECTED[locale].tracking}?token=${sampleTrackingToken}`;
      expect(hrefs(html)).toContain(link);
      expect(text).toContain(link);
      const secrecy =
        locale === "fr"
          ? ["ne le partagez pas", "valable 90 jours"]
          : ["do not share it", "valid for 90 days"];
      for (const words of secrecy) {
        expect(text).toContain(words);
        expect(visibleText(html)).toContain(words);
      }
    },
  );

  it("URL-encodes the token in the tracking link", async () => {
    const token = "ab+cd/ef=gh".padEnd(40, "x");
    const { html, text } = await renderSample("order_confirmation", "fr", { trackingToken: token });
    const link = `${site}/suivi-commande?token=ab%2Bcd%2Fef%3Dgh${"x".repeat(29)}`;
    expect(hrefs(html)).toContain(link);
    expect(text).toContain(link);
    expect(text).not.toContain(token);
  });

  it.each(LOCALES)("in %s explains the 14-day right of withdrawal and how to use it", async (locale) => {
    const { text, html } = await renderSample("order_confirmation", locale);
    const facts =
      locale === "fr"
        ? [
            "14 jours à compter de la réception de votre commande",
            "L221-18",
            "« Se rétracter du contrat ici »",
            "par e-mail à contact@souls.example ou par courrier à SOULS SAS, 8 rue de Charonne, 75011 Paris, France",
          ]
        : [
            "14 days from the day you receive your order",
            "L221-18",
            "“Withdraw from the contract here”",
            "by e-mail to contact@souls.example or by post to SOULS SAS, 8 rue de Charonne, 75011 Paris, France",
          ];
    for (const fact of facts) {
      expect(text).toContain(fact);
      expect(visibleText(html)).toContain(fact);
    }
  });

  it.each(LOCALES)(
    "in %s carries the model withdrawal form, addressed to the seller, order pre-filled",
    async (locale) => {
      const { text } = await renderSample("order_confirmation", locale);
      const form =
        locale === "fr"
          ? [
              "FORMULAIRE DE RÉTRACTATION",
              "(Veuillez compléter et renvoyer le présent formulaire uniquement si vous souhaitez vous rétracter du contrat.)",
              "À l’attention de SOULS SAS, 8 rue de Charonne, 75011 Paris, France, contact@souls.example :",
              "Je/Nous (*) vous notifie/notifions (*) par la présente ma/notre (*) rétractation du contrat portant sur la vente du bien (*)/pour la prestation de services (*) ci-dessous :",
              "Commande n° SOULS-123456ABCD : Sac banane Aicha",
              "Commandé le (*)/reçu le (*) :",
              "Nom du (des) consommateur(s) :",
              "Adresse du (des) consommateur(s) :",
              "Signature du (des) consommateur(s) (uniquement en cas de notification du présent formulaire sur papier) :",
              "Date :",
              "(*) Rayez la mention inutile.",
              "R221-1",
            ]
          : [
              "MODEL WITHDRAWAL FORM",
              "(Complete and return this form only if you wish to withdraw from the contract.)",
              "To SOULS SAS, 8 rue de Charonne, 75011 Paris, France, contact@souls.example:",
              "I/We (*) hereby give notice that I/We (*) withdraw from my/our (*) contract of sale of the following goods (*)/for the provision of the following service (*):",
              "Order no. SOULS-123456ABCD: Aicha fanny pack",
              "Ordered on (*)/received on (*):",
              "Name of consumer(s):",
              "Address of consumer(s):",
              "Signature of consumer(s) (only if this form is notified on paper):",
              "Date:",
              "(*) Delete as appropriate.",
              "2011/83/EU",
            ];
      for (const line of form) expect(text).toContain(line);
    },
  );

  it.each(LOCALES)("in %s links to the terms of sale", async (locale) => {
    const { html, text } = await renderSample("order_confirmation", locale);
    expect(hrefs(html)).toContain(EXPECTED[locale].terms);
    expect(text).toContain(EXPECTED[locale].terms);
  });
});

describe("shipping notification", () => {
  it.each(LOCALES)(
    "in %s gives the carrier, tracking number, shipping date and the carrier's link",
    async (locale) => {
      const { subject, html, text } = await renderSample("shipping_notification", locale);
      expect(subject).toBe(
        locale === "fr"
          ? "Votre commande SOULS-123456ABCD est en route"
          : "Your order SOULS-123456ABCD is on its way",
      );
      const carrierUrl = "https://www.laposte.fr/outils/suivre-vos-envois?code=6A12345678901";
      expect(hrefs(html)).toContain(carrierUrl);
      expect(text).toContain(carrierUrl);
      const facts =
        locale === "fr"
          ? [/Transporteur\s+Colissimo/, /Numéro de suivi\s+6A12345678901/, /Expédiée le\s+13 mars 2025/]
          : [/Carrier\s+Colissimo/, /Tracking number\s+6A12345678901/, /Shipped on\s+13 March 2025/];
      for (const fact of facts) {
        expect(text).toMatch(fact);
        expect(visibleText(html)).toMatch(fact);
      }
      expect(text).toContain("SOULS-123456ABCD");
    },
  );

  it.each(["Colissimo", "Mondial Relay", "La Poste & <Cie>"])(
    "names the carrier %s as the owner's list names it",
    async (carrierName) => {
      const { text, html } = await renderSample("shipping_notification", "en", { carrierName });
      expect(text).toContain(`Track the parcel with ${carrierName}`);
      expect(html).not.toContain("<Cie>");
    },
  );

  it.each(LOCALES)("in %s no longer sends her back to the confirmation e-mail", async (locale) => {
    const { text } = await renderSample("shipping_notification", locale);
    expect(text).not.toContain(
      locale === "fr" ? "e-mail de confirmation de commande" : "order confirmation e-mail",
    );
  });
});

/** Every e-mail about an order after its confirmation: each carries the order's tracking link. */
const LATER_ORDER_EMAILS = [
  "shipping_notification",
  "withdrawal_acknowledgement",
  "order_refunded_sold_out",
  "order_refund",
] as const;

describe.each(LATER_ORDER_EMAILS)("the %s e-mail's tracking link", (type) => {
  it.each(LOCALES)("in %s opens her order on the tracking page with its token", async (locale) => {
    const { html, text } = await renderSample(type, locale);
    const link = `${EXPECTED[locale].tracking}?token=${sampleTrackingToken}`;
    expect(hrefs(html)).toContain(link);
    expect(text).toContain(link);
    const words =
      locale === "fr"
        ? [
            "Suivez votre commande à tout moment sur votre page de suivi",
            "pendant 90 jours",
            "ne le partagez pas",
          ]
        : ["Follow your order at any time on your tracking page", "for 90 days", "please do not share it"];
    for (const version of [text, visibleText(html)]) {
      for (const word of words) expect(version).toContain(word);
    }
  });

  it.each(LOCALES)(
    "in %s, queued before e-mails carried a token, opens the page that finds the order",
    async (locale) => {
      const { html, text } = await renderSample(type, locale, { trackingToken: undefined });
      expect(hrefs(html)).toContain(EXPECTED[locale].tracking);
      expect(text).toContain(EXPECTED[locale].tracking);
      for (const version of [html, text]) expect(version).not.toContain("token=");
      expect(text).toContain(
        locale === "fr"
          ? "et indiquez son numéro et votre adresse e-mail"
          : "and give its number and your e-mail address",
      );
    },
  );

  it("URL-encodes the token", async () => {
    const token = "ab+cd/ef=gh".padEnd(40, "x");
    const { html } = await renderSample(type, "fr", { trackingToken: token });
    expect(hrefs(html)).toContain(`${site}/suivi-commande?token=ab%2Bcd%2Fef%3Dgh${"x".repeat(29)}`);
  });
});

describe("tracking link", () => {
  it.each(LOCALES)(
    "in %s gives the order's link, says it is hers for 90 days, and what if she did not ask",
    async (locale) => {
      const { subject, html, text } = await renderSample("tracking_link", locale);
      expect(subject).toBe(
        locale === "fr"
          ? "Le lien de suivi de votre commande SOULS-123456ABCD"
          : "The tracking link for your order SOULS-123456ABCD",
      );
      const link = `${EXPECTED[locale].tracking}?token=${sampleTrackingToken}`;
      expect(hrefs(html)).toContain(link);
      expect(text).toContain(link);
      const facts =
        locale === "fr"
          ? [
              "Bonjour Camille Durand,",
              "le lien de suivi de votre commande n° SOULS-123456ABCD",
              "Suivre ma commande",
              "valable 90 jours",
              "Vous n’êtes pas à l’origine de cette demande ?",
              "rien ne change pour votre commande",
            ]
          : [
              "Hello Camille Durand,",
              "the tracking link of your order no. SOULS-123456ABCD",
              "Track my order",
              "valid for 90 days",
              "Did not ask for it?",
              "nothing changes for your order",
            ];
      for (const version of [text, visibleText(html)]) {
        for (const fact of facts) expect(version).toContain(fact);
      }
    },
  );

  it("refuses a payload without its token, or with one of the wrong length", () => {
    for (const trackingToken of [undefined, "x".repeat(31), "x".repeat(129)]) {
      const payload = { ...samplePayloads.tracking_link, trackingToken };
      expect(() => parseEmailMessage({ type: "tracking_link", locale: "fr", payload })).toThrow(
        /invalid tracking_link payload: trackingToken/,
      );
    }
  });
});

describe("withdrawal acknowledgement", () => {
  it.each(LOCALES)(
    "in %s acknowledges the withdrawal with the date and time it was received",
    async (locale) => {
      const { subject, html, text } = await renderSample("withdrawal_acknowledgement", locale);
      expect(subject).toBe(
        locale === "fr"
          ? "Rétractation reçue pour votre commande SOULS-123456ABCD"
          : "Withdrawal received for your order SOULS-123456ABCD",
      );
      // 16:47 UTC on 18 March 2025 is 17:47 in Paris (winter time).
      const received =
        locale === "fr"
          ? "le 18 mars 2025 à 17:47 UTC+1 (heure de Paris)"
          : "On 18 March 2025 at 17:47 CET (Paris time)";
      expect(text).toContain(received);
      expect(visibleText(html)).toContain(received);
      expect(text).toContain("SOULS-123456ABCD");
    },
  );

  it("gives the time in Paris summer time too", async () => {
    const { text } = await renderSample("withdrawal_acknowledgement", "en", {
      receivedAt: "2025-07-01T08:05:00Z",
    });
    expect(text).toContain("1 July 2025 at 10:05 CEST");
  });

  it.each(LOCALES)("in %s lists the order and says what happens next, plainly", async (locale) => {
    const { text } = await renderSample("withdrawal_acknowledgement", locale);
    expect(text).toMatch(EXPECTED[locale].line);
    expect(text).toMatch(EXPECTED[locale].total);
    const steps =
      locale === "fr"
        ? [
            "Renvoyez-nous votre commande dans les 14 jours",
            "SOULS SAS, 8 rue de Charonne, 75011 Paris, France",
            "Nous vous remboursons 169,00 €",
            "au plus tard 14 jours après la réception de votre rétractation",
            "avec le moyen de paiement utilisé pour la commande",
            "Nous pouvons attendre d’avoir récupéré votre commande",
          ]
        : [
            "Send your order back to us within 14 days",
            "SOULS SAS, 8 rue de Charonne, 75011 Paris, France",
            "We will refund €169.00",
            "no later than 14 days after we received your withdrawal",
            "with the means of payment used for the order",
            "We may wait until we have your order back",
          ];
    for (const step of steps) expect(text).toContain(step);
  });
});

describe("sold-out refund", () => {
  it.each(LOCALES)(
    "in %s apologises, says the full amount went back to the card and when it shows",
    async (locale) => {
      const { subject, html, text } = await renderSample("order_refunded_sold_out", locale);
      expect(subject).toBe(
        locale === "fr"
          ? "Votre commande SOULS-123456ABCD : pièce épuisée, remboursement effectué"
          : "Your order SOULS-123456ABCD: piece sold out, refund issued",
      );
      const facts =
        locale === "fr"
          ? [
              "TOUTES NOS EXCUSES",
              "vendue juste avant que votre paiement ne soit confirmé",
              "169,00 €, sur la carte",
              "5 à 10 jours ouvrés",
            ]
          : [
              "WE ARE VERY SORRY",
              "sold just before your payment was confirmed",
              "€169.00, to the card",
              "5 to 10 business days",
            ];
      for (const fact of facts) expect(text).toContain(fact);
      expect(text).toMatch(EXPECTED[locale].line);
      expect(text).toMatch(locale === "fr" ? /Montant remboursé\s+169,00 €/ : /Amount refunded\s+€169\.00/);
      expect(hrefs(html)).toContain(EXPECTED[locale].home);
    },
  );
});

describe("back in stock", () => {
  it.each(LOCALES)("in %s announces the model with a link to its page", async (locale) => {
    const path = locale === "fr" ? "/produit/sac-banane-aicha" : "/en/product/aicha-fanny-pack";
    const { subject, html, text } = await renderSample("back_in_stock", locale, { productPath: path });
    expect(subject).toBe(locale === "fr" ? "Aicha est de retour" : "Aicha is back");
    const page = `${site}${path}`;
    expect(hrefs(html)).toContain(page);
    expect(text).toContain(page);
  });

  it.each(LOCALES)(
    "in %s says pieces are unique and limited, and that this notice comes once",
    async (locale) => {
      const { text } = await renderSample("back_in_stock", locale);
      const facts =
        locale === "fr"
          ? [
              "pièce unique",
              "série limitée",
              "Cet avis est unique",
              "n’était conservée que pour vous l’envoyer",
            ]
          : ["unique piece", "limited series", "one-time notice", "was kept only to send it"];
      for (const fact of facts) expect(text).toContain(fact);
    },
  );

  it("links each model to the address its notice carries, or home for a notice queued without one", async () => {
    const { text } = await renderSample("back_in_stock", "en", {
      model: "zora",
      productName: "Zora",
      productPath: "/en/product/zora-the-fanny-pack",
    });
    expect(text).toContain(`${site}/en/product/zora-the-fanny-pack`);
    expect(text).toContain("ZORA IS BACK");
    const older = await renderSample("back_in_stock", "fr", { productPath: undefined });
    expect(hrefs(older.html)).toContain(`${site}/`);
  });
});

describe("back in stock, as marketing mail", () => {
  it.each(LOCALES)("in %s shows a visible unsubscribe link", async (locale) => {
    const { html, text } = await renderSample("back_in_stock", locale);
    const page = locale === "fr" ? `${site}/desinscription` : `${site}/en/unsubscribe`;
    const link = `${page}?token=${sampleUnsubscribeToken}`;
    expect(hrefs(html)).toContain(link);
    expect(text).toContain(link);
    const words =
      locale === "fr"
        ? ["Vous ne souhaitez plus recevoir ces e-mails ?", "Se désinscrire"]
        : ["No longer want to receive these e-mails?", "Unsubscribe"];
    for (const version of [text, visibleText(html)]) {
      for (const word of words) expect(version).toContain(word);
    }
  });

  it.each(LOCALES)("in %s gives the same address for the List-Unsubscribe header", async (locale) => {
    const { listUnsubscribe } = await renderSample("back_in_stock", locale);
    expect(listUnsubscribe).toBe(
      locale === "fr"
        ? `${site}/desinscription?token=${sampleUnsubscribeToken}`
        : `${site}/en/unsubscribe?token=${sampleUnsubscribeToken}`,
    );
  });

  it("URL-encodes the unsubscribe token, in the body and in the header", async () => {
    const token = "ab+cd/ef=gh".padEnd(40, "x");
    const { html, listUnsubscribe } = await renderSample("back_in_stock", "fr", { unsubscribeToken: token });
    const link = `${site}/desinscription?token=ab%2Bcd%2Fef%3Dgh${"x".repeat(29)}`;
    expect(listUnsubscribe).toBe(link);
    expect(hrefs(html)).toContain(link);
  });
});

describe("review invitation", () => {
  const PAGE = { fr: `${site}/donner-mon-avis`, en: `${site}/en/write-a-review` } as const;
  const OPT_OUT = { fr: `${site}/avis/desinscription`, en: `${site}/en/reviews/unsubscribe` } as const;

  it.each(LOCALES)("in %s links each model to its review through the order's own link", async (locale) => {
    const { subject, html, text } = await renderSample("review_invitation", locale, {
      items: [
        { model: "aicha", name: "Aicha" },
        { model: "zora", name: "Zora", photoPath: `/photos/${"a".repeat(32)}-600.jpg` },
      ],
    });
    expect(subject).toBe(
      locale === "fr"
        ? "Votre avis sur votre commande SOULS-123456ABCD"
        : "Your review of order SOULS-123456ABCD",
    );
    for (const model of ["aicha", "zora"]) {
      const link = `${PAGE[locale]}?token=${sampleReviewToken}&model=${model}`;
      expect(hrefs(html)).toContain(link);
      expect(text).toContain(link);
    }
    expect(visibleText(html)).toContain(locale === "fr" ? "Donner mon avis sur Zora" : "Review Zora");
    // The cover of an uploaded photo, from the shop's origin; a launch drawing has none.
    expect(html).toContain(`src="${site}/photos/${"a".repeat(32)}-600.jpg"`);
    expect(html.match(/<img/g)).toHaveLength(1);
  });

  it.each(LOCALES)(
    "in %s says until when the link works, that it is once, that no review is paid",
    async (locale) => {
      const { text } = await renderSample("review_invitation", locale);
      const facts =
        locale === "fr"
          ? [
              "Bonjour Camille,",
              "jusqu’au 22 mai 2025",
              "pendant 30 jours",
              "aucun avis n’est rémunéré",
              "positif ou négatif",
              "la seule invitation",
            ]
          : [
              "Hello Camille,",
              "until 22 May 2025",
              "for 30 days",
              "no review is ever paid for",
              "positive or negative",
              "the only invitation",
            ];
      for (const fact of facts) expect(text).toContain(fact);
    },
  );

  it.each(LOCALES)(
    "in %s stops review invitations in one click, the same address as List-Unsubscribe",
    async (locale) => {
      const { html, text, listUnsubscribe } = await renderSample("review_invitation", locale);
      const link = `${OPT_OUT[locale]}?token=${sampleReviewOptOutToken}`;
      expect(listUnsubscribe).toBe(link);
      expect(hrefs(html)).toContain(link);
      expect(text).toContain(link);
      expect(visibleText(html)).toContain(
        locale === "fr" ? "Ne plus recevoir ces invitations" : "Stop these invitations",
      );
    },
  );
});

describe("review refusal", () => {
  it.each(LOCALES)("in %s gives the published reason and the link to change it", async (locale) => {
    const { subject, html, text } = await renderSample("review_rejected", locale);
    expect(subject).toBe(locale === "fr" ? "Votre avis sur Aicha" : "Your review of Aicha");
    const facts =
      locale === "fr"
        ? [
            "VOTRE AVIS N’A PAS ÉTÉ PUBLIÉ",
            "« Superbe, livré vite »",
            "il contient des données personnelles",
            "jamais refusé parce qu’il est négatif",
            "jusqu’au 30 avril 2025",
          ]
        : [
            "YOUR REVIEW WAS NOT PUBLISHED",
            "“Superbe, livré vite”",
            "it contains personal details",
            "never refused for being negative",
            "until 30 April 2025",
          ];
    for (const fact of facts) expect(text).toContain(fact);
    const page = locale === "fr" ? `${site}/donner-mon-avis` : `${site}/en/write-a-review`;
    expect(hrefs(html)).toContain(`${page}?token=${sampleReviewToken}&model=aicha`);
  });

  it("says a published review was withdrawn, and when the time to change it is over, gives no link", async () => {
    const { text, html } = await renderSample("review_rejected", "en", {
      withdrawn: true,
      reason: "advertising",
      token: null,
      changeUntil: null,
    });
    expect(text).toContain("YOUR REVIEW WAS WITHDRAWN");
    expect(text).toContain("it contains advertising or a link to another site.");
    expect(text).toContain("The 30 days to change it are over.");
    expect(hrefs(html).some((href) => href.includes("write-a-review"))).toBe(false);
  });

  it("shows the buyer's title as text, never as markup", async () => {
    const { html } = await renderSample("review_rejected", "fr", { reviewTitle: "<b>Top</b> & <script>" });
    expect(html).not.toContain("<b>Top</b>");
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;b&gt;Top&lt;/b&gt; &amp; &lt;script&gt;");
  });
});

describe("transactional mail", () => {
  const transactional = EMAIL_TYPES.filter((type) => !isMarketingEmail(type));

  it.each(transactional)("%s has no List-Unsubscribe address", async (type) => {
    for (const locale of LOCALES) {
      const { listUnsubscribe, html } = await renderSample(type, locale);
      expect(listUnsubscribe).toBeUndefined();
      expect(
        hrefs(html).some((href) => href.includes("/desinscription") || href.includes("/unsubscribe")),
      ).toBe(false);
    }
  });
});

describe("sign-up confirmation", () => {
  const CONFIRM = { fr: `${site}/inscription/confirmer`, en: `${site}/en/signup/confirm` } as const;

  it.each(LOCALES)(
    "in %s links to the confirmation page with the token, in HTML and text",
    async (locale) => {
      const { subject, html, text } = await renderSample("signup_confirmation", locale);
      expect(subject).toBe(locale === "fr" ? "Confirmez votre inscription" : "Please confirm your sign-up");
      const link = `${CONFIRM[locale]}?token=${sampleSignupToken}`;
      expect(hrefs(html)).toContain(link);
      // Spelled out too, for a client that shows no button.
      expect(visibleText(html)).toContain(link);
      expect(text).toContain(link);
      const button = locale === "fr" ? "Confirmer mon inscription" : "Confirm my sign-up";
      expect(text).toContain(button);
      expect(visibleText(html)).toContain(button);
    },
  );

  it.each(LOCALES)(
    "in %s says the link lasts 48 hours and what happens if nobody confirms",
    async (locale) => {
      const { html, text } = await renderSample("signup_confirmation", locale);
      const facts =
        locale === "fr"
          ? [
              "valable 48 heures",
              "Si vous n’êtes pas à l’origine de cette demande, ignorez simplement ce message",
              "votre adresse sera effacée sous 7 jours",
              "vous ne recevrez rien d’autre",
            ]
          : [
              "valid for 48 hours",
              "If you did not ask for this, simply ignore this message",
              "your address will be deleted within 7 days",
              "you will receive nothing else",
            ];
      for (const version of [text, visibleText(html)]) {
        for (const fact of facts) expect(version).toContain(fact);
      }
    },
  );

  it.each(LOCALES)("in %s names the awaited model for a waitlist", async (locale) => {
    const { text } = await renderSample("signup_confirmation", locale);
    expect(text).toContain(
      locale === "fr"
        ? "un e-mail, un seul, lorsque le sac banane Aicha sera de nouveau disponible"
        : "one e-mail, and one only, when the Aicha fanny pack is available again",
    );
  });

  it.each(LOCALES)("in %s describes the early notice (no newsletter), naming no product", async (locale) => {
    const { text } = await renderSample("signup_confirmation", locale, {
      list: "newsletter",
      model: null,
      productName: null,
    });
    expect(text).toContain(
      locale === "fr"
        ? "Vous avez demandé à être informé(e) en avant-première des nouvelles pièces SOULS : un e-mail quand de nouvelles pièces arrivent, rien d’autre."
        : "You asked to be the first to know about new SOULS pieces: one e-mail when new pieces arrive, nothing else.",
    );
    expect(text).not.toContain("Aicha");
    expect(text).toContain(`${CONFIRM[locale]}?token=${sampleSignupToken}`);
  });

  it("URL-encodes the token in the confirmation link", async () => {
    const token = "ab+cd/ef=gh".padEnd(40, "x");
    const { html, text } = await renderSample("signup_confirmation", "en", { token });
    const link = `${CONFIRM.en}?token=ab%2Bcd%2Fef%3Dgh${"x".repeat(29)}`;
    expect(hrefs(html)).toContain(link);
    expect(text).toContain(link);
    expect(text).not.toContain(token);
  });
});

describe("order refund", () => {
  const REASONS = {
    fr: {
      cancellation:
        "Nous avons dû annuler votre commande n° SOULS-123456ABCD : une pièce n’a pas pu être réalisée ou expédiée. Nous vous la remboursons intégralement et vous prions de nous en excuser.",
      withdrawal: "Votre rétractation pour la commande n° SOULS-123456ABCD a bien été traitée",
      return:
        "Nous avons bien reçu le colis que vous nous avez retourné pour la commande n° SOULS-123456ABCD",
      goodwill: "À titre de geste commercial, nous vous avons accordé un remboursement partiel",
    },
    en: {
      cancellation:
        "We have had to cancel your order no. SOULS-123456ABCD: a piece could not be made or shipped. We are refunding it in full, and we apologise.",
      withdrawal: "Your withdrawal from order no. SOULS-123456ABCD has been processed",
      return: "We have received the parcel you sent back for order no. SOULS-123456ABCD",
      goodwill: "As a goodwill gesture, we have made a partial refund on your order no. SOULS-123456ABCD",
    },
  } as const;

  it.each(LOCALES)(
    "in %s gives the amount, the date, the refunded lines and where the money goes",
    async (locale) => {
      const { subject, text, html } = await renderSample("order_refund", locale);
      expect(subject).toBe(
        locale === "fr"
          ? "Remboursement de votre commande SOULS-123456ABCD"
          : "Refund for your order SOULS-123456ABCD",
      );
      const facts =
        locale === "fr"
          ? [
              /VOTRE REMBOURSEMENT/,
              /Montant remboursé\s+169,00 €/,
              /Date du remboursement\s+24 mars 2025/,
              /ARTICLES REMBOURSÉS/,
              /Votre commande est désormais intégralement remboursée\./,
              /sur la carte utilisée pour le paiement/,
              /sous 5 à 10 jours ouvrés/,
            ]
          : [
              /YOUR REFUND/,
              /Amount refunded\s+€169\.00/,
              /Refund date\s+24 March 2025/,
              /REFUNDED ITEMS/,
              /Your order is now refunded in full\./,
              /to the card used for the payment/,
              /within 5 to 10 business days/,
            ];
      for (const fact of facts) expect(text).toMatch(fact);
      for (const version of [text, visibleText(html)]) {
        expect(version).toContain(EXPECTED[locale].greeting);
        expect(version).toContain("SOULS-123456ABCD");
        expect(version).toContain(REASONS[locale].withdrawal);
        expect(version).toMatch(EXPECTED[locale].line);
      }
    },
  );

  it.each(LOCALES)("in %s gives the reason for each kind of refund", async (locale) => {
    for (const reason of ["cancellation", "withdrawal", "return", "goodwill"] as const) {
      const { text, html } = await renderSample("order_refund", locale, {
        reason,
        fullyRefunded: reason === "cancellation",
      });
      expect(text, reason).toContain(REASONS[locale][reason]);
      expect(visibleText(html), reason).toContain(REASONS[locale][reason]);
      for (const other of Object.values(REASONS[locale])) {
        if (other !== REASONS[locale][reason]) expect(text, reason).not.toContain(other);
      }
    }
  });

  it.each(LOCALES)(
    "in %s renders an amount refunded without lines, and says it is partial",
    async (locale) => {
      const { text, html } = await renderSample("order_refund", locale, {
        reason: "goodwill",
        items: [],
        amountCents: 2500,
        fullyRefunded: false,
      });
      expect(text).toMatch(locale === "fr" ? /Montant remboursé\s+25,00 €/ : /Amount refunded\s+€25\.00/);
      expect(text).toContain(locale === "fr" ? "partiellement remboursée" : "partly refunded");
      expect(text).not.toMatch(
        locale === "fr" ? /intégralement remboursée|ARTICLES/ : /in full|REFUNDED ITEMS/,
      );
      expect(html).not.toContain("<thead");
      expect(text).toContain(REASONS[locale].goodwill);
    },
  );

  it("lists several refunded lines at unit price × quantity, in the order's currency", async () => {
    const { text } = await renderSample("order_refund", "en", {
      reason: "return",
      items: [{ name: "Nadia", model: "nadia", quantity: 2, unitPriceCents: 15500 }],
      amountCents: 31000,
      currency: "CHF",
      fullyRefunded: false,
    });
    expect(text).toMatch(/Nadia fanny pack\s+2\s+CHF 155\.00\s+CHF 310\.00/);
    expect(text).toMatch(/Amount refunded\s+CHF 310\.00/);
    expect(text).toContain("Your order is partly refunded.");
  });
});

describe("the owner's own e-mails", () => {
  it("tell her of a paid order: who, what to prepare, where it goes, and the link that opens it", async () => {
    const { subject, html, text } = await renderSample("new_order", "fr");
    expect(subject).toBe("Nouvelle commande SOULS-123456ABCD : Camille Durand");
    expect(hrefs(html)).toContain(`${site}/admin-orders?commande=SOULS-123456ABCD`);
    for (const version of [text, visibleText(html)]) {
      expect(version).toContain("Camille Durand vient de payer sa commande");
      expect(version).toMatch(EXPECTED.fr.line);
      expect(version).toContain("75009 Paris, France");
      expect(version).toContain("Instructions de livraison : Digicode 4521B");
      expect(version).toContain("Note du client : C'est un cadeau");
      expect(version).not.toMatch(/Une question|L’atelier SOULS/);
    }
    const test = await renderSample("new_order", "fr", { test: true });
    expect(test.text).toContain("aucun argent n’a été encaissé");
  });

  it("name each model that fell below her threshold, with the pieces it has left", async () => {
    const { subject, text } = await renderSample("low_stock", "fr");
    expect(subject).toBe("Stock faible : Aicha, Nadia");
    expect(text).toContain("Aicha (Aicha-01) : 2 en stock");
    expect(text).toContain("Nadia (Nadia-01) : 0 en stock");
    expect(text).toContain("sous votre seuil de 3 pièces");
    expect(text).toContain(`${site}/admin-stock`);
  });
});

describe("the owner's incident e-mail", () => {
  it("says in French what went wrong and since when, with a link to her orders", async () => {
    const { subject, text } = await renderSample("incident", "fr");
    expect(subject).toBe("Des e-mails de la boutique ne partent pas");
    expect(text).toContain("Depuis le 12 mars 2025 à 03:14 UTC+1, des e-mails n’ont pas pu partir");
    expect(text).toContain(`${site}/admin-orders`);
    expect(text).toContain("un seul e-mail par problème");
  });

  it("says when it is over, with when it began and ended", async () => {
    const { subject, text } = await renderSample("incident", "fr", {
      kind: "worker_stopped",
      state: "over",
      closedAt: "2025-03-12T05:40:00.000Z",
    });
    expect(subject).toBe("Les tâches de fond de la boutique ont repris");
    expect(text).toContain(
      "Le problème a commencé le 12 mars 2025 à 03:14 UTC+1 et s’est terminé le 12 mars 2025 à 06:40 UTC+1.",
    );
  });
});

describe("a corrected address", () => {
  it.each(LOCALES)("in %s tells the shopper where the parcel will go now", async (locale) => {
    const { subject, text } = await renderSample("address_corrected", locale);
    expect(subject).toContain("SOULS-123456ABCD");
    expect(text).toContain("42 rue des Martyrs");
    expect(text).toContain("75009 Paris");
    expect(text).toContain("France");
  });
});

describe("a seller not filled in yet", () => {
  const unfilled = {
    ...sampleContext,
    seller: { brand: "SOULS", companyName: "SOULS", address: null, email: null },
  };

  it.each(LOCALES)(
    "in %s: the footer, the withdrawal steps and the form say nothing invented",
    async (locale) => {
      for (const type of ["order_confirmation", "withdrawal_acknowledgement"] as const) {
        const message = parseEmailMessage({ type, locale, payload: samplePayloads[type] });
        const { html, text } = await renderEmail(message, unfilled);
        for (const shown of [visibleText(html), text]) {
          expect(shown, type).not.toMatch(/null|undefined|mailto:|souls\.example\/?\s*·|, ,|: ,/);
          expect(shown, type).toContain("SOULS");
        }
        expect(
          hrefs(html).some((href) => href.startsWith("mailto:")),
          type,
        ).toBe(false);
      }
      const confirmation = await renderEmail(
        parseEmailMessage({ type: "order_confirmation", locale, payload: samplePayloads.order_confirmation }),
        unfilled,
      );
      expect(confirmation.text).toContain(
        locale === "fr"
          ? "de la page de suivi de votre commande. Il suffit"
          : "on your order’s tracking page. Your decision",
      );
    },
  );
});
