/** Every built screen with what a shopper must see in its title and main heading, per language. */
export interface PageExpectation {
  name: string;
  /** False for pages search engines must not see (absent from the sitemap, `noindex`). */
  indexed?: false;
  fr: { path: string; title: string; heading: RegExp };
  en: { path: string; title: string; heading: RegExp };
}

const product = (model: string, name: string): PageExpectation => ({
  name: `product ${model}`,
  fr: {
    path: `/produit/sac-banane-${model}`,
    title: `Sac banane ${name} en jacquard marocain – SOULS`,
    heading: new RegExp(`Sac banane ${name}`),
  },
  en: {
    path: `/en/product/${model}-fanny-pack`,
    title: `${name} fanny pack in Moroccan jacquard – SOULS`,
    heading: new RegExp(`${name} fanny pack`),
  },
});

export const PAGES: PageExpectation[] = [
  {
    name: "home",
    fr: {
      path: "/",
      title: "SOULS – Sacs banane en jacquard marocain, faits main",
      heading: /Première collection/i,
    },
    en: {
      path: "/en",
      title: "SOULS – Handmade fanny packs in Moroccan jacquard",
      heading: /First collection/i,
    },
  },
  product("aicha", "Aicha"),
  product("nadia", "Nadia"),
  product("bilin", "Bilin"),
  product("ilian", "Ilian"),
  {
    name: "all pieces",
    fr: {
      path: "/toutes-les-pieces",
      title: "Toutes les pièces – Sacs banane SOULS en séries limitées",
      heading: /Toutes les pièces/,
    },
    en: {
      path: "/en/all-pieces",
      title: "All pieces – SOULS fanny packs in limited series",
      heading: /All pieces/,
    },
  },
  {
    name: "first collection",
    fr: {
      path: "/collections/premiere-collection",
      title: "Première collection – Série limitée de sacs banane SOULS",
      heading: /Première collection/,
    },
    en: {
      path: "/en/collections/first-collection",
      title: "First collection – A limited series of SOULS fanny packs",
      heading: /First collection/,
    },
  },
  {
    name: "cart",
    fr: { path: "/panier", title: "Panier (0 article) – SOULS", heading: /Votre panier est vide/ },
    en: { path: "/en/cart", title: "Cart (0 items) – SOULS", heading: /Your cart is empty/ },
  },
  {
    name: "order tracking",
    indexed: false,
    fr: { path: "/suivi-commande", title: "Suivi de commande – SOULS", heading: /Suivi de commande/ },
    en: { path: "/en/track-order", title: "Order tracking – SOULS", heading: /Order tracking/ },
  },
  {
    name: "magazine",
    fr: { path: "/magazine", title: "Le Magazine – SOULS", heading: /Le Magazine/ },
    en: { path: "/en/magazine", title: "The Magazine – SOULS", heading: /The Magazine/ },
  },
  {
    name: "fabrics article",
    fr: {
      path: "/magazine/tissus-marocains-traditionnels",
      title: "Les tissus marocains traditionnels – SOULS",
      heading: /Les tissus marocains traditionnels/,
    },
    en: {
      path: "/en/magazine/traditional-moroccan-fabrics",
      title: "Traditional Moroccan fabrics – SOULS",
      heading: /Traditional Moroccan fabrics/,
    },
  },
  {
    name: "style article",
    fr: {
      path: "/magazine/comment-porter-sac-banane-style",
      title: "Comment porter le sac banane avec style – SOULS",
      heading: /Comment porter le sac banane avec style/,
    },
    en: {
      path: "/en/magazine/how-to-wear-fanny-pack-with-style",
      title: "How to wear a fanny pack with style – SOULS",
      heading: /How to wear a fanny pack with style/,
    },
  },
  {
    name: "legal notice",
    fr: { path: "/mentions-legales", title: "Mentions légales – SOULS", heading: /Mentions légales/ },
    en: { path: "/en/legal-notice", title: "Legal notice – SOULS", heading: /Legal notice/ },
  },
  {
    name: "privacy policy",
    fr: {
      path: "/politique-confidentialite",
      title: "Politique de confidentialité – SOULS",
      heading: /Politique de confidentialité/,
    },
    en: { path: "/en/privacy-policy", title: "Privacy policy – SOULS", heading: /Privacy policy/ },
  },
  {
    name: "terms of sale",
    fr: {
      path: "/cgv",
      title: "Conditions générales de vente – SOULS",
      heading: /Conditions générales de vente/,
    },
    en: {
      path: "/en/terms-of-sale",
      title: "Terms and conditions of sale – SOULS",
      heading: /Terms and conditions of sale/,
    },
  },
];
