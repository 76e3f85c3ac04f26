// The table of `npm run bench` (bench/all.mjs): each figure next to its target and a verdict.
// Kept apart from the runner so that bench/results-table.test.mjs can check it on a fixture.

const number = (value) => (typeof value === 'number' && Number.isFinite(value)
  ? value.toLocaleString('en-US', { maximumFractionDigits: 2 })
  : String(value));
const withUnit = (value, unit) => (unit ? `${number(value)} ${unit}` : number(value));
const ratio = (value, floor) => `${(value / floor).toFixed(1)}x the floor of ${number(floor)}`;

/** met / not met / floor-bound (with the ratio to the floor), or "reported" for a figure without a target. */
export function verdict({ value, target, floor, unit }) {
  const hasFloor = typeof floor === 'number' && floor > 0 && Number.isFinite(value);
  if (!target) return hasFloor ? `reported (${ratio(value, floor)}${unit ? ` ${unit}` : ''})` : 'reported';
  if (!Number.isFinite(value)) return 'not met (no figure)';
  const within = (x) => (target.op === '>=' ? x >= target.value : x <= target.value);
  if (within(value)) return 'met';
  if (!hasFloor) return 'not met';
  // The floor itself misses the target: no server could meet it on this machine in this run.
  return `${within(floor) ? 'not met' : 'floor-bound'} (${ratio(value, floor)}${unit ? ` ${unit}` : ''})`;
}

/**
 * One Markdown table for every bench's run: `runs` is [{ bench, exitCode, figures: [{ name, value,
 * unit, target?, floor? }] }]. A bench that failed or reported nothing gets a row saying so.
 */
export function markdownTable(runs) {
  const lines = ['| bench | figure | value | target | verdict |', '|---|---|---:|---|---|'];
  for (const run of runs) {
    for (const figure of run.figures) {
      const target = figure.target ? `${figure.target.op} ${withUnit(figure.target.value, figure.unit)}` : '';
      lines.push(`| ${run.bench} | ${figure.name} | ${withUnit(figure.value, figure.unit)} | ${target} | ${verdict(figure)} |`);
    }
    if (run.exitCode !== 0) lines.push(`| ${run.bench} | (the bench failed: ${run.exitCode === null ? 'stopped by a signal' : `exit code ${run.exitCode}`}) | | | not measured |`);
    else if (run.figures.length === 0) lines.push(`| ${run.bench} | (no figure reported) | | | not measured |`);
  }
  return lines.join('\n');
}
