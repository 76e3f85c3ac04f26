import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { baseApi } from './base-api';

// Conventions 10: endpoint names are one namespace. RTK Query silently drops a redefinition outside
// development, so every endpoints file is loaded here and the names each one injects are compared.
const endpointFiles = readdirSync(join(__dirname, 'endpoints')).filter(
  (file) => /\.ts$/.test(file) && !/\.test\.ts$/.test(file) && file !== 'wire.ts',
);

it('gives every endpoint a unique verbNoun name', async () => {
  const owner = new Map<string, string>();
  const duplicates: string[] = [];
  const fakeBuild = { query: (d: unknown) => d, mutation: (d: unknown) => d, infiniteQuery: (d: unknown) => d };
  const inject = baseApi.injectEndpoints.bind(baseApi);
  let current = '';

  jest.spyOn(baseApi, 'injectEndpoints').mockImplementation(((options: Parameters<typeof inject>[0]) => {
    for (const name of Object.keys(options.endpoints(fakeBuild as never))) {
      if (owner.has(name)) duplicates.push(`${name} (${owner.get(name)} and ${current})`);
      owner.set(name, current);
    }
    return inject(options);
  }) as unknown as typeof baseApi.injectEndpoints);

  for (const file of endpointFiles) {
    current = file;
    await import(`./endpoints/${file}`);
  }

  expect(endpointFiles).toEqual(
    // One file per server module (server/modules/<name>).
    expect.arrayContaining(['auth.ts', 'users.ts', 'account.ts', 'password-reset.ts', 'geo.ts', 'notifications.ts']),
  );
  expect(duplicates).toEqual([]);
  expect([...owner.keys()]).toEqual(
    expect.arrayContaining([
      'login',
      'register',
      'logout',
      'getUser',
      'getNotifications',
      'updateProfile',
      'uploadProfileImage',
      'changePassword',
      'deleteAccount',
      'sendEmailOtp',
      'verifyEmailOtp',
      'requestPasswordReset',
      'verifyPasswordResetOtp',
      'resetPassword',
      'reverseGeocode',
      'searchPlaces',
    ]),
  );
  for (const name of owner.keys()) expect(name).toMatch(/^[a-z]+([A-Z][a-zA-Z]*)?$/);
});
