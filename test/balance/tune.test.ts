// balance/tune.ts: a coarse search, then the closest values fought with every combat (issue 14 items 3 and 8).
// The answer must be exactly what a Monte Carlo of the chosen value with every combat says, the closest of the
// values fought that way, and bracketed by them as a search with every combat would bracket it.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { diskHost } from '../../cli/files.js';
import { parseTarget, searchRuns, tune, type TuneResult, type TuneTry } from '../../balance/tune.js';
import { variants } from '../../balance/vary.js';
import { monteCarlo } from '../../systems/index.js';
import { DEEP } from '../deep.js';
import { tempDir } from '../temp-dir.js';

/**
 * Bracketed as with every combat: two neighbouring values lie either side of the target, one of them the answer,
 * each fought with every combat or shown by its search try to lie wholly farther from the target than the answer.
 */
function assertBracketed(t: TuneResult, runs: number): void {
  const known = new Map<number, TuneTry>();
  for (const x of t.tries) if (x.p !== undefined && (x.runs === runs || !known.has(x.value))) known.set(x.value, x);
  const off = Math.abs(t.p - 0.5);
  const settled = (x: TuneTry) =>
    x.runs === runs ||
    (Math.min(Math.abs(x.ci95![0] - 0.5), Math.abs(x.ci95![1] - 0.5)) > off &&
      !(x.ci95![0] <= 0.5 && 0.5 <= x.ci95![1]));
  const under = (v: number) => known.get(v)!.p! < 0.5;
  const ok = (v: number) => known.has(v) && settled(known.get(v)!);
  assert.ok(
    [...known.keys()].some(
      (v) => ok(v) && ok(v + 1) && under(v) !== under(v + 1) && (t.value === v || t.value === v + 1),
    ),
    JSON.stringify(t.tries),
  );
}

