import { copy, count } from "@souls/api/admin-words";
import { formatMoney } from "@souls/core/format";
import { fill } from "@souls/core/placeholders";
import { useMemo, useState } from "react";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { formatDateTime } from "~/components/admin/format";
import { Field, PanelForm, SubmitBar, TextField, usePanelForm } from "~/components/admin/forms";
import { notifyFailure, notifySuccess } from "~/components/admin/notify";
import { PanelSection, RowButton } from "~/components/admin/panel-table";
import { type RouterOutputs, trpc } from "~/lib/trpc";

const TEXT = copy.delivery;
const FIELDS = TEXT.fields;

type Data = RouterOutputs["delivery"]["get"];
type Zone = Data["zones"][number];

const euros = (cents: number) => formatMoney(cents, "EUR", "fr");

/** « 12,50 » from 1250; « 12 » from 1200. */
const eurosField = (cents: number | null) =>
  cents === null ? "" : (cents / 100).toFixed(cents % 100 === 0 ? 0 : 2).replace(".", ",");

/** Cents from what she typed (« 12 », « 12,5 », « 12.50 »), or null when it is not an amount. */
function centsOf(value: string): number | null {
  const typed = value.trim().replace(/\s/g, "").replace(",", ".");
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(typed)) return null;
  return Math.round(Number(typed) * 100);
}

interface Draft {
  name: string;
  labelFr: string;
  labelEn: string;
  countries: string[];
  price: string;
  freeFrom: string;
  minDays: string;
  maxDays: string;
  timesFr: string;
  timesEn: string;
}

const EMPTY: Draft = {
  name: "",
  labelFr: "",
  labelEn: "",
  countries: [],
  price: "",
  freeFrom: "",
  minDays: "",
  maxDays: "",
  timesFr: "",
  timesEn: "",
};

const draftOf = (zone: Zone): Draft => ({
  name: zone.name,
  labelFr: zone.labelFr,
  labelEn: zone.labelEn,
  countries: zone.countries,
  price: eurosField(zone.priceCents),
  freeFrom: eurosField(zone.freeFromCents),
  minDays: String(zone.minDays),
  maxDays: String(zone.maxDays),
  timesFr: zone.timesFr,
  timesEn: zone.timesEn,
});

