// Heart Rush engine entry: one seeded combat as a typed event stream, its log,
// and the Monte Carlo fast path (runChunk). Both run the same HRSim code.

import { combatSeed } from '../../../engine/rng.js';
import { roundEvents } from '../../../engine/rounds.js';
import type { Encounter } from '../model.js';
import type { HREvent, Outcome } from './events.js';
import { renderEvent } from './render.js';
import { HRSim, R_DRAW, R_STALEMATE, R_VICTORY } from './sim.js';

export { HRSim } from './sim.js';
export type { HREvent, Outcome } from './events.js';
export { renderEvent } from './render.js';

function outcome(sim: HRSim): Outcome {
  return {
    outcome: sim.result === R_VICTORY ? 'victory' : sim.result === R_DRAW ? 'draw' : 'stalemate',
    winner: sim.winner,
    rounds: sim.endRound,
  };
}

/** One combat seeded `seed`: events round by round (lazily), returning the outcome. */
export function combatEvents(enc: Encounter, seed: number = enc.seed, sim: HRSim = new HRSim(enc)): Generator<HREvent, Outcome> {
  return roundEvents<HREvent, Outcome, HRSim>(sim, seed, outcome);
}

/** The whole log of one combat (header line + one line per event). */
export function combatLog(enc: Encounter, seed: number = enc.seed): string {
  const lines: string[] = [];
  for (const e of combatEvents(enc, seed)) {
    const l = renderEvent(e);
    if (l !== undefined) lines.push(l);
  }
  return lines.join('\n') + '\n';
}

/** Integer tallies of combats [from, to), merged by addition. */
export interface HRTally {
  runs: number;
  wins: number[]; // per side
  stalemates: number;
  draws: number;
  roundsSum: number;
  unconscious: number[]; // per combatant: unconscious (not dead) at the end
  dead: number[];
  dmgDealt: number[];
  dmgTaken: number[];
}

export function emptyTally(nSides: number, n: number): HRTally {
  const z = (k: number): number[] => new Array<number>(k).fill(0);
  return { runs: 0, wins: z(nSides), stalemates: 0, draws: 0, roundsSum: 0, unconscious: z(n), dead: z(n), dmgDealt: z(n), dmgTaken: z(n) };
}

export function addTally(a: HRTally, b: HRTally): HRTally {
  const add = (x: number[], y: number[]): number[] => x.map((v, i) => v + y[i]);
  return {
    runs: a.runs + b.runs, wins: add(a.wins, b.wins), stalemates: a.stalemates + b.stalemates, draws: a.draws + b.draws,
    roundsSum: a.roundsSum + b.roundsSum, unconscious: add(a.unconscious, b.unconscious), dead: add(a.dead, b.dead),
    dmgDealt: add(a.dmgDealt, b.dmgDealt), dmgTaken: add(a.dmgTaken, b.dmgTaken),
  };
}

/** Folds one finished combat of `sim` into `t` (shared by runChunk and the per-combat check in tests). */
export function tallyCombat(sim: HRSim, t: HRTally): void {
  const r = sim.result;
  if (r === R_VICTORY) t.wins[sim.winner]++;
  else if (r === R_STALEMATE) t.stalemates++;
  else t.draws++;
  t.roundsSum += sim.endRound;
  for (let c = 0; c < sim.n; c++) {
    if (sim.dead[c]) t.dead[c]++;
    else if (sim.down[c]) t.unconscious[c]++;
    t.dmgDealt[c] += sim.dmgDealt[c];
    t.dmgTaken[c] += sim.dmgTaken[c];
  }
  t.runs++;
}

const sims = new WeakMap<Encounter, HRSim>();

/** Monte Carlo fast path: combats [from, to) of a batch seeded `seed` (combat i replays as seed combatSeed(seed, i)). */
export function runChunk(enc: Encounter, seed: number, from: number, to: number): HRTally {
  let sim = sims.get(enc);
  if (!sim) sims.set(enc, (sim = new HRSim(enc)));
  sim.sink = null;
  const t = emptyTally(sim.nSides, sim.n);
  for (let i = from; i < to; i++) {
    sim.run(combatSeed(seed, i));
    tallyCombat(sim, t);
  }
  return t;
}
