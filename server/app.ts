import { TypeBoxValidatorCompiler, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyReply, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { newestMigrationAt } from './db/migration-state.js';
import type { S3Storage } from './lib/uploads/s3-storage.js';
import { redactingRequests } from './lib/log-redaction.js';
import { createStorage, type LocalStorage } from './lib/uploads/storage.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { createGeocoder, type Geocoder } from './modules/geo/geocoder.js';
import accountRoutes from './modules/account/routes.js';
import blocksRoutes from './modules/blocks/routes.js';
import authRoutes from './modules/auth/routes.js';
import challengesRoutes from './modules/challenges/routes.js';
import commentsRoutes from './modules/comments/routes.js';
import contactRoutes from './modules/contact/routes.js';
import openapi from './modules/docs/openapi.js';
import docsRoutes from './modules/docs/routes.js';
import { tagged } from './modules/docs/tags.js';
import eventsRoutes from './modules/events/routes.js';
import friendsRoutes from './modules/friends/routes.js';
import geoRoutes from './modules/geo/routes.js';
import healthRoutes from './modules/health/routes.js';
import messagesRoutes from './modules/messages/routes.js';
import moderationRoutes from './modules/moderation/routes.js';
import tripsRoutes from './modules/trips/routes.js';
import mapRoutes from './modules/map/routes.js';
import needsRoutes from './modules/needs/routes.js';
import notificationsRoutes from './modules/notifications/routes.js';
import pushRoutes from './modules/push/routes.js';
import passwordResetRoutes from './modules/password-reset/routes.js';
import reportsRoutes from './modules/reports/routes.js';
import searchRoutes from './modules/search/routes.js';
import skillsRoutes from './modules/skills/routes.js';
import whispersRoutes from './modules/whispers/routes.js';
import usersRoutes from './modules/users/routes.js';
import auth from './plugins/auth.js';
import background from './plugins/background.js';
import jobs from './plugins/jobs.js';
import compression from './plugins/compression.js';
import errors from './plugins/errors.js';
import multipart from './plugins/multipart.js';
import realtime from './plugins/realtime.js';
import security, { apiCacheHeaders, apiRateLimit } from './plugins/security.js';
import sessions from './plugins/sessions.js';
import sharedLimits from './plugins/shared-limits.js';
import staticFiles from './plugins/static-files.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    mailer: Mailer;
    /** Nominatim through one client: cached and paced for the whole app (modules/geo/geocoder.ts). */
    geocoder: Geocoder;
    /** When the newest committed migration was made: /api/ready answers 503 until the database has it. */
    newestMigrationAt: number;
    /** Where uploads live: DATA_DIR/uploads, or the S3_URL bucket (lib/uploads/storage.ts). */
    uploads: LocalStorage | S3Storage;
    /** The time as the app sees it: jobs are due by it (tests move it with `AppDeps.clock`). */
    clock(): Date;
  }
}

export interface AppDeps {
  /** With `jwtSecret` resolved (lib/jwt-secret.ts). */
  config: Config;
  db: Db;
  /** server/db/migrations, whose newest migration the database must have to be ready. */
  migrationsFolder: string;
  /** Default: SMTP when config.smtpUrl is set, else .eml files in config.outboxDir (mail/mailer.ts). */
  mailer?: Mailer;
  /** Fastify's `logger` option: false (tests), true, or pino options. */
  logger?: FastifyServerOptions['logger'];
  /** Default: the system's. Tests pass their own to make jobs due (plugins/jobs.ts). */
  clock?: () => Date;
}

