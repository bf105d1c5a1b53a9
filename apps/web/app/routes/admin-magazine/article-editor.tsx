import { useNavigate } from "@remix-run/react";
import { copy } from "@souls/api/admin-words";
import type { Locale } from "@souls/core/locales";
import {
  ARTICLE_LIMITS,
  ARTICLE_TONES,
  type ArticleStatus,
  type ArticleTone,
  articlePath,
} from "@souls/core/magazine";
import { fill } from "@souls/core/placeholders";
import { type FormEvent, useId, useState } from "react";
import { BusyButton } from "~/components/admin/busy-button";
import { formatDateTime } from "~/components/admin/format";
import { Field } from "~/components/admin/forms";
import { errorMessage, fieldErrorsOf, notifyFailure, notifySuccess } from "~/components/admin/notify";
import { PhotoPicker, PhotoThumbnail } from "~/components/admin/photo-picker";
import { Badge } from "~/components/admin/status-badge";
import { type RouterInputs, type RouterOutputs, trpc } from "~/lib/trpc";
import { ADMIN_PAGES } from "~/screens";

const TEXT = copy.magazine;
const FIELDS = TEXT.fields;
const LOCALES: Locale[] = ["fr", "en"];
const L = ARTICLE_LIMITS;

type Loaded = RouterOutputs["magazine"]["get"];
type Draft = RouterInputs["magazine"]["create"];
type Words = Draft["words"]["fr"];

/** Where an article stands for shoppers: a draft, out (since when), or to come (when). */
export function ArticleStatusBadge({
  status,
  publishAt,
}: {
  status: ArticleStatus;
  publishAt: string | null;
}) {
  if (status === "draft" || publishAt === null) return <Badge tone="muted">{TEXT.status.draft}</Badge>;
  const toCome = new Date(publishAt).getTime() > Date.now();
  return (
    <>
      <Badge tone={toCome ? "info" : "ok"}>{toCome ? TEXT.status.scheduled : TEXT.status.published}</Badge>
      <span className="admin-muted">
        {fill(toCome ? TEXT.scheduledFor : TEXT.publishedOn, { date: formatDateTime(publishAt) })}
      </span>
    </>
  );
}

const emptyWords = (): Words => ({
  title: "",
  metaDescription: "",
  category: "",
  excerpt: "",
  intro: "",
  body: "",
  tip: { title: "", text: "" },
  faq: [],
  coverAlt: "",
});

const EMPTY: Draft = {
  slug: { fr: "", en: "" },
  words: { fr: emptyWords(), en: emptyWords() },
  tone: "terracotta",
  readMinutes: null,
  alsoRead: [],
};

/** A refused field's first message, by its path in the article (`words.fr.title`). */
function errorsOf(error: unknown): Record<string, string | undefined> {
  const fields = fieldErrorsOf(error) ?? {};
  return Object.fromEntries(
    Object.entries(fields).map(([path, messages]) => [path.replace(/^article\./, ""), messages?.[0]]),
  );
}

/** A new article: her words first; its photo and its publication once it is saved. */
export function NewArticle() {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const create = trpc.magazine.create.useMutation({
    onSuccess: ({ id }) => {
      notifySuccess(TEXT.created);
      void utils.magazine.list.invalidate();
      navigate(`${ADMIN_PAGES.magazine}?article=${id}`);
    },
    onError: (error) => {
      setErrors(errorsOf(error));
      notifyFailure(TEXT.failed, error);
    },
  });
  return (
    <div className="admin-stack">
      <h2>{TEXT.newTitle}</h2>
      <p className="admin-hint">{TEXT.cover.saveFirst}</p>
      <ArticleForm
        initial={EMPTY}
        ownId={null}
        computed={null}
        errors={errors}
        busy={create.isPending}
        onSubmit={(draft) => {
          setErrors({});
          create.mutate(draft);
        }}
      />
    </div>
  );
}

/** An article: her words, its photo, its publication, its history. */
export function ArticleEditor({ id }: { id: number }) {
  const article = trpc.magazine.get.useQuery({ id });
  if (article.isPending) return <p role="status">{TEXT.loading}</p>;
  if (article.isError) {
    return (
      <p role="alert" className="form-error">
        {TEXT.loadError} : {errorMessage(article.error)}
      </p>
    );
  }
  return <Editor loaded={article.data} />;
}

