import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { events, messages, needs, skills, users, whisperComments, whispers } from '../../db/schema.js';
import type { ITEM_TYPES } from '../../db/tables/safety.js';

export type ItemType = (typeof ITEM_TYPES)[number];
/** What moderators can hide (a member is suspended instead). */
export type HideableType = Exclude<ItemType, 'user'>;

export interface ItemAuthor {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  profileImage: string;
  status: 'active' | 'suspended' | 'deactivated';
}

/** A reported, hidden or restored item, as moderators see it whatever its state, and what the rules need of it. */
export interface Item {
  title: string;
  text: string;
  images: string[];
  /** Whoever wrote it (for a member: the member). */
  author: ItemAuthor;
  hidden: { reason: string; at: string } | null;
  /** A message's receiver: the only other member who may see (and report) it. */
  receiverId?: string;
}

const authorColumns = {
  authorId: users.id,
  authorUsername: users.username,
  authorFirstName: users.firstName,
  authorLastName: users.lastName,
  authorProfileImage: users.profileImage,
  authorStatus: users.status,
};
type AuthorRow = { [K in keyof typeof authorColumns]: K extends 'authorStatus' ? ItemAuthor['status'] : string };
const authorOf = (row: AuthorRow): ItemAuthor => ({
  id: row.authorId, username: row.authorUsername, firstName: row.authorFirstName, lastName: row.authorLastName, profileImage: row.authorProfileImage, status: row.authorStatus,
});
const hiddenOf = (row: { hiddenAt: Date | null; hiddenReason: string | null }) =>
  (row.hiddenAt ? { reason: row.hiddenReason ?? '', at: row.hiddenAt.toISOString() } : null);

/** The item `type`/`id`, or undefined when it does not exist (any more). */
export async function findItem(db: Db, type: ItemType, id: string): Promise<Item | undefined> {
  switch (type) {
    case 'user': {
      const [row] = await db.select({ ...authorColumns, bio: users.bio }).from(users).where(eq(users.id, id));
      return row && { title: `${row.authorFirstName} ${row.authorLastName}`, text: row.bio, images: row.authorProfileImage ? [row.authorProfileImage] : [], author: authorOf(row), hidden: null };
    }
    case 'whisper': {
      const [row] = await db.select({ ...authorColumns, title: whispers.title, text: whispers.description, images: whispers.images, hiddenAt: whispers.hiddenAt, hiddenReason: whispers.hiddenReason })
        .from(whispers).innerJoin(users, eq(users.id, whispers.userId)).where(eq(whispers.id, id));
      return row && { title: row.title, text: row.text, images: row.images, author: authorOf(row), hidden: hiddenOf(row) };
    }
    case 'need': {
      const [row] = await db.select({ ...authorColumns, title: needs.serviceName, text: needs.description, images: needs.images, hiddenAt: needs.hiddenAt, hiddenReason: needs.hiddenReason })
        .from(needs).innerJoin(users, eq(users.id, needs.userId)).where(eq(needs.id, id));
      return row && { title: row.title, text: row.text, images: row.images, author: authorOf(row), hidden: hiddenOf(row) };
    }
    case 'event': {
      const [row] = await db.select({ ...authorColumns, title: events.title, text: events.description, thumbnail: events.thumbnail, hiddenAt: events.hiddenAt, hiddenReason: events.hiddenReason })
        .from(events).innerJoin(users, eq(users.id, events.createdBy)).where(eq(events.id, id));
      return row && { title: row.title, text: row.text, images: row.thumbnail ? [row.thumbnail] : [], author: authorOf(row), hidden: hiddenOf(row) };
    }
    case 'skill': {
      const [row] = await db.select({ ...authorColumns, title: skills.title, text: skills.description, images: skills.images, hiddenAt: skills.hiddenAt, hiddenReason: skills.hiddenReason })
        .from(skills).innerJoin(users, eq(users.id, skills.userId)).where(eq(skills.id, id));
      return row && { title: row.title, text: row.text, images: row.images, author: authorOf(row), hidden: hiddenOf(row) };
    }
    case 'message': {
      const [row] = await db.select({ ...authorColumns, text: messages.content, receiverId: messages.receiverId, hiddenAt: messages.hiddenAt, hiddenReason: messages.hiddenReason })
        .from(messages).innerJoin(users, eq(users.id, messages.senderId)).where(eq(messages.id, id));
      return row && { title: '', text: row.text, images: [], author: authorOf(row), hidden: hiddenOf(row), receiverId: row.receiverId };
    }
    case 'comment': {
      const [row] = await db.select({ ...authorColumns, text: whisperComments.text, hiddenAt: whisperComments.hiddenAt, hiddenReason: whisperComments.hiddenReason })
        .from(whisperComments).innerJoin(users, eq(users.id, whisperComments.userId)).where(eq(whisperComments.id, id));
      return row && { title: '', text: row.text, images: [], author: authorOf(row), hidden: hiddenOf(row) };
    }
  }
}
