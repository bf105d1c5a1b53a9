// Stripe.js as the stand-in serves it to the browser in the tests, in place of
// https://js.stripe.com/<release>/stripe.js: the calls the shop makes (Stripe(), elements(),
// create("payment"), mount, submit, fetchUpdates, confirmPayment), with the card typed in a frame of
// js.stripe.com that talks to the API itself, as Stripe's own does (the card never reaches the page).
(() => {
  const JS = "https://js.stripe.com";
  const MESSAGES = {
    fr: {
      frameTitle: "Cadre sécurisé de saisie du paiement",
      card_declined: "Votre carte a été refusée.",
      insufficient_funds: "Les fonds de votre carte sont insuffisants.",
      incorrect_number: "Le numéro de votre carte est incorrect.",
      expired_card: "Votre carte a expiré.",
      payment_intent_authentication_failure:
        "Nous ne parvenons pas à authentifier votre moyen de paiement. Veuillez choisir un autre moyen de paiement et réessayer.",
      payment_intent_unexpected_state: "Ce paiement ne peut plus être confirmé.",
      generic: "Une erreur inattendue s'est produite.",
    },
    en: {
      frameTitle: "Secure payment input frame",
      card_declined: "Your card was declined.",
      insufficient_funds: "Your card has insufficient funds.",
      incorrect_number: "Your card number is incorrect.",
      expired_card: "Your card has expired.",
      payment_intent_authentication_failure:
        "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
      payment_intent_unexpected_state: "This payment can no longer be confirmed.",
      generic: "An unexpected error occurred.",
    },
  };

  /** Stripe.js shows the API's refusals in the element's language. */
  function localized(error, lang) {
    const words = MESSAGES[lang];
    const text = words[error.decline_code] ?? words[error.code] ?? error.message ?? words.generic;
    return { ...error, message: text };
  }

  class PaymentElement {
    constructor(elements, options) {
      this.elements = elements;
      this.options = options ?? {};
      this.handlers = {};
      this.frame = null;
      this.pending = new Map();
      this.ready = new Promise((resolve) => {
        this.markReady = resolve;
      });
      this.onMessage = (event) => {
        if (!this.frame || event.source !== this.frame.contentWindow || event.origin !== JS) return;
        const message = event.data ?? {};
        if (message.standIn !== "element") return;
        if (message.kind === "ready") {
          this.markReady();
          this.emit("ready", { elementType: "payment" });
        } else if (message.kind === "change") {
          this.emit("change", { elementType: "payment", complete: message.complete, empty: message.empty });
        } else if (message.kind === "reply") {
          this.pending.get(message.id)?.(message.result);
          this.pending.delete(message.id);
        }
      };
    }

    mount(target) {
      const node = typeof target === "string" ? document.querySelector(target) : target;
      if (!node) throw new Error(`The selector you specified (${target}) applies to no DOM elements.`);
      const { clientSecret, locale } = this.elements.options;
      const frame = document.createElement("iframe");
      frame.name = `__privateStripeFrame${Math.floor(Math.random() * 1e6)}`;
      frame.title = MESSAGES[this.elements.lang].frameTitle;
      frame.setAttribute("allow", "payment *");
      frame.style.width = "100%";
      frame.style.border = "0";
      frame.style.height = "17rem";
      frame.style.display = "block";
      const params = new URLSearchParams({
        key: this.elements.stripe.key,
        clientSecret,
        locale: locale ?? "auto",
        origin: window.location.origin,
      });
      frame.src = `${JS}/v3/elements-inner-payment.html#${params.toString()}`;
      window.addEventListener("message", this.onMessage);
      node.appendChild(frame);
      this.frame = frame;
      this.node = node;
    }

    /** Asks the frame and waits for its answer. */
    ask(kind, data) {
      return this.ready.then(
        () =>
          new Promise((resolve) => {
            const id = Math.random().toString(36).slice(2);
            this.pending.set(id, resolve);
            this.frame.contentWindow.postMessage({ standIn: "page", kind, id, ...data }, JS);
          }),
      );
    }

    on(event, handler) {
      if (!this.handlers[event]) this.handlers[event] = new Set();
      this.handlers[event].add(handler);
      return this;
    }
    off(event, handler) {
      this.handlers[event]?.delete(handler);
      return this;
    }
    emit(event, payload) {
      for (const handler of this.handlers[event] ?? []) handler(payload);
    }
    update(options) {
      this.options = { ...this.options, ...options };
    }
    focus() {
      this.frame?.focus();
    }
    blur() {}
    clear() {
      this.ask("clear");
    }
    collapse() {}
    unmount() {
      window.removeEventListener("message", this.onMessage);
      this.frame?.remove();
      this.frame = null;
    }
    destroy() {
      this.unmount();
      this.elements.element = null;
    }
  }

  class Elements {
    constructor(stripe, options) {
      this.stripe = stripe;
      this.options = options ?? {};
      this.lang = String(this.options.locale ?? navigator.language).startsWith("fr") ? "fr" : "en";
      this.element = null;
    }
    create(type, options) {
      if (type !== "payment")
        throw new Error(`The Stripe stand-in draws only the Payment Element, not ${type}`);
      if (this.element) throw new Error("Can only create one Element of type payment.");
      this.element = new PaymentElement(this, options);
      return this.element;
    }
    getElement(type) {
      return type === "payment" ? this.element : null;
    }
    update(options) {
      this.options = { ...this.options, ...options };
    }
    /** Checks the fields the shopper filled; their errors show in the frame too. */
    async submit() {
      if (!this.element) return { error: { type: "validation_error", message: MESSAGES[this.lang].generic } };
      return this.element.ask("submit");
    }
    /** Reads the intent again (its amount changed on the server). */
    async fetchUpdates() {
      if (!this.element) return {};
      return this.element.ask("fetchUpdates");
    }
  }

  function redirectTo(returnUrl, intent, status) {
    const url = new URL(returnUrl);
    url.searchParams.set("payment_intent", intent.id);
    url.searchParams.set("payment_intent_client_secret", intent.client_secret);
    url.searchParams.set("redirect_status", status);
    window.location.assign(url.toString());
    // The page is going away: like Stripe.js, never resolve.
    return new Promise(() => {});
  }

  /** Stripe's 3-D Secure frame over the page; resolves with the cardholder's answer. */
  function authenticate(url, lang) {
    return new Promise((resolve) => {
      const overlay = document.createElement("div");
      overlay.style.position = "fixed";
      overlay.style.inset = "0";
      overlay.style.background = "rgba(0,0,0,0.5)";
      overlay.style.zIndex = "2147483647";
      overlay.style.display = "flex";
      overlay.style.alignItems = "center";
      overlay.style.justifyContent = "center";
      const frame = document.createElement("iframe");
      frame.name = "__privateStripeFrame3ds";
      frame.title = lang === "fr" ? "Authentification 3-D Secure" : "3-D Secure authentication";
      frame.style.width = "min(26rem, 94vw)";
      frame.style.height = "24rem";
      frame.style.border = "0";
      frame.style.background = "#fff";
      frame.src = `${url}&locale=${lang}`;
      const listener = (event) => {
        if (event.source !== frame.contentWindow || event.data?.standIn !== "3ds") return;
        window.removeEventListener("message", listener);
        overlay.remove();
        resolve(Boolean(event.data.passed));
      };
      window.addEventListener("message", listener);
      overlay.appendChild(frame);
      document.body.appendChild(overlay);
    });
  }

  function Stripe(key, options) {
    if (typeof key !== "string" || !key.startsWith("pk_")) {
      throw new Error(`Invalid API Key provided: ${key}`);
    }
    const stripe = {
      key,
      options: options ?? {},
      elements: (elementsOptions) => new Elements(stripe, elementsOptions),
      async confirmPayment({ elements, confirmParams, redirect }) {
        const returnUrl = confirmParams?.return_url;
        if (!returnUrl) {
          // Stripe.js: an IntegrationError, thrown, as the Payment Element may always redirect.
          throw new Error("stripe.confirmPayment(): the `confirmParams.return_url` argument is required.");
        }
        const element = elements?.getElement("payment");
        if (!element)
          throw new Error("stripe.confirmPayment(): expected an Elements group with a Payment Element.");
        const lang = elements.lang;
        let result = await element.ask("confirm", { returnUrl });
        if (result.error) return { error: localized(result.error, lang) };
        let intent = result.paymentIntent;
        if (intent.status === "requires_action" && intent.next_action?.type === "redirect_to_url") {
          await authenticate(intent.next_action.redirect_to_url.url, lang);
          result = await element.ask("retrieve");
          if (result.error) return { error: localized(result.error, lang) };
          intent = result.paymentIntent;
        }
        if (intent.status === "succeeded" || intent.status === "processing") {
          if (redirect === "if_required") return { paymentIntent: intent };
          return redirectTo(returnUrl, intent, intent.status === "succeeded" ? "succeeded" : "processing");
        }
        const error = intent.last_payment_error ?? { type: "card_error", code: "generic" };
        return { error: localized(error, lang), paymentIntent: intent };
      },
      async retrievePaymentIntent() {
        return { error: { type: "invalid_request_error", message: "not used by the shop" } };
      },
      // Present so that react-stripe-js recognises a Stripe object; the shop never calls them.
      createToken: async () => ({ error: { message: "not used by the shop" } }),
      createPaymentMethod: async () => ({ error: { message: "not used by the shop" } }),
      confirmCardPayment: async () => ({ error: { message: "not used by the shop" } }),
      _registerWrapper() {},
      registerAppInfo() {},
    };
    return stripe;
  }
  Stripe.version = __RELEASE__;
  window.Stripe = Stripe;
})();
