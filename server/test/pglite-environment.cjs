// Jest's node environment plus a migrated, empty database kept per worker process: the first test
// file migrates a fresh PGlite and dumps it (server/test/test-database.ts), later files start from
// the dump (under a second instead of seconds each).
const { TestEnvironment } = require('jest-environment-node');

let template;

class PGliteEnvironment extends TestEnvironment {
  async setup() {
    await super.setup();
    this.global.__PGLITE_TEMPLATE__ = {
      get: () => template,
      set: (dump) => {
        template = dump;
      },
    };
  }
}

module.exports = PGliteEnvironment;
