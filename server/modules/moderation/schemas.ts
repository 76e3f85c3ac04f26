import { Type } from '@fastify/type-provider-typebox';
import { ItemTypeSchema, ReasonSchema } from '../reports/schemas.js';

const closed = { additionalProperties: false } as const;
const HideableTypeSchema = Type.Union([Type.Literal('whisper'), Type.Literal('need'), Type.Literal('event'), Type.Literal('skill'), Type.Literal('message'), Type.Literal('comment')]);
/** Why, in the moderator's words: required to hide or suspend, optional otherwise. */
const reasonRequired = Type.String({ minLength: 1, maxLength: 500 });
const reasonOptional = Type.Optional(Type.String({ maxLength: 500 }));
const Status = Type.Union([Type.Literal('active'), Type.Literal('suspended'), Type.Literal('deactivated')]);

export const DismissBody = Type.Object({ itemType: ItemTypeSchema, itemId: Type.String({ format: 'uuid' }), reason: reasonOptional }, closed);
export const HideBody = Type.Object({ itemType: HideableTypeSchema, itemId: Type.String({ format: 'uuid' }), reason: reasonRequired }, closed);
export const RestoreBody = Type.Object({ itemType: HideableTypeSchema, itemId: Type.String({ format: 'uuid' }), reason: reasonOptional }, closed);
export const SuspendBody = Type.Object({
  userId: Type.String({ format: 'uuid' }),
  reason: reasonRequired,
  /** When the suspension ends by itself (lifted at the member's next login after it); none: until a moderator lifts it. */
  until: Type.Optional(Type.String({ format: 'date-time', maxLength: 40 })),
}, closed);
export const UnsuspendBody = Type.Object({ userId: Type.String({ format: 'uuid' }), reason: reasonOptional }, closed);

const Author = Type.Object({
  id: Type.String(), username: Type.String(), firstName: Type.String(), lastName: Type.String(), profileImage: Type.String(), status: Status,
});

/** An item with open reports: the item as members see it (null once it is gone), and the reports (never who made them). */
export const ReportedItem = Type.Object({
  itemType: ItemTypeSchema,
  itemId: Type.String(),
  item: Type.Union([Type.Object({
    title: Type.String(),
    text: Type.String(),
    images: Type.Array(Type.String()),
    author: Type.Union([Author, Type.Null()]),
    hidden: Type.Union([Type.Object({ reason: Type.String(), at: Type.String() }), Type.Null()]),
  }), Type.Null()]),
  reports: Type.Array(Type.Object({ id: Type.String(), reason: ReasonSchema, details: Type.String(), createdAt: Type.String() })),
  latestAt: Type.String(),
});

export const ReportsAnswer = Type.Object({ status: Type.Boolean(), items: Type.Array(ReportedItem) });

export const SuspensionsAnswer = Type.Object({
  status: Type.Boolean(),
  users: Type.Array(Type.Object({
    id: Type.String(),
    username: Type.String(),
    firstName: Type.String(),
    lastName: Type.String(),
    profileImage: Type.String(),
    reason: Type.String(),
    since: Type.String(),
    until: Type.Union([Type.String(), Type.Null()]),
  })),
});

export const HiddenAnswer = Type.Object({
  status: Type.Boolean(),
  items: Type.Array(Type.Object({ itemType: HideableTypeSchema, itemId: Type.String(), title: Type.String(), reason: Type.String(), at: Type.String() })),
});

export const LogAnswer = Type.Object({
  status: Type.Boolean(),
  actions: Type.Array(Type.Object({
    id: Type.String(),
    action: Type.Union([Type.Literal('dismiss'), Type.Literal('hide'), Type.Literal('restore'), Type.Literal('suspend'), Type.Literal('unsuspend')]),
    itemType: ItemTypeSchema,
    itemId: Type.String(),
    reason: Type.String(),
    createdAt: Type.String(),
    moderator: Type.Object({ id: Type.String(), username: Type.String() }),
  })),
});
