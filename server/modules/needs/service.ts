import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { needs, users } from '../../db/schema.js';
import { forbidden, invalid, notFound } from '../../lib/http-error.js';
import { cursorOf, PAGE_DEFAULT, pageOf, pageResult } from '../../lib/pagination.js';
import type { NeedDto, NeedType } from './schemas.js';
import { checkKeptImages, MAX_IMAGES, TOO_MANY_IMAGES, type NeedInput } from './validation.js';
import { boardsChanged } from '../../lib/cached-reads.js';
import { shownWhere, type Moderation } from '../../lib/visibility.js';
import { authorSuspendedAtInsert } from '../../lib/suspension.js';

/** The 404 of every need route, with the `success` flag the board's answers carry. */
export const needNotFound = () => notFound('Need not found', { success: false });

// Explicit columns: the table's generated search columns (search_vector, search_terms) never leave
// the database, and the owner's private fields are never read at all.
const columns = {
  id: needs.id,
  type: needs.type,
  category: needs.category,
  serviceName: needs.serviceName,
  description: needs.description,
  phone: needs.phone,
  email: needs.email,
  address: needs.address,
  city: needs.city,
  state: needs.state,
  postalCode: needs.postalCode,
  latitude: needs.latitude,
  longitude: needs.longitude,
  images: needs.images,
  createdAt: needs.createdAt,
  userId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  // What a detail route needs to tell who may open it (lib/visibility.ts).
  authorId: users.id,
  authorStatus: users.status,
  hiddenAt: needs.hiddenAt,
  hiddenReason: needs.hiddenReason,
};

/** A need with its owner's name, as read (the columns above). */
type NeedRow = NonNullable<Awaited<ReturnType<typeof findNeed>>>;

/**
 * The answer's Need; `contactDetails` (what its poster typed) only `withContact`: for the poster's
 * own answers (the edit form). Everyone else asks modules/contact, one need at a time.
 */
export function toNeedDto(row: NeedRow, withContact: boolean, moderation?: Moderation): NeedDto {
  return {
    ...(moderation ? { moderation } : {}),
    _id: row.id,
    type: row.type,
    category: row.category,
    serviceName: row.serviceName,
    description: row.description,
    ...(withContact ? { contactDetails: { phone: row.phone, email: row.email } } : {}),
    location: {
      address: row.address,
      city: row.city,
      state: row.state,
      postalCode: row.postalCode,
      // Older rows may lack a position; half a position is no position.
      coordinates: row.latitude !== null && row.longitude !== null ? { latitude: row.latitude, longitude: row.longitude } : null,
    },
    images: row.images,
    user: { _id: row.userId, firstName: row.firstName, lastName: row.lastName },
    createdAt: row.createdAt.toISOString(),
  };
}

const selectNeeds = (db: Db) => db.select(columns).from(needs).innerJoin(users, eq(users.id, needs.userId));

/** One page of the board, newest first, optionally of one type; without hidden posts, suspended members' and `excluded` authors'. */
export async function listNeeds(db: Db, query: { type?: NeedType; limit?: number; cursor?: string }, excluded: readonly string[] = []) {
  const limit = query.limit ?? PAGE_DEFAULT;
  const page = pageOf(needs, query.cursor);
  const rows = await db.select({ ...columns, cursor: cursorOf(needs) }).from(needs).innerJoin(users, eq(users.id, needs.userId))
    .where(and(page.where, query.type ? eq(needs.type, query.type) : undefined, shownWhere(needs.hiddenAt, needs.userId, excluded)))
    .orderBy(...page.orderBy)
    .limit(limit + 1);
  return pageResult(rows, limit);
}

export async function findNeed(db: Db, id: string) {
  const [row] = await selectNeeds(db).where(eq(needs.id, id));
  return row;
}

export async function createNeed(db: Db, userId: string, input: NeedInput, images: string[]) {
  const [created] = await db.insert(needs).values({ ...input, images, userId, authorSuspended: authorSuspendedAtInsert(userId) }).returning({ id: needs.id });
  await boardsChanged(db, 'needs');
  const row = await findNeed(db, created.id);
  // The owner cannot vanish in between: deleting an account ends its sessions first.
  if (!row) throw needNotFound();
  return row;
}

/** The owner and images of a need, for the routes' 404/403 and the checks before any file is written. */
export async function needOwner(db: Db, id: string): Promise<{ userId: string; images: string[] } | undefined> {
  const [row] = await db.select({ userId: needs.userId, images: needs.images }).from(needs).where(eq(needs.id, id));
  return row;
}

/** 404 for a need that does not exist, 403 for someone else's. */
export function assertOwner(need: { userId: string } | undefined, userId: string): asserts need is { userId: string; images: string[] } {
  if (!need) throw needNotFound();
  if (need.userId !== userId) throw forbidden();
}

/**
 * Replaces a need's fields and images in one transaction holding its row: the kept images are
 * checked against the images it has at that moment (another edit may have come first), and the
 * new ones go after them. Resolves to the need as saved and the images it no longer has, for the
 * caller to delete once this has committed.
 */
export async function updateNeed(db: Db, id: string, userId: string, input: NeedInput, keepImages: string | undefined, added: string[]) {
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ userId: needs.userId, images: needs.images }).from(needs).where(eq(needs.id, id)).for('update');
    assertOwner(current, userId);
    const kept = checkKeptImages(keepImages, current.images);
    if (!kept.ok) throw invalid(kept);
    const images = [...kept.value, ...added];
    if (images.length > MAX_IMAGES) throw invalid({ message: TOO_MANY_IMAGES, field: 'images' });
    await tx.update(needs).set({ ...input, images }).where(eq(needs.id, id));
    await boardsChanged(tx, 'needs');
    const need = (await findNeed(tx, id))!; // the row is held: it is there
    return { need, dropped: current.images.filter((path) => !images.includes(path)) };
  });
}

/** Deletes the caller's need; resolves to the images it had, for the caller to delete. */
export async function deleteNeed(db: Db, id: string, userId: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ userId: needs.userId }).from(needs).where(eq(needs.id, id)).for('update');
    assertOwner(current, userId);
    const [deleted] = await tx.delete(needs).where(eq(needs.id, id)).returning({ images: needs.images });
    await boardsChanged(tx, 'needs');
    return deleted.images;
  });
}
