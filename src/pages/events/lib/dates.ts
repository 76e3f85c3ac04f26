// The event form's date-input minimum; the dates themselves are formatted by the shared date module.
export { today } from '@/shared/lib/date';
