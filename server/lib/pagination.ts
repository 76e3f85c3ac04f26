import { Type } from '@fastify/type-provider-typebox';
import { desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { badRequest } from './http-error.js';

/** Lists answer pages of this many rows unless `limit` asks for fewer or more (at most PAGE_MAX). */
export const PAGE_DEFAULT = 50;
export const PAGE_MAX = 100;

/** `?limit=&cursor=` of every list route; both optional. */
export const PageQuery = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_MAX })),
  cursor: Type.Optional(Type.String({ maxLength: 200 })),
};

interface Ordered {
  createdAt: AnyColumn;
  id: AnyColumn;
}

/**
 * Lists run newest first: created_at, then id, both descending. A cursor names the last row of the
 * page before by both, opaque to clients (base64url). The time is written by Postgres in ISO form
 * in UTC with microseconds (whatever the server's DateStyle), so the microseconds JavaScript dates
 * drop are kept and no row is skipped between pages.
 * Select `cursor: cursorOf(table)` with the row; `pageResult` turns the extra row into `nextCursor`.
 */
export const cursorOf = (table: Ordered) =>
  sql<string>`to_char(${table.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '|' || ${table.id}::text`.as('cursor');

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isoTime = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)\.\d{6}Z$/;

/** A time of our own cursors: the shape, and a real instant (no 30 February, no hour 25, no year 0). */
function isCursorTime(time: string): boolean {
  const parts = isoTime.exec(time);
  if (!parts) return false;
  const [year, month, day, hour, minute, second] = parts.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
    && date.getUTCHours() === hour && date.getUTCMinutes() === minute && date.getUTCSeconds() === second;
}

/**
 * WHERE and ORDER BY of the page after `cursor` (none: the first page). A cursor that is not one of
 * ours answers 400 'Invalid cursor'.
 */
export function pageOf(table: Ordered, cursor: string | undefined): { where: SQL | undefined; orderBy: SQL[] } {
  const orderBy = [desc(table.createdAt), desc(table.id)];
  if (cursor === undefined) return { where: undefined, orderBy };
  const [time, id, extra] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (extra !== undefined || !id || !uuid.test(id) || !time || !isCursorTime(time)) throw badRequest('Invalid cursor');
  return { where: sql`(${table.createdAt}, ${table.id}) < (${time}::timestamptz, ${id}::uuid)`, orderBy };
}

/** Rows fetched with `.limit(limit + 1)`: the page, and the cursor of the next one (null at the end). */
export function pageResult<T extends { cursor: string }>(rows: T[], limit: number): { page: Omit<T, 'cursor'>[]; nextCursor: string | null } {
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  const nextCursor = more ? Buffer.from(page[page.length - 1].cursor).toString('base64url') : null;
  return { page: page.map(({ cursor: _cursor, ...row }) => row), nextCursor };
}
