import { Type } from '@fastify/type-provider-typebox';
import { PageQuery } from '../../lib/pagination.js';
import { ModerationSchema } from '../../lib/schemas.js';

/** Longest message, in characters (the table checks it too). */
export const MESSAGE_MAX = 2000;

export const MessageUser = Type.Object({ _id: Type.String(), username: Type.String(), profileImage: Type.String() });

/** Spec §3's message, with its receiver (which conversation it belongs to) and when it was read. */
export const MessageSchema = Type.Object({
  _id: Type.String(),
  content: Type.String(),
  createdAt: Type.String(),
  sender: MessageUser,
  receiver: MessageUser,
  read: Type.Boolean(),
  /** Only to its sender, when moderators hid it (its receiver no longer gets it at all). */
  moderation: Type.Optional(ModerationSchema),
});

export const Correspondent = Type.Object({
  _id: Type.String(),
  username: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  profileImage: Type.String(),
});

/** An inbox row: a conversation's latest message, the other user, and how many of theirs are unread. */
export const InboxRow = Type.Intersect([MessageSchema, Type.Object({ with: Correspondent, unreadCount: Type.Integer() })]);

// Spec §7: GET /api/messages answers `messages`.
export const InboxAnswer = Type.Object({ success: Type.Boolean(), messages: Type.Array(InboxRow), unreadTotal: Type.Integer() });

export const ConversationParams = Type.Object({ userId: Type.String({ format: 'uuid' }) });
export const ConversationQuery = Type.Object(PageQuery, { additionalProperties: false });
export const ConversationAnswer = Type.Object({
  success: Type.Boolean(),
  with: Correspondent,
  /** Oldest first within the page; `nextCursor` pages back to older ones. */
  messages: Type.Array(MessageSchema),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
  /** Either blocked the other: the conversation stays readable, and sending is refused (modules/blocks). */
  blocked: Type.Boolean(),
});

export const SendBody = Type.Object({ content: Type.String({ maxLength: MESSAGE_MAX * 2 }) });
export const SentAnswer = Type.Object({ success: Type.Boolean(), message: MessageSchema });
export const ReadAnswer = Type.Object({ success: Type.Boolean(), updated: Type.Integer() });
