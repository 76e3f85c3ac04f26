import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { S3Config } from './lib/uploads/storage.js';

/**
 * Request limits. The counts can be tuned from the environment (`LIMIT_*`, see `limitVariables`);
 * tests lower them through `buildTestApp({ limits })`.
 */
export interface Limits {
  /** Every /api route, per client address, per minute. */
  apiPerMinute: number;
  /** POST /api/login, per client address, per minute. */
  loginPerMinute: number;
  /**
   * Failed (or still running) password checks from one client address on one login name (a
   * username or e-mail as typed, lower-cased; for a password change or sudo confirm, the signed-in
   * user) within `loginLockWindowMs`; past it that address answers 429 for that name until the
   * window ends. Other addresses are not affected (lib/login-lockout.ts).
   */
  loginFailures: number;
  loginLockWindowMs: number;
  /**
   * Failed (or still running) checks on one name from all addresses within `loginLockWindowMs`
   * before each further check on it waits: `loginDelayBaseMs` × 2^(checks − `loginSlowdownAfter`),
   * at most `loginDelayMaxMs`. A slowdown, never a refusal: the right password still gets in.
   */
  loginSlowdownAfter: number;
  loginDelayBaseMs: number;
  loginDelayMaxMs: number;
  /** One-time-code sends (password reset, e-mail change) per target address, and per client address, within `otpWindowMs`. */
  otpSendsPerAddress: number;
  otpSendsPerIp: number;
  otpWindowMs: number;
  /** Wrong one-time codes per e-mail address within `codeFailureWindowMs`; past it codes for that address are refused. */
  codeFailuresPerAddress: number;
  codeFailureWindowMs: number;
  /** POST /api/register per client address within `registrationWindowMs`. */
  registrationsPerIp: number;
  registrationWindowMs: number;
  /** Image uploads per user within `uploadWindowMs`. */
  uploadsPerUser: number;
  uploadWindowMs: number;
  /**
   * Geocoding lookups (GET /api/geo/*) per client address, per minute; and the lookups the server
   * makes for one member in the background (placing skills), per member, per minute.
   */
  geoPerMinute: number;
  /** Background lookups (placing skills) that may wait for their turn upstream; more are skipped. */
  geoBackgroundWaiting: number;
  /** Nominatim: at least this long between two upstream requests (its usage policy: 1 per second). */
  geoUpstreamIntervalMs: number;
  /** Nominatim: an upstream request taking longer fails (502). */
  geoTimeoutMs: number;
  /** Open sockets per user on an instance; a newer one closes the oldest. */
  socketsPerUser: number;
  /** Socket handshakes per client address, per minute, on an instance. */
  socketHandshakesPerMinute: number;
  /** Contact details of others' posts (GET /api/contact/…) a member may open within `contactRevealWindowMs`. */
  contactRevealsPerUser: number;
  contactRevealWindowMs: number;
  /** Reports (POST /api/reports) per member per hour. */
  reportsPerHour: number;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** With DATABASE_URL: the most connections this instance opens to PostgreSQL (DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  redisUrl?: string;
  /** Unset means "generate into DATA_DIR/jwt-secret" (see lib/jwt-secret.ts). */
  jwtSecret?: string;
  smtpUrl?: string;
  mailFrom: string;
  /** PUBLIC_URL: where members reach the app, for links in e-mails (see `publicOrigin`). */
  publicUrl?: string;
  /**
   * NOTIFY_EMAIL_DELAY_SECONDS: how long a message or notification stays unread before it is
   * e-mailed (modules/notifications/digest.ts); what is read meanwhile is never sent.
   */
  notifyEmailDelaySeconds: number;
  nominatimUrl: string;
  osrmUrl: string;
  tileUrl: string;
  /** The map's Satellite View tiles. */
  satelliteTileUrl: string;
  /** Credits shown on the map for each tile source (HTML, as Leaflet takes it). */
  tileAttribution: string;
  satelliteTileAttribution: string;
  /** Where the map opens (the configured default city), zoom 13 (spec §9). */
  mapCenter: { latitude: number; longitude: number };
  /** A router for public transport directions (the map's TRANSIT mode); unset means none. */
  transitRouterUrl?: string;
  seedDemo: boolean;
  supportEmail: string;
  /** The built SPA (webpack output). */
  staticDir: string;
  /** Source public/ folder: favicon, manifest and stock images, served when dist lacks them. */
  publicDir: string;
  uploadsDir: string;
  /** From S3_URL: uploads live in this bucket instead of uploadsDir (lib/uploads/storage.ts). */
  s3?: S3Config;
  /** Without SMTP_URL every mail is written here as an .eml file. */
  outboxDir: string;
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses/CIDRs (never `true`). */
  trustProxy: false | number | string;
  /**
   * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (base64url, as `web-push generate-vapid-keys` prints
   * them): the server's identity to push services. Unset means "generate into DATA_DIR/vapid-keys.json"
   * (modules/push/vapid.ts); several instances must share one pair.
   */
  vapidKeys?: { publicKey: string; privateKey: string };
  /** VAPID_SUBJECT: how push services may reach the operator, a mailto: or https: URL; default mailto: SUPPORT_EMAIL. */
  vapidSubject: string;
  /**
   * PUSH_ALLOW_LOOPBACK_HTTP: for tests and the browser journeys only. Push endpoints must be https:
   * on a public address (the server POSTs to a URL a member gave); this also lets http: on a
   * loopback address through, for a push service stub on this machine.
   */
  pushAllowLoopbackHttp: boolean;
  /** How often each instance looks for due jobs (plugins/jobs.ts), JOBS_POLL_MS, 1 ms to an hour; 0 (set in code by tests, not from the environment) turns the loop off. */
  jobsPollMs: number;
  limits: Limits;
}

export class ConfigError extends Error {}

/** The default of NOTIFY_EMAIL_DELAY_SECONDS: 15 minutes, long enough for a member on the app to read it there. */
export const DEFAULT_NOTIFY_EMAIL_DELAY_SECONDS = 15 * 60;

/**
 * The origin links in e-mails point to: PUBLIC_URL, or without it this server on localhost (a
 * development setup; a deployment sets PUBLIC_URL, README).
 */
export const publicOrigin = (config: Pick<Config, 'publicUrl' | 'port'>) => config.publicUrl ?? `http://localhost:${config.port}`;

// Loose enough for a busy shared address (a school, a hostel's Wi-Fi behind one NAT), tight enough
// to stop guessing: 10 wrong passwords per address and name per 15 minutes is ~1,000 guesses a day
// from one address; from many, past 10 a name's checks wait 0.25, 0.5, 1 … at most 10 s each; and
// 20 wrong codes per address per day leave a 6-digit code a 1-in-50,000 chance a day.
export const defaultLimits: Limits = {
  apiPerMinute: 1200,
  loginPerMinute: 60,
  loginFailures: 10,
  loginLockWindowMs: 15 * 60_000,
  loginSlowdownAfter: 10,
  loginDelayBaseMs: 250,
  loginDelayMaxMs: 10_000,
  otpSendsPerAddress: 5,
  otpSendsPerIp: 30,
  otpWindowMs: 15 * 60_000,
  codeFailuresPerAddress: 20,
  codeFailureWindowMs: 24 * 3_600_000,
  registrationsPerIp: 30,
  registrationWindowMs: 3_600_000,
  uploadsPerUser: 60,
  uploadWindowMs: 3_600_000,
  geoPerMinute: 60,
  geoBackgroundWaiting: 30,
  geoUpstreamIntervalMs: 1000,
  geoTimeoutMs: 5000,
  // A few tabs and devices per member; two handshakes a second from one address (a hostel's shared Wi-Fi).
  socketsPerUser: 5,
  socketHandshakesPerMinute: 120,
  // A member planning a trip opens a few dozen posts an hour; a harvester wants thousands.
  contactRevealsPerUser: 60,
  contactRevealWindowMs: 3_600_000,
  // Plenty for a member who meets a spammer or two; a flood of reports costs moderators, not the reporter.
  reportsPerHour: 20,
};

/** The environment variables that tune the counts of `Limits` (whole numbers of at least 1). */
export const limitVariables = {
  LIMIT_API_PER_MINUTE: 'apiPerMinute',
  LIMIT_LOGINS_PER_MINUTE: 'loginPerMinute',
  LIMIT_LOGIN_FAILURES: 'loginFailures',
  LIMIT_LOGIN_SLOWDOWN_AFTER: 'loginSlowdownAfter',
  LIMIT_CODE_SENDS_PER_ADDRESS: 'otpSendsPerAddress',
  LIMIT_CODE_SENDS_PER_IP: 'otpSendsPerIp',
  LIMIT_CODE_FAILURES_PER_DAY: 'codeFailuresPerAddress',
  LIMIT_REGISTRATIONS_PER_HOUR: 'registrationsPerIp',
  LIMIT_UPLOADS_PER_HOUR: 'uploadsPerUser',
  LIMIT_GEOCODING_PER_MINUTE: 'geoPerMinute',
  LIMIT_SOCKETS_PER_USER: 'socketsPerUser',
  LIMIT_SOCKET_HANDSHAKES_PER_MINUTE: 'socketHandshakesPerMinute',
  LIMIT_CONTACT_REVEALS_PER_HOUR: 'contactRevealsPerUser',
  LIMIT_REPORTS_PER_HOUR: 'reportsPerHour',
} as const satisfies Record<string, keyof Limits>;

type Env = Record<string, string | undefined>;

const nonEmpty = (value: string | undefined) => (value && value.trim() !== '' ? value.trim() : undefined);

function parsePort(raw: string | undefined): number {
  if (raw === undefined) return 8080;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port > 65535) {
    throw new ConfigError(`PORT must be a whole number from 0 to 65535, got "${raw}"`);
  }
  return port;
}