/** The zones as cards, one being edited (or a new one), and the history of her changes. */
export function DeliveryZones({ data }: { data: Data }) {
  // The zone being edited: its id, "new", or none.
  const [editing, setEditing] = useState<number | "new" | null>(null);
  const [removing, setRemoving] = useState<Zone | null>(null);
  const utils = trpc.useUtils();
  const remove = trpc.delivery.removeZone.useMutation({
    onSuccess: (next) => {
      utils.delivery.get.setData(undefined, next);
      setRemoving(null);
      notifySuccess(TEXT.removed, TEXT.removedText);
    },
    onError: (error) => {
      setRemoving(null);
      notifyFailure(TEXT.removeFailed, error);
    },
  });
  const names = useMemo(() => new Map(data.countries.map((c) => [c.code, c.name])), [data.countries]);
  const close = () => setEditing(null);
  return (
    <div className="admin-stack admin-delivery">
      <p className="admin-muted">{TEXT.intro}</p>
      <PanelSection id="delivery-zones-title" title={TEXT.zonesTitle} className="admin-stack">
        {data.zones.map((zone) =>
          editing === zone.id ? (
            <ZoneForm key={zone.id} zone={zone} data={data} onDone={close} />
          ) : (
            <article
              key={zone.id}
              className="admin-panel admin-delivery__zone"
              aria-labelledby={`zone-${zone.id}`}
            >
              <h3 id={`zone-${zone.id}`}>{zone.name}</h3>
              <p>
                {zone.priceCents === 0 ? TEXT.priceFree : fill(TEXT.price, { price: euros(zone.priceCents) })}
                {zone.freeFromCents !== null && zone.priceCents > 0
                  ? `, ${fill(TEXT.freeFrom, { amount: euros(zone.freeFromCents) })}`
                  : ""}
              </p>
              <p>
                {fill(TEXT.times, {
                  fr: `${zone.timesFr} (${zone.labelFr})`,
                  en: `${zone.timesEn} (${zone.labelEn})`,
                })}
              </p>
              <p className="admin-muted">
                {count(zone.countries.length, TEXT.countries)}
                {zone.countries.length > 0
                  ? ` : ${zone.countries
                      .map((code) => names.get(code) ?? code)
                      .sort((a, b) => a.localeCompare(b, "fr"))
                      .join(", ")}`
                  : ""}
              </p>
              <div className="admin-toolbar">
                <RowButton
                  label={TEXT.edit}
                  ariaLabel={fill(TEXT.editLabel, { name: zone.name })}
                  onClick={() => setEditing(zone.id)}
                />
                <RowButton
                  label={TEXT.remove}
                  ariaLabel={fill(TEXT.removeLabel, { name: zone.name })}
                  tone="danger"
                  onClick={() => setRemoving(zone)}
                />
              </div>
            </article>
          ),
        )}
        {editing === "new" ? (
          <ZoneForm zone={null} data={data} onDone={close} />
        ) : data.zones.length < data.limits.zones ? (
          <div className="admin-toolbar">
            <button type="button" className="button button--primary" onClick={() => setEditing("new")}>
              {TEXT.add}
            </button>
          </div>
        ) : null}
      </PanelSection>
      <PanelSection id="delivery-history-title" title={TEXT.history.title}>
        {data.history.length === 0 ? (
          <p className="admin-muted">{TEXT.history.empty}</p>
        ) : (
          <ol className="admin-timeline">
            {data.history.map((change) => (
              <li key={change.id}>
                <time dateTime={change.createdAt}>{formatDateTime(change.createdAt)}</time>
                <span>
                  {fill(TEXT.history.line, {
                    who: change.actorName,
                    zone: change.zoneName,
                    summary: change.summary,
                  })}
                </span>
              </li>
            ))}
          </ol>
        )}
      </PanelSection>
      <ConfirmDialog
        open={removing !== null}
        title={TEXT.remove}
        question={fill(TEXT.removeConfirm, { name: removing?.name ?? "" })}
        confirmLabel={TEXT.remove}
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate({ id: removing.id })}
        onClose={() => setRemoving(null)}
      />
    </div>
  );
}

