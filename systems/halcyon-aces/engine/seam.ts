// Halcyon Aces's engine as the seam sees it (model/system.ts SystemEngine):
// the event stream and its lines, turn/round stepping, the odds counters and
// their footnotes, and the fast path per encounter. Loaded lazily by
// systems/halcyon-aces/index.ts.

import type { DecisionControl, FastPath, PlayedFight, SystemEngine } from '../../../model/system.js';
import { checkSeed } from '../../../engine/args.js';
import { chanceOf, type MonteCarloResult } from '../../../engine/tally.js';
import type { Encounter } from '../model.js';
import { runCombat, simFor } from './combat.js';
import { compile } from './compile.js';
import type { CombatEvent, Outcome } from './events.js';
import { HA_COUNTERS, HA_VERDICT, runRange, shapeOf } from './montecarlo.js';
import { renderEvent } from './render.js';
import { zoneBoard } from './zone-map.js';
import { haWatch } from './watch.js';
import { haExactReport } from './report.js';
import { CombatSim } from './sim.js';

type Ev = { type: string };
/** What a GM steps to (issue 14 item 6): a crit (HA-S3), a Broken (HA-B1), a stabilization (HA-B2, HA-B4), a Defeated (HA-B3), a fall (HA-F1). */
const HA_MARKS = [
  {
    label: 'crit',
    is: (e: Ev) => e.type === 'attack' && (e as Extract<CombatEvent, { type: 'attack' }>).results.some((r) => r.crit),
  },
  { label: 'Broken', is: (e: Ev) => e.type === 'broken' },
  {
    label: 'stabilized',
    is: (e: Ev) => {
      const x = e as CombatEvent;
      return (
        (x.type === 'stabilization-draw' && x.result === 'stabilized') || (x.type === 'stabilize-ally' && x.success)
      );
    },
  },
  { label: 'Defeated', is: (e: Ev) => e.type === 'defeated' },
  { label: 'fall', is: (e: Ev) => e.type === 'fall' },
];

/**
 * One fight without events, its decisions offered to `control` (decisions.ts). The encounter's kept simulator
 * (combat.ts simFor) plays it; a control that plays another fight of the same encounter inside its answer gets a
 * simulator of its own.
 */
function play(enc: Encounter, seed: number, control?: DecisionControl): PlayedFight {
  checkSeed(seed);
  const kept = simFor(enc);
  const sim = kept.control === null ? kept : new CombatSim(kept.k);
  sim.control = control ?? null;
  try {
    sim.begin(seed, null);
    while (!sim.done) sim.step();
    return { winner: sim.winner, rounds: sim.endRound };
  } finally {
    sim.control = null;
  }
}

export const HA_ENGINE: SystemEngine<Encounter> = {
  events: (enc, seed) => runCombat(enc, seed),
  play,
  render: (e) => renderEvent(e as CombatEvent),
  steps: {
    small: { label: 'turn', starts: (e) => e.type === 'turn-start' },
    large: { label: 'round', starts: (e) => e.type === 'round-start' },
    closes: (e) => e.type === 'combat-end',
    marks: HA_MARKS,
  },
  watch: (enc) => haWatch(enc),
  counters: HA_COUNTERS,
  fastPath(enc): FastPath {
    const k = compile(enc);
    const sim = new CombatSim(k);
    // ≈2.5 µs of warm CPU per combatant and combat (the samples: 12–19 µs for 6–7 combatants): the pool's estimate
    return { shape: shapeOf(k), run: (seed, from, to, t) => void runRange(sim, seed, from, to, t), costUs: 2.5 * k.n };
  },
  // JSON has no Infinity: unreachable zone distances travel as null and come back as Infinity.
  toWire: (enc) => JSON.parse(JSON.stringify(enc, (_k, v) => (v === Infinity ? null : v))),
  fromWire(wire) {
    const enc = wire as Encounter;
    return { ...enc, distance: (enc.distance ?? []).map((row) => row.map((v) => (v === null ? Infinity : v))) };
  },
  outcomeText: (o) => {
    const x = o as Outcome;
    return x.result === 'victory' ? `${x.winner} won` : x.result;
  },
  verdict: HA_VERDICT,
  exactReport: (enc) => haExactReport(enc),
  // the zone list: shown with `aces run --map rounds` (Halcyon Aces logs stay as they were by default)
  board: (enc) => zoneBoard(enc),
  stalemateNote: (r) =>
    `round cap ${r.roundCap}, or no one can reach an enemy and no Broken combatant has a draw to come (E-I6b)`,
  oddsNotes(r: MonteCarloResult): string[] {
    const lines = [
      'Broken: fell to 0 Vitality at least once (HA-B1). Defeated: three Failing Draws, or an empty deck, while Broken (HA-B3).',
    ];
    // A combatant whose fall ends the fight never draws again, so it cannot be Defeated: say so where it shows.
    const decisive = r.combatants.filter((c) => chanceOf(c, 'broken').count > 0 && chanceOf(c, 'defeated').count === 0);
    if (decisive.length) {
      lines.push(
        `${decisive.map((c) => c.id).join(', ')}: Broken in some combats, never Defeated: the fight ends as soon as a side has nobody able to act (HA-I6) and Failing Draws come only on later turns (HA-B2), so a combatant whose fall ends the fight is never Defeated.`,
      );
    }
    return lines;
  },
};