function parseUrl(name: string, raw: string | undefined, fallback?: string): string | undefined {
  const value = raw ?? fallback;
  if (value === undefined) return undefined;
  try {
    // Tile URLs contain {z}/{x}/{y}, which URL accepts; only the scheme and host matter here.
    const url = new URL(value);
    if (!['http:', 'https:', 'postgres:', 'postgresql:', 'redis:', 'rediss:', 'smtp:', 'smtps:'].includes(url.protocol)) {
      throw new Error('unsupported scheme');
    }
  } catch {
    throw new ConfigError(`${name} must be a URL, got "${value}"`);
  }
  return value.replace(/\/+$/, '');
}

/**
 * The default of DATABASE_POOL_SIZE: twice this machine's cores, at most 10 (node-postgres's own
 * default). PostgreSQL runs each connection as a process, and busy ones beyond about twice its cores
 * only take turns on them: on a 2-core machine serving search, 10 connections answered with a p99
 * of 62-66 ms where 4 answered with 42-54 ms, and as many answers a second. This machine's cores
 * are the right measure when the database shares it; when it has its own, set the size from that
 * server's cores, divided among the instances.
 */
export const defaultDatabasePoolSize = (cores = availableParallelism()) => Math.min(10, 2 * cores);

function parseCount(name: string, raw: string | undefined, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new ConfigError(`${name} must be a whole number of at least 1, got "${raw}"`);
  if (Number(raw) > max) throw new ConfigError(`${name} must be at most ${max}, got "${raw}"`);
  return Number(raw);
}

