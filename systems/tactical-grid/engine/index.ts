// Tactical Grid engine entry: one seeded combat as a typed event stream and its
// log. The Monte Carlo fast path (fast-path.ts) runs the same TGSim code.

import { roundEvents } from '../../../engine/rounds.js';
import type { Encounter } from '../model.js';
import type { Outcome, TGEvent } from './events.js';
import { renderEvent } from './render.js';
import { OUTCOME_WORD, TGSim } from './sim.js';

export { TGSim } from './sim.js';
export type { TGEvent, Outcome } from './events.js';
export { renderEvent } from './render.js';

function outcome(sim: TGSim): Outcome {
  return {
    outcome: OUTCOME_WORD[sim.result],
    winner: sim.winner,
    rounds: sim.endRound,
  };
}

/** One combat seeded `seed`: events round by round (lazily), returning the outcome. */
export function combatEvents(
  enc: Encounter,
  seed: number = enc.seed,
  sim: TGSim = new TGSim(enc),
): Generator<TGEvent, Outcome> {
  return roundEvents<TGEvent, Outcome, TGSim>(sim, seed, outcome);
}

/** The whole log of one combat, one line per event. */
export function combatLog(enc: Encounter, seed: number = enc.seed): string {
  const lines: string[] = [];
  for (const e of combatEvents(enc, seed)) lines.push(renderEvent(e));
  return lines.join('\n') + '\n';
}
