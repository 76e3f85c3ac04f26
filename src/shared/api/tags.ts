import type { TagType } from './base-api';

type ListTag<T extends TagType> = { type: T; id: string };

/**
 * Tags for a list query: one per item plus `{ type, id: 'LIST' }`, also when the
 * query failed, so a create (invalidating LIST) refetches it and an item update refetches the lists
 * showing that item.
 */
export const providesList =
  <T extends TagType>(type: T) =>
  (result: readonly { _id: string }[] | undefined): ListTag<T>[] => [
    { type, id: 'LIST' },
    ...(result ?? []).map(({ _id }) => ({ type, id: _id })),
  ];
