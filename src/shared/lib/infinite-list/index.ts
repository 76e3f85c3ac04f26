export { useLoadMoreOnScroll } from './use-load-more-on-scroll';
export { useInfiniteList } from './use-infinite-list';
export type { InfiniteList, InfiniteQueryResult } from './use-infinite-list';
