import { copy } from "@souls/api/admin-words";
import { LANGUAGE_NAMES_FR } from "@souls/core/catalogue-rules";
import type { Locale } from "@souls/core/locales";
import { ADDRESS_SEGMENT_LIMITS, MODEL_ADDRESS_PREFIXES } from "@souls/core/model-addresses";
import { fill } from "@souls/core/placeholders";
import { Field } from "~/components/admin/forms";
import { inputId } from "./model-draft";
import type { ModelDetail } from "./types";

const TEXT = copy.editor;

/**
 * The last segment of the model's address in one language; the prefix is the shop's. The full
 * address shows as it is typed; earlier ones (each answering 301 to this one) are listed. Saved
 * with the model.
 */
export function AddressField({
  detail,
  locale,
  siteUrl,
  segment,
  onChange,
  error,
}: {
  detail: ModelDetail;
  locale: Locale;
  siteUrl: string;
  segment: string;
  onChange: (segment: string) => void;
  error?: string;
}) {
  const prefix = MODEL_ADDRESS_PREFIXES[locale];
  const retired = detail.retiredAddresses.filter((address) => address.locale === locale);
  const language = LANGUAGE_NAMES_FR[locale];

  return (
    <div className="admin-address">
      <Field
        id={inputId(`texts.${locale}.segment`)}
        label={fill(TEXT.addressLabel, { language })}
        hint={`${TEXT.addressHint} ${fill(TEXT.fullAddress, { url: `${siteUrl}${prefix}${segment.trim()}` })}`}
        error={error}
      >
        {(props) => (
          <div className="admin-address__input">
            <span className="admin-address__prefix" aria-hidden="true">
              {prefix}
            </span>
            <input
              {...props}
              name={`texts.${locale}.segment`}
              value={segment}
              onChange={(event) => onChange(event.target.value)}
              maxLength={ADDRESS_SEGMENT_LIMITS.max}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              inputMode="url"
            />
          </div>
        )}
      </Field>
      {retired.length > 0 ? (
        <div>
          <p className="admin-editor__label">{TEXT.retired}</p>
          <ul className="admin-plain-list admin-mono">
            {retired.map((address) => (
              <li key={address.path}>{address.path}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
