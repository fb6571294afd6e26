// Heart Rush's Monte Carlo fast path: the odds counters (unconscious, dead,
// damage dealt and taken, HP left in wins), one finished combat folded into the
// shared tally, and the runner the seam and the worker pool drive. The event
// path's tests fold their combats with the same `tallyCombat`, so the fast path
// is checked against the events with the very code that ships.

import type { FastPath } from '../../../model/system.js';
import { combatSeed } from '../../../engine/rng.js';
import { emptyTally, tallyEnd, type CounterSpec, type Tally } from '../../../engine/tally.js';
import type { Encounter } from '../model.js';
import { HRSim, R_STALEMATE, R_VICTORY } from './sim.js';

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
  tallyEnd(t, r === R_VICTORY ? 'victory' : r === R_STALEMATE ? 'stalemate' : 'draw', sim.winner, sim.endRound, i);
  const [unconscious, dead, dealt, taken, left] = t.sums;
  const dealtSq = t.squares[2], takenSq = t.squares[3], leftSq = t.squares[4];
  for (let c = 0; c < sim.n; c++) {
    if (sim.dead[c]) dead[c]++;
    else if (sim.down[c]) unconscious[c]++; // HR-H7: out of the fight, alive
    const d = sim.dmgDealt[c], k = sim.dmgTaken[c];
    dealt[c] += d;
    dealtSq[c] += d * d;
    taken[c] += k;
    takenSq[c] += k * k;
    if (r === R_VICTORY && sim.side[c] === sim.winner) {
      const h = sim.hp[c] > 0 ? sim.hp[c] : 0;
      left[c] += h;
      leftSq[c] += h * h;
    }
  }
}

/** The fast path of one encounter: one simulator kept (its caches warm across chunks), no events built. */
export function fastPath(enc: Encounter): FastPath {
  const sim = new HRSim(enc);
  sim.sink = null;
  return {
    shape: {
      sides: enc.sides.map((s) => s.name),
      ids: enc.sides.flatMap((s) => s.placements.map((p) => p.name)),
      sideOf: enc.sides.flatMap((s, i) => s.placements.map(() => i)),
      roundCap: enc.rounds,
    },
    run(seed, from, to, t) {
      for (let i = from; i < to; i++) {
        sim.run(combatSeed(seed, i));
        tallyCombat(sim, t, i);
      }
    },
  };
}

const paths = new WeakMap<Encounter, FastPath>();

/** Combats [from, to) of a batch seeded `seed` (combat i replays as seed combatSeed(seed, i)), on the encounter's kept fast path. */
export function runChunk(enc: Encounter, seed: number, from: number, to: number): Tally {
  let fp = paths.get(enc);
  if (!fp) paths.set(enc, (fp = fastPath(enc)));
  const t = emptyTally(fp.shape, HR_COUNTERS.length);
  fp.run(seed, from, to, t);
  return t;
}
