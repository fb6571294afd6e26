// The exact chance a character's maneuver succeeds against a foe as they stand
// at the start (HR-M1…M5; the spec's "Exact odds" lists maneuver success): the
// same checks the simulator rolls (resolveManeuver in sim.ts) — heart die plus
// the ability die, (dis)advantage as extra ability dice (HR-D3), the resister
// winning ties (HR-D4). Help, when a placement's hover knows of it, adds its
// levels to either check (`levels`); statuses come only in play.

import { abilityDie, freeHands, sizeIndex, UNARMED, type Ability, type Character } from '../model.js';
import { fracNum, maneuverOdds, type Frac, type RollSpec } from './odds.js';

/** A check of `a` (HR-D2: heart die + ability die, no weapon, no bonuses) at advantage `level`. */
function check(c: Character, a: Ability, level: number): RollSpec {
  const d = abilityDie(c, a);
  return { dice: [c.heart, d], extraDie: d, level, flat: 0 };
}

/** The better of might and agility for a contest (the simulator's choice: the larger die, ties might). */
function bestContest(c: Character): Ability {
  return c.agility > c.might ? 'agility' : 'might';
}

export interface ManeuverChance {
  /** The stance the maneuver is made from (trip, blind, dirty strike, shove use its ability), or undefined. */
  stance?: Ability;
  p: Frac;
}

/**
 * P(success) of `c`'s maneuver against `foe`, per stance where the stance matters; a sentence instead when it
 * cannot be tried (no maneuver, no free hand to grapple, a foe not two sizes larger to climb).
 */
export function maneuverChances(
  c: Character,
  foe: Character,
  levels: { mine: number; theirs: number } = { mine: 0, theirs: 0 },
): ManeuverChance[] | string {
  const m = c.maneuver;
  const h = levels.mine,
    ht = levels.theirs;
  if (m === 'none') return 'no maneuver';
  const diff = sizeIndex(c.size) - sizeIndex(foe.size);
  if (m === 'grapple') {
    const free = freeHands(c, c.weapons[0] ?? UNARMED);
    if (free === 0) return 'no free hand to grapple with (HR-M2)';
    // HR-M2: might vs the foe's better of might/agility, the larger one advantaged per size of difference; one free hand halves
    return [
      {
        p: maneuverOdds(
          check(c, 'might', Math.max(0, diff) + h),
          check(foe, bestContest(foe), Math.max(0, -diff) + ht),
          free === 1,
        ),
      },
    ];
  }
  if (m === 'climb') {
    if (-diff < 2) return `${foe.name} is not two sizes larger (HR-M3)`;
    return [{ p: maneuverOdds(check(c, bestContest(c), h), check(foe, bestContest(foe), ht), false) }];
  }
  // HR-M4/M5 ruling: the check in the stance's ability against the foe's same ability
  return (['cunning', 'agility', 'might'] as const).map((stance) => ({
    stance,
    p: maneuverOdds(check(c, stance, h), check(foe, stance, ht), false),
  }));
}

/** One line of a hover: "grapple vs Wolf: 58.3%" or "trip vs Orc: cunning 41.0% · agility 52.1% · might 47.5%". */
export function maneuverLine(c: Character, foe: Character): string | undefined {
  if (c.maneuver === 'none') return undefined;
  const r = maneuverChances(c, foe);
  const pct = (f: Frac) => `${(100 * fracNum(f)).toFixed(1)}%`;
  const body = typeof r === 'string' ? r : r.map((x) => (x.stance ? `${x.stance} ${pct(x.p)}` : pct(x.p))).join(' · ');
  return `${c.maneuver} vs ${foe.name}: ${body}`;
}
