import { Type } from '@fastify/type-provider-typebox';
import { PageQuery } from '../../lib/pagination.js';
import { ModerationSchema } from '../../lib/schemas.js';

/** A comment's text, at most this many characters once trimmed (the table's check says the same). */
export const COMMENT_MAX = 1000;
/** Bytes a text may have on the wire: every character a four-byte one, with room for the spaces trimmed. */
const TEXT_WIRE_MAX = 8 * COMMENT_MAX;

export const CommentListQuery = Type.Object(PageQuery, { additionalProperties: false });

export const CommentBody = Type.Object({
  text: Type.Optional(Type.String({ maxLength: TEXT_WIRE_MAX })),
  /** A reply: the top-level comment of the same whisper it answers. */
  parentId: Type.Optional(Type.Union([Type.String({ format: 'uuid' }), Type.Null()])),
}, { additionalProperties: false });

export const CommentEditBody = Type.Object({
  text: Type.Optional(Type.String({ maxLength: TEXT_WIRE_MAX })),
}, { additionalProperties: false });

export const CommentAuthor = Type.Object({
  _id: Type.String(),
  username: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  profileImage: Type.String(),
});

const commentFields = {
  _id: Type.String(),
  whisperId: Type.String(),
  /** The top-level comment a reply answers; null for a top-level comment. */
  parentId: Type.Union([Type.String(), Type.Null()]),
  text: Type.String(),
  createdAt: Type.String(),
  /** When its author last edited it (null: never); `edited` says the same as a flag. */
  editedAt: Type.Union([Type.String(), Type.Null()]),
  edited: Type.Boolean(),
  user: CommentAuthor,
  /** Only to its author, when moderators hid it. */
  moderation: Type.Optional(ModerationSchema),
};

export const CommentSchema = Type.Object(commentFields);

/** A top-level comment with its newest replies (oldest of them first) and how many there are. */
export const ThreadSchema = Type.Object({
  ...commentFields,
  replies: Type.Array(CommentSchema),
  replyCount: Type.Integer(),
  /** For `GET /api/comments/{id}/replies?cursor=`: the replies older than those shown; null when none are left. */
  repliesCursor: Type.Union([Type.String(), Type.Null()]),
});

export const CommentListAnswer = Type.Object({
  success: Type.Boolean(),
  /** A page of top-level comments, oldest first within the page; the next page holds older ones. */
  comments: Type.Array(ThreadSchema),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
  /** Every comment and reply of the whisper the caller may see (the count its card shows). */
  commentCount: Type.Integer(),
});

export const RepliesAnswer = Type.Object({
  success: Type.Boolean(),
  /** A page of replies, oldest first within the page; the next page holds older ones. */
  replies: Type.Array(CommentSchema),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});

export const CommentSavedAnswer = Type.Object({ status: Type.Boolean(), message: Type.String(), comment: CommentSchema });
