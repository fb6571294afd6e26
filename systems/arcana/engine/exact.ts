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
import { flipCards } from './report.js';

export interface AttackSituation {
  /** The target's Health now (default: its starting Health). */
  readonly health?: number;
  /** The attacker's known hand (a stepped fight) or 'unknown' (one unknown card); AR-C6. Needs an applicable aspect. */
  readonly cheat?: readonly Card[] | 'unknown' | null;
  /** Cards known to be out of the deck (face up, or in the attacker's view). */
  readonly known?: readonly Card[];
  /** AR-O3: the attack's or the defense's flip is the face-up opposition card (also list it in `known`). */
  readonly attackCard?: Card;
  readonly defenseCard?: Card;
  /** AR-F1: the cards of the encounter's Fate deck (`deckCards`); default the standard 52. */
  readonly deck?: readonly Card[];
}

/** AR-F1: the cards the encounter's Fate deck flips from, stacked or not (a hover knows no draw order): the report's. */
export function deckCards(enc: Encounter): readonly Card[] {
  return flipCards(enc);
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
      attackCard: x.attackCard,
      defenseCard: x.defenseCard,
    },
    x.known ?? [],
    x.deck,
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
    return opposedOdds(a[m.stat], opponent[m.against], known, deckCards(enc));
  }
  return unopposedOdds(a[m.stat], maneuverTn(m, enc), known, deckCards(enc));
}

/** AR-I1…I3: P(the holder of placement `a` acts before the holder of placement `b`), by expanded file index. */
export function initiativeOddsFor(enc: Encounter, a: number, b: number, known: readonly Card[] = []): Frac {
  const ps = playersSide(enc);
  const flat = enc.sides.flatMap((s, si) => s.placements.map((p) => ({ c: p.character, players: si === ps })));
  const A = flat[a],
    B = flat[b];
  const tie = winsInitiativeTie(
    { alertness: A.c.alertness, players: A.players, index: a },
    { alertness: B.c.alertness, players: B.players, index: b },
  );
  return initiativeOdds(A.c.alertness, B.c.alertness, tie, known, deckCards(enc));
}

/** AR-I2, AR-G1: the initiative holders in file order: a group label within a side, else one per placement. */
export function initiativeHolders(enc: Encounter): { label: string; side: number; first: number; names: string[] }[] {
  const out: { label: string; side: number; first: number; names: string[] }[] = [];
  const groups = new Map<string, number>();
  let i = 0;
  enc.sides.forEach((s, si) => {
    for (const p of s.placements) {
      const key = p.group === null ? null : `${si}\u0000${p.group}`;
      const h = key === null ? undefined : groups.get(key);
      if (h === undefined) {
        if (key !== null) groups.set(key, out.length);
        out.push({ label: p.group ?? p.name, side: si, first: i, names: [p.name] });
      } else out[h].names.push(p.name);
      i++;
    }
  });
  return out;
}
