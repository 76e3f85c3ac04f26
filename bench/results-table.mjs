// The table of `npm run bench` (bench/all.mjs): each figure next to its target and a verdict.
// Kept apart from the runner so that bench/results-table.test.mjs can check it on a fixture.
// A target is absolute ({ op, value }: "<= 50 ms") or relative to the figure's floor ({ op, value,
// of: 'floor' }: "<= 2x the floor", the realtime ratios, measured against the same run's floor).

const number = (value) => (typeof value === 'number' && Number.isFinite(value)
  ? value.toLocaleString('en-US', { maximumFractionDigits: 2 })
  : String(value));
const withUnit = (value, unit) => (unit ? `${number(value)} ${unit}` : number(value));
const ratio = (value, floor) => `${(value / floor).toFixed(1)}x the floor of ${number(floor)}`;

/** The target as the table shows it. */
export function targetText({ target, unit }) {
  if (!target) return '';
  if (target.of === 'floor') return `${target.op} ${number(target.value)}x the floor`;
  return `${target.op} ${withUnit(target.value, unit)}`;
}

/** met / not met / floor-bound (with the ratio to the floor), or "reported" for a figure without a target. */
export function verdict({ value, target, floor, unit }) {
  const hasFloor = typeof floor === 'number' && floor > 0 && Number.isFinite(value);
  const unitText = unit ? ` ${unit}` : '';
  if (!target) return hasFloor ? `reported (${ratio(value, floor)}${unitText})` : 'reported';
  if (!Number.isFinite(value)) return 'not met (no figure)';
  const within = (x, limit) => (target.op === '>=' ? x >= limit : x <= limit);
  if (target.of === 'floor') {
    if (!hasFloor) return 'not met (no floor)';
    return `${within(value / floor, target.value) ? 'met' : 'not met'} (${ratio(value, floor)}${unitText})`;
  }
  if (within(value, target.value)) return 'met';
  if (!hasFloor) return 'not met';
  // The floor itself misses the target: no server could meet it on this machine in this run.
  return `${within(floor, target.value) ? 'not met' : 'floor-bound'} (${ratio(value, floor)}${unitText})`;
}

/**
 * One Markdown table for every bench's run: `runs` is [{ bench, exitCode, figures: [{ name, value,
 * unit, target?, floor? }] }]. A bench that failed or reported nothing gets a row saying so.
 */
export function markdownTable(runs) {
  const lines = ['| bench | figure | value | target | verdict |', '|---|---|---:|---|---|'];
  for (const run of runs) {
    for (const figure of run.figures) {
      lines.push(`| ${run.bench} | ${figure.name} | ${withUnit(figure.value, figure.unit)} | ${targetText(figure)} | ${verdict(figure)} |`);
    }
    if (run.exitCode !== 0) lines.push(`| ${run.bench} | (the bench failed: ${run.exitCode === null ? 'stopped by a signal' : `exit code ${run.exitCode}`}) | | | not measured |`);
    else if (run.figures.length === 0) lines.push(`| ${run.bench} | (no figure reported) | | | not measured |`);
  }
  return lines.join('\n');
}

// `node bench/results-table.mjs --self-test`: the same tests as `node bench/all.mjs --self-test`.
if (import.meta.url === `file://${process.argv[1]}` && process.argv.includes('--self-test')) {
  const { spawnSync } = await import('node:child_process');
  const { fileURLToPath } = await import('node:url');
  const run = spawnSync(process.execPath, ['--test', fileURLToPath(new URL('./results-table.test.mjs', import.meta.url))], { stdio: 'inherit' });
  process.exit(run.status ?? 1);
}
