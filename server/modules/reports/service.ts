import type { Static } from '@fastify/type-provider-typebox';
import type { Limits } from '../../config.js';
import type { Db } from '../../db/client.js';
import { reports } from '../../db/schema.js';
import { blocksOf } from '../../lib/blocks.js';
import { failure, notFound } from '../../lib/http-error.js';
import { limitKeys } from '../../lib/limit-keys.js';
import { returnHits, takeHits } from '../../lib/quota.js';
import { findComment } from '../comments/service.js';
import { findItem } from '../moderation/items.js';
import type { ReportBody } from './schemas.js';

const HOUR_MS = 3_600_000;
const missing = () => notFound('Not found', { status: false });

/**
 * Whether the reporter may report the item: it exists and they can see it (404 otherwise), and it is
 * not theirs (400). A member is seen unless suspended, gone, or they blocked the reporter; a message
 * only by its sender and receiver (the receiver not once it is hidden); other content unless hidden,
 * its author suspended, or its author blocked the reporter (a comment also by these rules on its
 * whisper and, for a reply, its parent comment). The reporter's own block hides nothing
 * here: blocking and reporting go together, in either order.
 */
async function checkReportable(db: Db, reporterId: string, { itemType, itemId }: Static<typeof ReportBody>): Promise<void> {
  const item = await findItem(db, itemType, itemId);
  if (!item) throw missing();
  if (item.author.id === reporterId) throw failure(400, 'You cannot report yourself.');
  if (item.author.status !== 'active') throw missing();
  if (itemType === 'message') {
    if (item.hidden || item.receiverId !== reporterId) throw missing();
    return;
  }
  if (itemType !== 'user' && item.hidden) throw missing();
  const { blockedBy } = await blocksOf(db, reporterId);
  if (blockedBy.includes(item.author.id)) throw missing();
  if (itemType === 'comment' && !(await commentPlaceSeen(db, itemId, blockedBy))) throw missing();
}

/**
 * A comment is seen where it stands: on a whisper the reporter can see (not hidden, its author
 * active and not one who blocked them), and a reply under a comment they can see by the same rules.
 */
async function commentPlaceSeen(db: Db, commentId: string, blockedBy: readonly string[]): Promise<boolean> {
  const found = await findComment(db, commentId);
  if (!found) return false;
  const standing = [{ authorId: found.whisperAuthorId, status: found.whisperAuthorStatus, hiddenAt: found.whisperHiddenAt }];
  if (found.parentAuthorId) standing.push({ authorId: found.parentAuthorId, status: found.parentAuthorStatus!, hiddenAt: found.parentHiddenAt });
  return standing.every((above) => !above.hiddenAt && above.status === 'active' && !blockedBy.includes(above.authorId));
}

/**
 * Files a report: checked, counted against the reporter's hourly allowance, and stored once (the
 * partial unique index keeps one open report per reporter and item; two at once make one, the
 * other answers 409). Nothing tells the reported member.
 */
export async function fileReport(db: Db, limits: Limits, reporterId: string, body: Static<typeof ReportBody>): Promise<void> {
  await checkReportable(db, reporterId, body);
  const hits = await takeHits(db, [{ key: limitKeys.reportsByUser(reporterId), max: limits.reportsPerHour, windowMs: HOUR_MS }],
    () => failure(429, 'Too many reports. Please try again later.'));
  const made = await db.insert(reports).values({
    reporterId, itemType: body.itemType, itemId: body.itemId, reason: body.reason, details: body.details?.trim() ?? '',
  }).onConflictDoNothing().returning({ id: reports.id });
  if (made.length === 0) {
    await returnHits(db, hits); // a report already open is not a new one
    throw failure(409, 'You have already reported this. Our moderators will look at it.');
  }
}
