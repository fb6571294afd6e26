// The tactical grid game's Monte Carlo fast path: the odds counters (OUT, dead,
// harm dealt and taken, harm left in wins), one finished combat folded into the
// shared tally, and the runner the seam and the worker pool drive. Its simulator
// keeps path searches and actor choices across combats (path.ts, pick-memo.ts).
// The event path's tests fold their combats with the same `tallyCombat`, so the
// fast path is checked against the events with the very code that ships.

import type { FastPath } from '../../../model/system.js';
import { chunkRunner, fileOrderShape, keptFastPath } from '../../../engine/fast-path.js';
import { combatSeed } from '../../../engine/rng.js';
import { addSample, tallyEnd, type CounterSpec, type Tally } from '../../../engine/tally.js';
import type { Encounter } from '../model.js';
import { OUTCOME_WORD, R_WIN, TGSim } from './sim.js';
import { harmLeft } from './unit.js';

/** Per-combatant counters, in column order (the indexes `tallyCombat` writes). */
export const TG_COUNTERS: readonly CounterSpec[] = [
  { key: 'out', label: 'OUT', kind: 'chance' },
  { key: 'dead', label: 'Dead', kind: 'chance' },
  { key: 'dealt', label: 'harm dealt', kind: 'mean' },
  { key: 'taken', label: 'harm taken', kind: 'mean' },
  { key: 'left', label: 'harm left in wins', kind: 'left' },
];

/**
 * The tally's outcome word by R_*, the log's (OUTCOME_WORD) with a win called a victory: one lookup, not compares
 * (issue 32 item 5: the draw's compare, met first at the first stalemate after tallyCombat was optimized, had no type
 * feedback and threw that code away in every worker).
 */
const TALLY_OUTCOME: readonly ('victory' | 'stalemate' | 'draw')[] = OUTCOME_WORD.map((w) =>
  w === 'win' ? 'victory' : w,
);

/** Folds combat `i`, just finished on `sim`, into `t`: its outcome, then each combatant's counters. */
export function tallyCombat(sim: TGSim, t: Tally, i: number): void {
  const won = sim.result === R_WIN;
  tallyEnd(t, TALLY_OUTCOME[sim.result], sim.winner, sim.endRound, i);
  const [out, dead] = t.sums;
  for (const u of sim.units) {
    const c = u.idx;
    // OUT and alive, or dead: both counts added every time (issue 32 item 5: a branch first taken after tallyCombat
    // was optimized had no type feedback and threw that code away, once a worker)
    const isDead = u.dead ? 1 : 0;
    dead[c] += isDead;
    out[c] += isDead === 0 && u.out ? 1 : 0;
    addSample(t, 2, c, u.dealt);
    addSample(t, 3, c, u.taken);
    // TG-D1/D2: stress boxes (sheets) or health (NPCs) still free when its side won
    if (won && u.side === sim.winner) addSample(t, 4, c, Math.max(0, harmLeft(u)));
  }
}

/** Issue 32 item 5: the fewest side turns a kept prefix must save for fastPath to start combats from it. */
export const PREFIX_MIN_TURNS = 4;

/**
 * The fast path of one encounter: one simulator kept, with its kept searches and choices; no events built. Issue 32
 * item 5: every combat starts from the encounter's prefix (the state at its first die, played once: prefix.ts) when
 * that is PREFIX_MIN_TURNS side turns or more, as the plain twin plainFastPath plays it whole.
 */
export function fastPath(enc: Encounter): FastPath {
  const sim = new TGSim(enc, { keepSearches: true });
  sim.sink = null;
  const tally = tallyCombat;
  let prefix: ReturnType<TGSim['prefixSnapshot']> | undefined;
  return {
    shape: fileOrderShape(enc),
    // ≈15 µs of warm CPU per combatant and combat (the samples: 80–200 µs for 7–12): the pool's estimate
    costUs: 15 * sim.n,
    run(seed, from, to, t) {
      for (let i = from; i < to; i++) {
        const s = combatSeed(seed, i);
        if (prefix === undefined) {
          prefix = sim.prefixSnapshot(s);
          // a short prefix saves less than putting the state back costs (a hundred typed arrays and a thousand
          // fields: ≈ 50 µs a combat on the crypt against ≈ 15 for begin(), more than the Mill Road's first two side
          // turns, which the pick memo answers): played whole below PREFIX_MIN_TURNS (the big map's is ≈ 18)
          if (prefix !== null && prefix.turns < PREFIX_MIN_TURNS) prefix = null;
        }
        if (prefix === null) sim.run(s);
        else sim.runFromPrefix(prefix, s);
        tally(sim, t, i);
      }
    },
  };
}

/** fastPath's plain twin: each combat played whole from begin() (the test holding them equal: prefix.test). */
export function plainFastPath(enc: Encounter): FastPath {
  const sim = new TGSim(enc, { keepSearches: true });
  sim.sink = null;
  return keptFastPath(fileOrderShape(enc), sim, tallyCombat, 15 * sim.n);
}

/** Combats [from, to) of a batch seeded `seed` (combat i replays as seed combatSeed(seed, i)), on the encounter's kept fast path. */
export const runChunk = chunkRunner(fastPath, TG_COUNTERS.length);
/** runChunk's plain twin (no prefix kept). */
export const runChunkPlain = chunkRunner(plainFastPath, TG_COUNTERS.length);
