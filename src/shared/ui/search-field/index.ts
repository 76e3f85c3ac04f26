export { SearchField } from './search-field';
export { useSearchText } from './use-search-text';
