import { Link } from "@remix-run/react";
import { copy, count } from "@souls/api/admin-words";
import { Field } from "~/components/admin/forms";
import { ADMIN_PAGES } from "~/screens";
import { inputId, type ModelDraft } from "./model-draft";
import type { ModelDetail } from "./types";

const TEXT = copy.editor;

/** The model's record: name and reference, its series, its price and a way to its stock. */
export function IdentityPanel({
  detail,
  draft,
  onChange,
  errorOf,
}: {
  detail: ModelDetail;
  draft: ModelDraft;
  onChange: (part: Partial<ModelDraft>) => void;
  errorOf: (path: string) => string | undefined;
}) {
  return (
    <section className="admin-panel" aria-labelledby="editor-identity">
      <h3 id="editor-identity" className="admin-panel__title">
        {TEXT.identity}
      </h3>
      <div className="admin-editor__grid">
        <Field id={inputId("name")} label={TEXT.name} error={errorOf("name")}>
          {(props) => (
            <input
              {...props}
              name="name"
              value={draft.name}
              onChange={(e) => onChange({ name: e.target.value })}
              maxLength={120}
            />
          )}
        </Field>
        <Field id={inputId("reference")} label={TEXT.reference} error={errorOf("reference")}>
          {(props) => (
            <input
              {...props}
              name="reference"
              value={draft.reference}
              onChange={(e) => onChange({ reference: e.target.value })}
              maxLength={40}
              spellCheck={false}
            />
          )}
        </Field>
        <Field id={inputId("seriesId")} label={TEXT.series} error={errorOf("seriesId")}>
          {(props) => (
            <select
              {...props}
              name="seriesId"
              value={draft.seriesId}
              onChange={(e) => onChange({ seriesId: e.target.value })}
            >
              {detail.model.seriesId === null ? <option value="">{TEXT.chooseSeries}</option> : null}
              {detail.series.map((series) => (
                <option key={series.id} value={series.id}>
                  {series.titleFr}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id={inputId("price")} label={TEXT.price} hint={TEXT.priceHint} error={errorOf("price")}>
          {(props) => (
            <input
              {...props}
              name="price"
              value={draft.price}
              onChange={(e) => onChange({ price: e.target.value })}
              inputMode="decimal"
              autoComplete="off"
              maxLength={12}
            />
          )}
        </Field>
        <div className="field">
          <p className="admin-editor__label">{TEXT.stock}</p>
          <p>
            {count(detail.model.stock, TEXT.stockValue)}{" "}
            <Link to={ADMIN_PAGES.stock} className="text-link">
              {TEXT.stockLink}
            </Link>
          </p>
        </div>
      </div>
    </section>
  );
}
