export { SearchField } from './search-field';
export { useSearchText, SEARCH_PAUSE_MS } from './use-search-text';
