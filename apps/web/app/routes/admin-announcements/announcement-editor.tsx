import { useNavigate } from "@remix-run/react";
import { copy } from "@souls/api/admin-words";
import type { Locale } from "@souls/core/locales";
import { fill } from "@souls/core/placeholders";
import { SIGNUP_LISTS, type SignupList } from "@souls/core/signups";
import { useState } from "react";
import { BusyButton } from "~/components/admin/busy-button";
import { formatDateTime } from "~/components/admin/format";
import { Field, PanelForm, usePanelForm } from "~/components/admin/forms";
import { errorMessage, notifySuccess } from "~/components/admin/notify";
import { Badge } from "~/components/admin/status-badge";
import { type RouterOutputs, trpc } from "~/lib/trpc";
import { ADMIN_PAGES, announcementPreviewPath } from "~/screens";

const TEXT = copy.announcements;
const LISTS = Object.keys(SIGNUP_LISTS) as SignupList[];
const LOCALES: Locale[] = ["fr", "en"];
type Loaded = RouterOutputs["announcements"]["get"];
type Status = Loaded["announcement"]["status"];
type Words = Loaded["announcement"]["content"]["fr"];

const TONES: Record<Status, string> = {
  draft: "muted",
  scheduled: "info",
  sending: "todo",
  paused: "warn",
  sent: "ok",
  cancelled: "muted",
};

export function AnnouncementStatusBadge({ status }: { status: Status }) {
  return <Badge tone={TONES[status]}>{TEXT.status[status]}</Badge>;
}

/** One announcement: her words, the preview, the test, the schedule, and the sending's progress. */
export function AnnouncementEditor({ id }: { id: number }) {
  const announcement = trpc.announcements.get.useQuery(
    { id },
    {
      // While it waits or goes out, its progress is read again every few seconds.
      refetchInterval: (query) => {
        const status = query.state.data?.announcement.status;
        return status === "scheduled" || status === "sending" ? 3_000 : false;
      },
    },
  );
  if (announcement.isPending) return <p role="status">{TEXT.loading}</p>;
  if (announcement.isError) {
    return (
      <p role="alert" className="form-error">
        {TEXT.loadError} : {errorMessage(announcement.error)}
      </p>
    );
  }
  // A fresh form for each saved version (its time stamp): what she sees is what is stored.
  return <Editor key={announcement.data.announcement.id} loaded={announcement.data} />;
}

