export { newIdempotencyKey } from './new-key';
export { useIdempotencyKey } from './use-idempotency-key';
