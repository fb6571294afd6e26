// Exact odds of single Arcana actions (ARCANA.md "Exact odds"). Flips are
// distinct cards from the full deck minus the known cards; only values
// matter, so we sum over value tuples (13^k) weighted n_a·(n_b − [a=b])·… and
// divide by N(N−1)…: exact rationals, cheap enough for a hover. Weights stay
// below 2^53 (at most four cards of 52), so sums are exact in doubles and only
// the final fractions go through BigInt.

import type { Card } from '../model.js';
import { value } from './deck.js';
export { frac, fracNum, fracStr, type Frac } from '../../../engine/fraction.js';
import { frac, type Frac } from '../../../engine/fraction.js';

const STANDARD: readonly Card[] = Array.from({ length: 52 }, (_, i) => i);

/** counts[v] (v = 2..14) of the cards a flip may be: `deck` minus `known` (AR-F2 values; suits do nothing). */
export function deckValues(known: readonly Card[] = [], deck: readonly Card[] = STANDARD): number[] {
  const c = new Array<number>(15).fill(0);
  for (const x of deck) if (x >= 0) c[value(x)]++;
  for (const x of known) if (x >= 0 && c[value(x)] > 0) c[value(x)]--;
  return c;
}

/**
 * Every ordered tuple of k distinct cards drawn from `counts`, by values: calls
 * fn(values, weight) with weight = the number of physical card tuples with
 * those values. Returns the total N(N−1)…(N−k+1).
 */
export function enumerate(counts: readonly number[], k: number, fn: (v: readonly number[], w: number) => void): number {
  const left = counts.slice();
  const v = new Array<number>(k).fill(0);
  let N = 0;
  for (let x = 2; x <= 14; x++) N += counts[x];
  let total = 1;
  for (let j = 0; j < k; j++) total *= N - j;
  const rec = (j: number, w: number): void => {
    if (j === k) {
      fn(v, w);
      return;
    }
    for (let x = 2; x <= 14; x++) {
      const c = left[x];
      if (c <= 0) continue;
      v[j] = x;
      left[x] = c - 1;
      rec(j + 1, w * c);
      left[x] = c;
    }
  };
  if (total > 0) rec(0, 1);
  return total;
}

// ── maneuvers and initiative ──
/** AR-M2: P(stat + flip ≥ tn). */
export function unopposedOdds(
  stat: number,
  tn: number,
  known: readonly Card[] = [],
  deck: readonly Card[] = STANDARD,
): Frac {
  let win = 0;
  const total = enumerate(deckValues(known, deck), 1, (v, w) => {
    if (stat + v[0] >= tn) win += w;
  });
  return frac(win, total);
}

/** AR-M3: P(stat + flip > against + their flip), strictly higher. */
export function opposedOdds(
  stat: number,
  against: number,
  known: readonly Card[] = [],
  deck: readonly Card[] = STANDARD,
): Frac {
  let win = 0;
  const total = enumerate(deckValues(known, deck), 2, (v, w) => {
    if (stat + v[0] > against + v[1]) win += w;
  });
  return frac(win, total);
}

/** AR-I3: does A act before B on equal scores? Higher Alertness, then the players' side, then file order. */
export function winsInitiativeTie(
  a: { alertness: number; players: boolean; index: number },
  b: { alertness: number; players: boolean; index: number },
): boolean {
  if (a.alertness !== b.alertness) return a.alertness > b.alertness;
  if (a.players !== b.players) return a.players;
  return a.index < b.index;
}

/** AR-I1, AR-I3: P(A's initiative is ahead of B's): flip + Alertness each, ties by `aWinsTies`. */
export function initiativeOdds(
  alertA: number,
  alertB: number,
  aWinsTies: boolean,
  known: readonly Card[] = [],
  deck: readonly Card[] = STANDARD,
): Frac {
  let win = 0;
  const total = enumerate(deckValues(known, deck), 2, (v, w) => {
    const a = alertA + v[0],
      b = alertB + v[1];
    if (a > b || (a === b && aWinsTies)) win += w;
  });
  return frac(win, total);
}

