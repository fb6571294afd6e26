// Tactical Grid engine entry: one seeded combat as a typed event stream, its
// log, and the Monte Carlo fast path (runChunk). Both run the same TGSim code.

import { combatSeed } from '../../../engine/rng.js';
import { roundEvents } from '../../../engine/rounds.js';
import type { Encounter } from '../model.js';
import type { Outcome, TGEvent } from './events.js';
import { renderEvent } from './render.js';
import { R_DRAW, R_WIN, TGSim } from './sim.js';

export { TGSim } from './sim.js';
export type { TGEvent, Outcome } from './events.js';
export { renderEvent } from './render.js';

function outcome(sim: TGSim): Outcome {
  return { outcome: sim.result === R_WIN ? 'win' : sim.result === R_DRAW ? 'draw' : 'stalemate', winner: sim.winner, rounds: sim.endRound };
}

/** One combat seeded `seed`: events round by round (lazily), returning the outcome. */
export function combatEvents(enc: Encounter, seed: number = enc.seed, sim: TGSim = new TGSim(enc)): Generator<TGEvent, Outcome> {
  return roundEvents<TGEvent, Outcome, TGSim>(sim, seed, outcome);
}

/** The whole log of one combat, one line per event. */
export function combatLog(enc: Encounter, seed: number = enc.seed): string {
  const lines: string[] = [];
  for (const e of combatEvents(enc, seed)) lines.push(renderEvent(e));
  return lines.join('\n') + '\n';
}

/** Integer tallies of combats [from, to), merged by addition. */
export interface TGTally {
  runs: number;
  wins: number[]; // per side
  stalemates: number;
  draws: number;
  roundsSum: number;
  out: number[]; // per combatant: OUT (not dead) at the end
  dead: number[];
  dealt: number[]; // harm dealt
  taken: number[]; // harm taken
}

export function emptyTally(nSides: number, n: number): TGTally {
  const z = (k: number): number[] => new Array<number>(k).fill(0);
  return { runs: 0, wins: z(nSides), stalemates: 0, draws: 0, roundsSum: 0, out: z(n), dead: z(n), dealt: z(n), taken: z(n) };
}

export function addTally(a: TGTally, b: TGTally): TGTally {
  const add = (x: number[], y: number[]): number[] => x.map((v, i) => v + y[i]);
  return {
    runs: a.runs + b.runs, wins: add(a.wins, b.wins), stalemates: a.stalemates + b.stalemates, draws: a.draws + b.draws,
    roundsSum: a.roundsSum + b.roundsSum, out: add(a.out, b.out), dead: add(a.dead, b.dead), dealt: add(a.dealt, b.dealt), taken: add(a.taken, b.taken),
  };
}

/** Folds one finished combat of `sim` into `t` (shared by runChunk and tests). */
export function tallyCombat(sim: TGSim, t: TGTally): void {
  if (sim.result === R_WIN) t.wins[sim.winner]++;
  else if (sim.result === R_DRAW) t.draws++;
  else t.stalemates++;
  t.roundsSum += sim.endRound;
  for (const u of sim.units) {
    if (u.dead) t.dead[u.idx]++;
    else if (u.out) t.out[u.idx]++;
    t.dealt[u.idx] += u.dealt;
    t.taken[u.idx] += u.taken;
  }
  t.runs++;
}

const sims = new WeakMap<Encounter, TGSim>();

/** Monte Carlo fast path: combats [from, to) of a batch seeded `seed` (combat i replays as seed combatSeed(seed, i)). */
export function runChunk(enc: Encounter, seed: number, from: number, to: number): TGTally {
  let sim = sims.get(enc);
  if (!sim) sims.set(enc, (sim = new TGSim(enc, { keepSearches: true })));
  sim.sink = null;
  const t = emptyTally(sim.nSides, sim.n);
  for (let i = from; i < to; i++) {
    sim.run(combatSeed(seed, i));
    tallyCombat(sim, t);
  }
  return t;
}
