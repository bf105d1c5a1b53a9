import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import resourcesToBackend from "i18next-resources-to-backend";
import { StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { getInitialNamespaces } from "remix-i18next/client";
import { i18nConfig } from "./i18n";

async function hydrate() {
  await i18next
    .use(initReactI18next)
    // Each namespace is its own small, hashed chunk: a page loads only the texts it shows.
    .use(resourcesToBackend((lng: string, ns: string) => import(`./locales/${lng}/${ns}.json`)))
    .init({
      ...i18nConfig,
      lng: document.documentElement.lang,
      ns: getInitialNamespaces(),
    });

  // Hydrated in one go, not in a transition: an interruptible hydration could be cut by a
  // shopper's early click or typing on a slow connection (React error #345).
  hydrateRoot(
    document,
    <I18nextProvider i18n={i18next}>
      <StrictMode>
        <RemixBrowser />
      </StrictMode>
    </I18nextProvider>,
  );
}

hydrate();
