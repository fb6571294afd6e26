// Arcana engine entry: one seeded combat as a typed event stream (stepping by
// turn or by round) and its log. The Monte Carlo fast path (fast-path.ts) runs
// the same ArSim code.

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
export function* combatSteps(
  enc: Encounter,
  seed: number = enc.seed,
  unit: StepUnit = 'round',
  sim: ArSim = new ArSim(enc),
): Generator<ArEvent[], Outcome> {
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
export function* combatEvents(
  enc: Encounter,
  seed: number = enc.seed,
  sim: ArSim = new ArSim(enc),
): Generator<ArEvent, Outcome> {
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