/** TRUST_PROXY as a hop count: the `hops` nearest addresses (the socket's peer first) are proxies. */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** The whole HTTP app, from injected dependencies; main.ts listens, tests call app.inject(). */
export async function buildApp({ config, db, migrationsFolder, mailer, logger = false, clock = () => new Date() }: AppDeps) {
  if (!config.jwtSecret) throw new Error('buildApp needs config.jwtSecret (see lib/jwt-secret.ts)');
  const app = Fastify({
    // Request lines without the secrets some URLs carry (lib/log-redaction.ts).
    logger: redactingRequests(logger),
    bodyLimit: 1024 * 1024,
    requestTimeout: 30_000,
    // While closing, a request that comes on a connection already open (a load balancer's kept-alive
    // one) is answered as usual, with Connection: close (below), instead of Fastify's 503: nginx
    // would not resend a POST that got one, and counting 503s as failures (to resend GETs) would
    // also count the 503s the app gives when its S3 bucket fails, and take healthy instances out.
    return503OnClosing: false,
    // The id nginx gives each request (deploy/nginx.conf) is the id in this server's log lines.
    requestIdHeader: 'x-request-id',
    // A hop count or the proxies' addresses, never `true` (config.ts): the client address that
    // per-address limits count is the one the nearest trusted proxy saw. A hop count goes in as the
    // function it means (the n nearest hops are proxies), as plugins/realtime.ts reads handshakes:
    // Fastify 5.12 takes a bare number as "trust nothing", which behind nginx made every client one
    // address (nginx's) for every per-address limit. A hop count is for servers reachable only
    // through their proxies (README: several instances); the proxies' addresses are stricter.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // Errors raised before routing (a broken %-escape, an over-long path parameter) answer
    // { message } like every other error, instead of Fastify's own shape.
    frameworkErrors: (error, _request, reply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      // The option's type is generic over route schemas none of which apply here.
      void (reply as FastifyReply).status(tooLong ? 414 : 400).send({ message: tooLong ? 'URL is too long' : 'Invalid URL' });
    },
  })
    // TypeBox's compiler checks bodies exactly as sent (no type coercion, unknown fields are
    // errors when the schema says additionalProperties: false) and converts params/querystrings.
    .setValidatorCompiler(TypeBoxValidatorCompiler)
    .withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('clock', clock);
  app.decorate<LocalStorage | S3Storage>('uploads', await createStorage(config));
  app.addHook('onClose', () => app.uploads.close());
  // Closing: Node closes the connections idle at that moment, but one whose request was in flight
  // would go idle afterwards and stay open for the keep-alive timeout (72 s), holding the close
  // (main.ts gives up after 10 s). Answers sent while closing say Connection: close, so the client
  // (nginx's keepalive pool) drops the connection instead of sending the next request on it.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) void reply.header('connection', 'close');
  });
  app.decorate('newestMigrationAt', newestMigrationAt(migrationsFolder));
  app.decorate('mailer', mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: config.outboxDir, log: app.log }));
  // One client, so the proxy routes and the server's own lookups (placing skills) share its pacing.
  app.decorate('geocoder', createGeocoder({
    baseUrl: config.nominatimUrl,
    userAgent: `Need Spot (${config.publicUrl ?? config.supportEmail})`,
    intervalMs: config.limits.geoUpstreamIntervalMs,
    timeoutMs: config.limits.geoTimeoutMs,
    maxBackgroundWaiting: config.limits.geoBackgroundWaiting,
    // Nominatim's one request a second is for the whole deployment: with REDIS_URL, instances take turns.
    sharedTurn: config.redisUrl
      ? () => app.sharedCounter!.turn('geo-upstream', config.limits.geoUpstreamIntervalMs).catch((error: unknown) => {
        app.sharedCounter!.failed(error);
        throw error;
      })
      : undefined,
  }));

  await app.register(errors);
  await app.register(security);
  await app.register(auth);
  // Before any route: the OpenAPI document is generated from every route registered after it.
  await app.register(openapi);
  await app.register(background);
  await app.register(jobs);
  await app.register(sharedLimits);
  await app.register(realtime);
  await app.register(sessions);
  await app.register(staticFiles);

  // The API in one scope: the per-address limit, compression on the fly and multipart parsing
  // (with their per-request hooks) stay off static files. Every route declares its access class (plugins/auth.ts).
  await app.register(async (api) => {
    await apiRateLimit(api);
    await apiCacheHeaders(api);
    // Only here: files go out as the build compressed them (plugins/static-files.ts).
    await api.register(compression);
    await api.register(multipart);
    // Each module's routes under its tag in the reference (modules/docs/tags.ts).
    await api.register(tagged('Health', healthRoutes));
    await api.register(tagged('Auth', authRoutes));
    await api.register(tagged('Users', usersRoutes));
    await api.register(tagged('Notifications', notificationsRoutes));
    await api.register(tagged('Push', pushRoutes));
    await api.register(tagged('Account', accountRoutes));
    await api.register(tagged('Password reset', passwordResetRoutes));
    await api.register(tagged('Geocoding', geoRoutes));
    await api.register(tagged('Search', searchRoutes));
    await api.register(tagged('Events', eventsRoutes));
    await api.register(tagged('Needs', needsRoutes));
    await api.register(tagged('Skills', skillsRoutes));
    await api.register(tagged('Contact', contactRoutes));
    await api.register(tagged('Whispers', whispersRoutes));
    await api.register(tagged('Comments', commentsRoutes));
    await api.register(tagged('Challenges', challengesRoutes));
    await api.register(tagged('Messages', messagesRoutes));
    await api.register(tagged('Friends', friendsRoutes));
    await api.register(tagged('Trips', tripsRoutes));
    await api.register(tagged('Map', mapRoutes));
    await api.register(tagged('Blocks', blocksRoutes));
    await api.register(tagged('Reports', reportsRoutes));
    await api.register(tagged('Moderation', moderationRoutes));
    // The reference itself: hidden from its own document, so no tag.
    await api.register(docsRoutes);
  }, { prefix: '/api' });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
