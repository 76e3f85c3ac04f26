import { TypeBoxValidatorCompiler, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { logMailer, type Mailer } from './lib/mailer.js';
import authRoutes from './modules/auth/routes.js';
import notificationsRoutes from './modules/notifications/routes.js';
import usersRoutes from './modules/users/routes.js';
import auth from './plugins/auth.js';
import errors from './plugins/errors.js';
import realtime from './plugins/realtime.js';
import security from './plugins/security.js';
import staticFiles from './plugins/static-files.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    mailer: Mailer;
  }
}

export interface AppDeps {
  /** With `jwtSecret` resolved (lib/jwt-secret.ts). */
  config: Config;
  db: Db;
  mailer?: Mailer;
  /** Fastify's `logger` option: false (tests), true, or pino options. */
  logger?: FastifyServerOptions['logger'];
}

/** The whole HTTP app, from injected dependencies; main.ts listens, tests call app.inject(). */
export async function buildApp({ config, db, mailer, logger = false }: AppDeps) {
  if (!config.jwtSecret) throw new Error('buildApp needs config.jwtSecret (see lib/jwt-secret.ts)');
  const app = Fastify({
    logger,
    bodyLimit: 1024 * 1024,
    requestTimeout: 30_000,
    // A hop count is valid at runtime (Fastify docs) though missing from its type.
    trustProxy: config.trustProxy as boolean | string,
  })
    // TypeBox's compiler checks bodies exactly as sent (no type coercion, unknown fields are
    // errors when the schema says additionalProperties: false) and converts params/querystrings.
    .setValidatorCompiler(TypeBoxValidatorCompiler)
    .withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('mailer', mailer ?? logMailer(app.log));

  await app.register(errors);
  await app.register(security);
  await app.register(auth);
  await app.register(realtime);
  await app.register(staticFiles);

  await app.register(authRoutes, { prefix: '/api' });
  await app.register(usersRoutes, { prefix: '/api' });
  await app.register(notificationsRoutes, { prefix: '/api' });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
