import { copy } from "@souls/core/admin-copy";
import { LANGUAGE_NAMES_FR, type ModelTexts } from "@souls/core/catalogue-rules";
import { LOCALES, type Locale } from "@souls/core/locales";
import { type KeyboardEvent, useRef, useState } from "react";
import { AddressForm } from "./address-form";
import { TextsForm } from "./texts-form";
import type { ModelDetail } from "./types";

const TEXT = copy.editor;
const TAB_NAMES: Record<Locale, string> = { fr: TEXT.french, en: TEXT.english };

/** The words of a language without its address (the form's part). */
function wordsOf(texts: ModelDetail["texts"][Locale]): ModelTexts {
  const { path: _path, segment: _segment, ...words } = texts;
  return words;
}

/**
 * The model's words and address, one language at a time (two tabs). What is typed in one
 * language stays while the other is open, until it is saved.
 */
export function TextsPanel({ detail, siteUrl }: { detail: ModelDetail; siteUrl: string }) {
  const [language, setLanguage] = useState<Locale>("fr");
  const [drafts, setDrafts] = useState<Record<Locale, ModelTexts>>(() => ({
    fr: wordsOf(detail.texts.fr),
    en: wordsOf(detail.texts.en),
  }));
  const tabs = useRef<Partial<Record<Locale, HTMLButtonElement | null>>>({});

  // Arrow keys move between the tabs (WAI-ARIA tabs pattern); the panel follows.
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = LOCALES[(LOCALES.indexOf(language) + step + LOCALES.length) % LOCALES.length] ?? "fr";
    setLanguage(next);
    tabs.current[next]?.focus();
  };

  return (
    <section className="admin-panel" aria-labelledby="editor-texts">
      <h3 id="editor-texts" className="admin-panel__title">
        {TEXT.texts}
      </h3>
      <div role="tablist" aria-label={TEXT.languages} className="admin-tabs">
        {LOCALES.map((locale) => (
          <button
            key={locale}
            ref={(element) => {
              tabs.current[locale] = element;
            }}
            type="button"
            role="tab"
            id={`texts-tab-${locale}`}
            aria-selected={language === locale}
            aria-controls={`texts-panel-${locale}`}
            tabIndex={language === locale ? 0 : -1}
            className="admin-tabs__tab"
            lang={locale === "fr" ? undefined : locale}
            onClick={() => setLanguage(locale)}
            onKeyDown={onKeyDown}
          >
            {TAB_NAMES[locale]}
          </button>
        ))}
      </div>
      {LOCALES.map((locale) =>
        // Both panels exist (each tab controls its own); only the open one holds its form.
        locale === language ? (
          <div
            key={locale}
            role="tabpanel"
            id={`texts-panel-${locale}`}
            aria-labelledby={`texts-tab-${locale}`}
            className="admin-tabs__panel"
          >
            <AddressForm detail={detail} locale={locale} siteUrl={siteUrl} />
            <TextsForm
              productId={detail.model.id}
              locale={locale}
              language={LANGUAGE_NAMES_FR[locale]}
              draft={drafts[locale]}
              onChange={(next) => setDrafts((current) => ({ ...current, [locale]: next }))}
            />
          </div>
        ) : (
          <div
            key={locale}
            role="tabpanel"
            id={`texts-panel-${locale}`}
            aria-labelledby={`texts-tab-${locale}`}
            hidden
          />
        ),
      )}
    </section>
  );
}
