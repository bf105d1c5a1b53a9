/** A series' announcement in English, for the preview server (the shop renders `Announcement`). */
import { sampleAnnouncementEn } from "../samples";
import type { TemplateProps } from "../template-props";
import { Announcement } from "./announcement";

export default function AnnouncementEn(props: TemplateProps<"announcement">) {
  return <Announcement {...props} />;
}

AnnouncementEn.PreviewProps = {
  ...Announcement.PreviewProps,
  payload: sampleAnnouncementEn,
  locale: "en",
} satisfies TemplateProps<"announcement">;
