// Arcana's engine as the seam sees it (model/system.ts SystemEngine): the
// event stream and its lines, turn/round stepping, the odds footnotes; the odds
// counters and the fast path are fast-path.ts's. Loaded
// lazily by systems/arcana/index.ts; the checked encounter (ArEncounter)
// carries the engine's own encounter as `model`.

import { checkSeed } from '../../../engine/args.js';
import type { MonteCarloResult } from '../../../engine/tally.js';
import type { SystemEngine } from '../../../model/system.js';
import type { ArEncounter } from '../check.js';
import { combatEvents } from './index.js';
import type { ArEvent, Outcome } from './events.js';
import { renderEvent } from './render.js';
import { arWatch } from './watch.js';
import { exactReport } from './report.js';
import { ArSim } from './sim.js';
import type { Encounter } from '../model.js';

/** One simulator kept per encounter for `play` (a probe plays one encounter thousands of times). */
const players = new WeakMap<Encounter, ArSim>();
import { AR_COUNTERS, fastPath } from './fast-path.js';

/**
 * What a GM steps to (issue 14 item 6): a cheat (AR-C1), a hit (AR-A5), an aspect placed (AR-M5), a Taken Out (AR-D4),
 * and a decision one of the GM's priority rules made (issue 33).
 */
const AR_MARKS = [
  { label: 'cheat', is: (e: { type: string }) => e.type === 'cheat' },
  { label: 'hit', is: (e: { type: string }) => e.type === 'hit' && (e as Extract<ArEvent, { type: 'hit' }>).hit },
  {
    label: 'aspect placed',
    is: (e: { type: string }) =>
      e.type === 'maneuver-result' && (e as Extract<ArEvent, { type: 'maneuver-result' }>).success,
  },
  { label: 'Taken Out', is: (e: { type: string }) => e.type === 'taken-out' },
  { label: 'GM rule', is: (e: { type: string }) => e.type === 'rule' },
];

export const AR_ENGINE: SystemEngine<ArEncounter> = {
  events: (enc, seed) => combatEvents(enc.model, checkSeed(seed)),
  render: (e) => renderEvent(e as ArEvent),
  // a turn opens with its Declaration (AR-T1), a round with its opposition card (AR-R1, AR-O2)
  steps: {
    small: { label: 'turn', starts: (e) => e.type === 'declare' },
    large: { label: 'round', starts: (e) => e.type === 'round' },
    closes: (e) => e.type === 'end',
    marks: AR_MARKS,
  },
  watch: (enc) => arWatch(enc.model),
  // `aces odds --exact`: one attack of each stat block on each foe, exact (report.ts)
  exactReport: (enc) => exactReport(enc.model),
  counters: AR_COUNTERS,
  fastPath: (enc) => fastPath(enc.model),
  // issue 32: the same simulator with no events; a control sees the decisions (engine/decisions.ts)
  play(enc, seed, control) {
    let sim = players.get(enc.model);
    if (sim === undefined) players.set(enc.model, (sim = new ArSim(enc.model)));
    sim.control = control ?? null;
    try {
      sim.run(seed);
    } finally {
      sim.control = null;
    }
    return { winner: sim.winner, rounds: sim.endRound };
  },
  // The checked encounter is plain data (no Infinity, no classes): JSON carries it as it is.
  toWire: (enc) => JSON.parse(JSON.stringify(enc)) as unknown,
  fromWire: (wire) => wire as ArEncounter,
  outcomeText: (o, enc) => {
    const x = o as Outcome;
    return x.outcome === 'victory' ? `${enc.model.sides[x.winner]?.name ?? 'a side'} won` : 'stalemate';
  },
  verdict: {
    counter: 'takenOut',
    meaning: 'Taken Out (Health 0: AR-D4)',
    players: (enc) => {
      const player = new Map(
        enc.model.sides.flatMap((s) => s.placements.map((p) => [p.name, p.character.player] as const)),
      );
      return new ArSim(enc.model).names.flatMap((n, i) => (player.get(n) ? [i] : []));
    },
  },
  stalemateNote: (r) => `round cap ${r.roundCap} ran out with neither side conceding (AR-E2)`,
  oddsNotes(_r: MonteCarloResult): string[] {
    return [
      'Taken Out: reached 0 Health (AR-D4). A side concedes once more than half of it is Taken Out (`concede all`: all of it), so its last characters often stay standing (AR-E1).',
      "damage dealt: Health removed from enemies. cheats: flips replaced from a hand, the GM's for the opposition (AR-C1, AR-C6). aspects placed: successful maneuvers (AR-M1).",
    ];
  },
};
