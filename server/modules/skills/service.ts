import type { Static } from '@fastify/type-provider-typebox';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Geocoder } from '../geo/geocoder.js';
import { skills, users } from '../../db/schema.js';
import type { Owned } from '../../lib/owned.js';
import { cursorOf, pageOf, pageResult } from '../../lib/pagination.js';
import type { SkillSchema } from './schemas.js';
import { MAX_IMAGES, MAX_PORTFOLIO_IMAGES, type SkillFields } from './validation.js';
import { fail } from '../../lib/checked.js';
import { invalid } from '../../lib/http-error.js';
import { containsAny } from '../../lib/text.js';
import { boardsChanged } from '../../lib/cached-reads.js';
import { shownWhere, type Moderated, type Moderation } from '../../lib/visibility.js';
import { forget } from '../../db/cache.js';
import { authorSuspendedAtInsert } from '../../lib/suspension.js';

export type SkillDto = Static<typeof SkillSchema>;

export const skillUrl = (id: string) => `/skills/${id}`;

// Named columns only: the table also has the generated search columns, which no answer needs.
const skillColumns = {
  id: skills.id,
  title: skills.title,
  description: skills.description,
  category: skills.category,
  customCategory: skills.customCategory,
  contact: skills.contact,
  email: skills.email,
  address: skills.address,
  images: skills.images,
  portfolioImages: skills.portfolioImages,
  createdAt: skills.createdAt,
  ownerId: users.id,
  ownerFirstName: users.firstName,
  ownerLastName: users.lastName,
};

/** A skill with its owner, as read (the columns above). */
type SkillRow = Omit<NonNullable<Awaited<ReturnType<typeof findSkill>>>, keyof Moderated>;

/**
 * The Skill of server/README.md. `url` is made from the id and `thumbnail` is the first image,
 * whatever the stored columns hold. The skill's contact and e-mail (what its owner typed) only
 * `withContact`: for the owner's own answers (the edit form); everyone else asks modules/contact,
 * one skill at a time. The owner's account e-mail and number are never here.
 */
