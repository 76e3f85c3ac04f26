import { appendFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Figures a suite prints (security: requests and violations; reliability: trials, acknowledged
// writes, lost, duplicated...). Test files run in workers of their own, so each appends its rows to
// one file, which figures-reporter.cjs prints at the end of the run.
export const FIGURES_FILE = path.join(os.tmpdir(), 'need-spot-test-figures.jsonl');

export function recordFigures(suite: string, figures: Record<string, number | string>) {
  appendFileSync(FIGURES_FILE, JSON.stringify({ suite, ...figures }) + '\n');
}
