import { Type } from '@fastify/type-provider-typebox';
import { PageQuery } from '../../lib/pagination.js';
import { ModerationSchema } from '../../lib/schemas.js';

/** Each text field of the whisper form at most this many bytes: the story fits even in four-byte characters. */
export const FORM_FIELD_MAX = 24 * 1024;

export const WhisperListQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 200 })),
  ...PageQuery,
}, { additionalProperties: false });

/** The whisper form's text fields (multipart/form-data), as the body the route schema checks. */
const field = Type.Optional(Type.String({ maxLength: FORM_FIELD_MAX }));
export const WhisperForm = Type.Object({
  title: field,
  location: field,
  category: field,
  description: field,
  // On edit: a JSON array of the whisper's current image paths that stay.
  keepImages: field,
}, { additionalProperties: false });

export const WhisperAuthor = Type.Object({
  _id: Type.String(),
  username: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  profileImage: Type.String(),
});

/** The Whisper of spec §3; `likes` are the ids of the users who like it. */
export const WhisperSchema = Type.Object({
  _id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  location: Type.String(),
  category: Type.String(),
  images: Type.Array(Type.String()),
  likes: Type.Array(Type.String()),
  likesCount: Type.Integer(),
  /** Its comments and replies the caller may see (modules/comments: blocks either way leave some out). */
  commentCount: Type.Integer(),
  createdAt: Type.String(),
  user: WhisperAuthor,
  /** Only to its author (its detail, their own profile's posts) when moderators hid it. */
  moderation: Type.Optional(ModerationSchema),
});

export const WhisperListAnswer = Type.Object({
  success: Type.Boolean(),
  whispers: Type.Array(WhisperSchema),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});

export const WhisperAnswer = Type.Object({ success: Type.Boolean(), whisper: WhisperSchema });

export const WhisperSavedAnswer = Type.Object({ status: Type.Boolean(), message: Type.String(), whisper: WhisperSchema });

export const LikeAnswer = Type.Object({
  success: Type.Boolean(),
  liked: Type.Boolean(),
  likes: Type.Array(Type.String()),
  likesCount: Type.Integer(),
});


export const FollowAnswer = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  following: Type.Boolean(),
  followersCount: Type.Integer(),
});

export const Follower = Type.Object({
  _id: Type.String(),
  username: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  profileImage: Type.String(),
});

export const PublicProfileAnswer = Type.Object({
  success: Type.Boolean(),
  profile: Type.Object({
    _id: Type.String(),
    firstName: Type.String(),
    lastName: Type.String(),
    username: Type.String(),
    profileImage: Type.String(),
    followersCount: Type.Integer(),
    followingCount: Type.Integer(),
    postsCount: Type.Integer(),
    /** The newest followers, at most PROFILE_FOLLOWERS of them. */
    followers: Type.Array(Follower),
    /** Whether the caller follows this user (false for visitors and on one's own profile). */
    isFollowing: Type.Boolean(),
    /** A signed-in caller on someone else's profile: whether the caller blocked them. */
    blocked: Type.Optional(Type.Boolean()),
    /** Where the caller and this user stand as friends ('none' for visitors and on one's own profile). */
    friendStatus: Type.Union([Type.Literal('none'), Type.Literal('pending-sent'), Type.Literal('pending-received'), Type.Literal('friends')]),
  }),
  /** The newest posts, at most PROFILE_POSTS of them. */
  posts: Type.Array(WhisperSchema),
});
