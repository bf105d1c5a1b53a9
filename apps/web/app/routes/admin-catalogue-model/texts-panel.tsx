import { copy } from "@souls/api/admin-words";
import { LANGUAGE_NAMES_FR } from "@souls/core/catalogue-rules";
import { LOCALES, type Locale } from "@souls/core/locales";
import { type KeyboardEvent, useRef } from "react";
import { AddressField } from "./address-form";
import type { LanguageDraft, ModelDraft } from "./model-draft";
import { TextsFields } from "./texts-form";
import type { ModelDetail } from "./types";

const TEXT = copy.editor;
const TAB_NAMES: Record<Locale, string> = { fr: TEXT.french, en: TEXT.english };

/**
 * The model's words and address, one language at a time (two tabs). Both languages stay in the
 * page (the hidden one too), so what is typed in one is kept while the other is open and both
 * are saved together by the model's « Enregistrer ».
 */
export function TextsPanel({
  detail,
  siteUrl,
  language,
  onLanguage,
  draft,
  onChange,
  errorOf,
  refused,
  hydrated,
}: {
  detail: ModelDetail;
  siteUrl: string;
  language: Locale;
  onLanguage: (locale: Locale) => void;
  draft: ModelDraft;
  onChange: (locale: Locale, next: LanguageDraft) => void;
  errorOf: (path: string) => string | undefined;
  /** The languages with a refused field: their tab says so before it is opened. */
  refused: Locale[];
  /** Without JavaScript the tabs cannot switch: both languages show, one after the other. */
  hydrated: boolean;
}) {
  const tabs = useRef<Partial<Record<Locale, HTMLButtonElement | null>>>({});

  // Arrow keys move between the tabs (WAI-ARIA tabs pattern); the panel follows.
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = LOCALES[(LOCALES.indexOf(language) + step + LOCALES.length) % LOCALES.length] ?? "fr";
    onLanguage(next);
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
            onClick={() => onLanguage(locale)}
            onKeyDown={onKeyDown}
          >
            {TAB_NAMES[locale]}
            {refused.includes(locale) ? <span aria-hidden="true"> ⚠</span> : null}
          </button>
        ))}
      </div>
      {LOCALES.map((locale) => (
        <div
          key={locale}
          role="tabpanel"
          id={`texts-panel-${locale}`}
          aria-labelledby={`texts-tab-${locale}`}
          className="admin-tabs__panel admin-form"
          hidden={hydrated && locale !== language}
        >
          <AddressField
            detail={detail}
            locale={locale}
            siteUrl={siteUrl}
            segment={draft[locale].segment}
            onChange={(segment) => onChange(locale, { ...draft[locale], segment })}
            error={errorOf(`texts.${locale}.segment`)}
          />
          <TextsFields
            locale={locale}
            language={LANGUAGE_NAMES_FR[locale]}
            draft={draft[locale]}
            onChange={(next) => onChange(locale, { ...draft[locale], ...next })}
            errorOf={errorOf}
          />
        </div>
      ))}
    </section>
  );
}
