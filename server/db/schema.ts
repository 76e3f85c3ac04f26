// The Drizzle schema (drizzle.config.ts points here). Tables live in tables/, one file per area.
export { users, sessions, notifications } from './tables/users.js';
export { needs, events, skills, challenges } from './tables/content.js';
export { whispers, whisperLikes, whisperComments, follows, challengeParticipants, friendRequests, messages } from './tables/social.js';
export { otps } from './tables/otps.js';
export { limitHits } from './tables/limits.js';
export { idempotencyKeys } from './tables/idempotency.js';
export { searchWords } from './tables/search.js';
export { trips } from './tables/trips.js';
export { blocks, reports, moderationActions } from './tables/safety.js';
export { eventAttendees, eventUpdates } from './tables/attendance.js';
export { notificationPreferences, jobs, pushSubscriptions, pushDeliveries } from './tables/notify.js';
