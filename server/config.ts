import path from 'node:path';

/** Request limits; tests lower them through `loadConfig(env, { limits })` or by editing the object. */
export interface Limits {
  /** Every /api route, per client IP. */
  apiPerMinute: number;
  /** POST /api/login, per client IP. */
  loginPerMinute: number;
  /** Failed logins per account within `loginLockWindowMs` before that account is locked for the window. */
  loginFailures: number;
  loginLockWindowMs: number;
  /** One-time-code sends (password reset, e-mail change) per target address, and per client IP, within `otpWindowMs`. */
  otpSendsPerAddress: number;
  otpSendsPerIp: number;
  otpWindowMs: number;
  /** Nominatim: at least this long between two upstream requests (its usage policy: 1 per second). */
  geoUpstreamIntervalMs: number;
  /** Nominatim: an upstream request taking longer fails (502). */
  geoTimeoutMs: number;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  /** Unset means "generate into DATA_DIR/jwt-secret" (see lib/jwt-secret.ts). */
  jwtSecret?: string;
  smtpUrl?: string;
  mailFrom: string;
  publicUrl?: string;
  nominatimUrl: string;
  osrmUrl: string;
  tileUrl: string;
  seedDemo: boolean;
  supportEmail: string;
  /** The built SPA (webpack output). */
  staticDir: string;
  /** Source public/ folder: favicon, manifest and stock images, served when dist lacks them. */
  publicDir: string;
  uploadsDir: string;
  /** Without SMTP_URL every mail is written here as an .eml file. */
  outboxDir: string;
  trustProxy: boolean | number | string;
  limits: Limits;
}

export class ConfigError extends Error {}

// Loose enough for a busy shared address (a school, a hostel's Wi-Fi behind one NAT), tight enough
// to stop guessing: 10 wrong passwords per account per 15 minutes is ~1,000 guesses a day at most.
export const defaultLimits: Limits = {
  apiPerMinute: 1200,
  loginPerMinute: 60,
  loginFailures: 10,
  loginLockWindowMs: 15 * 60_000,
  otpSendsPerAddress: 5,
  otpSendsPerIp: 30,
  otpWindowMs: 15 * 60_000,
  geoUpstreamIntervalMs: 1000,
  geoTimeoutMs: 5000,
};

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

function parseBoolean(name: string, raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined) return fallback;
  if (/^(true|1|yes|on)$/i.test(raw)) return true;
  if (/^(false|0|no|off)$/i.test(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

/** TRUST_PROXY: true/false, a hop count, or a comma-separated list of addresses/CIDRs (Fastify's trustProxy). */
function parseTrustProxy(raw: string | undefined): boolean | number | string {
  if (raw === undefined) return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  if (/^(true|false)$/i.test(raw)) return raw.toLowerCase() === 'true';
  return raw;
}

export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const get = (name: string) => nonEmpty(env[name]);
  const dataDir = path.resolve(cwd, get('DATA_DIR') ?? 'data');
  const jwtSecret = get('JWT_SECRET');
  if (jwtSecret !== undefined && jwtSecret.length < 32) {
    throw new ConfigError('JWT_SECRET must be at least 32 characters (or unset it to generate one in DATA_DIR)');
  }
  return {
    port: parsePort(get('PORT')),
    host: get('HOST') ?? '0.0.0.0',
    dataDir,
    databaseUrl: parseUrl('DATABASE_URL', get('DATABASE_URL')),
    redisUrl: parseUrl('REDIS_URL', get('REDIS_URL')),
    jwtSecret,
    smtpUrl: parseUrl('SMTP_URL', get('SMTP_URL')),
    mailFrom: get('MAIL_FROM') ?? 'Need Spot <no-reply@needspot.app>',
    publicUrl: parseUrl('PUBLIC_URL', get('PUBLIC_URL')),
    nominatimUrl: parseUrl('NOMINATIM_URL', get('NOMINATIM_URL'), 'https://nominatim.openstreetmap.org')!,
    osrmUrl: parseUrl('OSRM_URL', get('OSRM_URL'), 'https://router.project-osrm.org')!,
    tileUrl: parseUrl('TILE_URL', get('TILE_URL'), 'https://tile.openstreetmap.org/{z}/{x}/{y}.png')!,
    seedDemo: parseBoolean('SEED_DEMO', get('SEED_DEMO'), true),
    supportEmail: get('SUPPORT_EMAIL') ?? 'support@needspot.app',
    staticDir: path.resolve(cwd, get('STATIC_DIR') ?? 'dist'),
    publicDir: path.resolve(cwd, get('PUBLIC_DIR') ?? 'public'),
    uploadsDir: path.join(dataDir, 'uploads'),
    outboxDir: path.join(dataDir, 'outbox'),
    trustProxy: parseTrustProxy(get('TRUST_PROXY')),
    limits: { ...defaultLimits },
  };
}
