import { setupServer } from 'msw/node';
import { handlers } from './handlers';

/** jest: `server.use(...)` in a test overrides a handler until the next reset. */
export const server = setupServer(...handlers);
