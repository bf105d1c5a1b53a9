import { copy } from "@souls/core/admin-copy";
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
import { type FormEvent, useRef, useState } from "react";
import { BusyButton } from "~/components/admin/busy-button";
import { ErrorSummary, type FieldProblem } from "~/components/admin/error-summary";
import { FormField } from "~/components/admin/form-field";
import { errorMessage, fieldErrorsOf, notifyFailure, notifySuccess } from "~/components/admin/notify";
import { isUnauthorized, trpc } from "~/lib/trpc";

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

const fieldId = (locale: Locale, field: string) => `texts-${locale}-${field}`;

/**
 * A model's words in one language, every field of its page: saved all at once. A refused save
 * keeps what was typed, says why above the form (focused) and under each field concerned.
 */
export function TextsForm({
  productId,
  locale,
  language,
  draft,
  onChange,
}: {
  productId: number;
  locale: Locale;
  /** « français », « anglais ». */
  language: string;
  draft: ModelTexts;
  onChange: (next: ModelTexts) => void;
}) {
  const [problems, setProblems] = useState<FieldProblem[] | null>(null);
  const [message, setMessage] = useState<string | undefined>();
  const summaryRef = useRef<HTMLDivElement>(null);
  const lang = locale === "fr" ? undefined : locale;

  const refuse = (found: FieldProblem[], reason?: string) => {
    setProblems(found);
    setMessage(reason);
    requestAnimationFrame(() => summaryRef.current?.focus());
  };
  const save = trpc.catalogue.updateTexts.useMutation({
    onSuccess: ({ texts }) => {
      setProblems(null);
      setMessage(undefined);
      // The words as stored (trimmed, one kind of line break): what the page will show.
      onChange(texts);
      notifySuccess(TEXT.textsSaved, fill(TEXT.textsSavedText, { language }));
    },
    onError: (error) => {
      notifyFailure(TEXT.saveFailed, error);
      if (isUnauthorized(error)) return;
      const fields = fieldErrorsOf(error);
      if (!fields) {
        refuse([], errorMessage(error));
        return;
      }
      refuse(
        Object.entries(fields).flatMap(([field, messages]) =>
          messages?.[0]
            ? [{ id: fieldId(locale, inputOf(field)), label: labelOf(field), message: messages[0] }]
            : [],
        ),
      );
    },
  });

  const problemOf = (field: string) =>
    problems?.find((problem) => problem.id === fieldId(locale, field))?.message;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Half a question is refused by the shop: said here first, on the item concerned.
    const half = draft.faq.findIndex((item) => !item.question.trim() !== !item.answer.trim());
    if (half >= 0) {
      refuse([
        {
          id: fieldId(locale, `faq-${half}-${draft.faq[half]?.question.trim() ? "answer" : "question"}`),
          label: fill(TEXT.faqQuestion, { n: half + 1 }),
          message: copy.productForm.required,
        },
      ]);
      return;
    }
    if (!save.isPending) save.mutate({ id: productId, locale, ...draft });
  };

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
      <FormField
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
              lang={lang}
              value={value}
              maxLength={rule.max}
              onChange={(e) => set(field, e.target.value)}
            />
          ) : (
            <textarea
              {...props}
              lang={lang}
              value={value}
              maxLength={rule.max}
              rows={ROWS[field] ?? 3}
              onChange={(e) => set(field, e.target.value)}
            />
          )
        }
      </FormField>
    );
  };
  const before = MODEL_TEXT_FIELD_NAMES.slice(0, 4);
  const after = MODEL_TEXT_FIELD_NAMES.slice(4);

  return (
    <form className="admin-form" noValidate onSubmit={submit} aria-label={fill(TEXT.textsOf, { language })}>
      {problems ? <ErrorSummary summaryRef={summaryRef} message={message} problems={problems} /> : null}
      {before.map(textField)}

      <fieldset className="admin-choice admin-editor__group">
        <legend>{TEXT.materials}</legend>
        {MODEL_MATERIAL_NAMES.map((material) => {
          const label = TEXT.material[material] ?? material;
          return (
            <FormField
              key={material}
              id={fieldId(locale, `materials-${material}`)}
              label={"optional" in MODEL_MATERIALS[material] ? fill(TEXT.materialOptional, { label }) : label}
              error={problemOf(`materials-${material}`)}
            >
              {(props) => (
                <input
                  {...props}
                  lang={lang}
                  value={draft.materials[material]}
                  maxLength={MATERIAL_MAX}
                  onChange={(e) =>
                    onChange({ ...draft, materials: { ...draft.materials, [material]: e.target.value } })
                  }
                />
              )}
            </FormField>
          );
        })}
      </fieldset>

      {after.map(textField)}

      <FaqFields locale={locale} lang={lang} draft={draft} onChange={onChange} problemOf={problemOf} />

      <div>
        <BusyButton
          type="submit"
          className="button button--primary button--small"
          busy={save.isPending}
          busyLabel={TEXT.working}
        >
          {fill(TEXT.saveTexts, { language })}
        </BusyButton>
      </div>
    </form>
  );
}

/** The input a server's message about a field points to (a group's first input). */
function inputOf(field: string): string {
  if (field === "materials") return "materials-fabric";
  if (field === "faq") return "faq-0-question";
  return field;
}

function labelOf(field: string): string {
  if (field === "materials") return TEXT.materials;
  if (field === "faq") return TEXT.faq;
  return TEXT.field[field] ?? field;
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
      document.getElementById(fieldId(locale, `faq-${draft.faq.length}-question`))?.focus(),
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
      <ol className="admin-plain-list admin-faq">
        {draft.faq.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: items have no id; their place is their name
          <li key={index} className="admin-faq__item">
            <FormField
              id={fieldId(locale, `faq-${index}-question`)}
              label={fill(TEXT.faqQuestion, { n: index + 1 })}
              error={problemOf(`faq-${index}-question`)}
            >
              {(props) => (
                <input
                  {...props}
                  lang={lang}
                  value={item.question}
                  maxLength={FAQ_LIMITS.question}
                  onChange={(e) => setItem(index, "question", e.target.value)}
                />
              )}
            </FormField>
            <FormField
              id={fieldId(locale, `faq-${index}-answer`)}
              label={fill(TEXT.faqAnswer, { n: index + 1 })}
              error={problemOf(`faq-${index}-answer`)}
            >
              {(props) => (
                <textarea
                  {...props}
                  lang={lang}
                  value={item.answer}
                  maxLength={FAQ_LIMITS.answer}
                  rows={3}
                  onChange={(e) => setItem(index, "answer", e.target.value)}
                />
              )}
            </FormField>
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
