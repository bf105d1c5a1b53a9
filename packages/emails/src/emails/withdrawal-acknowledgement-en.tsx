/** The withdrawal acknowledgement in English, for the preview server (the shop renders `WithdrawalAcknowledgement`). */
import type { TemplateProps } from "../template-props";
import { WithdrawalAcknowledgement } from "./withdrawal-acknowledgement";

export default function WithdrawalAcknowledgementEn(props: TemplateProps<"withdrawal_acknowledgement">) {
  return <WithdrawalAcknowledgement {...props} />;
}

WithdrawalAcknowledgementEn.PreviewProps = {
  ...WithdrawalAcknowledgement.PreviewProps,
  locale: "en",
} satisfies TemplateProps<"withdrawal_acknowledgement">;
