// The exact odds of one exchange between two characters, built from the model
// (what a hover on a placement shows: the 4 × 4 stance matrix, HR-E3), on top
// of odds.ts. Plain functions of plain data: no simulator state.

import type { Character, Weapon } from '../model.js';
import { armorBonus } from '../model.js';
import { attackOdds, contestOdds, type AttackOdds, type ContestOdds, type RollSpec } from './odds.js';

export type AttackStance = 'might' | 'agility' | 'cunning';
export type TargetStance = AttackStance | 'defensive' | 'none';

/** HR-E3: may a stance attack a target in another? */
export function mayAttack(s: AttackStance, t: TargetStance): boolean {
  if (t === 'defensive' || t === 'none') return true;
  return s === 'cunning' ? t !== 'might' : s === 'agility' ? t !== 'cunning' : t !== 'agility';
}

export interface Situation {
  /** Net (dis)advantage levels on the attacker's roll and on the target's roll (Help, statuses, cover…). */
  readonly attackLevel?: number;
  readonly defenseLevel?: number;
  readonly attackerWeapon?: Weapon;
  readonly targetWeapon?: Weapon;
}

function die(c: Character, s: AttackStance): number {
  return s === 'might' ? c.might : s === 'agility' ? c.agility : c.cunning;
}

/** HR-D2, HR-C5: the attack roll of `c` in stance s against a target in stance t. */
export function attackSpec(
  c: Character,
  s: AttackStance,
  t: TargetStance,
  level = 0,
  w: Weapon = c.weapons[0],
): RollSpec {
  const dice = [c.heart, die(c, s), w.die];
  let flat = 0;
  if (s === 'might' && t === 'cunning') {
    if (w.mightBonus === null) dice.push(w.die);
    else flat = w.mightBonus;
  }
  return { dice, extraDie: die(c, s), level, flat };
}
/** HR-D2: the defense roll of `c` against an attack in stance s (armor added). */
export function defenseSpec(c: Character, s: AttackStance, level = 0): RollSpec {
  return { dice: [c.heart, die(c, s)], extraDie: die(c, s), level, flat: armorBonus(c) };
}

export type ExchangeCell =
  | { readonly kind: 'attack'; readonly odds: AttackOdds }
  | { readonly kind: 'contest'; readonly odds: ContestOdds }
  | { readonly kind: 'none' };

const NONE: ExchangeCell = { kind: 'none' };
/**
 * Cells already computed, by the two rolls they compare: a hover recomputes the same few matrices on every
 * move of the mouse, and exact BigInt enumeration costs a millisecond a matrix. Cells are immutable; the
 * memo is emptied when it grows past MEMO_MAX (an editor session's worth of stat blocks).
 */
const memo = new Map<string, ExchangeCell>();
const MEMO_MAX = 10_000;
const specKey = (r: RollSpec): string => `${r.dice.join(',')};${r.extraDie};${r.level};${r.flat}`;

/** One cell: attacker a in stance s against target b in stance t (HR-C1/C2/C3/E9/E10). */
export function exchange(
  a: Character,
  b: Character,
  s: AttackStance,
  t: TargetStance,
  x: Situation = {},
): ExchangeCell {
  if (!mayAttack(s, t)) return NONE;
  const att = attackSpec(a, s, t, x.attackLevel ?? 0, x.attackerWeapon);
  const other =
    s === t ? attackSpec(b, t, s, x.defenseLevel ?? 0, x.targetWeapon) : defenseSpec(b, s, x.defenseLevel ?? 0);
  const kind = s === t ? 'contest' : t === 'defensive' ? 'halved' : 'attack';
  const key = `${kind}|${specKey(att)}|${specKey(other)}`;
  let cell = memo.get(key);
  if (!cell) {
    cell =
      s === t
        ? { kind: 'contest', odds: contestOdds(att, other) }
        : { kind: 'attack', odds: attackOdds(att, other, t === 'defensive') };
    if (memo.size >= MEMO_MAX) memo.clear();
    memo.set(key, cell);
  }
  return cell;
}

/** The 3 × 4 matrix (attacker stances might, agility, cunning × target stances might, agility, cunning, defensive). */
export function stanceMatrix(a: Character, b: Character, x: Situation = {}): ExchangeCell[][] {
  const S: AttackStance[] = ['might', 'agility', 'cunning'];
  const T: TargetStance[] = ['might', 'agility', 'cunning', 'defensive'];
  return S.map((s) => T.map((t) => exchange(a, b, s, t, x)));
}
