import { copy } from "@souls/api/admin-words";
import {
  FAQ_LIMITS,
  MATERIAL_MAX,
  MODEL_MATERIAL_NAMES,
  MODEL_MATERIALS,
  MODEL_TEXT_FIELD_NAMES,
  MODEL_TEXT_FIELDS,
  type ModelTextField,
  type ModelTexts,
} from "@souls/core/catalogue-rules";
import type { Locale } from "@souls/core/locales";
import { fill } from "@souls/core/placeholders";
import { useRef } from "react";
import { Field } from "~/components/admin/forms";
import { inputId } from "./model-draft";

const TEXT = copy.editor;

/** Paragraph fields get room to write; one-line fields stay one line. */
const ROWS: Partial<Record<ModelTextField, number>> = {
  cardDescription: 3,
  shortDescription: 4,
  longDescription: 10,
  craftsmanship: 6,
  heritage: 6,
  care: 4,
  safety: 4,
};

const fieldPath = (locale: Locale, field: string) => `texts.${locale}.${field}`;
const fieldId = (locale: Locale, field: string) => inputId(fieldPath(locale, field));

/**
 * A model's words in one language, every field of its page, saved with the rest of the model.
 * A refused save keeps what was typed and says why under each field concerned.
 */
export function TextsFields({
  locale,
  language,
  draft,
  onChange,
  errorOf,
}: {
  locale: Locale;
  /** « français », « anglais ». */
  language: string;
  draft: ModelTexts;
  onChange: (next: ModelTexts) => void;
  errorOf: (path: string) => string | undefined;
}) {
  const lang = locale === "fr" ? undefined : locale;
  const problemOf = (field: string) => errorOf(fieldPath(locale, field));

  const set = (field: ModelTextField, value: string) => onChange({ ...draft, [field]: value });
  const textField = (field: ModelTextField) => {
    const rule = MODEL_TEXT_FIELDS[field];
    const value = draft[field];
    const hint = [
      TEXT.hint[field],
      "oneLine" in rule ? undefined : TEXT.plainTextHint,
      fill(TEXT.charactersLeft, { n: value.length, max: rule.max }),
    ]
      .filter(Boolean)
      .join(" ");
    return (
      <Field
        key={field}
        id={fieldId(locale, field)}
        label={TEXT.field[field] ?? field}
        hint={hint}
        error={problemOf(field)}
      >
        {(props) =>
          "oneLine" in rule ? (
            <input
              {...props}
              name={fieldPath(locale, field)}
              lang={lang}
              value={value}
              maxLength={rule.max}
              onChange={(e) => set(field, e.target.value)}
            />
          ) : (
            <textarea
              {...props}
              name={fieldPath(locale, field)}
              lang={lang}
              value={value}
              maxLength={rule.max}
              rows={ROWS[field] ?? 3}
              onChange={(e) => set(field, e.target.value)}
            />
          )
        }
      </Field>
    );
  };
  const before = MODEL_TEXT_FIELD_NAMES.slice(0, 4);
  const after = MODEL_TEXT_FIELD_NAMES.slice(4);

  return (
    <fieldset className="admin-form admin-editor__language">
      <legend className="visually-hidden">{fill(TEXT.textsOf, { language })}</legend>
      {before.map(textField)}

      <fieldset className="admin-choice admin-editor__group">
        <legend>{TEXT.materials}</legend>
        {MODEL_MATERIAL_NAMES.map((material) => {
          const label = TEXT.material[material] ?? material;
          return (
            <Field
              key={material}
              id={fieldId(locale, `materials.${material}`)}
              label={"optional" in MODEL_MATERIALS[material] ? fill(TEXT.materialOptional, { label }) : label}
              error={problemOf(`materials.${material}`)}
            >
              {(props) => (
                <input
                  {...props}
                  name={fieldPath(locale, `materials.${material}`)}
                  lang={lang}
                  value={draft.materials[material]}
                  maxLength={MATERIAL_MAX}
                  onChange={(e) =>
                    onChange({ ...draft, materials: { ...draft.materials, [material]: e.target.value } })
                  }
                />
              )}
            </Field>
          );
        })}
      </fieldset>

      {after.map(textField)}

      <FaqFields locale={locale} lang={lang} draft={draft} onChange={onChange} problemOf={problemOf} />
    </fieldset>
  );
}

