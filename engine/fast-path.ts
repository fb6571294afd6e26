// A Monte Carlo fast path over one kept simulator, for any rule system whose
// simulator plays a whole seeded combat in one call: combat i of a batch is the
// single combat seeded combatSeed(seed, i), folded into the shared tally by the
// system's own per-combat function. One simulator per encounter and thread, so
// what it keeps across combats (caches, kept searches) stays warm from chunk to
// chunk; a call per combat costs well under a percent of a combat.

import { combatSeed } from './rng.js';
import { emptyTally, type Tally, type TallyShape } from './tally.js';

/** A simulator the fast path drives: one whole combat per call, its end state left for the tally to read. */
export interface WholeCombatSim {
  run(seed: number): unknown;
}

export interface KeptFastPath {
  shape: TallyShape;
  /** Combats [from, to) of a batch seeded `seed`, added into `t`. */
  run(seed: number, from: number, to: number, t: Tally): void;
  /** Roughly one warm combat's CPU in microseconds (model/system.ts FastPath.costUs: the pool's estimate). */
  costUs?: number;
}

/** An encounter whose simulator numbers its combatants in file order: side by side, placement by placement. */
export interface SidesInFileOrder {
  sides: readonly { name: string; placements: readonly { name: string }[] }[];
  rounds: number;
}

/** What a tally of such an encounter is about: its sides, and its combatants in file order. */
export function fileOrderShape(enc: SidesInFileOrder): TallyShape {
  return {
    sides: enc.sides.map((s) => s.name),
    ids: enc.sides.flatMap((s) => s.placements.map((p) => p.name)),
    sideOf: enc.sides.flatMap((s, i) => s.placements.map(() => i)),
    roundCap: enc.rounds,
  };
}

/** The fast path over `sim`: each combat played, then `tally(sim, t, i)`; `costUs` the system's estimate of a combat. */
export function keptFastPath<S extends WholeCombatSim>(
  shape: TallyShape,
  sim: S,
  tally: (sim: S, t: Tally, i: number) => void,
  costUs?: number,
): KeptFastPath {
  return {
    shape,
    costUs,
    run(seed, from, to, t) {
      for (let i = from; i < to; i++) {
        sim.run(combatSeed(seed, i));
        tally(sim, t, i);
      }
    },
  };
}

/**
 * Combats [from, to) of an encounter into a fresh tally, on one fast path kept per encounter (benches and tests call
 * it chunk after chunk, as a worker would).
 */
export function chunkRunner<E extends object>(
  fastPath: (enc: E) => KeptFastPath,
  counters: number,
): (enc: E, seed: number, from: number, to: number) => Tally {
  const kept = new WeakMap<E, KeptFastPath>();
  return (enc, seed, from, to) => {
    let fp = kept.get(enc);
    if (!fp) kept.set(enc, (fp = fastPath(enc)));
    const t = emptyTally(fp.shape, counters);
    fp.run(seed, from, to, t);
    return t;
  };
}
