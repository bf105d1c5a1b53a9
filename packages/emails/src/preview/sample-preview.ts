import type { Locale } from "@souls/core/locales";
import type { ReactElement } from "react";
import { emailElement } from "../index";
import type { EmailMessage, EmailType } from "../messages";
import { sampleContext, samplePayload } from "../samples";
import type { TemplateProps } from "../template-props";

/** A preview server's template: a type's template as the shop renders it, with its props. */
export interface SamplePreview<T extends EmailType> {
  (props: TemplateProps<T>): ReactElement;
  PreviewProps: TemplateProps<T>;
}

/**
 * The preview of a type's template in a language: the shop's own template (the one `renderEmail`
 * sends) with the type's sample in that language as its `PreviewProps`, which the preview server
 * lets you edit.
 */
export function samplePreview<T extends EmailType>(type: T, locale: Locale): SamplePreview<T> {
  const preview = ({ payload, locale, context }: TemplateProps<T>) =>
    emailElement({ type, locale, payload } as EmailMessage, context);
  return Object.assign(preview, {
    PreviewProps: { payload: samplePayload(type, locale), locale, context: sampleContext },
  });
}
