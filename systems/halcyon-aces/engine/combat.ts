// Single combats: the event stream (runCombat), the fast path (simulate), the log (renderLog).

import type { Encounter } from '../model.js';
import type { CombatEvent, Outcome } from './events.js';
import { compile, type Compiled } from './compile.js';
import { CombatSim } from './sim.js';
import { renderEvent } from './render.js';
import { checkSeed } from '../../../engine/args.js';

const sims = new WeakMap<Compiled, CombatSim>();

/** A reusable state machine for an encounter (fast path). */
export function simFor(encounter: Encounter): CombatSim {
  const k = compile(encounter);
  let s = sims.get(k);
  if (!s) {
    s = new CombatSim(k);
    sims.set(k, s);
  }
  return s;
}

/**
 * One seeded combat as a stream of typed events, pulled one at a time.
 * The generator's return value is the Outcome. Same encounter + seed ⇒ same events.
 */
export function* runCombat(encounter: Encounter, seed: number = encounter.seed): Generator<CombatEvent, Outcome> {
  checkSeed(seed);
  const sim = new CombatSim(compile(encounter));
  const sink: CombatEvent[] = [];
  sim.begin(seed, sink);
  for (;;) {
    for (let i = 0; i < sink.length; i++) yield sink[i];
    sink.length = 0;
    if (sim.done) break;
    sim.step();
  }
  return sim.outcome();
}

/** The same combat as runCombat, without building events. */
export function simulate(encounter: Encounter, seed: number = encounter.seed): Outcome {
  checkSeed(seed);
  const sim = simFor(encounter);
  sim.run(seed);
  return sim.outcome();
}

/** The whole combat as text, one line per event, newline-terminated. */
export function renderLog(encounter: Encounter, seed: number = encounter.seed): string {
  let out = '';
  const it = runCombat(encounter, seed);
  for (let r = it.next(); !r.done; r = it.next()) {
    const line = renderEvent(r.value);
    if (line !== undefined) out += line + '\n';
  }
  return out;
}

export { MAX_LOG_LINES } from '../../../engine/limits.js';
