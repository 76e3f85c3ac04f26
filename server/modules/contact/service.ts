import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { events, needs, skills, users } from '../../db/schema.js';
import type { ContactKind, PostContact } from './schemas.js';

export interface FoundContact {
  authorId: string;
  /** When a moderator hid the post (only its author may then read it). */
  hiddenAt: Date | null;
  contact: PostContact;
}

const active = eq(users.status, 'active');

/** One post's author and the contact typed into it; undefined when there is no such post (or its author's account is deactivated or suspended). */
export async function findContact(db: Db, kind: ContactKind, id: string): Promise<FoundContact | undefined> {
  switch (kind) {
    case 'need': {
      const [row] = await db.select({ authorId: needs.userId, hiddenAt: needs.hiddenAt, phone: needs.phone, email: needs.email })
        .from(needs).innerJoin(users, eq(users.id, needs.userId)).where(and(eq(needs.id, id), active));
      return row && { authorId: row.authorId, hiddenAt: row.hiddenAt, contact: { email: row.email, phone: row.phone } };
    }
    case 'skill': {
      const [row] = await db.select({ authorId: skills.userId, hiddenAt: skills.hiddenAt, contact: skills.contact, email: skills.email })
        .from(skills).innerJoin(users, eq(users.id, skills.userId)).where(and(eq(skills.id, id), active));
      return row && { authorId: row.authorId, hiddenAt: row.hiddenAt, contact: { email: row.email, phone: row.contact } };
    }
    case 'event': {
      // The event form asks for no contact, and the organiser's account e-mail and number are theirs alone.
      const [row] = await db.select({ authorId: events.createdBy, hiddenAt: events.hiddenAt })
        .from(events).innerJoin(users, eq(users.id, events.createdBy)).where(and(eq(events.id, id), active));
      return row && { authorId: row.authorId, hiddenAt: row.hiddenAt, contact: { email: '', phone: '' } };
    }
  }
}
