// Tactical Grid's engine as the seam sees it (model/system.ts SystemEngine):
// the event stream and its lines, stepping by side turn and round, the watch and
// the exact report; the odds counters and the fast path are fast-path.ts's.
// Loaded lazily by systems/tactical-grid/index.ts.

import { checkSeed } from '../../../engine/args.js';
import type { EncounterOf, SystemEngine } from '../../../model/system.js';
import type { Encounter } from '../model.js';
import type { Outcome, TGEvent } from './events.js';
import { combatEvents } from './index.js';
import { renderEvent } from './render.js';
import { boardView } from './board-view.js';
import { tgWatch } from './watch.js';
import { fastPath, TG_COUNTERS } from './fast-path.js';
import { exactReport } from './report.js';
import { R_WIN, TGSim } from './sim.js';

/** One simulator per encounter for `play` (a probe plays thousands of fights of one encounter). */
const players = new WeakMap<Encounter, TGSim>();
function player(enc: Encounter): TGSim {
  let sim = players.get(enc);
  if (sim === undefined) {
    sim = new TGSim(enc);
    sim.sink = null;
    players.set(enc, sim);
  }
  return sim;
}

/** An encounter as the checker builds it (check.ts TGEncounterInfo). */
export type SeamEncounter = EncounterOf<Encounter>;

/** What a GM steps to (issue 14 item 6): a critical success or failure (TG-A6), an OUT (TG-D1/D2), a Miracle Worker's revival (TG-B5), an NPC-on-NPC clash. */
const TG_MARKS = [
  {
    label: 'critical roll',
    is: (e: { type: string }) =>
      e.type === 'attack' && /critical/.test((e as Extract<TGEvent, { type: 'attack' }>).outcome),
  },
  { label: 'OUT', is: (e: { type: string }) => e.type === 'out' },
  { label: 'back', is: (e: { type: string }) => e.type === 'back' },
  { label: 'clash', is: (e: { type: string }) => e.type === 'clash' },
];

export const TG_ENGINE: SystemEngine<SeamEncounter> = {
  events: (enc, seed) => combatEvents(enc.encounter, checkSeed(seed)),
  render: (e) => renderEvent(e as TGEvent),
  steps: {
    small: { label: 'side turn', starts: (e) => e.type === 'turn' },
    large: { label: 'round', starts: (e) => e.type === 'round' },
    closes: (e) => e.type === 'end',
    marks: TG_MARKS,
  },
  watch: (enc) => tgWatch(enc.encounter),
  counters: TG_COUNTERS,
  fastPath: (enc) => fastPath(enc.encounter),
  // The checked encounter is plain data (strings, numbers, arrays, null): it crosses as JSON.
  verdict: {
    counter: 'out',
    meaning: 'OUT (stress boxes full: TG-D1)',
    // the player characters are the sheets (an NPC is what `difficulty` makes, TG-P1)
    players: (enc) =>
      enc.encounter.sides.flatMap((s) => s.placements).flatMap((p, i) => (p.character.difficulty === null ? [i] : [])),
  },
  board: (enc) => boardView(enc.encounter),
  exactReport: (enc) => exactReport(enc.encounter),
  // issue 32: the decisions (actor, action, tag on attack and defence, effect) offered to the control, no events
  play: (enc, seed, control) => {
    const sim = player(enc.encounter);
    const r = sim.play(seed, control ?? null);
    return { winner: r === R_WIN ? sim.winner : -1, rounds: sim.endRound };
  },
  boardByDefault: true,
  toWire: (enc) => JSON.parse(JSON.stringify(enc)),
  fromWire: (wire) => wire as SeamEncounter,
  outcomeText: (o, enc) => {
    const x = o as Outcome;
    return x.outcome === 'win'
      ? `${enc.encounter.sides[x.winner]?.name ?? 'a side'} won`
      : x.outcome === 'draw'
        ? 'nobody left standing'
        : 'stalemate';
  },
  stalemateNote: (r) => `round cap ${r.roundCap}`,
  oddsNotes: () => [
    'OUT: stress full (sheets) or health 0 (NPCs) when the fight ended, not dead (TG-D1, TG-D2). Dead: an NPC marked `at-zero dies` that reached 0 health (TG-D2).',
    'Harm: 1 stress to a sheet or 1 health to an NPC (TG-D4); dealt counts harm this combatant caused, taken the harm it suffered.',
  ],
};
