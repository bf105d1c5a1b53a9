/**
 * `@souls/shop/announcements`: the owner's announcement of a series to her lists (issue 33,
 * decision 041) — the draft, the test to herself, the schedule, and the worker's side of sending.
 */
export {
  ANNOUNCEMENT_RATE_MAX,
  ANNOUNCEMENT_RATE_PERIODS,
  type AnnouncementCounts,
  type AnnouncementRatePer,
  AnnouncementRefusedError,
  type AnnouncementSettings,
  type AnnouncementView,
  announceableSeries,
  announcementPayload,
  announcementPreview,
  confirmedAudience,
  deleteAnnouncementDraft,
  draftAnnouncement,
  listAnnouncements,
  pauseAnnouncement,
  resumeAnnouncement,
  type SeriesFacts,
  saveAnnouncement,
  scheduleAnnouncement,
  sendAnnouncementTest,
  seriesFacts,
  showAnnouncement,
  unscheduleAnnouncement,
} from "./drafts";
export { dateToParisLocal, PARIS_LOCAL_PATTERN, parisLocalToDate } from "./paris-time";
export {
  ANNOUNCEMENT_BATCH,
  ANNOUNCEMENT_CLAIM_LEASE_MS,
  type AnnouncementClaim,
  announcementMessages,
  type ClaimedAnnouncementMessage,
  claimAnnouncementBatch,
  queueDueAnnouncements,
  sendInterval,
  settleAnnouncementMessage,
} from "./sending";
