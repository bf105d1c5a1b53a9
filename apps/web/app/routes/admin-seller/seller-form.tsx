import { copy } from "@souls/api/admin-words";
import { countryOptions } from "@souls/core/format";
import { fill } from "@souls/core/placeholders";
import { COUNTRY_CODES } from "@souls/shop/countries";
import {
  isCompany,
  LEGAL_FORMS,
  REGISTERS,
  requiredSellerFields,
  SELLER_FIELDS,
  SELLER_LIMITS,
  type SellerDetails,
  type SellerField,
} from "@souls/shop/seller-fields";
import { formatDateTime } from "~/components/admin/format";
import { Field, PanelForm, SubmitBar, usePanelForm } from "~/components/admin/forms";
import { errorMessage, fieldErrorsOf, notifyError, notifySuccess } from "~/components/admin/notify";
import { type RouterOutputs, trpc } from "~/lib/trpc";

const TEXT = copy.seller;
/** Every detail has its label: a new one without words fails the type check. */
const LABELS: Record<SellerField, string> = TEXT.fields;
const HINTS: Partial<Record<SellerField, string>> = TEXT.hints;

/** The form's groups, in the order the legal notice reads them. */
const GROUPS: { id: keyof typeof TEXT.groups; fields: SellerField[] }[] = [
  {
    id: "company",
    fields: [
      "brand",
      "companyName",
      "legalForm",
      "shareCapital",
      "register",
      "rcsCity",
      "siren",
      "vatNumber",
      "publicationDirector",
      "street",
      "postalCode",
      "city",
      "country",
    ],
  },
  { id: "contact", fields: ["email", "phone", "instagramUrl"] },
  { id: "host", fields: ["hostName", "hostPhone", "hostAddress"] },
  { id: "mediator", fields: ["mediatorName", "mediatorUrl"] },
  { id: "manufacturer", fields: ["manufacturerName", "manufacturerEmail", "manufacturerAddress"] },
];

/**
 * Whether a detail is asked of her legal form: no share capital for an individual entrepreneur, a
 * register only for her (a company is in the RCS), the registry's city only for the RCS. A detail
 * not asked is hidden and saved empty; the server holds the same rules (@souls/shop/seller).
 */
function askedOf(draft: Draft, field: SellerField): boolean {
  const form = draft.legalForm || null;
  if (field === "shareCapital") return form !== "ei";
  if (field === "register") return form === "ei";
  if (field === "rcsCity") return isCompany(form) || draft.register === "rcs" || form === null;
  return true;
}
const INPUT_TYPES: Partial<Record<SellerField, string>> = {
  email: "email",
  manufacturerEmail: "email",
  phone: "tel",
  hostPhone: "tel",
  instagramUrl: "url",
  mediatorUrl: "url",
};
const AUTOCOMPLETE: Partial<Record<SellerField, string>> = {
  companyName: "organization",
  street: "street-address",
  postalCode: "postal-code",
  city: "address-level2",
  phone: "tel",
  email: "email",
};
/** Numbers and addresses: no spelling to check. */
const NOT_WORDS = new Set<SellerField>([
  "siren",
  "vatNumber",
  "phone",
  "hostPhone",
  "email",
  "manufacturerEmail",
  "instagramUrl",
  "mediatorUrl",
]);
/** The countries offered, named and sorted in French, France first (the SIREN and VAT rules are French). */
const COUNTRIES = [
  ...countryOptions(["FR"], "fr"),
  ...countryOptions(
    COUNTRY_CODES.filter((code) => code !== "FR"),
    "fr",
  ),
];

type Seller = RouterOutputs["seller"]["get"];

/** What a save refused without JavaScript shows again: each field's first message, and what was typed. */
export interface SellerRefusal {
  errors: Partial<Record<SellerField, string>>;
  values: Record<SellerField, string>;
}
type Draft = Record<SellerField, string>;

const draftOf = (details: SellerDetails): Draft =>
  Object.fromEntries(SELLER_FIELDS.map((field) => [field, details[field] ?? ""])) as Draft;

/**
 * The owner's identity form: one save for every group, the server's message under each field.
 * With JavaScript it saves through the panel's API; without, it posts to the page, which answers
 * a refusal with the messages and what she typed (`refusal`).
 */
