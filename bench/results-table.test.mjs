// `node bench/all.mjs --self-test` (node:test; jest's projects cover src/, mocks/ and server/ only).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { markdownTable, targetText, verdict } from './results-table.mjs';

test('verdicts: met, not met, floor-bound with the ratio, reported', () => {
  assert.equal(verdict({ value: 120, unit: 'KB', target: { op: '<=', value: 130 } }), 'met');
  assert.equal(verdict({ value: 2000, unit: 'req/s', target: { op: '>=', value: 2500 } }), 'not met');
  assert.equal(verdict({ value: 27.5, unit: 'ms', target: { op: '<=', value: 5 }, floor: 12.8 }), 'floor-bound (2.1x the floor of 12.8 ms)');
  assert.equal(verdict({ value: 9, unit: 'ms', target: { op: '<=', value: 5 }, floor: 3 }), 'not met (3.0x the floor of 3 ms)');
  assert.equal(verdict({ value: 4, unit: 'ms', target: { op: '<=', value: 5 }, floor: 3 }), 'met');
  assert.equal(verdict({ value: 191, unit: 'ms', floor: 33 }), 'reported (5.8x the floor of 33 ms)');
  assert.equal(verdict({ value: null, unit: 'ms', target: { op: '<=', value: 5 } }), 'not met (no figure)');
});

test('a target relative to the floor: the ratio decides, whatever the figure in ms', () => {
  const twice = { op: '<=', value: 2, of: 'floor' };
  assert.equal(targetText({ target: twice, unit: 'ms' }), '<= 2x the floor');
  assert.equal(verdict({ value: 27.5, unit: 'ms', target: twice, floor: 12.8 }), 'not met (2.1x the floor of 12.8 ms)');
  assert.equal(verdict({ value: 20, unit: 'ms', target: twice, floor: 12.8 }), 'met (1.6x the floor of 12.8 ms)');
  assert.equal(verdict({ value: 191, unit: 'ms', target: twice, floor: 33 }), 'not met (5.8x the floor of 33 ms)');
  assert.equal(verdict({ value: 20, unit: 'ms', target: twice }), 'not met (no floor)');
  assert.equal(verdict({ value: null, unit: 'ms', target: twice, floor: 12.8 }), 'not met (no figure)');
});

test('the table: one row per figure, a row for a failed bench or one that reported nothing', () => {
  const table = markdownTable([
    { bench: 'bundle', exitCode: 0, figures: [{ name: 'initial JS, gzipped', value: 118.4, unit: 'KB', target: { op: '<=', value: 130 } }] },
    { bench: 'api', exitCode: 1, figures: [] },
    { bench: 'restart', exitCode: 0, figures: [] },
    { bench: 'realtime', exitCode: 0, figures: [
      { name: 'pglite: disconnects', value: 0, unit: '', target: { op: '<=', value: 0 } },
      { name: 'postgres: direct message p99, stored → received', value: 20, unit: 'ms', target: { op: '<=', value: 2, of: 'floor' }, floor: 12.8 },
    ] },
  ]);
  assert.equal(table, [
    '| bench | figure | value | target | verdict |',
    '|---|---|---:|---|---|',
    '| bundle | initial JS, gzipped | 118.4 KB | <= 130 KB | met |',
    '| api | (the bench failed: exit code 1) | | | not measured |',
    '| restart | (no figure reported) | | | not measured |',
    '| realtime | pglite: disconnects | 0 | <= 0 | met |',
    '| realtime | postgres: direct message p99, stored → received | 20 ms | <= 2x the floor | met (1.6x the floor of 12.8 ms) |',
  ].join('\n'));
});
