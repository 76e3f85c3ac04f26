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
export const PUSH_LABEL = 'Push';
export const PUSH_DEVICE_LABEL = 'Push notifications on this device';
/** What the device switch says beside it, by where push stands in this browser. */
export const PUSH_DEVICE_TEXT = {
  checking: 'Checking whether this browser can show notifications…',
  unsupported: 'This browser cannot show push notifications. Try the installed app, or another browser.',
  'no-service-worker': 'Push needs Need Spot\'s service worker, which is not running here. Open the app from its address (not a preview or development copy) and try again.',
  denied: 'Notifications are blocked for Need Spot in this browser. Allow them in the browser\'s site settings, then turn this on.',
  off: 'Turn on to get the kinds you choose under "Push" on this device, even with Need Spot closed. Your browser will ask for permission.',
  on: 'This device gets the kinds you choose under "Push". Signing out stops them here.',
} as const;
export const PUSH_ON_DONE = 'Push notifications are on for this device.';
export const PUSH_OFF_DONE = 'Push notifications are off for this device.';
export const PUSH_SAVE_FAILED = 'Could not change push notifications on this device. Please try again.';
/** Why the message kind's app switch cannot be turned off. */
export const MESSAGES_IN_APP_REASON = 'Messages always show in the app: your inbox is where you read and answer them.';
export const PREFERENCES_SAVED = 'Notification settings saved.';
