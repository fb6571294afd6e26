// The rounds histogram under `aces odds` (issue 14 item 5): at most 12 rows,
// every fight counted once, the bars scaled to the fullest row.
import assert from 'node:assert/strict';
import { roundsHistogram } from '../../cli/odds.js';
import type { MonteCarloResult } from '../../engine/tally.js';

function result(hist: number[]): MonteCarloResult {
  const runs = hist.reduce((a, b) => a + b, 0);
  const rounds = hist.flatMap((c, r) => (c ? [r] : []));
  return {
    runs,
    rounds: { mean: 0, sd: 0, min: Math.min(...rounds), max: Math.max(...rounds), histogram: hist },
  } as unknown as MonteCarloResult;
}

describe('cli: the rounds histogram of aces odds', () => {
  it('one row per round when they fit, the fullest row a full bar, the percentages adding to 100', () => {
    const rows = roundsHistogram(result([0, 10, 30, 60]));
    assert.deepEqual(
      rows.map((l) => l.trim().split(/\s+/)[0]),
      ['1', '2', '3'],
    );
    assert.match(rows[2], /█{30} 60\.0%$/);
    assert.match(rows[0], / 10\.0%$/);
  });
  it('groups rounds when fights spread over more than 12, counting each fight once', () => {
    const hist = new Array(41).fill(0);
    for (let r = 5; r <= 40; r++) hist[r] = r;
    const rows = roundsHistogram(result(hist));
    assert.ok(rows.length <= 12);
    const total = rows.reduce((a, l) => a + Number(/([\d.]+)%$/.exec(l)![1]), 0);
    assert.ok(Math.abs(total - 100) < 0.6, String(total));
    assert.match(rows[0], /^\s+5–7 /);
  });
});
