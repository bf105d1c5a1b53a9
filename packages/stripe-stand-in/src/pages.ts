import { readFileSync } from "node:fs";
import type { CheckoutSession } from "./account";

/**
 * The pages Stripe itself shows, as the stand-in draws them: the hosted Checkout page (plain
 * forms: it must work with JavaScript off), its 3-D Secure step, the 3-D Secure frame Stripe.js
 * opens over the shop's page, and the Payment Element's frame. Plain, and labelled: they are
 * filled by tests as a shopper would fill Stripe's.
 */
type Lang = "fr" | "en";
const langOf = (locale: string | null | undefined): Lang => (locale?.startsWith("fr") ? "fr" : "en");

const WORDS = {
  fr: {
    pay: "Payer",
    amount: "Montant",
    email: "E-mail",
    card: "Informations de la carte",
    number: "Numéro de carte",
    expiry: "Date d'expiration (MM / AA)",
    cvc: "CVC",
    back: "Retour",
    testMode: "Mode test (stand-in de Stripe)",
    threeDs: "Authentification 3-D Secure",
    threeDsText: "Votre banque vous demande de confirmer ce paiement.",
    complete: "Réussir l'authentification",
    fail: "Faire échouer l'authentification",
    closed: "Cette session de paiement n'est plus ouverte.",
    authenticationFailed:
      "Nous ne parvenons pas à authentifier votre moyen de paiement. Veuillez choisir un autre moyen de paiement et réessayer.",
  },
  en: {
    pay: "Pay",
    amount: "Amount",
    email: "Email",
    card: "Card information",
    number: "Card number",
    expiry: "Expiration (MM / YY)",
    cvc: "CVC",
    back: "Back",
    testMode: "Test mode (Stripe stand-in)",
    threeDs: "3-D Secure authentication",
    threeDsText: "Your bank asks you to confirm this payment.",
    complete: "Complete authentication",
    fail: "Fail authentication",
    closed: "This payment session is no longer open.",
    authenticationFailed:
      "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
  },
} as const;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const money = (cents: number, currency: string, lang: Lang) =>
  new Intl.NumberFormat(lang, { style: "currency", currency: currency.toUpperCase() }).format(cents / 100);

function page(lang: Lang, title: string, body: string, script = ""): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:1rem;color:#1a1a1a;background:#fff}
main{max-width:28rem;margin:0 auto}label{display:block;margin:.75rem 0 .25rem;font-size:.9rem}
input{box-sizing:border-box;width:100%;padding:.6rem;font-size:1rem;border:1px solid #767676;border-radius:4px}
input[aria-invalid=true]{border-color:#b00020}button{margin-top:1rem;padding:.7rem 1rem;font-size:1rem;
border:0;border-radius:4px;background:#1a1a1a;color:#fff;cursor:pointer;width:100%}
.error{color:#b00020;margin:.4rem 0 0}.note{font-size:.8rem;color:#555}</style></head>
<body>${body}${script ? `<script>${script}</script>` : ""}</body></html>`;
}

/** Stripe's hosted payment page for a Checkout Session (no JavaScript needed). */
export function hostedCheckoutPage(session: CheckoutSession, error?: string): string {
  const lang = langOf(session.locale);
  const w = WORDS[lang];
  if (session.status !== "open") {
    return page(lang, w.pay, `<main><p role="alert">${w.closed}</p></main>`);
  }
  const back = session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">← ${w.back}</a></p>` : "";
  return page(
    lang,
    `${w.pay} ${money(session.amount_total, session.currency, lang)}`,
    `<main>${back}<p class="note">${w.testMode}</p>
<h1>${w.amount} : <span data-testid="amount">${money(session.amount_total, session.currency, lang)}</span></h1>
${session.customer_email ? `<p>${w.email} : ${escapeHtml(session.customer_email)}</p>` : ""}
<form method="post" novalidate><fieldset><legend>${w.card}</legend>
<label for="number">${w.number}</label><input id="number" name="number" inputmode="numeric" autocomplete="cc-number"${error ? ' aria-invalid="true" aria-describedby="card-error"' : ""}>
<label for="expiry">${w.expiry}</label><input id="expiry" name="expiry" autocomplete="cc-exp">
<label for="cvc">${w.cvc}</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc">
</fieldset>${error ? `<p id="card-error" class="error" role="alert">${escapeHtml(error)}</p>` : ""}
<button type="submit">${w.pay} ${money(session.amount_total, session.currency, lang)}</button></form></main>`,
  );
}

/** The 3-D Secure step of the hosted page: two forms, as Stripe's test page offers. */
export function sessionAuthenticationPage(session: CheckoutSession): string {
  const lang = langOf(session.locale);
  const w = WORDS[lang];
  return page(
    lang,
    w.threeDs,
    `<main><h1>${w.threeDs}</h1><p>${w.threeDsText}</p>
<p>${w.amount} : ${money(session.amount_total, session.currency, lang)}</p>
<form method="post"><input type="hidden" name="outcome" value="complete"><button type="submit">${w.complete}</button></form>
<form method="post"><input type="hidden" name="outcome" value="fail"><button type="submit">${w.fail}</button></form></main>`,
  );
}

/** The 3-D Secure frame Stripe.js opens over the shop's page; its answer goes back to the page. */
export function intentAuthenticationPage(lang: Lang, amount: string, answered?: "complete" | "fail"): string {
  const w = WORDS[lang];
  if (answered) {
    // The frame's own document tells the stand-in's Stripe.js, which decides what the page sees.
    return page(
      lang,
      w.threeDs,
      "<main></main>",
      `parent.postMessage({ standIn: "3ds", passed: ${answered === "complete"} }, "*");`,
    );
  }
  return page(
    lang,
    w.threeDs,
    `<main><h1>${w.threeDs}</h1><p>${w.threeDsText}</p><p>${w.amount} : ${escapeHtml(amount)}</p>
<form method="post"><input type="hidden" name="outcome" value="complete"><button type="submit">${w.complete}</button></form>
<form method="post"><input type="hidden" name="outcome" value="fail"><button type="submit">${w.fail}</button></form></main>`,
  );
}

const browserFile = (name: string) => readFileSync(new URL(`./browser/${name}`, import.meta.url), "utf8");

/** The Payment Element's frame: the card form, talking to the page's Stripe.js by messages. */
export function paymentElementFrame(): string {
  return page("en", "Payment", '<main id="element"></main>', browserFile("payment-frame.js"));
}

/** Stripe.js as the stand-in serves it, announcing the release the page asked for. */
export function stripeJs(release: string): string {
  return browserFile("stripe.js").replace("__RELEASE__", JSON.stringify(release));
}

export { langOf };
