// Issue 32 item 4 (HRS-15): the stance is drawn from the optimal mix of the 4 × 4 zero-sum exchange game. The solver
// (policy/mixed.ts) is checked against brute force on random matrices: its pair of mixes is a Nash equilibrium (no
// pure deviation gains either side), and its value is the game's (a grid search of the simplex never beats it).

import assert from 'node:assert/strict';
import { makeRng, randBelow } from '../../../engine/rng.js';
import { mixText, solveZeroSum, solveZeroSumPlain } from '../../../systems/heart-rush/engine/policy/mixed.js';
import { combatEvents } from '../../../systems/heart-rush/engine/index.js';
import { brawl4v4, duel2v2 } from './gen.js';
import { character, weapon } from '../../../systems/heart-rush/model.js';
import { at, scene } from './scene.js';

function payoff(a: Float64Array, x: ArrayLike<number>, y: ArrayLike<number>, xo = 0, yo = 0): number {
  let v = 0;
  for (let r = 0; r < 4; r++) for (let c = 0; c < 4; c++) v += x[xo + r] * y[yo + c] * a[r * 4 + c];
  return v;
}

describe('Heart Rush mixed stances (issue 32 item 4, HRS-15)', () => {
  it('HRS-15 (issue 32 item 5): the solver with its pure pairs pre-tested and its 2 × 2 pairs pre-tested equals its plain twin bit for bit (random, tied, near-tied, saddle-point and smaller games)', () => {
    const rng = makeRng(32);
    const fast = new Float64Array(8),
      plain = new Float64Array(8);
    let pure = 0,
      mixed = 0;
    for (let g = 0; g < 4000; g++) {
      const a = new Float64Array(16);
      for (let k = 0; k < 16; k++)
        a[k] =
          g % 4 === 0
            ? randBelow(rng, 5) - 2 // ties and saddle points
            : g % 4 === 1
              ? (randBelow(rng, 2001) - 1000) / 100
              : g % 4 === 2
                ? (randBelow(rng, 2001) - 1000) / 7 // values with no short binary form
                : randBelow(rng, 3) - 1 + (randBelow(rng, 5) - 2) * 1e-7; // near-ties, at the pre-tests' margins
      const n = g % 7 === 0 ? 2 + (g % 3) : 4;
      const v = solveZeroSum(a, 0, n, fast, 0, fast, 4);
      const w = solveZeroSumPlain(a, 0, n, plain, 0, plain, 4);
      assert.ok(Object.is(v, w), `game ${g}: value ${v} / ${w}`);
      assert.deepEqual([...fast], [...plain], `game ${g}`);
      if (fast.filter((p) => p === 1).length === 2) pure++;
      else mixed++;
    }
    assert.ok(pure > 300 && mixed > 300, `${pure} pure, ${mixed} mixed games`);
  });

  it('HR-E2: the solver’s mixes are a Nash equilibrium of random 4 × 4 games (brute force: no pure deviation gains)', () => {
    const rng = makeRng(2026);
    const mixes = new Float64Array(8);
    for (let g = 0; g < 400; g++) {
      const a = new Float64Array(16);
      // integer cells sometimes (ties, saddle points, dominated rows), else fractional
      for (let k = 0; k < 16; k++) a[k] = g % 3 === 0 ? randBelow(rng, 7) - 3 : (randBelow(rng, 2001) - 1000) / 100;
      const v = solveZeroSum(a, 0, 4, mixes, 0, mixes, 4);
      let sx = 0,
        sy = 0;
      for (let k = 0; k < 4; k++) {
        assert.ok(mixes[k] >= 0 && mixes[4 + k] >= 0);
        sx += mixes[k];
        sy += mixes[4 + k];
      }
      assert.ok(Math.abs(sx - 1) < 1e-9 && Math.abs(sy - 1) < 1e-9);
      assert.ok(Math.abs(payoff(a, mixes, mixes, 0, 4) - v) < 1e-6, `game ${g}: value`);
      const e = [1, 0, 0, 0];
      for (let d = 0; d < 4; d++) {
        const pure = e.map((_, k) => (k === d ? 1 : 0));
        assert.ok(payoff(a, pure, mixes, 0, 4) <= v + 1e-6, `game ${g}: row ${d} gains against the column mix`);
        assert.ok(payoff(a, mixes, pure, 0, 0) >= v - 1e-6, `game ${g}: column ${d} gains against the row mix`);
      }
      // brute force: no row mix on a 1/20 grid of the simplex guarantees more than the value
      for (let p = 0; p <= 20 && g % 10 === 0; p++)
        for (let q = 0; p + q <= 20; q++)
          for (let r = 0; p + q + r <= 20; r++) {
            const x = [p / 20, q / 20, r / 20, (20 - p - q - r) / 20];
            let worst = Infinity;
            for (let c = 0; c < 4; c++)
              worst = Math.min(
                worst,
                payoff(
                  a,
                  x,
                  [0, 1, 2, 3].map((k) => +(k === c)),
                ),
              );
            assert.ok(worst <= v + 1e-6, `game ${g}: the grid mix ${x} beats the value ${v}`);
          }
    }
  });

  it('HR-E2: the log says the mix, and a seed replays the draws', () => {
    assert.equal(
      mixText([0.41, 0.35, 0.24, 0], 0, ['might', 'agility', 'cunning', 'defensive']),
      'might 41% · agility 35% · cunning 24% · defensive 0%',
    );
    for (const enc of [duel2v2(), brawl4v4()]) {
      const once = [...combatEvents(enc, 5)];
      assert.deepEqual([...combatEvents(enc, 5)], once);
      const reasons = once.flatMap((e) => (e.type === 'stances' ? e.picks.map((p) => p.reason) : []));
      assert.ok(
        reasons.some((r) => /might \d+% · agility \d+% · cunning \d+% · defensive \d+%/.test(r)),
        reasons.join('\n'),
      );
    }
  });

  it('HR-E2: stances are not read: one combatant’s stance varies across seeds in the same first round', () => {
    const enc = brawl4v4();
    const seen = new Map<string, Set<string>>();
    for (let s = 1; s <= 40; s++)
      for (const e of combatEvents(enc, s))
        if (e.type === 'stances' && e.round <= 2)
          for (const p of e.picks) {
            const k = `${p.who} r${e.round}`;
            if (!seen.has(k)) seen.set(k, new Set());
            seen.get(k)!.add(p.stance);
          }
    assert.ok(
      [...seen.values()].some((v) => v.size >= 2),
      JSON.stringify([...seen].map(([k, v]) => [k, [...v]])),
    );
  });

  it('HR-E2: the draws follow the mix the log gives (an archer next to a spearman, 600 first rounds)', () => {
    const bow = weapon('Longbow', { kind: 'ranged', die: 8, reach: 80, hands: 2, mightBonus: 0 });
    const spear = weapon('Spear', { die: 8, reach: 10, hands: 2 });
    const enc = scene(
      [at(character('Archer', { hp: 20, agility: 8, weapons: [bow], tactics: 'kite' }), 100, 100)],
      [at(character('Spearman', { hp: 20, might: 8, weapons: [spear] }), 105, 100)],
    );
    const names = ['might', 'agility', 'cunning', 'defensive'];
    const count = [0, 0, 0, 0];
    let mix: number[] = [];
    const N = 600;
    for (let s = 1; s <= N; s++)
      for (const e of combatEvents(enc, s))
        if (e.type === 'stances' && e.round === 1) {
          const p = e.picks.find((x) => x.who === 'Archer')!;
          count[names.indexOf(p.stance)]++;
          mix = names.map((n) => Number(new RegExp(`${n} (\\d+)%`).exec(p.reason)![1]) / 100);
          break;
        }
    assert.ok(mix.filter((p) => p > 0).length >= 2, `a mixed stance: ${mix}`);
    // within 4.5 standard errors of the mix (the log rounds it to whole percents)
    for (let k = 0; k < 4; k++) {
      const sd = Math.sqrt((mix[k] * (1 - mix[k])) / N);
      assert.ok(Math.abs(count[k] / N - mix[k]) <= 4.5 * sd + 0.01, `${names[k]}: ${count[k]}/${N} against ${mix[k]}`);
    }
  });
});
