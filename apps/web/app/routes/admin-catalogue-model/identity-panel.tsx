import { Link } from "@remix-run/react";
import { copy, count } from "@souls/core/admin-copy";
import { type FormEvent, useState } from "react";
import { BusyButton } from "~/components/admin/busy-button";
import { FormField } from "~/components/admin/form-field";
import { eurosFieldValue, formatCents, parseEuros } from "~/components/admin/format";
import { errorMessage, fieldErrorsOf, notifyFailure, notifySuccess } from "~/components/admin/notify";
import { trpc } from "~/lib/trpc";
import { ADMIN_PAGES } from "~/screens";
import { EurosForm, priceRefused } from "./euros-form";
import type { ModelDetail } from "./types";

const TEXT = copy.editor;
/** PRODUCT_LIMITS.maxPriceCents in euros: the server's own ceiling. */
const MAX_PRICE = 100_000;

/** The model's record: name and reference, its series, its price and a way to its stock. */
export function IdentityPanel({ detail }: { detail: ModelDetail }) {
  return (
    <section className="admin-panel" aria-labelledby="editor-identity">
      <h3 id="editor-identity" className="admin-panel__title">
        {TEXT.identity}
      </h3>
      <div className="admin-editor__grid">
        <NameForm detail={detail} />
        <SeriesForm detail={detail} />
        <PriceForm detail={detail} />
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

function NameForm({ detail }: { detail: ModelDetail }) {
  const [name, setName] = useState(detail.model.name);
  const [reference, setReference] = useState(detail.model.reference);
  // What the server says once it changes (another tab, this form's save): the fields follow,
  // without remounting the form (the focus stays where it is).
  const saved = `${detail.model.name}\n${detail.model.reference}`;
  const [seen, setSeen] = useState(saved);
  if (seen !== saved) {
    setSeen(saved);
    setName(detail.model.name);
    setReference(detail.model.reference);
  }
  const [errors, setErrors] = useState<{ name?: string; reference?: string }>({});
  const save = trpc.catalogue.updateModel.useMutation({
    onSuccess: (row) => {
      setErrors({});
      notifySuccess(TEXT.identitySaved, `${row.name} (${row.reference})`);
    },
    onError: (error) => {
      const fields = fieldErrorsOf(error);
      // A reference another model has is the one conflict this form meets.
      setErrors(
        fields
          ? { name: fields.name?.[0], reference: fields.reference?.[0] }
          : { reference: errorMessage(error) },
      );
      notifyFailure(TEXT.saveFailed, error);
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = {
      name: name.trim() ? undefined : copy.productForm.required,
      reference: reference.trim() ? undefined : copy.productForm.required,
    };
    setErrors(found);
    if (found.name || found.reference) {
      event.currentTarget
        .querySelector<HTMLInputElement>(`[name="${found.name ? "name" : "reference"}"]`)
        ?.focus();
      return;
    }
    if (!save.isPending) save.mutate({ id: detail.model.id, name: name.trim(), reference: reference.trim() });
  };
  return (
    <form className="admin-form" noValidate onSubmit={submit}>
      <FormField label={TEXT.name} error={errors.name}>
        {(props) => (
          <input
            {...props}
            name="name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={120}
          />
        )}
      </FormField>
      <FormField label={TEXT.reference} error={errors.reference}>
        {(props) => (
          <input
            {...props}
            name="reference"
            value={reference}
            onChange={(e) => setReference(e.target.value)}
            maxLength={40}
            spellCheck={false}
          />
        )}
      </FormField>
      <div>
        <BusyButton
          type="submit"
          className="button button--outline button--small"
          busy={save.isPending}
          busyLabel={TEXT.working}
        >
          {TEXT.saveIdentity}
        </BusyButton>
      </div>
    </form>
  );
}

function SeriesForm({ detail }: { detail: ModelDetail }) {
  const [seriesId, setSeriesId] = useState(
    detail.model.seriesId === null ? "" : String(detail.model.seriesId),
  );
  const [error, setError] = useState<string | undefined>();
  const move = trpc.catalogue.moveModel.useMutation({
    onSuccess: () => {
      setError(undefined);
      notifySuccess(TEXT.seriesSaved);
    },
    onError: (failure) => {
      setError(errorMessage(failure));
      notifyFailure(TEXT.saveFailed, failure);
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!seriesId) {
      setError(copy.productForm.required);
      return;
    }
    if (Number(seriesId) === detail.model.seriesId || move.isPending) return;
    // At the end of its new series; the catalogue's arrows put it elsewhere.
    move.mutate({ id: detail.model.id, seriesId: Number(seriesId), position: 1_000 });
  };
  return (
    <form className="admin-form" noValidate onSubmit={submit}>
      <FormField label={TEXT.series} error={error}>
        {(props) => (
          <select {...props} name="seriesId" value={seriesId} onChange={(e) => setSeriesId(e.target.value)}>
            {detail.model.seriesId === null ? <option value="">{TEXT.chooseSeries}</option> : null}
            {detail.series.map((series) => (
              <option key={series.id} value={series.id}>
                {series.titleFr}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <div>
        <BusyButton
          type="submit"
          className="button button--outline button--small"
          busy={move.isPending}
          busyLabel={TEXT.working}
        >
          {TEXT.moveSeries}
        </BusyButton>
      </div>
    </form>
  );
}

function PriceForm({ detail }: { detail: ModelDetail }) {
  const [price, setPrice] = useState(() => eurosFieldValue(detail.model.priceCents));
  // A sale moves the price: the field shows the price now, never one that would undo the sale.
  const [seen, setSeen] = useState(detail.model.priceCents);
  if (seen !== detail.model.priceCents) {
    setSeen(detail.model.priceCents);
    setPrice(eurosFieldValue(detail.model.priceCents));
  }
  const [error, setError] = useState<string | undefined>();
  const save = trpc.products.setPrice.useMutation({
    onSuccess: (row) => {
      setError(undefined);
      notifySuccess(TEXT.priceSaved, `${row.name} : ${formatCents(row.priceCents)}`);
    },
    onError: priceRefused(setError),
  });
  const submit = () => {
    const euros = parseEuros(price);
    if (!(euros > 0) || euros > MAX_PRICE) {
      setError(TEXT.priceInvalid);
      return false;
    }
    setError(undefined);
    if (Math.round(euros * 100) !== detail.model.priceCents && !save.isPending) {
      save.mutate({ id: detail.model.id, price: euros });
    }
    return true;
  };
  return (
    <EurosForm
      name="price"
      label={TEXT.price}
      hint={TEXT.priceHint}
      value={price}
      onChange={setPrice}
      error={error}
      busy={save.isPending}
      submitLabel={TEXT.savePrice}
      onSubmit={submit}
    />
  );
}
