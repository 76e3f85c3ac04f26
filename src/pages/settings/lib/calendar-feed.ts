// The words of Settings → Calendar feed.
export const FEED_TEXTS = {
  hint: 'Subscribe to this private address in your calendar app (Google Calendar, Apple Calendar, Outlook) to see the events you are going to. Anyone with the address can read it: keep it to yourself, and revoke it if it gets out.',
  made: 'Your calendar feed is ready.',
  copied: 'Feed URL copied.',
  copyByHand: 'Select the address and copy it.',
  revoked: 'The old URL no longer works. Here is your new one.',
  turnedOff: 'Your calendar feed is off.',
  revokeText: 'Calendars subscribed with it stop updating. You get a new URL to subscribe with.',
  offText: 'Calendars subscribed with it stop updating. You can make a new one at any time.',
} as const;
