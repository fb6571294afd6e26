// Heart Rush's Monte Carlo fast path: the odds counters (unconscious, dead,
// damage dealt and taken, HP left in wins), one finished combat folded into the
// shared tally, and the runner the seam and the worker pool drive. The event
// path's tests fold their combats with the same `tallyCombat`, so the fast path
// is checked against the events with the very code that ships.

import type { FastPath } from '../../../model/system.js';
import { chunkRunner, fileOrderShape, keptFastPath } from '../../../engine/fast-path.js';
import { addSample, tallyEnd, type CounterSpec, type Tally } from '../../../engine/tally.js';
import type { Encounter } from '../model.js';
import { HRSim, OUTCOME_WORD, R_VICTORY } from './sim.js';

/** Per-combatant counters, in column order (the indexes `tallyCombat` writes). */
export const HR_COUNTERS: readonly CounterSpec[] = [
  { key: 'unconscious', label: 'Unconscious', kind: 'chance' },
  { key: 'dead', label: 'Dead', kind: 'chance' },
  { key: 'damage', label: 'damage dealt', kind: 'mean' },
  { key: 'taken', label: 'damage taken', kind: 'mean' },
  { key: 'hpLeft', label: 'HP left in wins', kind: 'left' },
];

/** Folds combat `i`, just finished on `sim`, into `t`: its outcome, then each combatant's counters. */
export function tallyCombat(sim: HRSim, t: Tally, i: number): void {
  const r = sim.result;
  tallyEnd(t, OUTCOME_WORD[r], sim.winner, sim.endRound, i);
  const [unconscious, dead] = t.sums;
  for (let c = 0; c < sim.n; c++) {
    // HR-H7: unconscious is out of the fight, alive. Both counts added every time (issue 32 item 5: the first
    // combatant down and alive, rare after tallyCombat was optimized, took a branch with no type feedback and threw
    // that code away, once a worker)
    const isDead = sim.dead[c];
    dead[c] += isDead;
    unconscious[c] += isDead === 0 ? sim.down[c] : 0;
    addSample(t, 2, c, sim.dmgDealt[c]);
    addSample(t, 3, c, sim.dmgTaken[c]);
    if (r === R_VICTORY && sim.side[c] === sim.winner) addSample(t, 4, c, sim.hp[c] > 0 ? sim.hp[c] : 0);
  }
}

/** The fast path of one encounter: one simulator kept (its caches warm across chunks), no events built. */
export function fastPath(enc: Encounter): FastPath {
  const sim = new HRSim(enc);
  sim.sink = null;
  // ≈10 µs of warm CPU per combatant and combat (the samples: 60–120 µs for 6–12): the pool's estimate
  return keptFastPath(fileOrderShape(enc), sim, tallyCombat, 10 * sim.n);
}

/** Combats [from, to) of a batch seeded `seed` (combat i replays as seed combatSeed(seed, i)), on the encounter's kept fast path. */
export const runChunk = chunkRunner(fastPath, HR_COUNTERS.length);
