// Heart Rush's engine as the seam sees it (model/system.ts SystemEngine): the
// event stream and its lines, stepping by phase (the action phase, then the
// engagement of secret stances) and round, the odds counters (unconscious,
// dead, damage dealt and taken) and the fast path per encounter.

import type { EncounterOf, FastPath, SystemEngine } from '../../../model/system.js';
import { combatSeed } from '../../../engine/rng.js';
import { tallyEnd, type CounterSpec } from '../../../engine/tally.js';
import type { Encounter } from '../model.js';
import type { HitView, HREvent, Outcome } from './events.js';
import { combatEvents } from './index.js';
import { renderEvent } from './render.js';
import { hrWatch } from './watch.js';
import { exactReport } from './report.js';
import { heartRushBoard } from './board.js';
import { HRSim, R_STALEMATE, R_VICTORY } from './sim.js';

/** An encounter as the checker builds it (check.ts HREncounterInfo). */
export type SeamEncounter = EncounterOf<Encounter>;

export const HR_COUNTERS: readonly CounterSpec[] = [
  { key: 'unconscious', label: 'Unconscious', kind: 'chance' },
  { key: 'dead', label: 'Dead', kind: 'chance' },
  { key: 'damage', label: 'damage dealt', kind: 'mean' },
  { key: 'taken', label: 'damage taken', kind: 'mean' },
  { key: 'hpLeft', label: 'HP left in wins', kind: 'left' },
];

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
  return x.type === 'attack' ? x.hit : x.type === 'maneuver' ? x.hit ?? null : null;
};

/** What a GM steps to (issue 14 item 6): a wound (HR-H3), a fall unconscious (HR-H7), a death (HR-H8), a shrug (HR-H1). */
const HR_MARKS = [
  { label: 'wound', is: (e: { type: string }) => (hitOf(e)?.wound ?? 0) > 0 },
  { label: 'shrug', is: (e: { type: string }) => !!hitOf(e)?.shrug },
  { label: 'unconscious', is: (e: { type: string }) => { const h = hitOf(e); return !!h && h.unconscious && !h.dead; } },
  { label: 'death', is: (e: { type: string }) => !!hitOf(e)?.dead },
];

export const HR_ENGINE: SystemEngine<SeamEncounter> = {
  events: (enc, seed) => combatEvents(enc.encounter, seed),
  render: (e) => renderEvent(e as HREvent),
  steps: { small: { label: 'phase', starts: opensPhase }, large: { label: 'round', starts: opensRound }, closes: (e) => e.type === 'end', marks: HR_MARKS },
  watch: (enc) => hrWatch(enc.encounter),
  counters: HR_COUNTERS,
  fastPath(enc): FastPath {
    const sim = new HRSim(enc.encounter);
    sim.sink = null;
    const ids = enc.encounter.sides.flatMap((s) => s.placements.map((p) => p.name));
    const sideOf = enc.encounter.sides.flatMap((s, i) => s.placements.map(() => i));
    return {
      shape: { sides: enc.encounter.sides.map((s) => s.name), ids, sideOf, roundCap: enc.encounter.rounds },
      // ≈10 µs of warm CPU per combatant and combat (the samples: 60–120 µs for 6–12): the pool's estimate
      costUs: 10 * ids.length,
      run(seed, from, to, t) {
        const [unconscious, dead, dealt, taken, left] = t.sums;
        const dealtSq = t.squares[2], takenSq = t.squares[3], leftSq = t.squares[4];
        for (let i = from; i < to; i++) {
          const r = sim.run(combatSeed(seed, i));
          tallyEnd(t, r === R_VICTORY ? 'victory' : r === R_STALEMATE ? 'stalemate' : 'draw', sim.winner, sim.endRound, i);
          for (let c = 0; c < sim.n; c++) {
            if (sim.dead[c]) dead[c]++;
            else if (sim.down[c]) unconscious[c]++;
            const d = sim.dmgDealt[c], k = sim.dmgTaken[c];
            dealt[c] += d;
            dealtSq[c] += d * d;
            taken[c] += k;
            takenSq[c] += k * k;
            if (r === R_VICTORY && sideOf[c] === sim.winner) {
              const h = sim.hp[c] > 0 ? sim.hp[c] : 0;
              left[c] += h;
              leftSq[c] += h * h;
            }
          }
        }
      },
    };
  },
  exactReport: (enc) => exactReport(enc.encounter),
  // HR-P1: the field of 5-ft squares; not in `aces run` unless asked (`--map rounds`), drawn in the step-through
  board: (enc) => heartRushBoard(enc.encounter),
  boardByDefault: false,
  toWire: (enc) => enc,
  fromWire: (wire) => wire as SeamEncounter,
  outcomeText: (o, enc) => {
    const x = o as Outcome;
    return x.outcome === 'victory' ? `${enc.encounter.sides[x.winner]?.name ?? 'a side'} won` : x.outcome === 'draw' ? 'nobody left standing' : 'stalemate';
  },
  verdict: {
    counter: 'dead',
    meaning: 'dead (HP at or below minus maximum HP: HR-H8)',
    players: (enc) => enc.encounter.sides.flatMap((s) => s.placements).flatMap((p, i) => (p.character.player ? [i] : [])),
  },
  stalemateNote: (r) => `round cap ${r.roundCap}`,
  oddsNotes: () => [
    'Unconscious: at 0 HP or below and out of the fight when it ended, alive (HR-H7). Dead: HP at or below minus maximum HP (HR-H8).',
  ],
};
