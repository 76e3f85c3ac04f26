// Prints the figures a suite's test files recorded (server/test/figures.ts) after the run: the
// security suite's requests and violations, the reliability suite's trials, writes, lost, duplicated...
const { existsSync, readFileSync, rmSync } = require('node:fs');
const os = require('node:os');
const path = require('node:path');

// The same path as server/test/figures.ts.
const FIGURES_FILE = path.join(os.tmpdir(), 'need-spot-test-figures.jsonl');

class FiguresReporter {
  onRunStart() {
    rmSync(FIGURES_FILE, { force: true });
  }

  onRunComplete() {
    if (!existsSync(FIGURES_FILE)) return;
    const rows = readFileSync(FIGURES_FILE, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line));
    const lines = rows.map(({ suite, ...figures }) => `  ${suite}: ${Object.entries(figures).map(([k, v]) => `${k} ${v}`).join(', ')}`);
    // Over the rows that have a figure: the sum of counts (requests, violations, lost...), the
    // greatest of durations (a name ending in Ms or " s": the slowest reconnect is the slowest of all).
    const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))].filter((key) => key !== 'suite' && rows.filter((row) => key in row).length > 1);
    const totals = keys.filter((key) => rows.every((row) => !(key in row) || typeof row[key] === 'number')).map((key) => {
      const values = rows.filter((row) => key in row).map((row) => row[key]);
      return /(ms| s)$/i.test(key) ? `${key} ${Math.max(...values)} (slowest)` : `${key} ${values.reduce((sum, value) => sum + value, 0)}`;
    });
    process.stdout.write(`\nFigures\n${lines.join('\n')}\n${totals.length ? `  total: ${totals.join(', ')}\n` : ''}\n`);
    rmSync(FIGURES_FILE, { force: true });
  }
}

module.exports = FiguresReporter;