describe('balance/tune: search coarse, answer with every combat', function () {
  this.timeout(120_000);

  it('searches with a fifth of the combats (at least 1,000, never more than asked)', () => {
    assert.equal(searchRuns(10_000), 2000);
    assert.equal(searchRuns(4000), 1000);
    assert.equal(searchRuns(600), 600);
  });

  // the Troll Bridge (Heart Rush, the dearer search) only under ACES_DEEP=1 (test/deep.ts)
  for (const [file, block, enc] of [
    ['samples/boss-warlord.aces', 'Warlord Vask', "The Warlord's Hall"],
    ...(DEEP ? ([['samples/heart-rush/troll-bridge.aces', 'Troll', 'The Troll Bridge']] as const) : []),
  ] as const) {
    it(`${file}: the answer is the chosen value's own odds with every combat, the closest of those so fought; the search's tries fought fewer`, async () => {
      const host = diskHost(process.cwd());
      const path = resolve(file);
      const { checkFiles } = await import('../../systems/index.js');
      const r0 = checkFiles([path], host);
      const encounter = r0.encountersByFile.get(path)!.find((e) => e.name === enc)!;
      const attr = r0.systemOf(path)!.id === 'halcyon-aces' ? 'vitality' : 'hp';
      const spec = { block, attr, values: attr === 'vitality' ? [30, 80] : [20, 220] };
      const runs = 2500; // searched at 1,000 (searchRuns), answered with 2,500: both sides of the rule stay distinct
      const t = await tune(path, enc, spec, { outcome: encounter.sides[0], p: 0.5 }, host, {
        runs,
        seed: 11,
        offThread: true,
      });
      const coarse = t.tries.filter((x) => x.runs === searchRuns(runs));
      const full = t.tries.filter((x) => x.runs === runs);
      assert.ok(coarse.length >= 3, `${coarse.length} search tries`);
      assert.ok(full.length < coarse.length + 3, `${full.length} tries with every combat`);
      assert.ok(full.some((x) => x.value === t.value));
      for (const x of full) assert.ok(Math.abs(t.p - 0.5) <= Math.abs(x.p! - 0.5), `${x.value} is closer`);
      assertBracketed(t, runs);
      const [v] = variants(path, enc, { ...spec, values: [t.value] }, host);
      const own = await monteCarlo(v.encounter!, { system: v.system!.id, runs, seed: 11, threads: 2 });
      const side = own.sides[0];
      assert.equal(t.p, side.p);
      assert.deepEqual(t.ci95, side.ci95);
      // it lands within its interval of the target (issue 14 'Done when'), and says so
      assert.ok(t.ci95[0] <= 0.5 && 0.5 <= t.ci95[1], JSON.stringify(t.ci95));
      assert.equal(t.reached, true);
    });
  }

  it("a value the search placed wholly farther from the target than the answer is not fought again (a duel: the Brute's vitality)", async () => {
    // A duel written here, not a sample: the samples' curves move with every change of play (the crypt's Brakka.com
    // curve this test used went flat, then rose past the target, with issue 32's grid rounds); two fighters trading
    // Strikes in one zone leave the policy nothing to choose but the Strike
    const dir = tempDir('aces-tune-duel-');
    const path = join(dir, 'duel.aces');
    writeFileSync(
      path,
      [
        'weapon Club { melee +1 }',
        'character Kael { heart 2 body 3 mind 1 spirit 1 vitality 20 wields Club }',
        'character Brute { heart 2 body 3 mind 1 spirit 1 vitality 20 wields Club }',
        'encounter "Duel" {',
        '  seed 3',
        '  rounds 40',
        '  zone yard { }',
        '  side party { Kael at yard }',
        '  side brutes { Brute at yard }',
        '}',
        '',
      ].join('\n'),
    );
    const runs = 5000;
    const t = await tune(
      path,
      'Duel',
      { block: 'Brute', attr: 'vitality', values: [8, 40] },
      { outcome: 'party', p: 0.25 },
      diskHost(dir),
      { runs, seed: 3, offThread: true },
    );
    const full = t.tries.filter((x) => x.runs === runs);
    const skipped = t.tries.filter((x) => x.runs !== runs && !full.some((f) => f.value === x.value));
    const off = Math.abs(t.p - 0.25);
    // vitality 28 is the answer (25%); the walk meets 8, 40, 24, 32, 30 and 29, each placed by 1,000 combats wholly
    // farther from 25% than the answer: without the rule they would be fought with every combat
    assert.deepEqual(
      full.map((x) => x.value),
      [t.value],
      JSON.stringify(t.tries),
    );
    assert.ok(skipped.length >= 3, JSON.stringify(t.tries));
    // what the rule promises: each value left at the search's combats lies, interval and all, farther than the answer
    for (const x of skipped)
      assert.ok(
        !(x.ci95![0] <= 0.25 && 0.25 <= x.ci95![1]) &&
          Math.min(Math.abs(x.ci95![0] - 0.25), Math.abs(x.ci95![1] - 0.25)) > off,
        JSON.stringify(x),
      );
    assert.equal(t.reached, true);
  });
});

describe('balance/tune: reading a target', () => {
  it('a hostile --target of long runs of spaces does not hang (the old regex: 3,000 spaces took 29 s, a word and 100,000 spaces 23 s)', () => {
    const t0 = performance.now();
    assert.ok('error' in parseTarget(' '.repeat(3000) + 'x'));
    assert.ok('error' in parseTarget(' '.repeat(100_000) + 'x'));
    assert.ok('error' in parseTarget('a' + ' '.repeat(100_000) + 'x'));
    assert.ok('error' in parseTarget('a' + ' 1'.repeat(50_000) + 'x'));
    assert.deepEqual(parseTarget('party' + ' '.repeat(100_000) + 'wins 50%'), {
      outcome: 'party' + ' '.repeat(100_000) + 'wins',
      p: 0.5,
    });
    assert.ok(performance.now() - t0 < 1000, `${Math.round(performance.now() - t0)} ms`);
  });

  it('reads a target with spaces around it, before its % or across lines as before', () => {
    assert.deepEqual(parseTarget('  party wins 50%  '), { outcome: 'party wins', p: 0.5 });
    assert.deepEqual(parseTarget('\ngoblins win 12.5 %\n'), { outcome: 'goblins win', p: 0.125 });
    assert.deepEqual(parseTarget('stalemate\t5%'), { outcome: 'stalemate', p: 0.05 });
    assert.deepEqual(parseTarget('party 2 wins 50%'), { outcome: 'party 2 wins', p: 0.5 });
    for (const bad of [
      'party wins50%',
      'party wins 50',
      'party\nwins 50%',
      'party wins 1.2.3%',
      'party wins .5%',
      '50%',
    ])
      assert.ok('error' in parseTarget(bad), bad);
  });
});