// ── attacks ──
export interface AttackSpec {
  /** AR-A2/A3 without the flip: stat + weapon bonus + attack edges. */
  readonly attack: number;
  /** AR-A4 without the flip: Agility + armor + defense edges. */
  readonly defense: number;
  /** AR-D1: weapon bonus + damage edges. */
  readonly damageBonus: number;
  /** AR-D2 */
  readonly toughness: number;
  /** The target's Health now: a hit of at least this much takes it out (AR-D4). */
  readonly health: number;
  /** AR-T5: the attack uses the better of its flip and an aim card. */
  readonly aim?: boolean;
  /** AR-C6: the attacker cheats with a known hand (those cards leave the deck), or with one unknown card. */
  readonly cheat?: { readonly hand: readonly Card[] } | 'unknown' | null;
  /**
   * AR-O3: a flip that is the face-up opposition card (known: it is no draw; NO_CARD is worth 0, AR-F4). The
   * caller also lists it in `known`, as it is out of the deck.
   */
  readonly attackCard?: Card;
  readonly defenseCard?: Card;
}

export interface AttackOdds {
  readonly pHit: Frac;
  /** Damage → probability; 0 is a miss. */
  readonly damage: ReadonlyMap<number, Frac>;
  readonly mean: Frac;
  /** P(Taken Out by this one hit). */
  readonly pOut: Frac;
}

/** AR-A5, AR-A6, AR-D1: damage of final card values a (attack) and d (defense); 0 = miss (equal totals fail). */
export function damageOf(s: AttackSpec, a: number, d: number): number {
  const att = s.attack + a,
    def = s.defense + d;
  if (att <= def) return 0;
  return Math.max(1, att - def + s.damageBonus - s.toughness);
}

/** AR-C6 outcome classes: 0 miss, 1 a hit that leaves the target up, 2 a hit that takes it out. */
export function attackClass(s: AttackSpec, a: number, d: number): number {
  const dmg = damageOf(s, a, d);
  return dmg === 0 ? 0 : dmg >= s.health ? 2 : 1;
}

/**
 * AR-C6: the attacker's final card value given its effective value `a`, the
 * defense `d` and hand values sorted ascending: the lowest hand card that
 * changes the outcome for the better (with an aim card, the attack then uses the
 * better of it and the aim card, ARS-4), else `a`.
 */
export function cheatValue(s: AttackSpec, a: number, aimV: number, d: number, hand: readonly number[]): number {
  const now = attackClass(s, a, d);
  if (now === 2) return a;
  for (const h of hand) {
    const e = Math.max(h, aimV);
    if (attackClass(s, e, d) > now) return e;
  }
  return a;
}

/** The exact odds of one attack (the hover's numbers): P(hit), damage distribution, E[damage], P(Taken Out). */
export function attackOdds(s: AttackSpec, known: readonly Card[] = [], deck: readonly Card[] = STANDARD): AttackOdds {
  const handCards = s.cheat && s.cheat !== 'unknown' ? s.cheat.hand : [];
  const hand = handCards.map(value).sort((x, y) => x - y);
  const unknown = s.cheat === 'unknown';
  const aim = s.aim ? 1 : 0;
  // the flips drawn, in order: (aim card,) attack (unless the opposition card), defense (unless it), (the unknown card)
  const fa = s.attackCard === undefined ? 1 : 0;
  const fd = s.defenseCard === undefined ? 1 : 0;
  const k = aim + fa + fd + (unknown ? 1 : 0);
  const dmg = new Map<number, number>();
  const total = enumerate(deckValues([...known, ...handCards], deck), k, (v, w) => {
    const aimV = aim ? v[0] : 0;
    let a = Math.max(aimV, fa ? v[aim] : value(s.attackCard!));
    const d = fd ? v[aim + fa] : value(s.defenseCard!);
    if (unknown) a = cheatValue(s, a, aimV, d, [v[aim + fa + fd]]);
    else if (hand.length) a = cheatValue(s, a, aimV, d, hand);
    const x = damageOf(s, a, d);
    dmg.set(x, (dmg.get(x) ?? 0) + w);
  });
  return attackOddsOf(dmg, total, s.health);
}

/** The odds of an attack from the weight of each damage among `total` equally likely draws, on a target of `health`. */
export function attackOddsOf(dmg: ReadonlyMap<number, number>, total: number, health: number): AttackOdds {
  let hit = 0,
    sum = 0,
    out = 0;
  const damage = new Map<number, Frac>();
  for (const x of [...dmg.keys()].sort((p, q) => p - q)) {
    const w = dmg.get(x)!;
    damage.set(x, frac(w, total));
    if (x > 0) hit += w;
    sum += x * w;
    if (x > 0 && x >= health) out += w;
  }
  return { pHit: frac(hit, total), damage, mean: frac(sum, total), pOut: frac(out, total) };
}
