// Monte Carlo: thread-count independence, progress, cancellation, Wilson
// intervals, and observed first-strike hit rates vs an exact formula.
import assert from 'node:assert/strict';
import { combatSeed, monteCarloSync, runCombat, wilson } from '../../../../systems/halcyon-aces/engine/index.js';
import { monteCarlo, prewarmWorkers, shutdownWorkers } from '../../../../systems/index.js';
import { chanceOf, meanOf } from '../../../../engine/tally.js';
import { cardSuit, cardValue, standardDeck } from '../../../../systems/halcyon-aces/engine/cards.js';
import type { CombatEvent } from '../../../../systems/halcyon-aces/engine/events.js';
import { LONGSWORD, block, duel, encounter, mixed3v3, optionsOn } from './fixtures.js';

/**
 * A result without its verdict: the pool's verdict counts Broken as taken out of the fight (RuleSystem.takenOut,
 * issue 34 item 4), the sync path's HA_VERDICT still Defeated; every other figure is the same combat for combat.
 */
const same = <T extends { verdict?: unknown }>(r: T): Omit<T, 'verdict'> => {
  const { verdict: _v, ...rest } = r;
  return rest;
};

describe('engine: Monte Carlo', function () {
  this.timeout(60000);

  it('the result for a seed does not depend on the thread count (1 vs 2 threads vs the sync path)', async () => {
    for (const enc of [mixed3v3(), optionsOn()]) {
      const sync = monteCarloSync(enc, { runs: 3000, seed: 77 });
      const one = await monteCarlo(enc, { runs: 3000, seed: 77, threads: 1 });
      const two = await monteCarlo(enc, { runs: 3000, seed: 77, threads: 2 });
      assert.deepEqual(one, two);
      assert.deepEqual(same(one), same(sync));
      assert.equal(sync.runs, 3000);
      const total = sync.sides.reduce((s, x) => s + x.count, 0) + sync.stalemate.count + sync.draw.count;
      assert.equal(total, 3000);
      assert.equal(
        sync.rounds.histogram.reduce((a, b) => a + b, 0),
        3000,
      );
    }
  });

  it('same result with a cold pool, a prewarmed pool and 3 threads (this thread computes too; chunks go to whoever is free)', async () => {
    const enc = mixed3v3();
    const sync = monteCarloSync(enc, { runs: 2500, seed: 31 });
    await shutdownWorkers();
    const cold = await monteCarlo(enc, { runs: 2500, seed: 31, threads: 2 });
    assert.deepEqual(same(cold), same(sync));
    await shutdownWorkers();
    prewarmWorkers(3);
    assert.deepEqual(await monteCarlo(enc, { runs: 2500, seed: 31, threads: 3 }), cold);
    assert.deepEqual(await monteCarlo(enc, { runs: 2500, seed: 31, threads: 3 }), cold);
  });

  it('reports progress up to the total and can be cancelled with an AbortSignal', async () => {
    const seen: number[] = [];
    await monteCarlo(duel(), {
      runs: 5000,
      seed: 1,
      threads: 2,
      onProgress: (d, t) => {
        assert.equal(t, 5000);
        seen.push(d);
      },
    });
    assert.ok(seen.length >= 2);
    assert.equal(seen.at(-1), 5000);
    const ac = new AbortController();
    const p = monteCarlo(mixed3v3(), {
      runs: 2_000_000,
      seed: 1,
      threads: 2,
      signal: ac.signal,
      onProgress: () => ac.abort(),
    });
    await assert.rejects(p, (e: Error) => e.name === 'AbortError');
    const ac1 = new AbortController();
    const p1 = monteCarlo(mixed3v3(), {
      runs: 2_000_000,
      seed: 1,
      threads: 1,
      signal: ac1.signal,
      onProgress: () => ac1.abort(),
    });
    await assert.rejects(p1, (e: Error) => e.name === 'AbortError');
    // and the pool still works afterwards
    const r = await monteCarlo(duel(), { runs: 500, seed: 2, threads: 2 });
    assert.deepEqual(r, monteCarloSync(duel(), { runs: 500, seed: 2 }));
  });

  it('Wilson 95% interval: known values, and it contains p', () => {
    const [lo, hi] = wilson(50, 100);
    assert.ok(Math.abs(lo - 0.4038) < 1e-3 && Math.abs(hi - 0.5962) < 1e-3);
    assert.deepEqual(wilson(0, 0), [0, 1]);
    // the bounds of 0 of n and n of n are exactly 0 and 1 (not a rounding residue such as 1.7e-18)
    for (const n of [1, 7, 300, 500, 10_000]) {
      assert.equal(wilson(0, n)[0], 0);
      assert.equal(wilson(n, n)[1], 1);
    }
    const [l0, h0] = wilson(0, 10);
    assert.equal(l0, 0);
    assert.ok(h0 > 0.27 && h0 < 0.28);
    const r = monteCarloSync(duel(), { runs: 2000, seed: 5 });
    for (const s of r.sides) assert.ok(s.ci95[0] <= s.p && s.p <= s.ci95[1]);
    for (const c of r.combatants) assert.ok(chanceOf(c, 'broken').p >= chanceOf(c, 'defeated').p);
  });

  it('HA-S1 HA-K1 HA-K2 first-strike hit rate matches the exact hypergeometric formula within the 95% interval', () => {
    // Ayla (Body 3, draws 3) strikes first against Guard G. Her first Strike's 3 cards are a uniform
    // 3-subset of her 52 (the initiative card is a uniform card too), so
    // P(hit) = 1 − C(L, 3) / C(52, 3), L = cards whose EV (value + 3 if ♣) is below G.
    for (const G of [12, 15]) {
      const enc = encounter({
        seed: G,
        sides: {
          a: [{ block: block({ name: 'Ayla', body: 3, vitality: 30, weapon: LONGSWORD }), at: 'field' }],
          b: [{ block: block({ name: 'Wall', body: 2, guard: G, vitality: 99 }), at: 'field' }],
        },
      });
      const L = standardDeck().filter((c) => cardValue(c) + (cardSuit(c) === 1 ? 3 : 0) < G).length;
      const exact = 1 - (L * (L - 1) * (L - 2)) / (52 * 51 * 50);
      const N = 4000;
      let hits = 0;
      for (let i = 0; i < N; i++) {
        const it = runCombat(enc, combatSeed(G, i));
        for (let r = it.next(); !r.done; r = it.next()) {
          const e = r.value as CombatEvent;
          if (e.type === 'attack' && e.actor === 'Ayla') {
            if (e.results[0].hit) hits++;
            break;
          }
        }
      }
      const [lo, hi] = wilson(hits, N);
      assert.ok(
        lo <= exact && exact <= hi,
        `G ${G}: exact ${exact.toFixed(4)} outside [${lo.toFixed(4)}, ${hi.toFixed(4)}] (${hits}/${N})`,
      );
    }
  });

  it('per-combatant Broken/Defeated chances and damage are consistent with single combats', () => {
    const enc = duel();
    const r = monteCarloSync(enc, { runs: 300, seed: 9 });
    let broken = 0,
      dmg = 0;
    for (let i = 0; i < 300; i++) {
      const it = runCombat(enc, combatSeed(9, i));
      let x = it.next();
      while (!x.done) x = it.next();
      if (x.value.combatants[0].everBroken) broken++;
      dmg += x.value.combatants[0].damageDealt;
    }
    assert.equal(chanceOf(r.combatants[0], 'broken').count, broken);
    assert.equal(meanOf(r.combatants[0], 'damage').mean, dmg / 300);
  });
});

describe('engine API arguments (issue 9 item 7)', () => {
  it('a seed that is a string, fractional, negative or past 2^32 − 1 is a clear error, not NaN or 0', async () => {
    const { simulate, runCombat } = await import('../../../../systems/halcyon-aces/engine/index.js');
    const enc = duel();
    assert.throws(() => simulate(enc, '7' as unknown as number), /seed must be a number, not the string '7'/);
    assert.throws(
      () => simulate(enc, 2 ** 64),
      /seed must be a whole number from 0 to 4294967295, not 18446744073709552000/,
    );
    assert.throws(() => runCombat(enc, -1).next(), RangeError);
    assert.throws(() => monteCarloSync(enc, { runs: 10, seed: 1.5 }), RangeError);
    await assert.rejects(
      monteCarlo(enc, { runs: 'x' as unknown as number }),
      /runs must be a number, not the string 'x'/,
    );
    await assert.rejects(monteCarlo(enc, { runs: 10, threads: 0 }), /threads must be a whole number from 1 to 64/);
    assert.equal(simulate(enc, 4294967295).result.length > 0, true);
  });
});
