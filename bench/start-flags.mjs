// The node flags `npm start` runs the server with: the words between `node` and `scripts/start.mjs`
// in package.json's start script (they size the V8 heap). Every bench that starts the server passes
// them, so what it measures is the server as it ships.
import { readFileSync } from 'node:fs';

const words = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).scripts.start.trim().split(/\s+/);
const script = words.indexOf('scripts/start.mjs');
if (words[0] !== 'node' || script < 0) throw new Error(`package.json's start script is not "node [flags] scripts/start.mjs": ${words.join(' ')}`);

export const startFlags = words.slice(1, script);
