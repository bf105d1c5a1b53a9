/** The review invitation in English, for the preview server (the shop renders `ReviewInvitation`). */
import type { TemplateProps } from "../template-props";
import { ReviewInvitation } from "./review-invitation";

export default function ReviewInvitationEn(props: TemplateProps<"review_invitation">) {
  return <ReviewInvitation {...props} />;
}

ReviewInvitationEn.PreviewProps = {
  ...ReviewInvitation.PreviewProps,
  locale: "en",
} satisfies TemplateProps<"review_invitation">;
