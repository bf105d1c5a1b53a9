import { copy } from "@souls/core/admin-copy";
import { LANGUAGE_NAMES_FR } from "@souls/core/catalogue-rules";
import type { Locale } from "@souls/core/locales";
import {
  ADDRESS_SEGMENT_LIMITS,
  isAddressSegment,
  MODEL_ADDRESS_PREFIXES,
} from "@souls/core/model-addresses";
import { fill } from "@souls/core/placeholders";
import { type FormEvent, useRef, useState } from "react";
import { BusyButton } from "~/components/admin/busy-button";
import { FormField } from "~/components/admin/form-field";
import { errorMessage, fieldErrorsOf, notifyFailure, notifySuccess } from "~/components/admin/notify";
import { trpc } from "~/lib/trpc";
import type { ModelDetail } from "./types";

const TEXT = copy.editor;

/**
 * The last segment of the model's address in one language; the prefix is the shop's. The full
 * address shows as it is typed; earlier ones (each answering 301 to this one) are listed.
 */
export function AddressForm({
  detail,
  locale,
  siteUrl,
}: {
  detail: ModelDetail;
  locale: Locale;
  siteUrl: string;
}) {
  const [segment, setSegment] = useState(detail.texts[locale].segment);
  const [error, setError] = useState<string | undefined>();
  const inputRef = useRef<HTMLInputElement>(null);
  const prefix = MODEL_ADDRESS_PREFIXES[locale];
  const change = trpc.catalogue.changeAddress.useMutation({
    onSuccess: (answer) => {
      setError(undefined);
      notifySuccess(
        TEXT.addressSaved,
        answer.retired
          ? fill(TEXT.addressSavedText, { old: answer.retired })
          : fill(TEXT.addressSavedPlain, { path: answer.path }),
      );
    },
    onError: (failure) => {
      setError(fieldErrorsOf(failure)?.segment?.[0] ?? errorMessage(failure));
      notifyFailure(TEXT.saveFailed, failure);
      inputRef.current?.focus();
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = segment.trim();
    if (!isAddressSegment(typed)) {
      setError(copy.input.addressSegment);
      inputRef.current?.focus();
      return;
    }
    setError(undefined);
    if (typed === detail.texts[locale].segment && detail.texts[locale].path !== null) return;
    if (!change.isPending) change.mutate({ id: detail.model.id, locale, segment: typed });
  };
  const retired = detail.retiredAddresses.filter((address) => address.locale === locale);
  const language = LANGUAGE_NAMES_FR[locale];

  return (
    <form className="admin-form admin-address" noValidate onSubmit={submit}>
      <FormField
        id={`address-${locale}`}
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
              ref={inputRef}
              name="segment"
              value={segment}
              onChange={(event) => setSegment(event.target.value)}
              maxLength={ADDRESS_SEGMENT_LIMITS.max}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              inputMode="url"
            />
          </div>
        )}
      </FormField>
      <div>
        <BusyButton
          type="submit"
          className="button button--outline button--small"
          busy={change.isPending}
          busyLabel={TEXT.working}
        >
          {TEXT.saveAddress}
        </BusyButton>
      </div>
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
    </form>
  );
}
