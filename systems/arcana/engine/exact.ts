// The exact odds a hover shows ("Exact odds"), built from the checked model on
// top of odds.ts: an attack of one character on another, a maneuver, and who
// acts first. Plain functions of plain data: no simulator state.

import type { Card, Character, Encounter, Maneuver } from '../model.js';
import { attackBase, damageBonus, defenseBase, maneuverTn, playersSide } from '../model.js';
import {
  attackOdds,
  initiativeOdds,
  opposedOdds,
  unopposedOdds,
  winsInitiativeTie,
  type AttackOdds,
  type Frac,
} from './odds.js';

export interface AttackSituation {
  /** The target's Health now (default: its starting Health). */
  readonly health?: number;
  /** The attacker's known hand (a stepped fight) or 'unknown' (one unknown card); AR-C6. Needs an applicable aspect. */
  readonly cheat?: readonly Card[] | 'unknown' | null;
  /** Cards known to be out of the deck (face up, or in the attacker's view). */
  readonly known?: readonly Card[];
}

/**
 * AR-A1…A6, AR-D1, AR-T5: `a` attacks `t`. A ranged attacker aims first, as the
 * simulator always does. The defender does not cheat (its hand is hidden).
 */
export function attackOddsFor(a: Character, t: Character, x: AttackSituation = {}): AttackOdds {
  const cheat = x.cheat === 'unknown' ? 'unknown' : x.cheat ? { hand: x.cheat } : null;
  return attackOdds(
    {
      attack: attackBase(a),
      defense: defenseBase(t),
      damageBonus: damageBonus(a),
      toughness: t.toughness,
      health: x.health ?? t.health,
      aim: a.wields.kind === 'ranged',
      cheat,
    },
    x.known ?? [],
  );
}

/** AR-M2/M3: the chance `a`'s maneuver `m` succeeds (against `opponent` when opposed, ARS-6). */
export function maneuverOddsFor(
  a: Character,
  m: Maneuver,
  opponent: Character | null,
  enc: Encounter,
  known: readonly Card[] = [],
): Frac {
  if (m.against) {
    if (!opponent) throw new Error(`${m.name} is opposed: name its opponent`);
    return opposedOdds(a[m.stat], opponent[m.against], known);
  }
  return unopposedOdds(a[m.stat], maneuverTn(m, enc), known);
}

/** AR-I1…I3: P(the holder of placement `a` acts before the holder of placement `b`), by expanded file index. */
export function initiativeOddsFor(enc: Encounter, a: number, b: number): Frac {
  const ps = playersSide(enc);
  const flat = enc.sides.flatMap((s, si) => s.placements.map((p) => ({ c: p.character, players: si === ps })));
  const A = flat[a],
    B = flat[b];
  const tie = winsInitiativeTie(
    { alertness: A.c.alertness, players: A.players, index: a },
    { alertness: B.c.alertness, players: B.players, index: b },
  );
  return initiativeOdds(A.c.alertness, B.c.alertness, tie);
}