function Editor({ loaded }: { loaded: Loaded }) {
  const { announcement, audience } = loaded;
  const id = announcement.id;
  const editable = announcement.status === "draft" || announcement.status === "scheduled";
  // One draft and one set of messages for the words and the schedule (decision 061): a refusal
  // of any action names its fields, and is otherwise said by its notice alone.
  const form = usePanelForm(
    () => ({
      content: announcement.content,
      lists: announcement.lists as SignupList[],
      rateCount: String(announcement.rateCount),
      ratePer: announcement.ratePer,
      at: loaded.scheduledAtLocal ?? "",
    }),
    { toastOnly: true },
  );
  const { draft, errors, set, setErrors } = form;
  const { content, lists, rateCount, ratePer, at } = draft;
  const [previewLocale, setPreviewLocale] = useState<Locale>("fr");
  const [previewWidth, setPreviewWidth] = useState<"phone" | "desktop">("phone");
  const [previewVersion, setPreviewVersion] = useState(0);
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const refresh = (data?: Loaded) => {
    if (data) utils.announcements.get.setData({ id }, data);
    void utils.announcements.list.invalidate();
    setPreviewVersion((n) => n + 1);
  };
  const onError = (title: string) => (error: unknown) => form.refuse(error, title);
  const save = trpc.announcements.save.useMutation({
    onSuccess: (data) => {
      notifySuccess(TEXT.saved);
      refresh(data);
    },
    onError: onError(TEXT.save),
  });
  const test = trpc.announcements.sendTest.useMutation({
    onSuccess: ({ recipient }) => notifySuccess(fill(TEXT.testSent, { email: recipient })),
    onError: onError(TEXT.test),
  });
  const schedule = trpc.announcements.schedule.useMutation({
    onSuccess: (data, input) => {
      notifySuccess(input.at === null ? TEXT.sending : TEXT.scheduled);
      refresh(data);
    },
    onError: onError(TEXT.schedule),
  });
  const unschedule = trpc.announcements.unschedule.useMutation({
    onSuccess: refresh,
    onError: onError(TEXT.unschedule),
  });
  const pause = trpc.announcements.pause.useMutation({ onSuccess: refresh, onError: onError(TEXT.pause) });
  const resume = trpc.announcements.resume.useMutation({ onSuccess: refresh, onError: onError(TEXT.resume) });
  const remove = trpc.announcements.delete.useMutation({
    onSuccess: () => {
      notifySuccess(TEXT.deleted);
      void utils.announcements.list.invalidate();
      navigate(ADMIN_PAGES.announcements);
    },
    onError: onError(TEXT.delete),
  });
  const busy =
    save.isPending || schedule.isPending || unschedule.isPending || pause.isPending || resume.isPending;

  const setWords = (locale: Locale, field: keyof Words, value: string) =>
    set("content", { ...content, [locale]: { ...content[locale], [field]: value } });
  const submit = () => {
    setErrors({});
    save.mutate({ id, content, lists, rateCount: Number(rateCount), ratePer });
  };

  return (
    <div className="admin-stack">
      <div className="admin-toolbar">
        <h2 className="admin-announcement__title">{announcement.content.fr.title}</h2>
        <AnnouncementStatusBadge status={announcement.status} />
        {announcement.status === "scheduled" && announcement.scheduledAt ? (
          <span className="admin-muted">
            {fill(TEXT.scheduledFor, { date: formatDateTime(announcement.scheduledAt) })}
          </span>
        ) : null}
      </div>

      {announcement.counts.total > 0 ? <Progress counts={announcement.counts} /> : null}

      <PanelForm form={form} onSubmit={submit} className="admin-form admin-stack">
        {LOCALES.map((locale) => (
          <fieldset key={locale} className="admin-panel" disabled={!editable}>
            <legend>{fill(TEXT.words, { language: TEXT.languages[locale].toLowerCase() })}</legend>
            <Field label={TEXT.fields.subject} error={errors.content}>
              {(props) => (
                <input
                  {...props}
                  lang={locale}
                  maxLength={200}
                  value={content[locale].subject}
                  onChange={(event) => setWords(locale, "subject", event.target.value)}
                />
              )}
            </Field>
            <Field label={TEXT.fields.title}>
              {(props) => (
                <input
                  {...props}
                  lang={locale}
                  maxLength={200}
                  value={content[locale].title}
                  onChange={(event) => setWords(locale, "title", event.target.value)}
                />
              )}
            </Field>
            <Field label={TEXT.fields.subtitle}>
              {(props) => (
                <input
                  {...props}
                  lang={locale}
                  maxLength={300}
                  value={content[locale].subtitle}
                  onChange={(event) => setWords(locale, "subtitle", event.target.value)}
                />
              )}
            </Field>
            <Field label={TEXT.fields.body} hint={TEXT.fields.bodyHint}>
              {(props) => (
                <textarea
                  {...props}
                  lang={locale}
                  rows={6}
                  maxLength={5000}
                  value={content[locale].body}
                  onChange={(event) => setWords(locale, "body", event.target.value)}
                />
              )}
            </Field>
          </fieldset>
        ))}

        <fieldset className="admin-panel admin-choice" disabled={!editable}>
          <legend>{TEXT.fields.lists}</legend>
          {LISTS.map((list) => (
            <label key={list} className="admin-check">
              <input
                type="checkbox"
                checked={lists.includes(list)}
                onChange={(event) =>
                  set("lists", event.target.checked ? [...lists, list] : lists.filter((one) => one !== list))
                }
              />
              <span>{copy.signups.lists[list]}</span>
            </label>
          ))}
          {errors.lists ? <p className="field__error">{errors.lists}</p> : null}
          <p className="admin-hint">
            {fill(TEXT.audience[audience === 1 ? "one" : "many"], { n: audience })}
          </p>
        </fieldset>

        <fieldset className="admin-panel" disabled={!editable}>
          <legend>{TEXT.fields.rateCount}</legend>
          <div className="admin-toolbar">
            <Field label={TEXT.fields.rateCount} error={errors.rateCount}>
              {(props) => (
                <input
                  {...props}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={100000}
                  step={1}
                  value={rateCount}
                  onChange={(event) => set("rateCount", event.target.value)}
                />
              )}
            </Field>
            <Field label={TEXT.fields.ratePer}>
              {(props) => (
                <select
                  {...props}
                  value={ratePer}
                  onChange={(event) => set("ratePer", event.target.value as "minute" | "hour")}
                >
                  <option value="minute">{TEXT.fields.minute}</option>
                  <option value="hour">{TEXT.fields.hour}</option>
                </select>
              )}
            </Field>
          </div>
          <p className="admin-hint">{TEXT.fields.rateHint}</p>
        </fieldset>

        {editable ? (
          <div className="admin-toolbar">
            <BusyButton type="submit" className="button button--primary" busy={save.isPending}>
              {TEXT.save}
            </BusyButton>
          </div>
        ) : null}
      </PanelForm>

      <section className="admin-panel admin-stack" aria-labelledby="announcement-preview">
        <h2 id="announcement-preview">{TEXT.preview}</h2>
        <div className="admin-toolbar">
          <fieldset className="admin-choice">
            <legend>{TEXT.previewLanguage}</legend>
            {LOCALES.map((locale) => (
              <label key={locale} className="admin-check">
                <input
                  type="radio"
                  name="preview-language"
                  checked={previewLocale === locale}
                  onChange={() => setPreviewLocale(locale)}
                />
                <span>{TEXT.languages[locale]}</span>
              </label>
            ))}
          </fieldset>
          <fieldset className="admin-choice">
            <legend>{TEXT.previewWidth}</legend>
            {(["phone", "desktop"] as const).map((width) => (
              <label key={width} className="admin-check">
                <input
                  type="radio"
                  name="preview-width"
                  checked={previewWidth === width}
                  onChange={() => setPreviewWidth(width)}
                />
                <span>{TEXT[width]}</span>
              </label>
            ))}
          </fieldset>
        </div>
        <p className="admin-hint">{TEXT.previewHint}</p>
        <div className="admin-announcement__preview">
          {/* An empty sandbox, as the e-mail view's: the message's HTML runs nothing. */}
          <iframe
            key={`${previewLocale}-${previewVersion}`}
            className={`admin-announcement__frame admin-announcement__frame--${previewWidth}`}
            sandbox=""
            src={`${announcementPreviewPath(id)}?langue=${previewLocale}&v=${previewVersion}`}
            title={fill(TEXT.previewFrame, {
              language: TEXT.languages[previewLocale].toLowerCase(),
              width: TEXT[previewWidth].toLowerCase(),
            })}
          />
        </div>
      </section>

      <section className="admin-panel admin-stack" aria-labelledby="announcement-send">
        <h2 id="announcement-send">{TEXT.schedule}</h2>
        <div className="admin-toolbar">
          <BusyButton
            type="button"
            className="button button--outline"
            busy={test.isPending}
            onClick={() => test.mutate({ id })}
          >
            {TEXT.test}
          </BusyButton>
          {announcement.testSentAt ? (
            <span className="admin-muted">
              {fill(TEXT.lastTest, { date: formatDateTime(announcement.testSentAt) })}
            </span>
          ) : null}
        </div>
        {editable ? (
          <form
            className="admin-toolbar"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              setErrors({});
              schedule.mutate({ id, at });
            }}
          >
            <Field label={TEXT.fields.at} error={errors.at}>
              {(props) => (
                <input
                  {...props}
                  type="datetime-local"
                  value={at}
                  onChange={(event) => set("at", event.target.value)}
                />
              )}
            </Field>
            <BusyButton type="submit" className="button button--primary" busy={busy}>
              {TEXT.schedule}
            </BusyButton>
            <BusyButton
              type="button"
              className="button button--outline"
              busy={busy}
              onClick={() => schedule.mutate({ id, at: null })}
            >
              {TEXT.sendNow}
            </BusyButton>
          </form>
        ) : null}
        <div className="admin-toolbar">
          {announcement.status === "scheduled" ? (
            <BusyButton
              type="button"
              className="button button--outline"
              busy={busy}
              onClick={() => unschedule.mutate({ id })}
            >
              {TEXT.unschedule}
            </BusyButton>
          ) : null}
          {announcement.status === "sending" ? (
            <BusyButton
              type="button"
              className="button button--outline"
              busy={busy}
              onClick={() => pause.mutate({ id })}
            >
              {TEXT.pause}
            </BusyButton>
          ) : null}
          {announcement.status === "paused" ? (
            <BusyButton
              type="button"
              className="button button--primary"
              busy={busy}
              onClick={() => resume.mutate({ id })}
            >
              {TEXT.resume}
            </BusyButton>
          ) : null}
          {announcement.status === "draft" ? (
            <BusyButton
              type="button"
              className="button button--outline"
              busy={remove.isPending}
              onClick={() => remove.mutate({ id })}
            >
              {TEXT.delete}
            </BusyButton>
          ) : null}
        </div>
      </section>
    </div>
  );
}

function Progress({ counts }: { counts: Loaded["announcement"]["counts"] }) {
  const rows = (["queued", "sent", "failed", "unknown", "unsubscribed", "total"] as const).map((key) => ({
    key,
    label: TEXT.counts[key],
    value: counts[key],
  }));
  return (
    <section className="admin-panel" aria-labelledby="announcement-progress">
      <h2 id="announcement-progress">{TEXT.progress}</h2>
      <dl className="admin-announcement__counts" aria-live="polite">
        {rows.map((row) => (
          <div key={row.key} data-count={row.key}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
      {counts.unknown > 0 ? <p className="admin-hint">{TEXT.unknownHint}</p> : null}
    </section>
  );
}
