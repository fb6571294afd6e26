// Tactical Grid's engine as the seam sees it (model/system.ts SystemEngine):
// the event stream and its lines, stepping by side turn and round, the odds
// counters (OUT, dead, harm dealt and taken) and the fast path per encounter.
// Loaded lazily by systems/tactical-grid/index.ts.

import type { EncounterOf, FastPath, SystemEngine } from '../../../model/system.js';
import { combatSeed } from '../../../engine/rng.js';
import { tallyEnd, type CounterSpec } from '../../../engine/tally.js';
import type { Encounter } from '../model.js';
import type { Outcome, TGEvent } from './events.js';
import { combatEvents } from './index.js';
import { renderEvent } from './render.js';
import { boardView } from './board-view.js';
import { tgWatch } from './watch.js';
import { R_DRAW, R_WIN, TGSim } from './sim.js';
import { harmLeft } from './unit.js';
import { exactReport } from './report.js';

/** An encounter as the checker builds it (check.ts TGEncounterInfo). */
export type SeamEncounter = EncounterOf<Encounter>;

export const TG_COUNTERS: readonly CounterSpec[] = [
  { key: 'out', label: 'OUT', kind: 'chance' },
  { key: 'dead', label: 'Dead', kind: 'chance' },
  { key: 'dealt', label: 'harm dealt', kind: 'mean' },
  { key: 'taken', label: 'harm taken', kind: 'mean' },
  { key: 'left', label: 'harm left in wins', kind: 'left' },
];

/** What a GM steps to (issue 14 item 6): a critical success or failure (TG-A6), an OUT (TG-D1/D2), a Miracle Worker's revival (TG-B5), an NPC-on-NPC clash. */
const TG_MARKS = [
  { label: 'critical roll', is: (e: { type: string }) => e.type === 'attack' && /critical/.test((e as Extract<TGEvent, { type: 'attack' }>).outcome) },
  { label: 'OUT', is: (e: { type: string }) => e.type === 'out' },
  { label: 'back', is: (e: { type: string }) => e.type === 'back' },
  { label: 'clash', is: (e: { type: string }) => e.type === 'clash' },
];

export const TG_ENGINE: SystemEngine<SeamEncounter> = {
  events: (enc, seed) => combatEvents(enc.encounter, seed),
  render: (e) => renderEvent(e as TGEvent),
  steps: { small: { label: 'side turn', starts: (e) => e.type === 'turn' }, large: { label: 'round', starts: (e) => e.type === 'round' }, closes: (e) => e.type === 'end', marks: TG_MARKS },
  watch: (enc) => tgWatch(enc.encounter),
  counters: TG_COUNTERS,
  fastPath(enc): FastPath {
    const sim = new TGSim(enc.encounter, { keepSearches: true });
    sim.sink = null;
    const ids = enc.encounter.sides.flatMap((s) => s.placements.map((p) => p.name));
    const sideOf = enc.encounter.sides.flatMap((s, i) => s.placements.map(() => i));
    return {
      shape: { sides: enc.encounter.sides.map((s) => s.name), ids, sideOf, roundCap: enc.encounter.rounds },
      // ≈15 µs of warm CPU per combatant and combat (the samples: 80–200 µs for 7–12): the pool's estimate
      costUs: 15 * ids.length,
      run(seed, from, to, t) {
        const [out, dead, dealt, taken, left] = t.sums;
        const dealtSq = t.squares[2], takenSq = t.squares[3], leftSq = t.squares[4];
        for (let i = from; i < to; i++) {
          sim.run(combatSeed(seed, i));
          tallyEnd(t, sim.result === R_WIN ? 'victory' : sim.result === R_DRAW ? 'draw' : 'stalemate', sim.winner, sim.endRound, i);
          for (const u of sim.units) {
            const c = u.idx;
            if (u.dead) dead[c]++;
            else if (u.out) out[c]++;
            dealt[c] += u.dealt;
            dealtSq[c] += u.dealt * u.dealt;
            taken[c] += u.taken;
            takenSq[c] += u.taken * u.taken;
            // TG-D1/D2: stress boxes (sheets) or health (NPCs) still free when its side won
            if (sim.result === R_WIN && u.side === sim.winner) {
              const h = Math.max(0, harmLeft(u));
              left[c] += h;
              leftSq[c] += h * h;
            }
          }
        }
      },
    };
  },
  // The checked encounter is plain data (strings, numbers, arrays, null): it crosses as JSON.
  verdict: {
    counter: 'out',
    meaning: 'OUT (stress boxes full: TG-D1)',
    // the player characters are the sheets (an NPC is what `difficulty` makes, TG-P1)
    players: (enc) => enc.encounter.sides.flatMap((s) => s.placements).flatMap((p, i) => (p.character.difficulty === null ? [i] : [])),
  },
  board: (enc) => boardView(enc.encounter),
  exactReport: (enc) => exactReport(enc.encounter),
  boardByDefault: true,
  toWire: (enc) => JSON.parse(JSON.stringify(enc)),
  fromWire: (wire) => wire as SeamEncounter,
  outcomeText: (o, enc) => {
    const x = o as Outcome;
    return x.outcome === 'win' ? `${enc.encounter.sides[x.winner]?.name ?? 'a side'} won` : x.outcome === 'draw' ? 'nobody left standing' : 'stalemate';
  },
  stalemateNote: (r) => `round cap ${r.roundCap}`,
  oddsNotes: () => [
    'OUT: stress full (sheets) or health 0 (NPCs) when the fight ended, not dead (TG-D1, TG-D2). Dead: an NPC marked `at-zero dies` that reached 0 health (TG-D2).',
    'Harm: 1 stress to a sheet or 1 health to an NPC (TG-D4); dealt counts harm this combatant caused, taken the harm it suffered.',
  ],
};
