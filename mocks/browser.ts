import { setupWorker } from 'msw/browser';
import { handlers } from './handlers';

/** `npm run dev:mock`: the SPA runs against these handlers, no server needed. */
export const worker = setupWorker(...handlers);
