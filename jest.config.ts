import type { Config } from 'jest';

// ESM-only packages that babel-jest must transform: Jest on Node 20 cannot require() ES modules.
const esmOnly = [
  'rettime', 'until-async', '@open-draft', 'msw', '@mswjs', '@bundled-es-modules',
  'react-leaflet', '@react-leaflet', 'jose', 'typebox', 'content-disposition', 'cookie', 'workbox-[a-z-]+',
].join('|');

const serverProject = {
  // Node's environment plus PGlite loaded outside Jest's sandbox (see the file).
  testEnvironment: '<rootDir>/server/test/pglite-environment.cjs',
  roots: ['<rootDir>/server'],
  transform: { '^.+\\.(m?[tj]sx?)$': 'babel-jest' },
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly})/)`],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
};

const config: Config = {
  // Jest's default leaves a core to its own process, which mostly waits: on a 2-core machine that
  // halves the speed. One worker per core (server tests: 210 s → 77 s here).
  maxWorkers: '100%',
  projects: [
    {
      displayName: 'client',
      testEnvironment: 'jest-fixed-jsdom',
      roots: ['<rootDir>/src', '<rootDir>/mocks'],
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      setupFilesAfterEnv: ['<rootDir>/test-utils/setup-client.ts'],
      transform: { '^.+\\.(m?[tj]sx?)$': 'babel-jest' },
      transformIgnorePatterns: [`/node_modules/(?!(${esmOnly})/)`],
      moduleNameMapper: {
        '^@/(.*)$': '<rootDir>/src/$1',
        '^@mocks/(.*)$': '<rootDir>/mocks/$1',
        '^@test-utils/(.*)$': '<rootDir>/test-utils/$1',
        '\\.(css)$': '<rootDir>/test-utils/style-stub.cjs',
        '\\.(png|jpe?g|gif|svg|webp)$': '<rootDir>/test-utils/file-stub.cjs',
      },
    },
    {
      displayName: 'server',
      ...serverProject,
      testMatch: ['**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', '<rootDir>/server/test/security/', '<rootDir>/server/test/scale/', '<rootDir>/server/test/reliability/'],
    },
    {
      // npm run test:security: the route-table suite (authorization matrix, fuzzing, abuse limits).
      displayName: 'security',
      ...serverProject,
      testMatch: ['<rootDir>/server/test/security/**/*.test.ts'],
    },
    {
      // npm run test:scale: two built server instances behind nginx, on PostgreSQL, Redis and an S3
      // bucket started on loopback (scripts/scale-stack.mjs). Plain Node: nothing of PGlite's.
      displayName: 'scale',
      testEnvironment: 'node',
      roots: ['<rootDir>/server/test/scale'],
      testMatch: ['**/*.test.ts'],
      transform: serverProject.transform,
      transformIgnorePatterns: serverProject.transformIgnorePatterns,
      moduleNameMapper: serverProject.moduleNameMapper,
    },
    {
      // npm run test:reliability: built server processes killed, stopped and restarted under load, on
      // PGlite and on a PostgreSQL server the suite starts and stops; figures printed at the end.
      // One file at a time (--runInBand): each loads both cores itself, and the bounds the issue sets
      // (ready within 3 s of a kill) are for a server restarting under its own load, not another
      // file's (run beside the shutdown suite, PGlite restarts took 4.5-7.9 s instead of ~1.9 s).
      displayName: 'reliability',
      testEnvironment: 'node',
      roots: ['<rootDir>/server/test'],
      testMatch: ['<rootDir>/server/test/reliability/**/*.test.ts'],
      transform: serverProject.transform,
      transformIgnorePatterns: serverProject.transformIgnorePatterns,
      moduleNameMapper: serverProject.moduleNameMapper,
    },
  ],
};

export default config;
