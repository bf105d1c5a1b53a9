import { copy } from "@souls/api/admin-words";
import { fill } from "@souls/core/placeholders";
import { type InputHTMLAttributes, useState } from "react";
import { BusyButton } from "~/components/admin/busy-button";
import { parseEuros } from "~/components/admin/format";
import { Field, PanelForm, usePanelForm } from "~/components/admin/forms";
import { notifySuccess } from "~/components/admin/notify";
import { PanelSection } from "~/components/admin/panel-table";
import { trpc } from "~/lib/trpc";

const TEXT = copy.discountCodes;
const FIELDS = TEXT.fields;

/** The new code's form: what the owner types, sent as the API takes it (cents, Paris times). */
export function NewCode() {
  const utils = trpc.useUtils();
  const catalogue = trpc.catalogue.list.useQuery();
  const [kind, setKind] = useState<"percent" | "amount">("percent");
  const form = usePanelForm({}, { toastOnly: true });
  const create = trpc.discountCodes.create.useMutation({
    onSuccess: async () => {
      form.setErrors({});
      notifySuccess(TEXT.created);
      await utils.discountCodes.list.invalidate();
    },
    onError: (error) => {
      form.setErrors({});
      form.refuse(error, TEXT.create);
    },
  });
  const submit = () => {
    const element = form.formRef.current;
    if (!element) return;
    const typed = new FormData(element);
    const text = (name: string) => String(typed.get(name) ?? "").trim();
    const euros = (name: string) => Math.round(parseEuros(text(name) || "0") * 100);
    const value = kind === "percent" ? Number(text("value")) : euros("value");
    create.mutate(
      {
        code: text("code"),
        kind,
        value: Number.isFinite(value) ? value : -1,
        startsAt: text("startsAt") || null,
        endsAt: text("endsAt") || null,
        maxUses: text("maxUses") ? Number(text("maxUses")) : null,
        oncePerEmail: typed.get("oncePerEmail") === "on",
        minSubtotalCents: Number.isFinite(euros("minSubtotal")) ? euros("minSubtotal") : -1,
        productIds: typed.getAll("productIds").map(Number),
        seriesIds: typed.getAll("seriesIds").map(Number),
        addsToSale: typed.get("addsToSale") === "on",
      },
      { onSuccess: () => element.reset() },
    );
  };
  /** One typed field: its label, its hint above it, the server's message for `errorName`. */
  const field = (
    name: string,
    label: string,
    hint: string | undefined,
    input: InputHTMLAttributes<HTMLInputElement>,
    errorName = name,
  ) => (
    <Field id={`code-${name}`} label={label} hint={hint} hintAbove error={form.errors[errorName]}>
      {(props) => <input {...props} name={name} {...input} />}
    </Field>
  );
  const series = catalogue.data?.series ?? [];
  return (
    <PanelSection id="discount-new" title={TEXT.newTitle}>
      <PanelForm form={form} onSubmit={submit} className="admin-form discount-form">
        {field("code", FIELDS.code, FIELDS.codeHint, { maxLength: 32, autoComplete: "off", required: true })}
        <fieldset className="field">
          <legend>{FIELDS.kind}</legend>
          {(["percent", "amount"] as const).map((one) => (
            <label key={one} className="admin-check">
              <input
                type="radio"
                name="kind"
                value={one}
                checked={kind === one}
                onChange={() => setKind(one)}
              />{" "}
              {FIELDS[one]}
            </label>
          ))}
        </fieldset>
        {field("value", FIELDS.value, kind === "percent" ? FIELDS.valuePercentHint : FIELDS.valueAmountHint, {
          inputMode: "decimal",
          required: true,
        })}
        {field("startsAt", FIELDS.startsAt, FIELDS.startsAtHint, { type: "datetime-local" })}
        {field("endsAt", FIELDS.endsAt, FIELDS.endsAtHint, { type: "datetime-local" })}
        {field("maxUses", FIELDS.maxUses, FIELDS.maxUsesHint, { inputMode: "numeric" })}
        {field("minSubtotal", FIELDS.minSubtotal, undefined, { inputMode: "decimal" }, "minSubtotalCents")}
        <label className="admin-check">
          <input type="checkbox" name="oncePerEmail" /> {FIELDS.oncePerEmail}
        </label>
        <label className="admin-check">
          <input type="checkbox" name="addsToSale" aria-describedby="code-addsToSale-hint" />{" "}
          {FIELDS.addsToSale}
        </label>
        <p className="field__hint" id="code-addsToSale-hint">
          {FIELDS.addsToSaleHint}
        </p>
        <fieldset className="field discount-form__targets" aria-describedby="code-targets-hint">
          <legend>{FIELDS.targets}</legend>
          <p className="field__hint" id="code-targets-hint">
            {FIELDS.targetsHint}
          </p>
          {series.map((one) => (
            <div key={one.id} className="discount-form__series">
              <label className="admin-check">
                <input type="checkbox" name="seriesIds" value={one.id} />{" "}
                {fill(FIELDS.series, { title: one.titleFr })}
              </label>
              <ul>
                {one.models.map((model) => (
                  <li key={model.id}>
                    <label className="admin-check">
                      <input type="checkbox" name="productIds" value={model.id} /> {model.name} (
                      {model.reference})
                    </label>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </fieldset>
        <BusyButton type="submit" className="button button--primary" busy={create.isPending}>
          {TEXT.create}
        </BusyButton>
      </PanelForm>
    </PanelSection>
  );
}
