// Heart Rush engine entry: one seeded combat as a typed event stream and its
// log. The Monte Carlo fast path (fast-path.ts) runs the same HRSim code.

import { roundEvents } from '../../../engine/rounds.js';
import type { Encounter } from '../model.js';
import type { HREvent, Outcome } from './events.js';
import { renderEvent } from './render.js';
import { HRSim, OUTCOME_WORD } from './sim.js';

export { HRSim } from './sim.js';
export type { HREvent, Outcome } from './events.js';
export { renderEvent } from './render.js';

function outcome(sim: HRSim): Outcome {
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
  sim: HRSim = new HRSim(enc),
): Generator<HREvent, Outcome> {
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
