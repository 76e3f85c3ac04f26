// Guards and mappers shared by the transformResponse functions: answers are untrusted until checked (spec §7).
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const asString = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);

export const asNumber = (value: unknown, fallback = 0): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

/** The strings of a list (image paths, ids); anything else is left out, a non-list is []. */
export const asStrings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

/** The items of a list that read as items (`toItem` answers null for one that does not); the rest are left out. */
export const readItems = <T>(list: readonly unknown[], toItem: (value: unknown) => T | null): T[] =>
  list.map(toItem).filter((item): item is T => item !== null);

/** First array found at one of the given envelope paths ('data.notifications'), else [] (spec §7). */
export function pickList(body: unknown, paths: readonly string[]): unknown[] {
  if (Array.isArray(body)) return body;
  for (const path of paths) {
    let node: unknown = body;
    for (const key of path.split('.')) node = isRecord(node) ? node[key] : undefined;
    if (Array.isArray(node)) return node;
  }
  return [];
}

/** The user object of server/README.md; another user's profile omits e-mail and phone. */
export interface User {
  _id: string;
  firstName: string;
  lastName: string;
  username: string;
  email?: string;
  phone?: string;
  contactNumber?: string;
  profileImage: string;
  tokens: number;
  bio?: string;
  location?: string;
  gender?: string;
  createdAt?: string;
  /** Own profile only: whether travellers with overlapping trips may find this user (off when absent). */
  companionMatching?: boolean;
  /** Own profile only: 'moderator' opens /moderation (the server decides; it answers 404 to anyone else). */
  role?: UserRole;
  /** Someone else's profile, to a signed-in caller: the caller blocked them. */
  blocked?: boolean;
}

export type UserRole = 'member' | 'moderator';

const optionalKeys = ['email', 'phone', 'contactNumber', 'bio', 'location', 'gender', 'createdAt'] as const;

/** Normalises a wire user; null when the shape is not a user at all. */
export function toUser(value: unknown): User | null {
  if (!isRecord(value) || typeof value._id !== 'string') return null;
  const user: User = {
    _id: value._id,
    firstName: asString(value.firstName),
    lastName: asString(value.lastName),
    username: asString(value.username),
    profileImage: asString(value.profileImage),
    tokens: asNumber(value.tokens),
  };
  for (const key of optionalKeys) {
    if (typeof value[key] === 'string') user[key] = value[key];
  }
  if (typeof value.companionMatching === 'boolean') user.companionMatching = value.companionMatching;
  if (value.role === 'member' || value.role === 'moderator') user.role = value.role;
  if (typeof value.blocked === 'boolean') user.blocked = value.blocked;
  return user;
}

/** `{ status, message }` answers (spec §7 reads the status flag). */
export interface StatusResult {
  status: boolean;
  message: string;
}

export const toStatusResult = (body: unknown): StatusResult => ({
  status: isRecord(body) && body.status === true,
  message: isRecord(body) ? asString(body.message) : '',
});

/** `{ status, message, data: { message } }` answers (forgot-password, delete-user): data.message first (spec §7). */
export function toDataMessageResult(body: unknown): StatusResult {
  const result = toStatusResult(body);
  const data = isRecord(body) && isRecord(body.data) ? asString(body.data.message) : '';
  return { status: result.status, message: data || result.message };
}

/**
 * What moderators did to a record, as only its author is told (`moderation: { hidden: true, reason }`
 * on the record of a detail answer, or on a message the sender wrote); null for anyone else.
 */
export interface Moderation {
  hidden: boolean;
  reason: string;
}

export function toModeration(value: unknown): Moderation | null {
  if (!isRecord(value) || value.hidden !== true) return null;
  return { hidden: true, reason: asString(value.reason) };
}

/** `{ moderation }` to spread into a mapped record when its wire record carries one, else nothing. */
export function moderationOf(record: Record<string, unknown>): { moderation?: Moderation } {
  const moderation = toModeration(record.moderation);
  return moderation ? { moderation } : {};
}