export function SellerForm({ seller, refusal }: { seller: Seller; refusal?: SellerRefusal }) {
  const utils = trpc.useUtils();
  const form = usePanelForm<Draft>(() => refusal?.values ?? draftOf(seller.details), {
    toastOnly: true,
    initialErrors: refusal?.errors,
  });
  const { draft, errors, bind } = form;
  const save = trpc.seller.save.useMutation({
    onSuccess: (saved) => {
      utils.seller.get.setData(undefined, saved);
      form.setDraft(draftOf(saved.details));
      form.setErrors({});
      notifySuccess(TEXT.saved, TEXT.savedText);
    },
    onError: (error) => {
      const fields = fieldErrorsOf(error);
      if (fields) {
        form.setErrors(Object.fromEntries(SELLER_FIELDS.map((field) => [field, fields[field]?.[0]])));
        notifyError(TEXT.saveFailed, TEXT.validationText);
        return;
      }
      notifyError(TEXT.saveFailed, errorMessage(error));
    },
  });

  const submit = () => {
    if (save.isPending) return;
    // A blank field, or one her legal form does not ask for, is "not filled in": nothing is stored.
    save.mutate(
      Object.fromEntries(
        SELLER_FIELDS.map((field) => [field, (askedOf(draft, field) && draft[field].trim()) || null]),
      ) as SellerDetails,
    );
  };

  const required = new Set<SellerField>(
    requiredSellerFields({ legalForm: draft.legalForm || null, register: draft.register || null }),
  );

  return (
    <PanelForm form={form} onSubmit={submit} className="admin-form admin-seller__form" method="post">
      <SellerStatus seller={seller} />
      {GROUPS.map((group) => (
        <fieldset key={group.id} className="admin-panel admin-seller__group">
          <legend className="admin-seller__legend">{TEXT.groups[group.id]}</legend>
          <p className="admin-hint">{TEXT.groupHints[group.id]}</p>
          <div className="admin-form__row">
            {group.fields
              // A field her form does not ask for still shows when a refused save names it.
              .filter((field) => askedOf(draft, field) || errors[field])
              .map((field) => (
                <Field
                  key={field}
                  label={LABELS[field]}
                  hint={[required.has(field) ? TEXT.required : "", HINTS[field] ?? ""]
                    .filter(Boolean)
                    .join(" · ")}
                  error={errors[field]}
                >
                  {(props) =>
                    field === "legalForm" ? (
                      <select {...props} {...bind(field)}>
                        <option value="">{TEXT.chooseLegalForm}</option>
                        {LEGAL_FORMS.map((form) => (
                          <option key={form} value={form}>
                            {TEXT.legalForms[form]}
                          </option>
                        ))}
                      </select>
                    ) : field === "register" ? (
                      <select {...props} {...bind(field)}>
                        <option value="">{TEXT.chooseRegister}</option>
                        {REGISTERS.map((register) => (
                          <option key={register} value={register}>
                            {TEXT.registers[register]}
                          </option>
                        ))}
                      </select>
                    ) : field === "country" ? (
                      <select {...props} {...bind(field)}>
                        <option value="">{TEXT.chooseCountry}</option>
                        {COUNTRIES.map((country) => (
                          // Named by the reader's Intl, which may word a country unlike the server's.
                          <option key={country.code} value={country.code} suppressHydrationWarning>
                            {country.name}
                          </option>
                        ))}
                      </select>
                    ) : (
                      <input
                        {...props}
                        {...bind(field)}
                        type={INPUT_TYPES[field] ?? "text"}
                        maxLength={SELLER_LIMITS[field]}
                        autoComplete={AUTOCOMPLETE[field] ?? "off"}
                        spellCheck={NOT_WORDS.has(field) ? false : undefined}
                      />
                    )
                  }
                </Field>
              ))}
          </div>
        </fieldset>
      ))}
      <SubmitBar label={TEXT.submit} busyLabel={TEXT.submitting} busy={save.isPending} />
    </PanelForm>
  );
}

/** The banner: what the law still asks of her form (the legal pages leave it out until then), or that all is there. */
function SellerStatus({ seller }: { seller: Seller }) {
  const saved = seller.savedAt
    ? fill(TEXT.savedAt, { date: formatDateTime(seller.savedAt) })
    : TEXT.neverSaved;
  if (seller.missing.length === 0) {
    return (
      <div className="admin-result admin-seller__status" role="status">
        <p>{TEXT.complete}</p>
        <p className="admin-muted">{saved}</p>
      </div>
    );
  }
  return (
    <div className="admin-alert admin-seller__status" role="status">
      <p className="notice__title">{TEXT.incompleteTitle}</p>
      <p>{TEXT.incompleteText}</p>
      <ul className="admin-seller__missing">
        {seller.missing.map((field) => (
          <li key={field}>{LABELS[field]}</li>
        ))}
      </ul>
      <p className="admin-muted">{saved}</p>
    </div>
  );
}
