/** The refusal of a review in English, for the preview server (the shop renders `ReviewRejected`). */
import type { TemplateProps } from "../template-props";
import { ReviewRejected } from "./review-rejected";

export default function ReviewRejectedEn(props: TemplateProps<"review_rejected">) {
  return <ReviewRejected {...props} />;
}

ReviewRejectedEn.PreviewProps = {
  ...ReviewRejected.PreviewProps,
  locale: "en",
} satisfies TemplateProps<"review_rejected">;
