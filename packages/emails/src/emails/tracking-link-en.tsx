/** The tracking link in English, for the preview server (the shop renders `TrackingLink`). */
import type { TemplateProps } from "../template-props";
import { TrackingLink } from "./tracking-link";

export default function TrackingLinkEn(props: TemplateProps<"tracking_link">) {
  return <TrackingLink {...props} />;
}

TrackingLinkEn.PreviewProps = {
  ...TrackingLink.PreviewProps,
  locale: "en",
} satisfies TemplateProps<"tracking_link">;
