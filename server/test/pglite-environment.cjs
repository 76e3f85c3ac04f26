// Jest's node environment plus the PGlite class loaded by Node itself, outside Jest's sandbox.
// PGlite's CommonJS build loads Node built-ins with dynamic import(), which Jest's sandbox refuses
// without --experimental-vm-modules ("A dynamic import callback was invoked without
// --experimental-vm-modules"). Test files that build an app start with the docblock
// and server/test/test-database.ts takes the class from globalThis.__PGLITE__.
const { TestEnvironment } = require('jest-environment-node');
const { PGlite } = require('@electric-sql/pglite');

class PGliteEnvironment extends TestEnvironment {
  async setup() {
    await super.setup();
    this.global.__PGLITE__ = PGlite;
  }
}

module.exports = PGliteEnvironment;
