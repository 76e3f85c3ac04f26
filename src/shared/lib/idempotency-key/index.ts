export { useIdempotencyKey } from './use-idempotency-key';
export { newIdempotencyKey } from './new-key';
