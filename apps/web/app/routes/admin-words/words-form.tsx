import { Form } from "@remix-run/react";
import { copy } from "@souls/api/admin-words";
import type { Locale } from "@souls/core/locales";
import { fill } from "@souls/core/placeholders";
import { SHOP_WORDS, type ShopWord } from "@souls/core/shop-words";
import { BusyButton } from "~/components/admin/busy-button";
import { Field } from "~/components/admin/forms";
import { wordsPagePath } from "./words-path";

const TEXT = copy.words;

/** The form's groups, in the order the pages show them. */
const GROUPS: { id: keyof typeof TEXT.groups; fields: ShopWord[] }[] = [
  { id: "story", fields: ["storyTitle", "storyText"] },
  {
    id: "values",
    fields: [
      "valuesTitle",
      "uniqueTitle",
      "uniqueText",
      "authenticityTitle",
      "authenticityText",
      "heritageTitle",
      "heritageText",
    ],
  },
  { id: "footer", fields: ["footerTagline"] },
  {
    id: "pages",
    fields: [
      "homeTitle",
      "homeDescription",
      "allPiecesTitle",
      "allPiecesDescription",
      "magazineTitle",
      "magazineDescription",
      "trackingTitle",
      "trackingDescription",
      "legalNoticeTitle",
      "legalNoticeDescription",
      "privacyTitle",
      "privacyDescription",
      "termsTitle",
      "termsDescription",
    ],
  },
];

/** A text written over several lines: its paragraphs, or a description longer than a title. */
const isLong = (name: ShopWord) => "paragraphs" in SHOP_WORDS[name] || SHOP_WORDS[name].max > 120;

/**
 * Every text of one language, as the shop shows it (her draft, else what is published, else
 * today's). « Enregistrer le brouillon » keeps what differs from today's texts; shoppers see it
 * only once she publishes.
 */
export function WordsForm({
  locale,
  shown,
  defaults,
  errors,
  busy,
}: {
  locale: Locale;
  shown: Record<ShopWord, string>;
  defaults: Record<ShopWord, string>;
  errors: Partial<Record<ShopWord, string>>;
  busy: boolean;
}) {
  return (
    <Form method="post" action={wordsPagePath(locale)} className="admin-form admin-words__form" noValidate>
      <input type="hidden" name="locale" value={locale} />
      <h2 className="admin-words__editing">
        {fill(TEXT.editing, { language: TEXT.language[locale].toLowerCase() })}
      </h2>
      {GROUPS.map((group) => (
        <fieldset key={group.id} className="admin-panel admin-words__group">
          <legend className="admin-words__legend">{TEXT.groups[group.id]}</legend>
          {group.id === "pages" ? <p className="admin-hint">{TEXT.groupsHint.pages}</p> : null}
          {group.fields.map((name) => {
            const rule: { max: number; paragraphs?: true } = SHOP_WORDS[name];
            const hint = [
              rule.paragraphs ? TEXT.paragraphsHint : "",
              fill(TEXT.length, { max: rule.max }),
              shown[name] !== defaults[name] ? fill(TEXT.originalWas, { text: defaults[name] }) : "",
            ]
              .filter(Boolean)
              .join(" ");
            return (
              <Field
                key={name}
                id={`word-${name}`}
                label={TEXT.fields[name]}
                hint={hint}
                error={errors[name]}
              >
                {(props) =>
                  isLong(name) ? (
                    <textarea
                      {...props}
                      name={name}
                      defaultValue={shown[name]}
                      rows={rule.paragraphs && rule.max > 400 ? 8 : 3}
                      lang={locale}
                    />
                  ) : (
                    <input {...props} name={name} defaultValue={shown[name]} lang={locale} />
                  )
                }
              </Field>
            );
          })}
        </fieldset>
      ))}
      <div className="admin-toolbar">
        <BusyButton
          type="submit"
          name="intent"
          value="draft"
          className="button button--primary"
          busy={busy}
          busyLabel={TEXT.working}
        >
          {TEXT.saveDraft}
        </BusyButton>
        <p className="admin-hint">{TEXT.previewHint}</p>
      </div>
    </Form>
  );
}
