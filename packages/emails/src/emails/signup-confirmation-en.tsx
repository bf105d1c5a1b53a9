/** The sign-up confirmation in English, for the preview server (the shop renders `SignupConfirmation`). */
import type { TemplateProps } from "../template-props";
import { SignupConfirmation } from "./signup-confirmation";

export default function SignupConfirmationEn(props: TemplateProps<"signup_confirmation">) {
  return <SignupConfirmation {...props} />;
}

SignupConfirmationEn.PreviewProps = {
  ...SignupConfirmation.PreviewProps,
  locale: "en",
} satisfies TemplateProps<"signup_confirmation">;
