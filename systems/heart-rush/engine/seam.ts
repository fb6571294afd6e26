// Heart Rush's engine as the seam sees it (model/system.ts SystemEngine): the
// event stream and its lines, stepping by phase (the action phase, then the
// engagement of secret stances) and round, the watch, the exact report and the
// board; the odds counters and the fast path are fast-path.ts's.

import { checkSeed } from '../../../engine/args.js';
import type { DecisionControl, EncounterOf, PlayedFight, SystemEngine } from '../../../model/system.js';
import type { Encounter } from '../model.js';
import type { HitView, HREvent, Outcome } from './events.js';
import { combatEvents } from './index.js';
import { HRSim, R_VICTORY } from './sim.js';
import { renderEvent } from './render.js';
import { hrWatch } from './watch.js';
import { exactReport } from './report.js';
import { heartRushBoard } from './board.js';
import { fastPath, HR_COUNTERS } from './fast-path.js';

/** An encounter as the checker builds it (check.ts HREncounterInfo). */
export type SeamEncounter = EncounterOf<Encounter>;

/** Every event that opens a phase: the start and action phases (`phase`) and the engagement (`stances`). */
const opensPhase = (e: { type: string }): boolean => e.type === 'phase' || e.type === 'stances';
// round 1 opens with its opening phase (HR-R5); every later round with its action phase
const opensRound = (e: { type: string }): boolean => {
  if (e.type !== 'phase') return false;
  const p = e as Extract<HREvent, { type: 'phase' }>;
  return p.phase === 'start' || p.round > 1;
};

/** The hit an attack or a maneuver landed, if any. */
const hitOf = (e: { type: string }): HitView | null => {
  const x = e as HREvent;
  return x.type === 'attack' ? x.hit : x.type === 'maneuver' ? (x.hit ?? null) : null;
};

/** What a GM steps to (issue 14 item 6): a wound (HR-H3), a fall unconscious (HR-H7), a death (HR-H8), a shrug (HR-H1), a GM rule's decision (issue 33). */
const HR_MARKS = [
  { label: 'wound', is: (e: { type: string }) => (hitOf(e)?.wound ?? 0) > 0 },
  { label: 'shrug', is: (e: { type: string }) => !!hitOf(e)?.shrug },
  {
    label: 'unconscious',
    is: (e: { type: string }) => {
      const h = hitOf(e);
      return !!h && h.unconscious && !h.dead;
    },
  },
  { label: 'death', is: (e: { type: string }) => !!hitOf(e)?.dead },
  // issue 33: a decision the GM's priority rules made (the ↳ line under it)
  { label: 'GM rule', is: (e: { type: string }) => e.type === 'rule' },
];

/** play's simulators, one per encounter (kept while the encounter lives): no events, its caches warm across fights. */
const players = new WeakMap<Encounter, HRSim>();

/**
 * One fight without events, its decisions offered to `control` (issue 32): the fast path's code with a control
 * attached (sim/queries.ts `offer`). With no control, or one that never overrides, the fight `events` logs.
 */
export function playFight(enc: Encounter, seed: number, control?: DecisionControl): PlayedFight {
  let sim = players.get(enc);
  if (!sim) {
    sim = new HRSim(enc);
    sim.sink = null;
    players.set(enc, sim);
  }
  sim.control = control ?? null;
  try {
    sim.run(seed);
  } finally {
    sim.control = null;
  }
  return { winner: sim.result === R_VICTORY ? sim.winner : -1, rounds: sim.endRound };
}

export const HR_ENGINE: SystemEngine<SeamEncounter> = {
  events: (enc, seed) => combatEvents(enc.encounter, checkSeed(seed)),
  play: (enc, seed, control) => playFight(enc.encounter, seed, control),
  render: (e) => renderEvent(e as HREvent),
  steps: {
    small: { label: 'phase', starts: opensPhase },
    large: { label: 'round', starts: opensRound },
    closes: (e) => e.type === 'end',
    marks: HR_MARKS,
  },
  watch: (enc) => hrWatch(enc.encounter),
  counters: HR_COUNTERS,
  fastPath: (enc) => fastPath(enc.encounter),
  exactReport: (enc) => exactReport(enc.encounter),
  // HR-P1: the field of 5-ft squares; not in `aces run` unless asked (`--map rounds`), drawn in the step-through
  board: (enc) => heartRushBoard(enc.encounter),
  boardByDefault: false,
  toWire: (enc) => enc,
  fromWire: (wire) => wire as SeamEncounter,
  outcomeText: (o, enc) => {
    const x = o as Outcome;
    return x.outcome === 'victory'
      ? `${enc.encounter.sides[x.winner]?.name ?? 'a side'} won`
      : x.outcome === 'draw'
        ? 'nobody left standing'
        : 'stalemate';
  },
  verdict: {
    counter: 'dead',
    meaning: 'dead (HP at or below minus maximum HP: HR-H8)',
    players: (enc) =>
      enc.encounter.sides.flatMap((s) => s.placements).flatMap((p, i) => (p.character.player ? [i] : [])),
  },
  stalemateNote: (r) => `round cap ${r.roundCap}`,
  oddsNotes: () => [
    'Unconscious: at 0 HP or below and out of the fight when it ended, alive (HR-H7). Dead: HP at or below minus maximum HP (HR-H8).',
  ],
};
