// Heart Rush engine figures (one JSON line each, medians of repeated runs):
//   hr-combats-per-sec-2v2 / -4v4: runChunk (the fast path, no events), one core
//   hr-events-combats-per-sec-4v4: combatEvents + renderEvent (the log / step-through path)
//   hr-exact-contest-ms: exact odds of the spec's example 3 (keep 3 of 4 vs 3 dice, BigInt fractions)
//   hr-draw-floor-4v4 / -ratio: the same seeding and dice rolls per combat alone, and the fast path's multiple of it
import { performance } from 'node:perf_hooks';
import { emit, median, round, timeRuns } from './stats.js';
import { combatEvents, renderEvent } from '../systems/heart-rush/engine/index.js';
import { runChunk } from '../systems/heart-rush/engine/fast-path.js';
import { contestOdds } from '../systems/heart-rush/engine/odds.js';
import { brawl4v4, duel2v2 } from '../test/systems/heart-rush/gen.js';
import { HRSim } from '../systems/heart-rush/engine/sim.js';
import { combatSeed } from '../engine/rng.js';

// Each timed run plays new combats (its own batch seed): the fast path keeps pure answers across combats (path
// searches, detours, actor choices), and replaying the same combats would find every one kept.
let nextSeed = 1;

export default function (): void {
  const N = 5000;
  for (const [name, enc] of [
    ['2v2', duel2v2()],
    ['4v4', brawl4v4()],
  ] as const) {
    runChunk(enc, 7, 0, 1000); // warm the odds caches and the JIT
    const ms = median(timeRuns(() => runChunk(enc, nextSeed++, 0, N), 5, 1));
    emit({ bench: `hr-combats-per-sec-${name}`, value: round((N / ms) * 1000, 0), ms: round(ms, 1), combats: N });
  }
  // the floor: the same seeding and the same number of dice rolls per combat, nothing else (what a combat
  // cannot go below); the ratio says how much the rules and tactics cost on top of the dice
  {
    const enc = brawl4v4();
    const sim = new HRSim(enc);
    sim.sink = null;
    let rolls = 0;
    const roll = sim.dice.roll.bind(sim.dice);
    sim.dice.roll = (i: number, size: number) => (rolls++, roll(i, size));
    const C = 2000;
    for (let i = 0; i < C; i++) sim.run(combatSeed(1, i));
    sim.dice.roll = roll;
    const perCombat = rolls / C;
    const n = sim.n;
    const floorMs = median(
      timeRuns(
        () => {
          for (let i = 0; i < N; i++) {
            sim.dice.reset(combatSeed(1, i));
            for (let k = 0; k < perCombat; k++) sim.dice.roll(k % n, 8);
          }
        },
        5,
        1,
      ),
    );
    const fullMs = median(timeRuns(() => runChunk(enc, nextSeed++, 0, N), 5, 1));
    emit({
      bench: 'hr-draw-floor-4v4',
      value: round(floorMs, 1),
      unit: `ms per ${N} combats`,
      rollsPerCombat: round(perCombat, 1),
    });
    emit({ bench: 'hr-draw-floor-ratio-4v4', value: round(fullMs / floorMs, 2), unit: 'x' });
  }
  const enc = brawl4v4();
  const M = 500;
  const ev = median(
    timeRuns(
      () => {
        for (let i = 0; i < M; i++) for (const e of combatEvents(enc, i)) renderEvent(e);
      },
      3,
      1,
    ),
  );
  emit({ bench: 'hr-events-combats-per-sec-4v4', value: round((M / ev) * 1000, 0) });
  const t0 = performance.now();
  contestOdds(
    { dice: [6, 8, 8], extraDie: 8, level: 1, flat: 0 },
    { dice: [8, 6, 10], extraDie: 6, level: 0, flat: 0 },
  );
  emit({ bench: 'hr-exact-contest-ms', value: round(performance.now() - t0, 2) });
}
