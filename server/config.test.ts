import path from 'node:path';
import { ConfigError, defaultDatabasePoolSize, loadConfig, publicOrigin } from './config.js';

describe('loadConfig', () => {
  it('has the defaults of the embedded setup', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config).toMatchObject({
      port: 8080, host: '0.0.0.0', dataDir: path.resolve('/srv/app/data'), databaseUrl: undefined, jwtSecret: undefined,
      nominatimUrl: 'https://nominatim.openstreetmap.org', osrmUrl: 'https://router.project-osrm.org',
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', seedDemo: true, supportEmail: 'support@needspot.app',
      staticDir: path.resolve('/srv/app/dist'), uploadsDir: path.resolve('/srv/app/data/uploads'), trustProxy: false,
    });
    expect(config.limits).toEqual({
      apiPerMinute: 1200, loginPerMinute: 60, loginFailures: 10, loginLockWindowMs: 900_000,
      loginSlowdownAfter: 10, loginDelayBaseMs: 250, loginDelayMaxMs: 10_000,
      otpSendsPerAddress: 5, otpSendsPerIp: 30, otpWindowMs: 900_000, codeFailuresPerAddress: 20, codeFailureWindowMs: 86_400_000,
      registrationsPerIp: 30, registrationWindowMs: 3_600_000, uploadsPerUser: 60, uploadWindowMs: 3_600_000, geoPerMinute: 60, geoBackgroundWaiting: 30,
      geoUpstreamIntervalMs: 1000, geoTimeoutMs: 5000, socketsPerUser: 5, socketHandshakesPerMinute: 120,
      contactRevealsPerUser: 60, contactRevealWindowMs: 3_600_000, reportsPerHour: 20,
    });
  });

  it('seeds demo accounts by default only on the embedded database', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/ns' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/ns', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('tunes the limits from LIMIT_* variables', () => {
    const { limits } = loadConfig({
      LIMIT_REGISTRATIONS_PER_HOUR: '200', LIMIT_GEOCODING_PER_MINUTE: '5', LIMIT_LOGIN_FAILURES: '3', LIMIT_LOGIN_SLOWDOWN_AFTER: '40',
      LIMIT_CONTACT_REVEALS_PER_HOUR: '12',
    });
    expect(limits).toMatchObject({
      registrationsPerIp: 200, geoPerMinute: 5, loginFailures: 3, loginSlowdownAfter: 40, apiPerMinute: 1200, contactRevealsPerUser: 12,
    });
  });

  it('sizes the PostgreSQL pool from DATABASE_POOL_SIZE, by default twice the cores and at most 10', () => {
    expect(defaultDatabasePoolSize(1)).toBe(2);
    expect(defaultDatabasePoolSize(2)).toBe(4);
    expect(defaultDatabasePoolSize(5)).toBe(10);
    expect(defaultDatabasePoolSize(64)).toBe(10);
    expect(loadConfig({}).databasePoolSize).toBe(defaultDatabasePoolSize());
    expect(loadConfig({ DATABASE_POOL_SIZE: '24' }).databasePoolSize).toBe(24);
  });

  it('e-mails what is still unread after NOTIFY_EMAIL_DELAY_SECONDS, 15 minutes by default', () => {
    expect(loadConfig({}).notifyEmailDelaySeconds).toBe(900);
    expect(loadConfig({ NOTIFY_EMAIL_DELAY_SECONDS: '3' }).notifyEmailDelaySeconds).toBe(3);
    expect(() => loadConfig({ NOTIFY_EMAIL_DELAY_SECONDS: '15m' })).toThrow(ConfigError);
    expect(() => loadConfig({ NOTIFY_EMAIL_DELAY_SECONDS: '0' })).toThrow('NOTIFY_EMAIL_DELAY_SECONDS must be a whole number of at least 1, got "0"');
  });

  it('links in e-mails go to PUBLIC_URL, or to this server on localhost without it', () => {
    expect(publicOrigin(loadConfig({ PUBLIC_URL: 'https://needspot.example/' }))).toBe('https://needspot.example');
    expect(publicOrigin(loadConfig({ PORT: '3000' }))).toBe('http://localhost:3000');
  });

  it('looks for due jobs every JOBS_POLL_MS, by default every second', () => {
    expect(loadConfig({}).jobsPollMs).toBe(1000);
    expect(loadConfig({ JOBS_POLL_MS: '250' }).jobsPollMs).toBe(250);
    expect(() => loadConfig({ JOBS_POLL_MS: '0' })).toThrow('JOBS_POLL_MS must be a whole number of at least 1, got "0"');
    // Past 2^31 - 1 ms a timer fires at once: the loop would spin.
    expect(() => loadConfig({ JOBS_POLL_MS: '3600001' })).toThrow('JOBS_POLL_MS must be at most 3600000, got "3600001"');
  });

  it('pushes with VAPID keys from the environment, or none (generated into DATA_DIR); https: endpoints only unless PUSH_ALLOW_LOOPBACK_HTTP', () => {
    const keys = {
      VAPID_PUBLIC_KEY: 'BDP0hhjJJk0yreTmE0WNn5GFgRaSGeNY1LfKHfFPFfqldjaBe7IsKssPq6xjooidD85TlHq5oTQi28fEG0PqTxs',
      VAPID_PRIVATE_KEY: 'cnk0RTctOSugD_qfh_DSZRxIVmnEQJoAg-k7xlgc9z8',
    };
    expect(loadConfig({})).toMatchObject({ vapidKeys: undefined, vapidSubject: 'mailto:support@needspot.app', pushAllowLoopbackHttp: false });
    expect(loadConfig({ SUPPORT_EMAIL: 'help@example.org' }).vapidSubject).toBe('mailto:help@example.org');
    expect(loadConfig({ ...keys, VAPID_SUBJECT: 'https://needspot.example/contact', PUSH_ALLOW_LOOPBACK_HTTP: 'true' })).toMatchObject({
      vapidKeys: { publicKey: keys.VAPID_PUBLIC_KEY, privateKey: keys.VAPID_PRIVATE_KEY },
      vapidSubject: 'https://needspot.example/contact',
      pushAllowLoopbackHttp: true,
    });
  });

  it('trusts proxies by hop count or address, never any X-Forwarded-For', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe('10.0.0.0/8,127.0.0.1');
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });

  it('reads the environment', () => {
    const config = loadConfig({
      PORT: '0', HOST: '127.0.0.1', DATA_DIR: '/var/lib/ns', DATABASE_URL: 'postgres://u:p@db:5432/ns', SEED_DEMO: 'false',
      JWT_SECRET: 'x'.repeat(32), OSRM_URL: 'http://localhost:5001/', TRUST_PROXY: '1', STATIC_DIR: 'build',
      SATELLITE_TILE_URL: 'http://localhost:5002/sat/{z}/{y}/{x}', MAP_CENTER: ' 15.4909, 73.8278 ',
    }, '/srv/app');
    expect(config).toMatchObject({
      port: 0, host: '127.0.0.1', dataDir: '/var/lib/ns', databaseUrl: 'postgres://u:p@db:5432/ns', seedDemo: false,
      osrmUrl: 'http://localhost:5001', trustProxy: 1, staticDir: path.resolve('/srv/app/build'),
      satelliteTileUrl: 'http://localhost:5002/sat/{z}/{y}/{x}', mapCenter: { latitude: 15.4909, longitude: 73.8278 },
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT must be a whole number from 0 to 65535, got "eighty"'],
    [{ PORT: '70000' }, 'PORT must be a whole number from 0 to 65535, got "70000"'],
    [{ PORT: '-1' }, 'PORT must be a whole number'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO must be true or false'],
    [{ DATABASE_POOL_SIZE: '0' }, 'DATABASE_POOL_SIZE must be a whole number of at least 1, got "0"'],
    [{ DATABASE_POOL_SIZE: 'many' }, 'DATABASE_POOL_SIZE must be a whole number of at least 1, got "many"'],
    [{ OSRM_URL: 'not a url' }, 'OSRM_URL must be a URL'],
    [{ MAP_CENTER: 'Panaji' }, 'MAP_CENTER must be "latitude,longitude", got "Panaji"'],
    [{ MAP_CENTER: '95,10' }, 'MAP_CENTER must be "latitude,longitude"'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET must be at least 32 characters'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY=true would trust any client-chosen X-Forwarded-For'],
    [{ TRUST_PROXY: 'everyone' }, 'TRUST_PROXY must be a hop count or a list of addresses'],
    [{ VAPID_PUBLIC_KEY: 'BDP0hhjJJk0yreTmE0WNn5GFgRaSGeNY1LfKHfFPFfqldjaBe7IsKssPq6xjooidD85TlHq5oTQi28fEG0PqTxs' }, 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together'],
    [{ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: 'cnk0RTctOSugD_qfh_DSZRxIVmnEQJoAg-k7xlgc9z8' }, 'VAPID_PUBLIC_KEY must be a P-256 public key'],
    [{ VAPID_PUBLIC_KEY: 'BDP0hhjJJk0yreTmE0WNn5GFgRaSGeNY1LfKHfFPFfqldjaBe7IsKssPq6xjooidD85TlHq5oTQi28fEG0PqTxs', VAPID_PRIVATE_KEY: 'x+y' }, 'VAPID_PRIVATE_KEY must be a P-256 private key'],
    [{ VAPID_SUBJECT: 'http://needspot.example' }, 'VAPID_SUBJECT must be a mailto: address or an https: URL'],
    [{ VAPID_SUBJECT: 'mailto:nobody' }, 'VAPID_SUBJECT must be a mailto: address or an https: URL'],
    [{ PUSH_ALLOW_LOOPBACK_HTTP: 'sometimes' }, 'PUSH_ALLOW_LOOPBACK_HTTP must be true or false'],
    [{ LIMIT_REGISTRATIONS_PER_HOUR: '0' }, 'LIMIT_REGISTRATIONS_PER_HOUR must be a whole number of at least 1'],
    [{ LIMIT_LOGIN_SLOWDOWN_AFTER: 'ten' }, 'LIMIT_LOGIN_SLOWDOWN_AFTER must be a whole number of at least 1, got "ten"'],
  ])('rejects %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