/** One zone's form: its names, price, free delivery, times and countries. */
function ZoneForm({ zone, data, onDone }: { zone: Zone | null; data: Data; onDone: () => void }) {
  const form = usePanelForm<Draft>(() => (zone ? draftOf(zone) : EMPTY), {
    toastOnly: true,
    clearOnChange: true,
    errorNames: { price: "priceCents", freeFrom: "freeFromCents" },
  });
  const { draft, errors } = form;
  const [search, setSearch] = useState("");
  const utils = trpc.useUtils();
  const save = trpc.delivery.saveZone.useMutation({
    onSuccess: (next) => {
      utils.delivery.get.setData(undefined, next);
      notifySuccess(TEXT.saved, TEXT.savedText);
      onDone();
    },
    onError: (error) => form.refuse(error, TEXT.saveFailed),
  });
  // Each country of another zone, with that zone's name: one zone per country.
  const elsewhere = useMemo(() => {
    const owners = new Map<string, string>();
    for (const other of data.zones) {
      if (other.id === zone?.id) continue;
      for (const code of other.countries) owners.set(code, other.name);
    }
    return owners;
  }, [data.zones, zone?.id]);
  const chosen = new Set(draft.countries);
  const needle = search.trim().toLocaleLowerCase("fr");
  const shown = data.countries.filter(
    (country) =>
      !needle ||
      country.name.toLocaleLowerCase("fr").includes(needle) ||
      country.code.toLowerCase() === needle,
  );
  const toggle = (code: string, on: boolean) =>
    form.setDraft({
      ...draft,
      countries: on ? [...draft.countries, code] : draft.countries.filter((c) => c !== code),
    });

  const submit = () => {
    const priceCents = centsOf(draft.price);
    const freeFromCents = draft.freeFrom.trim() === "" ? null : centsOf(draft.freeFrom);
    const local = {
      priceCents: priceCents === null ? TEXT.euros : undefined,
      freeFromCents: draft.freeFrom.trim() !== "" && freeFromCents === null ? TEXT.euros : undefined,
    };
    form.setErrors(local);
    if (priceCents === null || local.freeFromCents) return;
    save.mutate({
      id: zone?.id ?? null,
      name: draft.name,
      labelFr: draft.labelFr,
      labelEn: draft.labelEn,
      countries: draft.countries,
      priceCents,
      freeFromCents,
      minDays: Number(draft.minDays),
      maxDays: Number(draft.maxDays),
      timesFr: draft.timesFr,
      timesEn: draft.timesEn,
    });
  };

  const text = (
    field: "name" | "labelFr" | "labelEn" | "timesFr" | "timesEn",
    max: number,
    hint?: string,
  ) => <TextField form={form} name={field} label={FIELDS[field]} hint={hint} maxLength={max} />;
  const money = (field: "price" | "freeFrom", hint: string) => (
    <TextField
      form={form}
      name={field}
      label={FIELDS[field]}
      hint={hint}
      inputMode="decimal"
      autoComplete="off"
      maxLength={12}
    />
  );
  const days = (field: "minDays" | "maxDays") => (
    <TextField
      form={form}
      name={field}
      label={FIELDS[field]}
      hint={FIELDS.daysHint}
      type="number"
      inputMode="numeric"
      min={1}
      max={data.limits.days}
      step={1}
    />
  );

  return (
    <PanelForm
      form={form}
      onSubmit={submit}
      className="admin-form admin-panel admin-stack admin-delivery__form"
      labelledBy="delivery-form-title"
    >
      <h3 id="delivery-form-title">{zone ? fill(TEXT.editing, { name: zone.name }) : TEXT.newZone}</h3>
      {text("name", data.limits.name, FIELDS.nameHint)}
      <div className="admin-delivery__pair">
        {money("price", FIELDS.priceHint)}
        {money("freeFrom", FIELDS.freeFromHint)}
      </div>
      <div className="admin-delivery__pair">
        {text("timesFr", data.limits.times, FIELDS.timesHint)}
        {text("timesEn", data.limits.times)}
      </div>
      <div className="admin-delivery__pair">
        {text("labelFr", data.limits.label, FIELDS.labelHint)}
        {text("labelEn", data.limits.label)}
      </div>
      <div className="admin-delivery__pair">
        {days("minDays")}
        {days("maxDays")}
      </div>
      <fieldset className="admin-delivery__countries" aria-describedby="delivery-countries-hint">
        <legend>{FIELDS.countries}</legend>
        <p className="admin-hint" id="delivery-countries-hint">
          {FIELDS.countriesHint} {count(chosen.size, FIELDS.chosen)}
        </p>
        {errors.countries ? <p className="field__error">{errors.countries}</p> : null}
        <Field label={FIELDS.search}>
          {(props) => (
            <input
              {...props}
              type="search"
              autoComplete="off"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          )}
        </Field>
        <ul className="admin-delivery__list">
          {shown.map((country) => {
            const owner = elsewhere.get(country.code);
            return (
              <li key={country.code}>
                <label className="admin-check">
                  <input
                    type="checkbox"
                    name="countries"
                    value={country.code}
                    checked={chosen.has(country.code)}
                    disabled={owner !== undefined}
                    onChange={(event) => toggle(country.code, event.target.checked)}
                  />
                  <span>
                    {country.name}
                    {owner ? (
                      <span className="admin-muted"> — {fill(FIELDS.inZone, { zone: owner })}</span>
                    ) : null}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <SubmitBar label={TEXT.save} busyLabel={TEXT.saving} busy={save.isPending}>
        <button type="button" className="button button--ghost" onClick={onDone}>
          {TEXT.cancel}
        </button>
      </SubmitBar>
    </PanelForm>
  );
}
