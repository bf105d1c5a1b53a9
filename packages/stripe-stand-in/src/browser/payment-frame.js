// The Payment Element's frame, on js.stripe.com: the card form, and the only part that talks to
// the API with the card (the page's Stripe.js asks it by messages and gets the intent back).
(() => {
  const API = "https://api.stripe.com";
  const params = new URLSearchParams(window.location.hash.slice(1));
  const key = params.get("key") ?? "";
  const clientSecret = params.get("clientSecret") ?? "";
  const pageOrigin = params.get("origin") ?? "";
  const lang = String(params.get("locale") ?? "").startsWith("fr") ? "fr" : "en";
  const intentId = clientSecret.split("_secret_")[0];
  const WORDS = {
    fr: {
      amount: "Montant :",
      number: "Numéro de carte",
      expiry: "Date d'expiration (MM / AA)",
      cvc: "Code de sécurité",
      numberIncomplete: "Le numéro de votre carte est incomplet.",
      expiryIncomplete: "La date d'expiration de votre carte est incomplète.",
      expiryPast: "L'année d'expiration de votre carte est dépassée.",
      cvcIncomplete: "Le code de sécurité de votre carte est incomplet.",
    },
    en: {
      amount: "Amount:",
      number: "Card number",
      expiry: "Expiration date (MM / YY)",
      cvc: "Security code",
      numberIncomplete: "Your card number is incomplete.",
      expiryIncomplete: "Your card's expiration date is incomplete.",
      expiryPast: "Your card's expiration year is in the past.",
      cvcIncomplete: "Your card's security code is incomplete.",
    },
  }[lang];
  document.documentElement.lang = lang;

  const root = document.getElementById("element");
  const field = (name, label, attributes) => {
    const wrapper = document.createElement("div");
    const labelNode = document.createElement("label");
    labelNode.htmlFor = name;
    labelNode.textContent = label;
    const input = document.createElement("input");
    input.id = name;
    input.name = name;
    for (const [attribute, value] of Object.entries(attributes)) input.setAttribute(attribute, value);
    const error = document.createElement("p");
    error.id = `${name}-error`;
    error.className = "error";
    error.hidden = true;
    wrapper.append(labelNode, input, error);
    root.append(wrapper);
    return { input, error };
  };
  const amount = document.createElement("p");
  amount.id = "amount";
  root.append(amount);
  const number = field("number", WORDS.number, { inputmode: "numeric", autocomplete: "cc-number" });
  const expiry = field("expiry", WORDS.expiry, { autocomplete: "cc-exp", placeholder: "MM / AA" });
  const cvc = field("cvc", WORDS.cvc, { inputmode: "numeric", autocomplete: "cc-csc" });

  const show = (target, message) => {
    target.error.textContent = message ?? "";
    target.error.hidden = !message;
    target.input.setAttribute("aria-invalid", message ? "true" : "false");
    if (message) target.input.setAttribute("aria-describedby", target.error.id);
    else target.input.removeAttribute("aria-describedby");
  };

  const digits = (value) => value.replace(/[\s-]/g, "");
  /** The card as typed, or the first field's error (shown under it, as the Payment Element does). */
  function readCard() {
    const problems = [];
    const cardNumber = digits(number.input.value);
    const numberProblem = /^\d{12,19}$/.test(cardNumber) ? null : WORDS.numberIncomplete;
    show(number, numberProblem);
    if (numberProblem) problems.push(numberProblem);
    const match = expiry.input.value.trim().match(/^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/);
    let expiryProblem = match ? null : WORDS.expiryIncomplete;
    const month = match ? Number(match[1]) : 0;
    const year = match ? Number(match[2].length === 2 ? `20${match[2]}` : match[2]) : 0;
    if (!expiryProblem && (month < 1 || month > 12)) expiryProblem = WORDS.expiryIncomplete;
    if (!expiryProblem && Date.UTC(year, month, 1) <= Date.now()) expiryProblem = WORDS.expiryPast;
    show(expiry, expiryProblem);
    if (expiryProblem) problems.push(expiryProblem);
    const cvcProblem = /^\d{3,4}$/.test(cvc.input.value.trim()) ? null : WORDS.cvcIncomplete;
    show(cvc, cvcProblem);
    if (cvcProblem) problems.push(cvcProblem);
    if (problems.length > 0) return { error: { type: "validation_error", message: problems[0] } };
    return { card: { number: cardNumber, expMonth: month, expYear: year, cvc: cvc.input.value.trim() } };
  }

  async function api(method, path, body) {
    const query = new URLSearchParams({ key, client_secret: clientSecret });
    const answer = await fetch(`${API}${path}${method === "GET" ? `?${query}` : ""}`, {
      method,
      body: method === "GET" ? undefined : new URLSearchParams({ key, client_secret: clientSecret, ...body }),
    });
    const json = await answer.json();
    return answer.ok ? { paymentIntent: json } : { error: json.error };
  }

  async function retrieve() {
    const result = await api("GET", `/v1/payment_intents/${intentId}`);
    if (result.paymentIntent) {
      const { amount: cents, currency } = result.paymentIntent;
      const formatted = new Intl.NumberFormat(lang, { style: "currency", currency: currency.toUpperCase() });
      amount.textContent = `${WORDS.amount} ${formatted.format(cents / 100)}`;
    }
    return result;
  }

  async function confirm(returnUrl) {
    const read = readCard();
    if (read.error) return read;
    return api("POST", `/v1/payment_intents/${intentId}/confirm`, {
      "payment_method_data[type]": "card",
      "payment_method_data[card][number]": read.card.number,
      "payment_method_data[card][exp_month]": String(read.card.expMonth),
      "payment_method_data[card][exp_year]": String(read.card.expYear),
      "payment_method_data[card][cvc]": read.card.cvc,
      return_url: returnUrl,
    });
  }

  const tell = (message) => window.parent.postMessage({ standIn: "element", ...message }, pageOrigin);
  root.addEventListener("input", () => {
    const empty = [number, expiry, cvc].every((target) => target.input.value === "");
    tell({ kind: "change", empty, complete: false });
  });

  window.addEventListener("message", async (event) => {
    if (event.origin !== pageOrigin || event.data?.standIn !== "page") return;
    const { kind, id } = event.data;
    let result = {};
    if (kind === "submit") {
      const read = readCard();
      result = read.error ? { error: read.error } : {};
    } else if (kind === "fetchUpdates") {
      const read = await retrieve();
      result = read.error ? { error: read.error } : {};
    } else if (kind === "retrieve") {
      result = await retrieve();
    } else if (kind === "confirm") {
      result = await confirm(event.data.returnUrl);
    } else if (kind === "clear") {
      for (const target of [number, expiry, cvc]) target.input.value = "";
    }
    tell({ kind: "reply", id, result });
  });

  retrieve().then(() => tell({ kind: "ready" }));
})();
