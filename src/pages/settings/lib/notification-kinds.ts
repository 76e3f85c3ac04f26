/** Each kind of notification as Settings → Notifications names it (the server's kinds, in its order). */
export const KIND_LABELS: Record<string, string> = {
  message: 'New messages',
  'friend-request': 'Friend requests and their answers',
  follower: 'New followers',
  like: 'Likes on your whispers',
  comment: 'Comments on your whispers',
  reply: 'Replies to your comments',
  event: 'Event updates and reminders',
  badge: 'Challenge badges',
  moderation: 'Moderation decisions',
};

/** A kind the SPA does not know yet is shown by its own name rather than dropped. */
export const kindLabel = (kind: string) => KIND_LABELS[kind] ?? kind;

export const IN_APP_LABEL = 'In the app';
export const BY_EMAIL_LABEL = 'By e-mail';
/** Why the message kind's app switch cannot be turned off. */
export const MESSAGES_IN_APP_REASON = 'Messages always show in the app: your inbox is where you read and answer them.';
export const PREFERENCES_SAVED = 'Notification settings saved.';
