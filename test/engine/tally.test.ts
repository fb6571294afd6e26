// Recording each combat's outcome (engine/tally.ts `record`), the basis of every paired comparison: `aces odds
// --against` and the editor's "62% → 48%" lens. Recording must not change the odds, must not depend on how
// combats were split over threads, and must agree with the tally's counts.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { emptyTally, pairedChanges, tallyEnd } from '../../engine/tally.js';
import { checkFiles, monteCarlo, REGISTRY } from '../../systems/index.js';
import { fightCount } from '../deep.js';
import { diskHost } from '../../cli/files.js';
import { winsPhrase } from '../../common/outcome-words.js';

describe('engine/tally: each combat recorded for a paired comparison', function () {
  this.timeout(120000);

  const files = (readdirSync('samples', { recursive: true }) as string[])
    .filter((f) => f.endsWith('.aces') && !f.includes('worked'))
    .map((f) => resolve('samples', f));
  const r = checkFiles(files, diskHost(process.cwd()));
  for (const system of REGISTRY.systems) {
    it(`${system.id}: recording changes no figure, agrees with the counts, and is the same on 1 and 2 threads`, async () => {
      const f = files.find((x) => r.systemOf(x)?.id === system.id && r.encountersByFile.get(x)?.length)!;
      const enc = r.encountersByFile.get(f)![0];
      const runs = fightCount('TALLY_RUNS', 150, 300);
      const opts = { system: system.id, runs, seed: 11 };
      const plain = await monteCarlo(enc, { ...opts, threads: 1 });
      const one = await monteCarlo(enc, { ...opts, threads: 1, record: true });
      const two = await monteCarlo(enc, { ...opts, threads: 2, offThread: true, record: true });
      const { outcomes: o1, ...rest1 } = one;
      assert.deepEqual(rest1, plain, 'recording changed the odds');
      assert.deepEqual([...two.outcomes!], [...o1!], 'the record depends on the threads');
      const count = (k: number) => o1!.filter((x) => x === k).length;
      plain.sides.forEach((s, k) => assert.equal(count(k), s.count, s.side));
      assert.equal(count(plain.sides.length), plain.stalemate.count);
      assert.equal(count(plain.sides.length + 1), plain.draw.count);
      assert.equal(o1!.length, runs);
      // every example of an outcome is a combat recorded with that outcome
      const names = [...plain.sides.map((s) => winsPhrase(s.side)), 'stalemate', 'nobody left'];
      for (const e of plain.examples)
        assert.equal(o1![e.combat], names.indexOf(e.outcome), `${e.outcome} #${e.combat}`);
    });
  }

  it('a version against itself changes nothing, with an interval of 0', () => {
    const a = Int8Array.from([0, 1, 2, 0, 0, 3, 1]);
    for (const c of pairedChanges(a, a, 4)) {
      assert.equal(c.change, 0);
      assert.equal(c.halfWidth, 0);
      assert.equal(c.before, c.after);
    }
  });

  it('the paired interval is 1.96 × the sample sd of the per-combat differences over √n, checked by hand', () => {
    const a = Int8Array.from([0, 0, 1, 1, 0, 2]);
    const b = Int8Array.from([1, 0, 1, 0, 0, 2]);
    const [win0] = pairedChanges(a, b, 3);
    // differences of "side 0 wins": -1, 0, 0, +1, 0, 0 → mean 0, sample variance 2/5
    assert.equal(win0.before, 3 / 6);
    assert.equal(win0.after, 3 / 6);
    assert.equal(win0.change, 0);
    assert.ok(Math.abs(win0.halfWidth - 1.959963984540054 * Math.sqrt(0.4 / 6)) < 1e-12);
    const [, win1] = pairedChanges(Int8Array.from([0, 0, 0, 0]), Int8Array.from([1, 1, 0, 0]), 2);
    // differences +1, +1, 0, 0 → mean 1/2, sample variance (2 − 4·¼)/3 = 1/3
    assert.equal(win1.change, 0.5);
    assert.ok(Math.abs(win1.halfWidth - 1.959963984540054 * Math.sqrt(1 / 3 / 4)) < 1e-12);
  });
});

describe('engine/tally: tallyEnd without a branch per outcome (issue 32 item 5)', () => {
  it('counts each outcome in its own field and keeps its first combats as examples in its slot', () => {
    const t = emptyTally({ sides: ['A', 'B'], ids: ['a', 'b'], sideOf: [0, 1], roundCap: 5 }, 1);
    // combat i by i % 4: a win (B's at i = 0 and 8, else A's), a stalemate, a draw, a win (winner −1 when none won)
    const outcomes = ['victory', 'stalemate', 'draw', 'victory'] as const;
    for (let i = 0; i < 12; i++) {
      const o = outcomes[i % 4];
      tallyEnd(t, o, o === 'victory' ? (i % 8 === 0 ? 1 : 0) : -1, 1 + (i % 7), i);
    }
    assert.deepEqual(t.wins, [4, 2]);
    assert.equal(t.stalemates, 3);
    assert.equal(t.draws, 3);
    assert.equal(t.runs, 12);
    assert.deepEqual(t.examples, [
      [3, 4, 7],
      [0, 8],
      [1, 5, 9],
      [2, 6, 10],
    ]);
    assert.equal(t.roundsMin, 1);
    assert.equal(t.roundsMax, 7);
    assert.equal(
      t.roundsSum,
      [...Array(12).keys()].reduce((s, i) => s + 1 + (i % 7), 0),
    );
  });
});
