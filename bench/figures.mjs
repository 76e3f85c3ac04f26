// Machine-readable figures for `npm run bench` (bench/all.mjs): with `--json <file>` on a bench's
// command line (or BENCH_JSON=<file>), each figure is appended to that file as one JSON line:
//   { bench, name, value, unit, target?: { op: '<=' | '>=', value }, floor? }
// `floor`: what the same run measured as the least the figure could be on this machine (the realtime
// relay); the runner then shows the figure's ratio to it. Without the option, nothing is written.
import { appendFileSync } from 'node:fs';

function jsonFile() {
  const args = process.argv.slice(2);
  const at = args.indexOf('--json');
  return at >= 0 ? args[at + 1] : process.env.BENCH_JSON;
}

/** Appends `figure` (see above) to the --json file, when there is one. */
export function emit(bench, figure) {
  const file = jsonFile();
  if (!file) return;
  appendFileSync(file, `${JSON.stringify({ bench, ...figure })}\n`);
}
