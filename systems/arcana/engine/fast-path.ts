// Arcana's Monte Carlo fast path: the odds counters (Taken Out, damage dealt,
// cheats, aspects placed, Health left in wins), one finished combat folded into
// the shared tally, and the runner the seam and the worker pool drive. The event
// path's tests fold their combats with the same `tallyCombat`, so the fast path
// is checked against the events with the very code that ships.

import type { FastPath } from '../../../model/system.js';
import { chunkRunner, keptFastPath } from '../../../engine/fast-path.js';
import { addSample, tallyEnd, type CounterSpec, type Tally } from '../../../engine/tally.js';
import type { Encounter } from '../model.js';
import { ArSim, R_VICTORY } from './sim.js';

/** Per-combatant counters, in column order (the indexes `tallyCombat` writes). */
export const AR_COUNTERS: readonly CounterSpec[] = [
  { key: 'takenOut', label: 'Taken Out', kind: 'chance' },
  { key: 'damage', label: 'damage dealt', kind: 'mean' },
  { key: 'cheats', label: 'cheats', kind: 'mean' },
  { key: 'aspects', label: 'aspects placed', kind: 'mean' },
  { key: 'healthLeft', label: 'Health left in wins', kind: 'left' },
];

/** Folds combat `i`, just finished on `sim`, into `t`: its outcome, then each combatant's counters. */
export function tallyCombat(sim: ArSim, t: Tally, i: number): void {
  const won = sim.result === R_VICTORY;
  tallyEnd(t, won ? 'victory' : 'stalemate', sim.winner, sim.endRound, i);
  const out = t.sums[0];
  for (let c = 0; c < sim.n; c++) {
    out[c] += sim.out[c];
    addSample(t, 1, c, sim.dmgDealt[c]);
    addSample(t, 2, c, sim.cheats[c]);
    addSample(t, 3, c, sim.placed[c]);
    if (won && sim.side[c] === sim.winner) addSample(t, 4, c, sim.hp[c] > 0 ? sim.hp[c] : 0);
  }
}

/** The fast path of one encounter: one simulator kept, no events built. Combatants in the simulator's order. */
export function fastPath(enc: Encounter): FastPath {
  const sim = new ArSim(enc);
  sim.sink = null;
  return keptFastPath(
    { sides: enc.sides.map((s) => s.name), ids: sim.names.slice(), sideOf: Array.from(sim.side), roundCap: enc.rounds },
    sim,
    tallyCombat,
    // ≈5 µs of warm CPU per combatant and combat, high (the samples: 6–13 µs for 5–8, 49 for 9): the pool's estimate
    5 * sim.n,
  );
}

/** Combats [from, to) of a batch seeded `seed` (combat i replays as seed combatSeed(seed, i)), on the encounter's kept fast path. */
export const runChunk = chunkRunner(fastPath, AR_COUNTERS.length);
