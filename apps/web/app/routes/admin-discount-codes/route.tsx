import { copy } from "@souls/api/admin-words";
import { fill } from "@souls/core/placeholders";
import { type FormEvent, useState } from "react";
import { AdminShell, adminLinks, adminMeta } from "~/components/admin/admin-shell";
import { BusyButton } from "~/components/admin/busy-button";
import { formatCents, formatDateTime, parseEuros } from "~/components/admin/format";
import { errorMessage, firstFieldErrorsOf, notifyFailure, notifySuccess } from "~/components/admin/notify";
import { adminPageLoader } from "~/lib/admin-session.server";
import { trpc } from "~/lib/trpc";

const TEXT = copy.discountCodes;

export const loader = adminPageLoader;

export const meta = adminMeta(TEXT.metaTitle);

export const links = adminLinks;

export default function AdminDiscountCodesPage() {
  return (
    <AdminShell title={TEXT.title}>
      <div className="admin-stack">
        <p className="admin-muted">{TEXT.intro}</p>
        <NewCode />
        <CodeList />
      </div>
    </AdminShell>
  );
}

/** The new code's form: what the owner types, sent as the API takes it (cents, Paris times). */
function NewCode() {
  const utils = trpc.useUtils();
  const catalogue = trpc.catalogue.list.useQuery();
  const [kind, setKind] = useState<"percent" | "amount">("percent");
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const create = trpc.discountCodes.create.useMutation({
    onSuccess: async (_created, _input) => {
      setErrors({});
      notifySuccess(TEXT.created);
      await utils.discountCodes.list.invalidate();
    },
    onError: (error) => {
      setErrors(firstFieldErrorsOf(error) ?? {});
      notifyFailure(TEXT.create, error);
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? "").trim();
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
        oncePerEmail: form.get("oncePerEmail") === "on",
        minSubtotalCents: Number.isFinite(euros("minSubtotal")) ? euros("minSubtotal") : -1,
        productIds: form.getAll("productIds").map(Number),
        seriesIds: form.getAll("seriesIds").map(Number),
        addsToSale: form.get("addsToSale") === "on",
      },
      {
        onSuccess: () => (event.target as HTMLFormElement).reset(),
      },
    );
  };
  const error = (name: string) =>
    errors[name] ? (
      <p className="field__error" id={`code-${name}-error`}>
        {errors[name]}
      </p>
    ) : null;
  const described = (name: string, hint = true) =>
    [hint ? `code-${name}-hint` : "", errors[name] ? `code-${name}-error` : ""].filter(Boolean).join(" ") ||
    undefined;
  const series = catalogue.data?.series ?? [];
  return (
    <section className="admin-panel" aria-labelledby="discount-new">
      <h2 id="discount-new">{TEXT.newTitle}</h2>
      <form className="admin-form discount-form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="code-code">{TEXT.fields.code}</label>
          <p className="field__hint" id="code-code-hint">
            {TEXT.fields.codeHint}
          </p>
          <input
            id="code-code"
            name="code"
            maxLength={32}
            autoComplete="off"
            aria-invalid={errors.code ? true : undefined}
            aria-describedby={described("code")}
            required
          />
          {error("code")}
        </div>
        <fieldset className="field">
          <legend>{TEXT.fields.kind}</legend>
          <label className="admin-check">
            <input
              type="radio"
              name="kind"
              value="percent"
              checked={kind === "percent"}
              onChange={() => setKind("percent")}
            />{" "}
            {TEXT.fields.percent}
          </label>
          <label className="admin-check">
            <input
              type="radio"
              name="kind"
              value="amount"
              checked={kind === "amount"}
              onChange={() => setKind("amount")}
            />{" "}
            {TEXT.fields.amount}
          </label>
        </fieldset>
        <div className="field">
          <label htmlFor="code-value">{TEXT.fields.value}</label>
          <p className="field__hint" id="code-value-hint">
            {kind === "percent" ? TEXT.fields.valuePercentHint : TEXT.fields.valueAmountHint}
          </p>
          <input
            id="code-value"
            name="value"
            inputMode="decimal"
            aria-invalid={errors.value ? true : undefined}
            aria-describedby={described("value")}
            required
          />
          {error("value")}
        </div>
        <div className="field">
          <label htmlFor="code-startsAt">{TEXT.fields.startsAt}</label>
          <p className="field__hint" id="code-startsAt-hint">
            {TEXT.fields.startsAtHint}
          </p>
          <input
            id="code-startsAt"
            name="startsAt"
            type="datetime-local"
            aria-invalid={errors.startsAt ? true : undefined}
            aria-describedby={described("startsAt")}
          />
          {error("startsAt")}
        </div>
        <div className="field">
          <label htmlFor="code-endsAt">{TEXT.fields.endsAt}</label>
          <p className="field__hint" id="code-endsAt-hint">
            {TEXT.fields.endsAtHint}
          </p>
          <input
            id="code-endsAt"
            name="endsAt"
            type="datetime-local"
            aria-invalid={errors.endsAt ? true : undefined}
            aria-describedby={described("endsAt")}
          />
          {error("endsAt")}
        </div>
        <div className="field">
          <label htmlFor="code-maxUses">{TEXT.fields.maxUses}</label>
          <p className="field__hint" id="code-maxUses-hint">
            {TEXT.fields.maxUsesHint}
          </p>
          <input
            id="code-maxUses"
            name="maxUses"
            inputMode="numeric"
            aria-invalid={errors.maxUses ? true : undefined}
            aria-describedby={described("maxUses")}
          />
          {error("maxUses")}
        </div>
        <div className="field">
          <label htmlFor="code-minSubtotal">{TEXT.fields.minSubtotal}</label>
          <input
            id="code-minSubtotal"
            name="minSubtotal"
            inputMode="decimal"
            aria-invalid={errors.minSubtotalCents ? true : undefined}
            aria-describedby={errors.minSubtotalCents ? "code-minSubtotalCents-error" : undefined}
          />
          {error("minSubtotalCents")}
        </div>
        <label className="admin-check">
          <input type="checkbox" name="oncePerEmail" /> {TEXT.fields.oncePerEmail}
        </label>
        <label className="admin-check">
          <input type="checkbox" name="addsToSale" aria-describedby="code-addsToSale-hint" />{" "}
          {TEXT.fields.addsToSale}
        </label>
        <p className="field__hint" id="code-addsToSale-hint">
          {TEXT.fields.addsToSaleHint}
        </p>
        <fieldset className="field discount-form__targets" aria-describedby="code-targets-hint">
          <legend>{TEXT.fields.targets}</legend>
          <p className="field__hint" id="code-targets-hint">
            {TEXT.fields.targetsHint}
          </p>
          {series.map((one) => (
            <div key={one.id} className="discount-form__series">
              <label className="admin-check">
                <input type="checkbox" name="seriesIds" value={one.id} />{" "}
                {fill(TEXT.fields.series, { title: one.titleFr })}
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
      </form>
    </section>
  );
}

/** Her codes with where each stands and its uses; « Terminer » ends one. */
function CodeList() {
  const list = trpc.discountCodes.list.useQuery();
  const [open, setOpen] = useState<number | null>(null);
  if (list.isPending) return <p role="status">{TEXT.loading}</p>;
  if (list.isError) {
    return (
      <p role="alert" className="form-error">
        {TEXT.loadError} : {errorMessage(list.error)}
      </p>
    );
  }
  return (
    <section className="admin-stack" aria-labelledby="discount-list">
      <h2 id="discount-list">{TEXT.listTitle}</h2>
      {list.data.length === 0 ? <p className="admin-empty">{TEXT.empty}</p> : null}
      <ul className="discount-codes">
        {list.data.map((code) => (
          <li key={code.id} className="admin-panel discount-codes__item">
            <p className="discount-codes__head">
              <strong className="discount-codes__code">{code.code}</strong>{" "}
              <span className={`badge discount-codes__state--${code.state}`}>{TEXT.state[code.state]}</span>
            </p>
            <dl className="discount-codes__terms">
              <div>
                <dt>{TEXT.columns.discount}</dt>
                <dd>{code.kind === "percent" ? `${code.value} %` : formatCents(code.value)}</dd>
              </div>
              <div>
                <dt>{TEXT.columns.period}</dt>
                <dd>
                  {fill(TEXT.from, { date: formatDateTime(code.startsAt) })}{" "}
                  {code.endsAt ? fill(TEXT.to, { date: formatDateTime(code.endsAt) }) : TEXT.noEnd}
                </dd>
              </div>
              <div>
                <dt>{TEXT.columns.uses}</dt>
                <dd>
                  {code.maxUses === null
                    ? code.uses
                    : fill(TEXT.usesOf, { uses: code.uses, max: code.maxUses })}
                </dd>
              </div>
              <div>
                <dt>{TEXT.columns.discounted}</dt>
                <dd>{formatCents(code.discountedCents)}</dd>
              </div>
            </dl>
            <div className="admin-toolbar">
              <button
                type="button"
                className="button"
                aria-expanded={open === code.id}
                onClick={() => setOpen(open === code.id ? null : code.id)}
              >
                {fill(open === code.id ? TEXT.hideUses : TEXT.showUses, { code: code.code })}
              </button>
              {code.state === "ended" ? null : <EndButton id={code.id} code={code.code} />}
            </div>
            {open === code.id ? <CodeUses id={code.id} code={code.code} /> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function EndButton({ id, code }: { id: number; code: string }) {
  const utils = trpc.useUtils();
  const end = trpc.discountCodes.end.useMutation({
    onSuccess: async () => {
      notifySuccess(TEXT.ended);
      await Promise.all([utils.discountCodes.list.invalidate(), utils.discountCodes.uses.invalidate({ id })]);
    },
    onError: (error) => notifyFailure(TEXT.end, error),
  });
  return (
    <BusyButton
      type="button"
      className="button button--danger"
      busy={end.isPending}
      onClick={() => {
        if (window.confirm(fill(TEXT.endConfirm, { code }))) end.mutate({ id });
      }}
    >
      {TEXT.end}
    </BusyButton>
  );
}

/** One code's orders and history. */
function CodeUses({ id, code }: { id: number; code: string }) {
  const uses = trpc.discountCodes.uses.useQuery({ id });
  if (uses.isPending) return <p role="status">{TEXT.loading}</p>;
  if (uses.isError) {
    return (
      <p role="alert" className="form-error">
        {errorMessage(uses.error)}
      </p>
    );
  }
  const { orders, history } = uses.data;
  return (
    <div className="admin-stack">
      <h3>{fill(TEXT.usesTitle, { code })}</h3>
      {orders.length === 0 ? (
        <p className="admin-empty">{TEXT.noUses}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{TEXT.order}</th>
                <th scope="col">{TEXT.orderDate}</th>
                <th scope="col">{TEXT.email}</th>
                <th scope="col">{TEXT.status}</th>
                <th scope="col">{TEXT.discountCol}</th>
                <th scope="col">{TEXT.total}</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.orderNumber}>
                  <td>{order.orderNumber}</td>
                  <td>{formatDateTime(order.createdAt)}</td>
                  <td>{order.email}</td>
                  <td>{copy.labels.orderStatus[order.status]}</td>
                  <td>{formatCents(order.discountCents)}</td>
                  <td>{formatCents(order.totalCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h3>{TEXT.history}</h3>
      <ul>
        {history.map((entry) => (
          <li key={`${entry.kind}-${entry.createdAt}`}>
            {TEXT.historyKinds[entry.kind]} — {formatDateTime(entry.createdAt)}
            {entry.actorName ? ` ${fill(TEXT.by, { name: entry.actorName })}` : ""}
          </li>
        ))}
      </ul>
    </div>
  );
}
