// Prints the security suite's figures (written by the test files to FIGURES_FILE) after the run.
const { existsSync, readFileSync, rmSync } = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const FIGURES_FILE = path.join(os.tmpdir(), 'need-spot-security-figures.jsonl');

class FiguresReporter {
  onRunStart() {
    rmSync(FIGURES_FILE, { force: true });
  }

  onRunComplete() {
    if (!existsSync(FIGURES_FILE)) return;
    const rows = readFileSync(FIGURES_FILE, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line));
    const lines = rows.map(({ suite, ...figures }) => `  ${suite}: ${Object.entries(figures).map(([k, v]) => `${k} ${v}`).join(', ')}`);
    const total = (key) => rows.reduce((sum, row) => sum + (row[key] ?? 0), 0);
    process.stdout.write(`\nSecurity suite figures\n${lines.join('\n')}\n  total: requests ${total('requests')}, violations ${total('violations')}\n\n`);
    rmSync(FIGURES_FILE, { force: true });
  }
}

module.exports = FiguresReporter;
