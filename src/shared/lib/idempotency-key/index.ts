export { useIdempotencyKey } from './use-idempotency-key';
