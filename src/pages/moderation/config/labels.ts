import { REPORT_REASONS, type ModerationActionName, type ReportItemType, type ReportReason } from '@/shared/api';

export const ITEM_TYPE_LABELS: Record<ReportItemType, string> = {
  user: 'Member',
  whisper: 'Whisper',
  need: 'Need',
  event: 'Event',
  skill: 'Skill',
  message: 'Message',
  comment: 'Comment',
};

/** What an audit log entry says was done. */
export const ACTION_LABELS: Record<ModerationActionName, string> = {
  dismiss: 'dismissed the reports on',
  hide: 'hid',
  restore: 'restored',
  suspend: 'suspended',
  unsuspend: 'lifted the suspension of',
};

export const reasonLabel = (reason: ReportReason) => REPORT_REASONS.find((option) => option.value === reason)?.label ?? reason;

/** A known item type's label, else the type as the server wrote it. */
export const itemTypeLabel = (type: string) => ITEM_TYPE_LABELS[type as ReportItemType] ?? type;

export const MODERATION_TEXTS = {
  noReports: 'No open reports.',
  noSuspensions: 'No suspended accounts.',
  noHidden: 'No hidden content.',
  noLog: 'No moderation actions yet.',
  reasonRequired: 'Please give a reason.',
  untilInPast: 'The end date must be in the future.',
  failed: 'Could not do that. Please try again.',
} as const;