function parseCenter(raw: string | undefined): { latitude: number; longitude: number } {
  const value = raw ?? '28.6139,77.2090'; // New Delhi
  const [latitude, longitude, extra] = value.split(',').map((part) => Number(part.trim()));
  if (extra !== undefined || !Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) {
    throw new ConfigError(`MAP_CENTER must be "latitude,longitude", got "${value}"`);
  }
  return { latitude, longitude };
}

function parseBoolean(name: string, raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined) return fallback;
  if (/^(true|1|yes|on)$/i.test(raw)) return true;
  if (/^(false|0|no|off)$/i.test(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

/**
 * TRUST_PROXY: how many proxies stand in front of the server (a hop count), or their addresses/CIDRs
 * (comma-separated). `true` would believe any X-Forwarded-For a client makes up, so every
 * per-address limit could be dodged by changing the header: refused.
 */
function parseTrustProxy(raw: string | undefined): false | number | string {
  if (raw === undefined || /^(false|0)$/i.test(raw)) return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  if (/^(true|yes|on)$/i.test(raw)) {
    throw new ConfigError('TRUST_PROXY=true would trust any client-chosen X-Forwarded-For. Set the number of proxies in front of the server (e.g. 1) or their addresses (e.g. 10.0.0.0/8)');
  }
  const entries = raw.split(',').map((entry) => entry.trim());
  if (entries.some((entry) => !/^[0-9a-f.:]+(\/\d{1,3})?$/i.test(entry) && !['loopback', 'linklocal', 'uniquelocal'].includes(entry))) {
    throw new ConfigError(`TRUST_PROXY must be a hop count or a list of addresses/CIDRs, got "${raw}"`);
  }
  return entries.join(',');
}

/**
 * S3_URL: `https://ACCESS_KEY:SECRET@host[:port]/bucket[/key/prefix]?region=...&forcePathStyle=true`.
 * Credentials are %-encoded when they hold reserved characters (AWS secrets may hold `/` and `+`).
 * region defaults to us-east-1; forcePathStyle to false (virtual-hosted buckets, as AWS).
 */
export function parseS3Url(raw: string | undefined): S3Config | undefined {
  if (raw === undefined) return undefined;
  const fail = (why: string): never => {
    throw new ConfigError(`S3_URL ${why} (https://ACCESS_KEY:SECRET@host:port/bucket?region=...&forcePathStyle=true)`);
  };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return fail('must be a URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') fail('must start with https:// or http://');
  if (!url.username || !url.password) fail('must hold the access key and secret');
  const [bucket, ...prefix] = url.pathname.split('/').filter(Boolean);
  if (!bucket) fail('must name the bucket as its path');
  const forcePathStyle = parseBoolean('S3_URL forcePathStyle', url.searchParams.get('forcePathStyle') ?? undefined, false);
  let accessKeyId = '';
  let secretAccessKey = '';
  try {
    accessKeyId = decodeURIComponent(url.username);
    secretAccessKey = decodeURIComponent(url.password);
  } catch {
    fail('has a broken %-escape in its credentials');
  }
  return {
    endpoint: `${url.protocol}//${url.host}`,
    bucket: decodeURIComponent(bucket),
    prefix: prefix.map((part) => decodeURIComponent(part) + '/').join(''),
    region: url.searchParams.get('region') || 'us-east-1',
    accessKeyId,
    secretAccessKey,
    forcePathStyle,
  };
}

/** VAPID_PUBLIC_KEY: an uncompressed P-256 point (65 bytes, 0x04 first); VAPID_PRIVATE_KEY: 32 bytes; both base64url. */
function parseVapidKeys(publicKey: string | undefined, privateKey: string | undefined): Config['vapidKeys'] {
  if (publicKey === undefined && privateKey === undefined) return undefined;
  if (publicKey === undefined || privateKey === undefined) {
    throw new ConfigError('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together (or both unset to generate a pair in DATA_DIR)');
  }
  const bytes = (value: string) => (/^[A-Za-z0-9_-]+$/.test(value) ? Buffer.from(value, 'base64url') : Buffer.alloc(0));
  const point = bytes(publicKey);
  if (point.length !== 65 || point[0] !== 4) throw new ConfigError('VAPID_PUBLIC_KEY must be a P-256 public key in base64url (65 bytes, as web-push generate-vapid-keys prints it)');
  if (bytes(privateKey).length !== 32) throw new ConfigError('VAPID_PRIVATE_KEY must be a P-256 private key in base64url (32 bytes, as web-push generate-vapid-keys prints it)');
  return { publicKey, privateKey };
}

function parseVapidSubject(raw: string | undefined, supportEmail: string): string {
  const value = raw ?? `mailto:${supportEmail}`;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || !['mailto:', 'https:'].includes(url.protocol) || (url.protocol === 'mailto:' && !/^mailto:[^@\s]+@[^@\s]+$/.test(value))) {
    throw new ConfigError(`VAPID_SUBJECT must be a mailto: address or an https: URL, got "${value}"`);
  }
  return value;
}

function parseLimits(get: (name: string) => string | undefined): Limits {
  const limits = { ...defaultLimits };
  for (const [name, key] of Object.entries(limitVariables)) {
    limits[key] = parseCount(name, get(name), defaultLimits[key]);
  }
  return limits;
}

export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const get = (name: string) => nonEmpty(env[name]);
  const dataDir = path.resolve(cwd, get('DATA_DIR') ?? 'data');
  const jwtSecret = get('JWT_SECRET');
  if (jwtSecret !== undefined && jwtSecret.length < 32) {
    throw new ConfigError('JWT_SECRET must be at least 32 characters (or unset it to generate one in DATA_DIR)');
  }
  const databaseUrl = parseUrl('DATABASE_URL', get('DATABASE_URL'));
  const supportEmail = get('SUPPORT_EMAIL') ?? 'support@needspot.app';
  return {
    port: parsePort(get('PORT')),
    host: get('HOST') ?? '0.0.0.0',
    dataDir,
    databaseUrl,
    databasePoolSize: parseCount('DATABASE_POOL_SIZE', get('DATABASE_POOL_SIZE'), defaultDatabasePoolSize()),
    redisUrl: parseUrl('REDIS_URL', get('REDIS_URL')),
    jwtSecret,
    smtpUrl: parseUrl('SMTP_URL', get('SMTP_URL')),
    mailFrom: get('MAIL_FROM') ?? 'Need Spot <no-reply@needspot.app>',
    publicUrl: parseUrl('PUBLIC_URL', get('PUBLIC_URL')),
    notifyEmailDelaySeconds: parseCount('NOTIFY_EMAIL_DELAY_SECONDS', get('NOTIFY_EMAIL_DELAY_SECONDS'), DEFAULT_NOTIFY_EMAIL_DELAY_SECONDS),
    nominatimUrl: parseUrl('NOMINATIM_URL', get('NOMINATIM_URL'), 'https://nominatim.openstreetmap.org')!,
    osrmUrl: parseUrl('OSRM_URL', get('OSRM_URL'), 'https://router.project-osrm.org')!,
    tileUrl: parseUrl('TILE_URL', get('TILE_URL'), 'https://tile.openstreetmap.org/{z}/{x}/{y}.png')!,
    satelliteTileUrl: parseUrl('SATELLITE_TILE_URL', get('SATELLITE_TILE_URL'), 'https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}')!,
    tileAttribution: get('TILE_ATTRIBUTION') ?? '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
    satelliteTileAttribution: get('SATELLITE_TILE_ATTRIBUTION') ?? 'Tiles &copy; Esri, Maxar, Earthstar Geographics',
    mapCenter: parseCenter(get('MAP_CENTER')),
    transitRouterUrl: parseUrl('TRANSIT_ROUTER_URL', get('TRANSIT_ROUTER_URL')),
    // Demo accounts share a published password: only on the embedded database unless asked for.
    seedDemo: parseBoolean('SEED_DEMO', get('SEED_DEMO'), databaseUrl === undefined),
    supportEmail,
    staticDir: path.resolve(cwd, get('STATIC_DIR') ?? 'dist'),
    publicDir: path.resolve(cwd, get('PUBLIC_DIR') ?? 'public'),
    uploadsDir: path.join(dataDir, 'uploads'),
    s3: parseS3Url(get('S3_URL')),
    outboxDir: path.join(dataDir, 'outbox'),
    trustProxy: parseTrustProxy(get('TRUST_PROXY')),
    vapidKeys: parseVapidKeys(get('VAPID_PUBLIC_KEY'), get('VAPID_PRIVATE_KEY')),
    vapidSubject: parseVapidSubject(get('VAPID_SUBJECT'), supportEmail),
    pushAllowLoopbackHttp: parseBoolean('PUSH_ALLOW_LOOPBACK_HTTP', get('PUSH_ALLOW_LOOPBACK_HTTP'), false),
    jobsPollMs: parseCount('JOBS_POLL_MS', get('JOBS_POLL_MS'), 1000, 3_600_000),
    limits: parseLimits(get),
  };
}