/** Questions and answers: none required, ten at most; each added or removed in place. */
function FaqFields({
  locale,
  lang,
  draft,
  onChange,
  problemOf,
}: {
  locale: Locale;
  lang: string | undefined;
  draft: ModelTexts;
  onChange: (next: ModelTexts) => void;
  problemOf: (field: string) => string | undefined;
}) {
  const addRef = useRef<HTMLButtonElement>(null);
  const full = draft.faq.length >= FAQ_LIMITS.items;
  const setItem = (index: number, part: "question" | "answer", value: string) =>
    onChange({
      ...draft,
      faq: draft.faq.map((item, at) => (at === index ? { ...item, [part]: value } : item)),
    });
  const add = () => {
    if (full) return;
    onChange({ ...draft, faq: [...draft.faq, { question: "", answer: "" }] });
    // The new question's field, once it exists.
    requestAnimationFrame(() =>
      document.getElementById(fieldId(locale, `faq.${draft.faq.length}.question`))?.focus(),
    );
  };
  const remove = (index: number) => {
    onChange({ ...draft, faq: draft.faq.filter((_, at) => at !== index) });
    // Its button goes with it: focus moves to the add button.
    requestAnimationFrame(() => addRef.current?.focus());
  };

  return (
    <fieldset className="admin-choice admin-editor__group">
      <legend>{TEXT.faq}</legend>
      {draft.faq.length === 0 ? <p className="admin-muted">{TEXT.faqEmpty}</p> : null}
      {problemOf("faq") ? <p className="field__error">{problemOf("faq")}</p> : null}
      <ol className="admin-plain-list admin-faq">
        {draft.faq.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: items have no id; their place is their name
          <li key={index} className="admin-faq__item">
            <Field
              id={fieldId(locale, `faq.${index}.question`)}
              label={fill(TEXT.faqQuestion, { n: index + 1 })}
              error={problemOf(`faq.${index}.question`)}
            >
              {(props) => (
                <input
                  {...props}
                  name={`texts.${locale}.faq.${index}.question`}
                  lang={lang}
                  value={item.question}
                  maxLength={FAQ_LIMITS.question}
                  onChange={(e) => setItem(index, "question", e.target.value)}
                />
              )}
            </Field>
            <Field
              id={fieldId(locale, `faq.${index}.answer`)}
              label={fill(TEXT.faqAnswer, { n: index + 1 })}
              error={problemOf(`faq.${index}.answer`)}
            >
              {(props) => (
                <textarea
                  {...props}
                  name={`texts.${locale}.faq.${index}.answer`}
                  lang={lang}
                  value={item.answer}
                  maxLength={FAQ_LIMITS.answer}
                  rows={3}
                  onChange={(e) => setItem(index, "answer", e.target.value)}
                />
              )}
            </Field>
            <div>
              <button
                type="button"
                className="button button--outline button--small"
                onClick={() => remove(index)}
              >
                {fill(TEXT.removeFaq, { n: index + 1 })}
              </button>
            </div>
          </li>
        ))}
      </ol>
      <div>
        <button
          ref={addRef}
          id={fieldId(locale, "faq")}
          type="button"
          className="button button--outline button--small"
          aria-disabled={full || undefined}
          aria-describedby={full ? fieldId(locale, "faq-full") : undefined}
          onClick={add}
        >
          {TEXT.addFaq}
        </button>
        {full ? (
          <p className="admin-hint" id={fieldId(locale, "faq-full")}>
            {TEXT.faqLimit}
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}
