// The rules an encounter is held to once its zones and sides are built, one
// function each, registered in a list run in order (the order of their
// diagnostics): at least two sides (HA-I6), every starting zone within reach
// of a foe (HA-Z2/Z3, HA-F2), the turn limit, and the options' preconditions
// (HA-U1, HA-L1). A new encounter rule is one more function in ENCOUNTER_CHECKS.

import type { NameRef, RawBlock } from '../../../model/read.js';
import { UNREACHABLE } from '../engine/reach.js';
import type { Band, StatBlock } from '../model.js';
import type { HaCheck } from './context.js';
import { checkTurnLimit } from '../../../model/roster.js';
import type { EncounterSides } from './sides.js';
import { checkCombatantRules } from './tactics.js';
import type { EncounterZones } from './zones.js';

/** An encounter as built, with what the checks report on. */
export interface EncounterDraft {
  raw: RawBlock;
  rounds: number;
  options: readonly ('link-strikes' | 'team-ultimates')[];
  optionRefs: readonly NameRef[];
  zones: EncounterZones;
  sides: EncounterSides;
}

export type EncounterCheck = (d: EncounterDraft, cx: HaCheck) => void;

/** HA-I6: a fight needs two sides. */
function twoSides(d: EncounterDraft, cx: HaCheck): void {
  const { raw } = d;
  const f = raw.file;
  const { sides } = d.sides;
  if (sides.length < 2) {
    cx.report(
      f,
      raw.nameRange,
      'error',
      'HA-I6',
      `A fight needs at least two sides; '${raw.name}' has ${sides.length}. Add \`side foes { … }\`.`,
    );
  }
}

/** HA-Z2/Z3, HA-F2: nobody starts where it can never reach a foe, or be reached. */
function everyoneCanReachAFoe(d: EncounterDraft, cx: HaCheck): void {
  const { raw } = d;
  const f = raw.file;
  const { combatants, placementOf } = d.sides;
  const { zoneIndex, distance, reach } = d.zones;
  // HA-Z2/HA-Z3: a combatant with no path to any enemy can neither strike nor be struck.
  const reported = new Set<string>();
  for (const c of combatants) {
    const place = placementOf.get(c);
    if (!place || reported.has(`${c.block.name}@${c.zone}`)) continue;
    const zi = zoneIndex.get(c.zone)!;
    const enemies = combatants.filter((o) => o.side !== c.side);
    if (enemies.length && enemies.every((o) => distance[zi][zoneIndex.get(o.zone)!] === Infinity)) {
      reported.add(`${c.block.name}@${c.zone}`);
      cx.report(
        f,
        place.range,
        'warning',
        'HA-Z2',
        `${c.block.name} starts in '${c.zone}', which has no path to any enemy's zone: nobody can reach or strike across (HA-Z2/HA-Z3), so the fight may stall. Link the zones with \`adjacent\`.`,
      );
      continue;
    }
    if (!enemies.length) continue;
    // Moving counts: a drop is one way down (HA-F2), so a zone can be in sight yet out of every move's reach.
    const band = bestBand(c.block);
    if (band === 'engaged' && enemies.every((o) => reach.strides(c.zone, o.zone, 'engaged') >= UNREACHABLE)) {
      reported.add(`${c.block.name}@${c.zone}`);
      cx.report(
        f,
        place.range,
        'warning',
        'HA-Z2',
        `${c.block.name} has only melee reach and can never get from '${c.zone}' to any enemy: the way there is a one-way drop or none (HA-F2, HA-Z2). Link the zones with \`adjacent\` so it can climb, or give it a thrown or ranged weapon.`,
      );
    } else if (enemies.every((o) => reach.strides(o.zone, c.zone, bestBand(o.block)) >= UNREACHABLE)) {
      reported.add(`${c.block.name}@${c.zone}`);
      cx.report(
        f,
        place.range,
        'warning',
        'HA-Z2',
        `No enemy can ever reach ${c.block.name} in '${c.zone}': the only ways up are one-way drops (HA-F2) and no enemy weapon or technique reaches it from where they can go (HA-Z2). Link '${c.zone}' with \`adjacent\`, or give a foe a thrown or ranged weapon.`,
      );
    }
  }
}

/** The turn limit of one combat (model/roster.ts MAX_TURNS). */
function turnLimit(d: EncounterDraft, cx: HaCheck): void {
  const { raw, rounds } = d;
  checkTurnLimit(
    rounds,
    d.sides.combatants.length,
    cx.one(raw, 'rounds')?.range ?? raw.nameRange,
    (range, code, message) => cx.report(raw.file, range, 'error', code, message),
  );
}

/** HA-U1. */
function teamUltimatesNeedPlayers(d: EncounterDraft, cx: HaCheck): void {
  const { raw, options, optionRefs } = d;
  const f = raw.file;
  const { sides, combatants } = d.sides;
  // HA-U1: Team Ultimates need three player characters on one side.
  if (options.includes('team-ultimates')) {
    const best = Math.max(0, ...sides.map((s) => combatants.filter((c) => c.side === s && c.block.player).length));
    if (best < 3) {
      const ref = optionRefs.find((o) => o.text === 'team-ultimates')!;
      cx.report(
        f,
        ref.range,
        'warning',
        'HA-U1',
        `Team Ultimates need 3 or more player characters on one side (HA-U1); the most here is ${best}, so it can never trigger. Mark heroes with \`player\`.`,
      );
    }
  }
}

/** HA-L1. */
function linkStrikesNeedAllies(d: EncounterDraft, cx: HaCheck): void {
  const { raw, options, optionRefs } = d;
  const f = raw.file;
  const { sides, combatants } = d.sides;
  if (options.includes('link-strikes') && !sides.some((s) => combatants.filter((c) => c.side === s).length >= 2)) {
    const ref = optionRefs.find((o) => o.text === 'link-strikes')!;
    cx.report(
      f,
      ref.range,
      'warning',
      'HA-L1',
      `Link Strikes need two allies on one side (HA-L1); no side here has two.`,
    );
  }
}

export const ENCOUNTER_CHECKS: readonly EncounterCheck[] = [
  twoSides,
  everyoneCanReachAFoe,
  turnLimit,
  teamUltimatesNeedPlayers,
  linkStrikesNeedAllies,
  gmRules,
];

/** Issue 33: each combatant's GM priority rules against this encounter (check/tactics.ts). */
function gmRules(d: EncounterDraft, cx: HaCheck): void {
  const { combatants, rulesFile } = d.sides;
  const setting = {
    encounter: d.raw.name,
    combatants,
    zones: d.zones.zones.map((z) => z.name),
    options: d.options,
    file: (c: (typeof combatants)[number]) => rulesFile.get(c) ?? d.raw.file,
  };
  for (const c of combatants) checkCombatantRules(cx, c, setting);
}

const BAND_ORDER: Record<Band, number> = { engaged: 0, near: 1, far: 2 };

/** The farthest band a stat block reaches with its weapons or techniques (HA-Z3). */
function bestBand(b: StatBlock): Band {
  let best: Band = b.weapon.reach;
  for (const x of [b.offhand?.reach, ...b.techniques.map((t) => t.reach)])
    if (x && BAND_ORDER[x] > BAND_ORDER[best]) best = x;
  return best;
}
