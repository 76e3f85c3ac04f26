// Jest's node environment plus the PGlite class loaded by Node itself, outside Jest's sandbox.
// PGlite's CommonJS build loads Node built-ins with dynamic import(), which Jest's sandbox refuses
// without --experimental-vm-modules ("A dynamic import callback was invoked without
// --experimental-vm-modules"). server/test/test-database.ts takes the class from globalThis.__PGLITE__.
const { TestEnvironment } = require('jest-environment-node');
const { PGlite } = require('@electric-sql/pglite');

// A migrated, empty data directory kept per worker process: the first test file migrates a fresh
// PGlite and dumps it, later files start from the dump (about 0.6 s instead of 2 to 4 s each).
let template;

class PGliteEnvironment extends TestEnvironment {
  async setup() {
    await super.setup();
    this.global.__PGLITE__ = PGlite;
    this.global.__PGLITE_TEMPLATE__ = {
      get: () => template,
      set: (dump) => {
        template = dump;
      },
    };
  }
}

module.exports = PGliteEnvironment;
