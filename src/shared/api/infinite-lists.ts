import type { InfiniteData } from '@reduxjs/toolkit/query';
import type { TagType } from './base-api';
import { isRecord, readItems } from './endpoints/wire';
import { providesList } from './tags';

/**
 * One page of a board's list as the endpoints hand it on (their transformResponse reads the server's
 * `{ data | events | skills, nextCursor }`); `nextCursor` is null on the last page.
 */
export interface CursorPage<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * A page as the server sends it, `{ [key]: [...], nextCursor }`: the items that read as items, and
 * null for the cursor on the last page; any other shape is an empty last page (spec §7).
 */
export function toCursorPage<T>(body: unknown, key: string, toItem: (value: unknown) => T | null): CursorPage<T> {
  const list = isRecord(body) && Array.isArray(body[key]) ? (body[key] as unknown[]) : [];
  return {
    items: readItems(list, toItem),
    nextCursor: isRecord(body) && typeof body.nextCursor === 'string' && body.nextCursor !== '' ? body.nextCursor : null,
  };
}

/** The page parameter: the cursor of the page to fetch, null for the first one. */
export type Cursor = string | null;

export type CursorPages<T> = InfiniteData<CursorPage<T>, Cursor>;

/**
 * `infiniteQueryOptions` of every cursor-paged list (`build.infiniteQuery<CursorPage<T>, Arg, Cursor>`):
 * start without a cursor, continue with the last page's `nextCursor`; null ends the list (hasNextPage false).
 */
export const cursorPagination: {
  initialPageParam: Cursor;
  getNextPageParam: (lastPage: CursorPage<unknown>) => Cursor;
} = {
  initialPageParam: null,
  getNextPageParam: (lastPage) => lastPage.nextCursor,
};

/** `?cursor=` (and the list's own filters) for a page; no cursor on the first one. */
export const cursorParams = <P extends object>(pageParam: Cursor, params?: P): P & { cursor?: string } =>
  ({ ...params, ...(pageParam === null ? {} : { cursor: pageParam }) }) as P & { cursor?: string };

/** The query of a searchable list, `url?q&cursor`: the words trimmed, and no `q` without any. */
export const searchPageQuery =
  (url: string) =>
  ({ queryArg, pageParam }: { queryArg: { q?: string }; pageParam: Cursor }) => {
    const q = queryArg.q?.trim();
    return { url, params: cursorParams(pageParam, q ? { q } : {}) };
  };

/**
 * Tags for a paged list: `{ type, id: 'LIST' }` and one per item loaded so far. All the pages are one
 * cache entry, so a create that invalidates LIST refetches them (from the first, page by page) and
 * an item's update refetches the lists showing it.
 */
export const providesPagedList =
  <T extends TagType>(type: T) =>
  (result: CursorPages<{ _id: string }> | undefined) =>
    providesList(type)(result?.pages.flatMap((page) => page.items));

/** The items of all the pages loaded, in order. */
export const pageItems = <T>(data: CursorPages<T> | undefined): T[] => data?.pages.flatMap((page) => page.items) ?? [];