export function toSkillDto(row: SkillRow, withContact: boolean, moderation?: Moderation): SkillDto {
  const user: SkillDto['user'] = { _id: row.ownerId, firstName: row.ownerFirstName, lastName: row.ownerLastName };
  return {
    ...(moderation ? { moderation } : {}),
    _id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    customCategory: row.customCategory,
    ...(withContact ? { contact: row.contact, email: row.email } : {}),
    address: row.address,
    images: row.images,
    portfolioImages: row.portfolioImages,
    thumbnail: row.images[0] ?? '',
    url: skillUrl(row.id),
    user,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A page of skills, newest first; `q` matches the categories, title, description or address,
 * case-insensitively. Without hidden posts, suspended members' and `excluded` authors'.
 */
export async function listSkills(db: Db, { q, limit, cursor }: { q?: string; limit: number; cursor?: string }, excluded: readonly string[] = []) {
  const page = pageOf(skills, cursor);
  const rows = await db.select({ ...skillColumns, cursor: cursorOf(skills) })
    .from(skills).innerJoin(users, eq(users.id, skills.userId))
    .where(and(page.where, containsAny(q, [skills.category, skills.customCategory, skills.title, skills.description, skills.address]),
      shownWhere(skills.hiddenAt, skills.userId, excluded)))
    .orderBy(...page.orderBy)
    .limit(limit + 1);
  return pageResult(rows, limit);
}

export async function findSkill(db: Db, id: string) {
  const [row] = await db.select({
    ...skillColumns, authorId: users.id, authorStatus: users.status, hiddenAt: skills.hiddenAt, hiddenReason: skills.hiddenReason,
  }).from(skills).innerJoin(users, eq(users.id, skills.userId)).where(eq(skills.id, id));
  return row;
}

/** Who owns a skill and its files (for the owner-only calls). */
export async function findOwnership(db: Db, id: string) {
  const [row] = await db.select({
    userId: skills.userId, images: skills.images, portfolioImages: skills.portfolioImages, address: skills.address, latitude: skills.latitude,
  }).from(skills).where(eq(skills.id, id));
  return row;
}

/** The owner as a Skill shows them. */
export async function findOwner(db: Db, userId: string) {
  const [row] = await db.select({
    ownerId: users.id, ownerFirstName: users.firstName, ownerLastName: users.lastName,
  }).from(users).where(and(eq(users.id, userId), eq(users.status, 'active')));
  return row;
}

/** Stores a new skill (its url and thumbnail too, for readers of the table); resolves to when it was made. */
export async function insertSkill(db: Db, id: string, userId: string, fields: SkillFields, images: string[], portfolioImages: string[]): Promise<Date> {
  const [row] = await db.insert(skills).values({
    id, userId, ...fields, images, portfolioImages, thumbnail: images[0] ?? '', url: skillUrl(id), authorSuspended: authorSuspendedAtInsert(userId),
  }).returning({ createdAt: skills.createdAt });
  await boardsChanged(db, 'skills');
  return row.createdAt;
}

/**
 * Saves an edit: the fields, and the images (kept ones first, then the new ones). Each keep list is
 * the one the form named, or 'all' when it named none: then every image the row has now stays, one
 * that another edit added meanwhile too (a list read before the lock would drop it, though both
 * edits answered 200). Resolves to the files no longer named by the row (the caller deletes them
 * after the commit). The row is locked, so two concurrent edits each see what the other left; a kept
 * image that the other edit dropped meanwhile answers 'changed' (its file may be gone already), and
 * kept plus new images over a limit a 400.
 */
export function updateSkill(
  db: Db,
  id: string,
  userId: string,
  fields: SkillFields,
  kept: { images: string[] | 'all'; portfolioImages: string[] | 'all' },
  added: { images: string[]; portfolioImages: string[] },
): Promise<Owned<{ dropped: string[] }>> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ userId: skills.userId, images: skills.images, portfolioImages: skills.portfolioImages })
      .from(skills).where(eq(skills.id, id)).for('update');
    if (!row) return { outcome: 'missing' };
    if (row.userId !== userId) return { outcome: 'forbidden' };
    const stay = {
      images: kept.images === 'all' ? row.images : kept.images,
      portfolioImages: kept.portfolioImages === 'all' ? row.portfolioImages : kept.portfolioImages,
    };
    if (stay.images.some((path) => !row.images.includes(path)) || stay.portfolioImages.some((path) => !row.portfolioImages.includes(path))) {
      return { outcome: 'changed' };
    }
    const images = [...stay.images, ...added.images];
    const portfolioImages = [...stay.portfolioImages, ...added.portfolioImages];
    if (images.length > MAX_IMAGES) throw invalid(fail(`Maximum ${MAX_IMAGES} images allowed.`, 'images'));
    if (portfolioImages.length > MAX_PORTFOLIO_IMAGES) throw invalid(fail(`Maximum ${MAX_PORTFOLIO_IMAGES} portfolio images allowed.`, 'portfolioImages'));
    await tx.update(skills).set({ ...fields, images, portfolioImages, thumbnail: images[0] ?? '', url: skillUrl(id) }).where(eq(skills.id, id));
    await boardsChanged(tx, 'skills');
    const remaining = new Set([...images, ...portfolioImages]);
    return { outcome: 'done', value: { dropped: [...row.images, ...row.portfolioImages].filter((path) => !remaining.has(path)) } };
  });
}

/** Deletes the caller's skill; resolves to its files (the caller deletes them). */
export function deleteSkill(db: Db, id: string, userId: string): Promise<Owned<{ files: string[] }>> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ userId: skills.userId }).from(skills).where(eq(skills.id, id)).for('update');
    if (!row) return { outcome: 'missing' };
    if (row.userId !== userId) return { outcome: 'forbidden' };
    const [gone] = await tx.delete(skills).where(eq(skills.id, id)).returning({ images: skills.images, portfolioImages: skills.portfolioImages });
    await boardsChanged(tx, 'skills');
    return { outcome: 'done', value: { files: [...gone.images, ...gone.portfolioImages] } };
  });
}

/**
 * Puts a skill on the map: its address looked up (Nominatim, through the app's paced client), the
 * first place's coordinates stored, or none when nothing is found. Only while the address is still
 * the one looked up: an edit meanwhile places the skill again.
 */
export async function placeSkill(db: Db, geocoder: Pick<Geocoder, 'search'>, id: string, address: string): Promise<void> {
  const [place] = await geocoder.search(address.trim().replace(/\s+/g, ' '), 'en');
  await db.update(skills)
    .set({ latitude: place?.lat ?? null, longitude: place?.lon ?? null })
    .where(and(eq(skills.id, id), eq(skills.address, address)));
  // Only the list's pages show where a skill is (the search's cards do not).
  await forget(db, 'skills-list');
}
