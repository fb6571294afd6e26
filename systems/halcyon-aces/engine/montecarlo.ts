// Halcyon Aces Monte Carlo fast path: combats on the event-free path of the
// same state machine as runCombat, folded into the shared integer tally
// (engine/tally.ts) with three counters per combatant: Broken (HA-B1),
// Defeated (HA-B3) and damage dealt. The worker pool and the statistics are
// shared by every system (engine/pool.ts, engine/tally.ts).

import type { Encounter } from '../model.js';
import { compile, type Compiled } from './compile.js';
import { CombatSim } from './sim.js';
import { R_DRAW, R_STALEMATE, R_VICTORY } from './codes.js';
import { combatSeed } from '../../../engine/rng.js';
import {
  EXAMPLES,
  emptyTally,
  finalize,
  runWatching,
  type CounterSpec,
  type MonteCarloResult,
  type Tally,
  type TallyShape,
} from '../../../engine/tally.js';
import { monteCarloArgs } from '../../../engine/pool.js';

export type { MonteCarloOptions } from '../../../engine/pool.js';
export type { MonteCarloResult, Proportion, Tally } from '../../../engine/tally.js';
export { wilson } from '../../../engine/tally.js';

/** The per-combatant counters, in column order (their keys are the odds JSON's). */
export const HA_COUNTERS: readonly CounterSpec[] = [
  { key: 'broken', label: 'Broken', kind: 'chance' },
  { key: 'defeated', label: 'Defeated', kind: 'chance' },
  { key: 'damage', label: 'damage dealt', kind: 'mean' },
  { key: 'vitalityLeft', label: 'Vitality left in wins', kind: 'left' },
];

export function shapeOf(k: Compiled): TallyShape {
  return { sides: k.sideNames, ids: k.ids, sideOf: Array.from(k.side), roundCap: k.roundCap };
}

/** Runs combats [from, to) of a batch seeded `seed` into a tally (the hot loop; no allocation per combat). */
export function runRange(
  sim: CombatSim,
  seed: number,
  from: number,
  to: number,
  t: Tally = emptyTally(shapeOf(sim.k), HA_COUNTERS.length),
): Tally {
  const n = sim.k.n;
  const broken = t.sums[0],
    defeated = t.sums[1],
    dmgSum = t.sums[2],
    dmgSq = t.squares[2],
    left = t.sums[3],
    leftSq = t.squares[3];
  const nSides = t.wins.length;
  for (let i = from; i < to; i++) {
    const r = sim.run(combatSeed(seed, i));
    if (r === R_VICTORY) {
      t.wins[sim.winner]++;
      if (t.examples[sim.winner].length < EXAMPLES) t.examples[sim.winner].push(i);
    } else if (r === R_STALEMATE) {
      t.stalemates++;
      if (t.examples[nSides].length < EXAMPLES) t.examples[nSides].push(i);
    } else if (r === R_DRAW) {
      t.draws++;
      if (t.examples[nSides + 1].length < EXAMPLES) t.examples[nSides + 1].push(i);
    }
    const rounds = sim.endRound;
    t.roundsSum += rounds;
    t.roundsSq += rounds * rounds;
    if (rounds < t.roundsMin) t.roundsMin = rounds;
    if (rounds > t.roundsMax) t.roundsMax = rounds;
    t.hist[rounds]++;
    for (let c = 0; c < n; c++) {
      broken[c] += sim.everBroken[c];
      defeated[c] += sim.defeated[c];
      const d = sim.dmgDealt[c];
      dmgSum[c] += d;
      dmgSq[c] += d * d;
      if (r === R_VICTORY && sim.k.side[c] === sim.winner) {
        const v = sim.vit[c] > 0 ? sim.vit[c] : 0;
        left[c] += v;
        leftSq[c] += v * v;
      }
    }
  }
  t.runs += to - from;
  return t;
}

/** The verdict's inputs (issue 14): player characters, and Defeated (HA-B3) as their "defeated". */
export const HA_VERDICT = {
  counter: 'defeated',
  meaning: 'Defeated (three Failing Draws, or an empty deck, while Broken: HA-B3)',
  players: (enc: Encounter): number[] => enc.combatants.flatMap((c, i) => (c.block.player ? [i] : [])),
};

/** Monte Carlo on the calling thread (tests, small batches): the same figures as the pool's. */
export function monteCarloSync(encounter: Encounter, opts: { runs?: number; seed?: number } = {}): MonteCarloResult {
  const { runs, seed } = monteCarloArgs(opts, encounter.seed);
  const k = compile(encounter);
  const sim = new CombatSim(k);
  const shape = shapeOf(k);
  const players = HA_VERDICT.players(encounter);
  const sides = [...new Set(players.map((c) => shape.sideOf[c]))];
  const watch = players.length
    ? { counter: HA_COUNTERS.findIndex((c) => c.key === HA_VERDICT.counter), players }
    : undefined;
  const t = emptyTally(shape, HA_COUNTERS.length);
  runWatching((s, from, to, tt) => void runRange(sim, s, from, to, tt), seed, 0, runs, t, watch);
  return finalize(
    encounter.name,
    shape,
    HA_COUNTERS,
    seed,
    t,
    watch && sides.length === 1
      ? { playerSide: sides[0], meaning: HA_VERDICT.meaning, players, counter: watch.counter }
      : undefined,
  );
}
