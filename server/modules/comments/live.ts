import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io';
import { users, whisperComments, whispers } from '../../db/schema.js';
import { hiddenAuthorsFor } from '../../lib/blocks.js';
import { seenBy } from '../../lib/visibility.js';
import { userRoom } from '../../plugins/realtime.js';
import { findWhisper } from '../whispers/service.js';
import { findComment, shownReplies, toCommentDto, type CommentDto } from './service.js';

// A socket.io room per whisper: the detail page's socket joins it ('whisper:watch') to hear of the
// whisper's new, edited and deleted comments, and leaves it ('whisper:unwatch') when the page closes.
// Only signed-in members have a socket (the handshake needs a token, plugins/realtime.ts): a visitor's
// page shows the comments as they were when it loaded, and reads them again on "Load more" or a reload.

export const whisperRoom = (whisperId: string) => `whisper:${whisperId}`;

/** A socket watches at most this many whispers at once: watching another leaves the one watched longest. */
export const WATCHED_PER_SOCKET = 10;

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type CommentEvent =
  | { event: 'comment:new' | 'comment:updated'; payload: { whisperId: string; comment: CommentDto } }
  | { event: 'comment:deleted'; payload: { whisperId: string; commentId: string; parentId: string | null } };

/**
 * Tells everyone watching the whisper, but the members blocked either way by any of `authors` (the
 * comment's author, a reply's parent's author, the whisper's author: none of them is seen by those
 * members) and the sockets of `alsoExcept` users. Call after the change has committed.
 *
 * A whisper moderators hid, or whose author is suspended, is its author's alone (lib/visibility.ts
 * `seenBy`), but the room was joined when it was shown: whoever joined then stays in it. So its
 * state is read here, at each event, and such a whisper's events go to its author's sockets only.
 */
export async function tellWhisperRoom(app: FastifyInstance, whisperId: string, authors: readonly string[], { event, payload }: CommentEvent, alsoExcept: readonly string[] = []) {
  const [whisper] = await app.db.select({ authorId: whispers.userId, hiddenAt: whispers.hiddenAt, authorStatus: users.status })
    .from(whispers).innerJoin(users, eq(users.id, whispers.userId)).where(eq(whispers.id, whisperId));
  if (!whisper) return; // deleted, its comments with it: no page shows it any more
  const hidden = new Set(alsoExcept);
  for (const author of new Set(authors)) for (const id of await hiddenAuthorsFor(app.db, author)) hidden.add(id);
  if (whisper.hiddenAt || whisper.authorStatus === 'suspended') {
    if (!hidden.has(whisper.authorId)) app.io.to(userRoom(whisper.authorId)).emit(event, payload);
    return;
  }
  const room = app.io.to(whisperRoom(whisperId));
  (hidden.size > 0 ? room.except([...hidden].map(userRoom)) : room).emit(event, payload);
}

type Ack = (answer: { ok: boolean }) => void;
const ackOf = (value: unknown): Ack => (typeof value === 'function' ? (value as Ack) : () => {});

/** Joins the whisper's room if the socket's member may see the whisper (as its detail page would). */
async function watch(app: FastifyInstance, socket: Socket, whisperId: unknown): Promise<boolean> {
  if (typeof whisperId !== 'string' || !uuid.test(whisperId)) return false;
  const row = await findWhisper(app.db, whisperId);
  if (!row || !(await seenBy(app.db, socket.data.userId as string, row))) return false;
  const watching = ((socket.data.watching as string[] | undefined) ?? []).filter((id) => id !== whisperId);
  watching.push(whisperId);
  for (const gone of watching.splice(0, Math.max(0, watching.length - WATCHED_PER_SOCKET))) await socket.leave(whisperRoom(gone));
  socket.data.watching = watching;
  await socket.join(whisperRoom(whisperId));
  return true;
}

/** The 'whisper:watch' and 'whisper:unwatch' handlers of every socket; each acks `{ ok }` when asked to. */
export function whisperRooms(app: FastifyInstance) {
  app.io.on('connection', (socket) => {
    socket.on('whisper:watch', (whisperId: unknown, ack: unknown) => {
      watch(app, socket, whisperId).then((ok) => ackOf(ack)({ ok }), (error: unknown) => {
        if (!app.noteDatabaseOutage(error, 'whisper watch')) app.log.error({ err: error }, 'whisper watch failed');
        ackOf(ack)({ ok: false });
      });
    });
    socket.on('whisper:unwatch', (whisperId: unknown, ack: unknown) => {
      if (typeof whisperId === 'string' && uuid.test(whisperId)) {
        socket.data.watching = ((socket.data.watching as string[] | undefined) ?? []).filter((id) => id !== whisperId);
        void socket.leave(whisperRoom(whisperId));
      }
      ackOf(ack)({ ok: true });
    });
  });
}

/**
 * Moderators hid a comment: it leaves the pages of everyone watching its whisper but its author's
 * (who sees it, told that it is hidden, at their next read).
 */
export async function tellCommentHidden(app: FastifyInstance, commentId: string) {
  const [row] = await app.db.select({ whisperId: whisperComments.whisperId, parentId: whisperComments.parentId, authorId: whisperComments.userId })
    .from(whisperComments).where(eq(whisperComments.id, commentId));
  if (!row) return;
  await tellWhisperRoom(app, row.whisperId, [], { event: 'comment:deleted', payload: { whisperId: row.whisperId, commentId, parentId: row.parentId } }, [row.authorId]);
}

/**
 * Moderators restored a comment: it comes back to the pages of everyone watching its whisper who may
 * see it, as the `comment:new` events those pages already take; a top-level one with the replies
 * shown under it (they left with it), oldest first. Not to its author's (it never left theirs). It
 * lands where a new one does (the end of the list, or of its thread) until the next read puts it in
 * its place. Nothing when it is hidden again, its author suspended, or its parent not shown.
 */
export async function tellCommentRestored(app: FastifyInstance, commentId: string) {
  const found = await findComment(app.db, commentId);
  if (!found || found.hiddenAt || found.authorStatus === 'suspended') return;
  if (found.parentId && (found.parentHiddenAt || found.parentAuthorStatus === 'suspended')) return;
  const { whisperId, whisperAuthorId, authorId } = found;
  const aboveIt = found.parentAuthorId ? [found.parentAuthorId] : [];
  await tellWhisperRoom(app, whisperId, [authorId, whisperAuthorId, ...aboveIt], { event: 'comment:new', payload: { whisperId, comment: toCommentDto(found) } }, [authorId]);
  if (found.parentId) return;
  // Their parent's author kept them on their page too.
  for (const reply of await shownReplies(app.db, commentId)) {
    await tellWhisperRoom(app, whisperId, [reply.user._id, authorId, whisperAuthorId], { event: 'comment:new', payload: { whisperId, comment: reply } }, [authorId]);
  }
}
