import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.js';
import { revokeSessionRows, type SessionScope } from '../lib/sessions.js';
import { sessionRoom } from './realtime.js';
import { afterCommit } from '../db/cache.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The one way sessions end (logout: that session; password or e-mail change: the others; reset
     * and deletion: all): their rows are revoked, so their tokens stop working, and their sockets are
     * disconnected, on every instance once an adapter is configured. Pass the transaction that
     * makes the change: the sockets go once it has committed (a socket that came back before would
     * otherwise be let in by the session still standing).
     */
    endSessions(scope: SessionScope, db?: Db): Promise<void>;
  }
}

async function sessions(app: FastifyInstance) {
  app.decorate('endSessions', async (scope: SessionScope, db: Db = app.db) => {
    const ids = await revokeSessionRows(db, scope);
    afterCommit(db, () => {
      for (const id of ids) app.io.in(sessionRoom(id)).disconnectSockets(true);
    });
  });
}

export default fp(sessions, { name: 'sessions', fastify: '5.x', dependencies: ['realtime'] });
