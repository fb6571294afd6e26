// Arcana engine entry: one seeded combat as a typed event stream (stepping by
// turn or by round), its log, and the Monte Carlo fast path (runChunk). All
// run the same ArSim code.

import { combatSeed } from '../../../engine/rng.js';
import type { Encounter } from '../model.js';
import type { ArEvent, Outcome } from './events.js';
import { renderEvent } from './render.js';
import { ArSim, R_VICTORY, type SimOptions } from './sim.js';

export { ArSim, R_STALEMATE, R_VICTORY } from './sim.js';
export type { ArEvent, Outcome } from './events.js';
export { renderEvent } from './render.js';

export type StepUnit = 'turn' | 'round';

function outcome(sim: ArSim): Outcome {
  return { outcome: sim.result === R_VICTORY ? 'victory' : 'stalemate', winner: sim.winner, rounds: sim.endRound };
}

/**
 * One combat seeded `seed`, a step at a time: the first step is the set-up
 * (deal and initiative), then one turn or one round per step. Returns the outcome.
 */
export function* combatSteps(enc: Encounter, seed: number = enc.seed, unit: StepUnit = 'round', sim: ArSim = new ArSim(enc)): Generator<ArEvent[], Outcome> {
  let buf: ArEvent[] = [];
  sim.sink = { push: (e: ArEvent) => buf.push(e) };
  try {
    sim.begin(seed);
    for (;;) {
      yield buf;
      buf = [];
      if (sim.result >= 0) break;
      if (unit === 'turn') sim.playTurn();
      else sim.playRound();
    }
  } finally {
    sim.sink = null;
  }
  return outcome(sim);
}

/** One combat seeded `seed`: its events, lazily (a turn at a time), returning the outcome. */
export function* combatEvents(enc: Encounter, seed: number = enc.seed, sim: ArSim = new ArSim(enc)): Generator<ArEvent, Outcome> {
  const it = combatSteps(enc, seed, 'turn', sim);
  for (;;) {
    const r = it.next();
    if (r.done) return r.value;
    yield* r.value;
  }
}

/** The whole log of one combat, one line per event. */
export function combatLog(enc: Encounter, seed: number = enc.seed, opts: SimOptions = {}): string {
  const lines: string[] = [];
  for (const e of combatEvents(enc, seed, new ArSim(enc, opts))) {
    const l = renderEvent(e);
    if (l !== undefined) lines.push(l);
  }
  return lines.join('\n') + '\n';
}

/** Integer tallies of combats [from, to), merged by addition. Sides in encounter order, combatants in file order. */
export interface ArTally {
  runs: number;
  wins: number[];
  stalemates: number;
  roundsSum: number;
  takenOut: number[];
  dmgDealt: number[];
  dmgTaken: number[];
  cheats: number[];
  aspectsPlaced: number[];
}

export function emptyTally(n: number): ArTally {
  const z = (k: number): number[] => new Array<number>(k).fill(0);
  return { runs: 0, wins: z(2), stalemates: 0, roundsSum: 0, takenOut: z(n), dmgDealt: z(n), dmgTaken: z(n), cheats: z(n), aspectsPlaced: z(n) };
}

export function addTally(a: ArTally, b: ArTally): ArTally {
  const add = (x: number[], y: number[]): number[] => x.map((v, i) => v + y[i]);
  return {
    runs: a.runs + b.runs, wins: add(a.wins, b.wins), stalemates: a.stalemates + b.stalemates, roundsSum: a.roundsSum + b.roundsSum,
    takenOut: add(a.takenOut, b.takenOut), dmgDealt: add(a.dmgDealt, b.dmgDealt), dmgTaken: add(a.dmgTaken, b.dmgTaken),
    cheats: add(a.cheats, b.cheats), aspectsPlaced: add(a.aspectsPlaced, b.aspectsPlaced),
  };
}

/** Folds one finished combat of `sim` into `t` (shared by runChunk and the per-combat check in tests). */
export function tallyCombat(sim: ArSim, t: ArTally): void {
  if (sim.result === R_VICTORY) t.wins[sim.winner]++;
  else t.stalemates++;
  t.roundsSum += sim.endRound;
  for (let c = 0; c < sim.n; c++) {
    t.takenOut[c] += sim.out[c];
    t.dmgDealt[c] += sim.dmgDealt[c];
    t.dmgTaken[c] += sim.dmgTaken[c];
    t.cheats[c] += sim.cheats[c];
    t.aspectsPlaced[c] += sim.placed[c];
  }
  t.runs++;
}

const sims = new WeakMap<Encounter, ArSim>();

/** Monte Carlo fast path: combats [from, to) of a batch seeded `seed` (combat i replays as seed combatSeed(seed, i)). */
export function runChunk(enc: Encounter, seed: number, from: number, to: number): ArTally {
  let sim = sims.get(enc);
  if (!sim) sims.set(enc, (sim = new ArSim(enc)));
  sim.sink = null;
  const t = emptyTally(sim.n);
  for (let i = from; i < to; i++) {
    sim.run(combatSeed(seed, i));
    tallyCombat(sim, t);
  }
  return t;
}
