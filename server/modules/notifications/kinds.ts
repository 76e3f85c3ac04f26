/**
 * What a notification is about. Members choose the channels of each kind in Settings →
 * Notifications (notification_preferences); without a choice, the kind's default applies.
 * 'general' (the welcome) is not a choice: in the app only.
 */
export const NOTIFICATION_KINDS = [
  'message', 'friend-request', 'follower', 'like', 'comment', 'reply', 'event', 'badge', 'moderation',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number] | 'general';

/** In the app (the bell), by e-mail (the digest), by push (the member's devices, modules/push). */
export interface Channels { inApp: boolean; email: boolean; push: boolean }

/**
 * Messages and friend requests by e-mail; likes and follows in the app only. By push what a
 * traveller wants to hear of at once, on a phone in their pocket: messages, friend requests and
 * events (a change of plan, tomorrow's reminder); not likes, follows or comments, which would make
 * the phone buzz all day.
 */
export const DEFAULT_CHANNELS: Record<NotificationKind, Channels> = {
  message: { inApp: true, email: true, push: true },
  'friend-request': { inApp: true, email: true, push: true },
  follower: { inApp: true, email: false, push: false },
  like: { inApp: true, email: false, push: false },
  comment: { inApp: true, email: false, push: false },
  reply: { inApp: true, email: false, push: false },
  event: { inApp: true, email: true, push: true },
  badge: { inApp: true, email: false, push: false },
  moderation: { inApp: true, email: true, push: false },
  general: { inApp: true, email: false, push: false },
};

/** Each choosable kind as e-mails name it ("Stop e-mails about …"). */
export const KIND_EMAIL_LABELS: Record<(typeof NOTIFICATION_KINDS)[number], string> = {
  message: 'new messages',
  'friend-request': 'friend requests and their answers',
  follower: 'new followers',
  like: 'likes',
  comment: 'comments on your whispers',
  reply: 'replies to your comments',
  event: 'event updates and reminders',
  badge: 'challenge badges',
  moderation: 'moderation decisions',
};
