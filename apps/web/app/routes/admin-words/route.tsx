import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { copy } from "@souls/api/admin-words";
import { LOCALES } from "@souls/core/locales";
import { fill } from "@souls/core/placeholders";
import { AdminShell, adminLinks, adminMeta } from "~/components/admin/admin-shell";
import { formatDateTime } from "~/components/admin/format";
import { wordsPreviewPath } from "~/screens";
import { HeroPictureSection } from "./hero-picture";
import { IntentButton } from "./intent-button";
import { wordsAction, wordsForPage } from "./words.server";
import { WordsForm } from "./words-form";
import { wordsPagePath } from "./words-path";

const TEXT = copy.words;

/** Her words come with the page, so the forms show and save without JavaScript too. */
export const loader = ({ request, context }: LoaderFunctionArgs) => wordsForPage(request, context);

export const action = ({ request, context }: ActionFunctionArgs) => wordsAction(request, context);

export const meta = adminMeta(TEXT.metaTitle);

export const links = adminLinks;

export default function AdminWordsPage() {
  return (
    <AdminShell title={TEXT.title}>
      <WordsScreen />
    </AdminShell>
  );
}

/**
 * « Textes du site »: one language at a time, a draft she saves, previews in a new tab and then
 * publishes (or drops); the shop shows today's texts until she publishes a change.
 */
function WordsScreen() {
  const { locale, state, defaults, hero } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  const shown = { ...defaults, ...(state.draft ?? state.published), ...refusal?.values };
  return (
    <div className="admin-stack admin-words">
      <p className="admin-muted">{TEXT.intro}</p>
      <nav aria-label={TEXT.languages} className="admin-words__languages">
        <ul>
          {LOCALES.map((one) => (
            <li key={one}>
              <Link to={wordsPagePath(one)} aria-current={one === locale ? "page" : undefined}>
                {TEXT.language[one]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="admin-result" role="status">
        <p>
          {state.draft && state.draftSavedAt
            ? fill(TEXT.draftWaiting, {
                date: formatDateTime(state.draftSavedAt),
                name: state.draftSavedBy ?? TEXT.someone,
              })
            : TEXT.noDraft}
        </p>
        <p className="admin-muted">
          {state.publishedAt
            ? fill(TEXT.publishedAt, {
                date: formatDateTime(state.publishedAt),
                name: state.publishedBy ?? TEXT.someone,
              })
            : TEXT.neverPublished}
        </p>
      </div>
      {state.draft ? (
        <div className="admin-toolbar admin-words__publish">
          <a
            href={wordsPreviewPath(locale)}
            target="_blank"
            rel="noopener"
            className="button button--outline"
          >
            {TEXT.preview} <span className="visually-hidden">{TEXT.newTab}</span>
          </a>
          <IntentButton
            locale={locale}
            intent="publish"
            label={TEXT.publish}
            className="button button--primary"
            busy={busy}
          />
          <IntentButton
            locale={locale}
            intent="drop"
            label={TEXT.drop}
            className="button button--ghost"
            busy={busy}
          />
        </div>
      ) : null}
      {refusal?.message ? (
        <div role="alert" className="form-error">
          <p>{refusal.message}</p>
        </div>
      ) : null}
      <WordsForm
        // A saved draft, a publication or another language: the fields start again from the page's words.
        key={`${locale}:${state.draftSavedAt ?? ""}:${state.publishedAt ?? ""}`}
        locale={locale}
        shown={shown}
        defaults={defaults}
        errors={refusal?.errors ?? {}}
        busy={busy === "draft"}
      />
      <HeroPictureSection locale={locale} hero={hero} busy={busy} />
      <section className="admin-panel admin-words__history" aria-labelledby="words-history">
        <h2 id="words-history">{TEXT.history}</h2>
        {state.history.length === 0 ? (
          <p className="admin-empty">{TEXT.noHistory}</p>
        ) : (
          <ul>
            {state.history.map((event) => (
              <li key={event.id}>
                <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>{" "}
                {fill(TEXT.historyLine, {
                  what: copy.labels.shopWordEvent[event.kind],
                  name: event.actorName ?? TEXT.someone,
                })}
                {event.changed.length > 0 ? (
                  <span className="admin-muted">
                    {" "}
                    {fill(TEXT.historyChanged, {
                      texts: event.changed.map((name) => TEXT.fields[name]).join(", "),
                    })}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
