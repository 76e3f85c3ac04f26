export { PlaceField, SUGGEST_DEBOUNCE_MS } from './place-field';