function Editor({ loaded }: { loaded: Loaded }) {
  const { id } = loaded;
  const utils = trpc.useUtils();
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [at, setAt] = useState(loaded.status === "scheduled" ? (loaded.publishAtLocal ?? "") : "");
  const [saves, setSaves] = useState(0);
  const refresh = (data: Loaded) => {
    utils.magazine.get.setData({ id }, data);
    void utils.magazine.list.invalidate();
  };
  const failed = (title: string) => (error: unknown) => {
    setErrors(errorsOf(error));
    notifyFailure(title, error);
  };
  const save = trpc.magazine.save.useMutation({
    onSuccess: (data) => {
      notifySuccess(TEXT.saved);
      refresh(data);
      setSaves((n) => n + 1);
    },
    onError: failed(TEXT.failed),
  });
  const setStatus = trpc.magazine.setStatus.useMutation({
    onSuccess: (data, input) => {
      notifySuccess(
        input.status === "draft"
          ? TEXT.unpublished
          : input.status === "scheduled"
            ? TEXT.scheduled
            : TEXT.published,
      );
      refresh(data);
    },
    onError: failed(TEXT.failedAction),
  });
  const out =
    loaded.status !== "draft" && loaded.publishAt !== null && new Date(loaded.publishAt) <= new Date();
  const draft: Draft = {
    slug: loaded.slug,
    words: loaded.words,
    tone: loaded.tone,
    readMinutes: loaded.readMinutes,
    alsoRead: loaded.alsoRead,
  };

  return (
    <div className="admin-stack">
      <div className="admin-toolbar">
        <h2 className="admin-announcement__title">{loaded.words.fr.title}</h2>
        <ArticleStatusBadge status={loaded.status} publishAt={loaded.publishAt} />
      </div>

      <section className="admin-panel admin-stack" aria-labelledby="article-publication">
        <h2 id="article-publication">{TEXT.publication}</h2>
        <div className="admin-toolbar">
          {!out || loaded.status === "scheduled" ? (
            <BusyButton
              type="button"
              className="button button--primary"
              busy={setStatus.isPending && setStatus.variables?.status === "published"}
              onClick={() => setStatus.mutate({ id, status: "published" })}
            >
              {TEXT.publishNow}
            </BusyButton>
          ) : null}
          {loaded.status !== "draft" ? (
            <BusyButton
              type="button"
              className="button button--outline"
              busy={setStatus.isPending && setStatus.variables?.status === "draft"}
              onClick={() => setStatus.mutate({ id, status: "draft" })}
            >
              {TEXT.unpublish}
            </BusyButton>
          ) : null}
          {out ? (
            <>
              <a
                className="text-link"
                href={articlePath(loaded.slug.fr, "fr")}
                target="_blank"
                rel="noopener"
              >
                {TEXT.view}
              </a>
              <a
                className="text-link"
                href={articlePath(loaded.slug.en, "en")}
                target="_blank"
                rel="noopener"
              >
                {TEXT.viewEn}
              </a>
            </>
          ) : null}
        </div>
        <form
          className="admin-toolbar"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setErrors({});
            setStatus.mutate({ id, status: "scheduled", at });
          }}
        >
          <Field label={FIELDS.at} error={errors.at}>
            {(props) => (
              <input
                {...props}
                type="datetime-local"
                value={at}
                onChange={(event) => setAt(event.target.value)}
              />
            )}
          </Field>
          <BusyButton
            type="submit"
            className="button button--outline"
            busy={setStatus.isPending && setStatus.variables?.status === "scheduled"}
          >
            {TEXT.schedule}
          </BusyButton>
        </form>
      </section>

      <Cover loaded={loaded} onChange={refresh} />

      <ArticleForm
        // A fresh form for each save: what she sees is what is stored (a publication keeps her edits).
        key={saves}
        initial={draft}
        ownId={id}
        computed={loaded.computedReadMinutes}
        errors={errors}
        busy={save.isPending}
        onSubmit={(article) => {
          setErrors({});
          save.mutate({ id, article });
        }}
      />

      <section className="admin-panel admin-stack" aria-labelledby="article-history">
        <h2 id="article-history">{TEXT.history}</h2>
        {loaded.events.length === 0 ? <p className="admin-empty">{TEXT.noHistory}</p> : null}
        <ul className="admin-article__history">
          {loaded.events.map((event, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the history is read whole, newest first
            <li key={index}>
              {formatDateTime(event.createdAt)} — {TEXT.events[event.kind]}
              {event.actorName ? ` ${fill(TEXT.by, { name: event.actorName })}` : ""}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/** The cover photo: picked on a phone or a computer, judged and cut like a model's photo. */
function Cover({ loaded, onChange }: { loaded: Loaded; onChange: (data: Loaded) => void }) {
  const ids = { title: useId() };
  const utils = trpc.useUtils();
  const { cover } = loaded;
  const remove = trpc.magazine.removeCover.useMutation({
    onSuccess: (data) => {
      notifySuccess(TEXT.cover.removed);
      onChange(data);
    },
    onError: (error) => notifyFailure(TEXT.failedAction, error),
  });
  return (
    <section className="series-picture" aria-labelledby={ids.title}>
      <h2 id={ids.title} className="series-picture__title">
        {TEXT.cover.title}
      </h2>
      <div className="series-picture__body">
        {cover ? (
          <PhotoThumbnail className="series-picture__image" picture={cover} />
        ) : (
          <p className="admin-muted series-picture__none">{TEXT.cover.none}</p>
        )}
        <div className="series-picture__actions admin-stack">
          <PhotoPicker
            purpose={{ articleId: String(loaded.id) }}
            hasPhoto={cover !== null}
            className="series-picture"
            words={TEXT.cover}
            onSent={async () => {
              notifySuccess(TEXT.cover.added);
              await utils.magazine.get.invalidate({ id: loaded.id });
              void utils.magazine.list.invalidate();
            }}
          />
          {cover ? (
            <BusyButton
              type="button"
              className="button button--outline button--small"
              busy={remove.isPending}
              onClick={() => remove.mutate({ id: loaded.id })}
            >
              {TEXT.cover.remove}
            </BusyButton>
          ) : null}
        </div>
      </div>
    </section>
  );
}

/** Her words in both languages, the category's colour, the reading time and the articles to read next. */
function ArticleForm({
  initial,
  ownId,
  computed,
  errors,
  busy,
  onSubmit,
}: {
  initial: Draft;
  ownId: number | null;
  computed: Record<Locale, number> | null;
  errors: Record<string, string | undefined>;
  busy: boolean;
  onSubmit: (draft: Draft) => void;
}) {
  const [draft, setDraft] = useState<Draft>(initial);
  const [readMinutes, setReadMinutes] = useState(
    initial.readMinutes === null ? "" : String(initial.readMinutes),
  );
  const others = trpc.magazine.list.useQuery();
  const setWords = (locale: Locale, change: Partial<Words>) =>
    setDraft((current) => ({
      ...current,
      words: { ...current.words, [locale]: { ...current.words[locale], ...change } },
    }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const minutes = readMinutes.trim();
    onSubmit({ ...draft, readMinutes: minutes === "" ? null : Number(minutes) });
  };
  const text = (
    locale: Locale,
    field: "title" | "category" | "metaDescription" | "excerpt" | "intro" | "body" | "coverAlt",
    options: { label: string; hint?: string; max: number; rows?: number },
  ) => (
    <Field label={options.label} hint={options.hint} error={errors[`words.${locale}.${field}`]}>
      {(props) =>
        options.rows ? (
          <textarea
            {...props}
            lang={locale}
            rows={options.rows}
            maxLength={options.max}
            value={draft.words[locale][field]}
            onChange={(event) => setWords(locale, { [field]: event.target.value })}
          />
        ) : (
          <input
            {...props}
            lang={locale}
            maxLength={options.max}
            value={draft.words[locale][field]}
            onChange={(event) => setWords(locale, { [field]: event.target.value })}
          />
        )
      }
    </Field>
  );

  return (
    <form onSubmit={submit} className="admin-form admin-stack" noValidate>
      {LOCALES.map((locale) => {
        const words = draft.words[locale];
        const language = TEXT.languages[locale].toLowerCase();
        return (
          <fieldset key={locale} className="admin-panel">
            <legend>{fill(TEXT.words, { language })}</legend>
            <Field label={FIELDS.slug} hint={FIELDS.slugHint} error={errors[`slug.${locale}`]}>
              {(props) => (
                <div className="admin-article__slug">
                  <span aria-hidden="true">{articlePath("", locale)}</span>
                  <input
                    {...props}
                    maxLength={L.slug.max}
                    autoCapitalize="none"
                    autoCorrect="off"
                    spellCheck={false}
                    value={draft.slug[locale]}
                    onChange={(event) =>
                      setDraft((current) => ({
                        ...current,
                        slug: { ...current.slug, [locale]: event.target.value },
                      }))
                    }
                  />
                </div>
              )}
            </Field>
            {text(locale, "title", { label: FIELDS.title, max: L.title })}
            {text(locale, "category", { label: FIELDS.category, max: L.category })}
            {text(locale, "excerpt", {
              label: FIELDS.excerpt,
              hint: FIELDS.excerptHint,
              max: L.excerpt,
              rows: 2,
            })}
            {text(locale, "metaDescription", {
              label: FIELDS.metaDescription,
              hint: FIELDS.metaDescriptionHint,
              max: L.metaDescription,
            })}
            {text(locale, "intro", { label: FIELDS.intro, max: L.intro, rows: 3 })}
            {text(locale, "body", { label: FIELDS.body, hint: FIELDS.bodyHint, max: L.body, rows: 14 })}
            <Field label={FIELDS.tipTitle} error={errors[`words.${locale}.tip.title`]}>
              {(props) => (
                <input
                  {...props}
                  lang={locale}
                  maxLength={L.tipTitle}
                  value={words.tip.title}
                  onChange={(event) => setWords(locale, { tip: { ...words.tip, title: event.target.value } })}
                />
              )}
            </Field>
            <Field label={FIELDS.tipText} hint={FIELDS.tipHint} error={errors[`words.${locale}.tip.text`]}>
              {(props) => (
                <textarea
                  {...props}
                  lang={locale}
                  rows={3}
                  maxLength={L.tipText}
                  value={words.tip.text}
                  onChange={(event) => setWords(locale, { tip: { ...words.tip, text: event.target.value } })}
                />
              )}
            </Field>
            <fieldset className="admin-article__faq">
              <legend>{FIELDS.faq}</legend>
              {errors[`words.${locale}.faq`] ? (
                <p className="field__error">{errors[`words.${locale}.faq`]}</p>
              ) : null}
              {words.faq.map((item, index) => {
                const n = index + 1;
                const change = (field: "question" | "answer", value: string) =>
                  setWords(locale, {
                    faq: words.faq.map((one, at) => (at === index ? { ...one, [field]: value } : one)),
                  });
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: her questions have no id; their order is hers
                  <div key={index} className="admin-article__question">
                    <Field
                      label={fill(FIELDS.question, { n })}
                      error={errors[`words.${locale}.faq.${index}.question`]}
                    >
                      {(props) => (
                        <input
                          {...props}
                          lang={locale}
                          maxLength={L.question}
                          value={item.question}
                          onChange={(event) => change("question", event.target.value)}
                        />
                      )}
                    </Field>
                    <Field
                      label={fill(FIELDS.answer, { n })}
                      error={errors[`words.${locale}.faq.${index}.answer`]}
                    >
                      {(props) => (
                        <textarea
                          {...props}
                          lang={locale}
                          rows={3}
                          maxLength={L.answer}
                          value={item.answer}
                          onChange={(event) => change("answer", event.target.value)}
                        />
                      )}
                    </Field>
                    <button
                      type="button"
                      className="button button--outline button--small"
                      onClick={() => setWords(locale, { faq: words.faq.filter((_, at) => at !== index) })}
                    >
                      {fill(FIELDS.removeQuestion, { n })}
                    </button>
                  </div>
                );
              })}
              {words.faq.length < L.faqItems ? (
                <p>
                  <button
                    type="button"
                    className="button button--outline button--small"
                    onClick={() => setWords(locale, { faq: [...words.faq, { question: "", answer: "" }] })}
                  >
                    {FIELDS.addQuestion}
                  </button>
                </p>
              ) : null}
            </fieldset>
            {text(locale, "coverAlt", { label: FIELDS.coverAlt, hint: FIELDS.coverAltHint, max: L.coverAlt })}
          </fieldset>
        );
      })}

      <fieldset className="admin-panel">
        <legend>{TEXT.title}</legend>
        <Field label={FIELDS.tone} error={errors.tone}>
          {(props) => (
            <select
              {...props}
              value={draft.tone}
              onChange={(event) =>
                setDraft((current) => ({ ...current, tone: event.target.value as ArticleTone }))
              }
            >
              {ARTICLE_TONES.map((tone) => (
                <option key={tone} value={tone}>
                  {FIELDS.tones[tone]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label={FIELDS.readMinutes}
          hint={computed ? fill(FIELDS.readMinutesHint, { fr: computed.fr, en: computed.en }) : undefined}
          error={errors.readMinutes}
        >
          {(props) => (
            <input
              {...props}
              type="number"
              inputMode="numeric"
              min={1}
              max={L.readMinutes}
              step={1}
              value={readMinutes}
              onChange={(event) => setReadMinutes(event.target.value)}
            />
          )}
        </Field>
        <fieldset className="admin-choice">
          <legend>{FIELDS.alsoRead}</legend>
          <p className="admin-hint">{fill(FIELDS.alsoReadHint, { max: L.alsoRead })}</p>
          {errors.alsoRead ? <p className="field__error">{errors.alsoRead}</p> : null}
          {(others.data ?? [])
            .filter((other) => other.id !== ownId)
            .map((other) => (
              <label key={other.id} className="admin-check">
                <input
                  type="checkbox"
                  checked={draft.alsoRead.includes(other.id)}
                  onChange={(event) =>
                    setDraft((current) => ({
                      ...current,
                      alsoRead: event.target.checked
                        ? [...current.alsoRead, other.id]
                        : current.alsoRead.filter((one) => one !== other.id),
                    }))
                  }
                />
                <span>{other.title.fr}</span>
              </label>
            ))}
          {others.data?.every((other) => other.id === ownId) ? (
            <p className="admin-muted">{FIELDS.noOther}</p>
          ) : null}
        </fieldset>
      </fieldset>

      <div className="admin-toolbar">
        <BusyButton type="submit" className="button button--primary" busy={busy}>
          {TEXT.save}
        </BusyButton>
      </div>
    </form>
  );
}
