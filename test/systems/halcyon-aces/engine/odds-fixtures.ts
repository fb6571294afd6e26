// Fixtures and brute-force oracles for the exact odds tests (engine/odds.ts).
// The oracles enumerate every possible draw, apply the play policy of
// engine/strike-math.ts to the hand, and tally exact integer counts.

import assert from 'node:assert/strict';
import type {
  Card,
  Stat,
  StatBlock,
  Technique,
  Weapon,
  WeaponProperty,
} from '../../../../systems/halcyon-aces/model.js';
import { parseCard } from '../../../../systems/halcyon-aces/engine/cards.js';
import type { AttackOdds, CheckOdds, DeckState } from '../../../../systems/halcyon-aces/engine/odds.js';
import {
  type AttackProfile,
  chooseCheckCard,
  chooseStrikeCard,
  effectiveValue,
  evaluateStrikeCard,
} from '../../../../systems/halcyon-aces/engine/strike-math.js';

export function cards(text: string): Card[] {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((t) => {
      const c = parseCard(t);
      if (c === undefined) throw new Error(`bad card ${t}`);
      return c;
    });
}

export function card(text: string): Card {
  return cards(text)[0];
}

export function weapon(
  name: string,
  bonus: number,
  properties: WeaponProperty[] = [],
  extra: Partial<Weapon> = {},
): Weapon {
  const kind = extra.kind ?? 'melee';
  const stat: Stat = extra.stat ?? (kind === 'ranged' || kind === 'firearm' ? 'mind' : 'body');
  return { name, kind, stat, reach: 'engaged', bonus, properties, ...extra };
}

export const UNARMED: Weapon = weapon('Unarmed', 0, [], { unarmed: true });
export const LONGSWORD = weapon('Longsword', 2);

export function block(name: string, stats: Partial<Record<Stat, number>>, extra: Partial<StatBlock> = {}): StatBlock {
  const s: Record<Stat, number> = { heart: 2, body: 2, mind: 2, spirit: 2, ...stats };
  const armor = extra.armor ?? 0;
  return {
    name,
    stats: s,
    vitality: 20,
    armor,
    guard: 5 + s.body + armor,
    rulesGuard: 5 + s.body + armor,
    guardDeclared: false,
    resolve: 5 + s.spirit,
    resolveAssumed: true,
    weapon: UNARMED,
    techniques: [],
    perks: [],
    talents: [],
    tactic: 'default',
    player: false,
    draws: {
      heart: Math.max(2, s.heart),
      body: Math.max(2, s.body),
      mind: Math.max(2, s.mind),
      spirit: Math.max(2, s.spirit),
    },
    initiativeModifier: 0,
    ...extra,
  };
}

export function technique(name: string, stat: Stat, against: 'guard' | 'resolve', bonus: number): Technique {
  return { name, cost: 2, stat, against, targets: 'single', reach: 'near', bonus };
}

export function target(guard: number, resolve = guard): { guard: number; resolve: number } {
  return { guard, resolve };
}

// ---------------------------------------------------------------------------
// Enumeration

/** Calls fn with every k-subset of `items` (positions, so duplicates count separately), in position order. */
export function forEachSubset<T>(items: readonly T[], k: number, fn: (hand: T[]) => void): void {
  const hand: T[] = [];
  const rec = (start: number) => {
    if (hand.length === k) {
      fn(hand);
      return;
    }
    for (let i = start; i <= items.length - (k - hand.length); i++) {
      hand.push(items[i]);
      rec(i + 1);
      hand.pop();
    }
  };
  if (k <= items.length) rec(0);
}

/** Calls fn with every ordering of `items` (positions are distinct). */
export function forEachPermutation<T>(items: readonly T[], fn: (perm: T[]) => void): void {
  const a = [...items];
  const rec = (i: number) => {
    if (i >= a.length) {
      fn(a);
      return;
    }
    for (let j = i; j < a.length; j++) {
      [a[i], a[j]] = [a[j], a[i]];
      rec(i + 1);
      [a[i], a[j]] = [a[j], a[i]];
    }
  };
  rec(0);
}

/**
 * Every equally likely hand of a draw of k cards, the literal way: every
 * ordering of the shuffled deck, then the known bottom cards, then (HA-C5)
 * every ordering of the fatigue pile shuffled in; the hand is the first k
 * cards of that sequence (fewer if it runs out).
 */
export function forEachOrderedHand(deck: DeckState, k: number, fn: (hand: Card[]) => void): void {
  const bottom = deck.bottom ?? [];
  const fatigue = deck.fatigue ?? [];
  forEachPermutation(deck.cards, (top) => {
    if (k <= top.length) {
      // The fatigue pile is never reached; still weight every fatigue order equally.
      const hand = top.slice(0, k);
      forEachPermutation(fatigue, () => fn(hand));
      return;
    }
    forEachPermutation(fatigue, (fat) => fn([...top, ...bottom, ...fat].slice(0, k)));
  });
}

// ---------------------------------------------------------------------------
// Tallies

export interface Tally {
  total: bigint;
  hit: bigint;
  crit: bigint;
  damageSum: bigint;
  damage: Map<number, bigint>;
}

export function newTally(): Tally {
  return { total: 0n, hit: 0n, crit: 0n, damageSum: 0n, damage: new Map() };
}

/** Applies the attack policy to one hand and tallies the outcome (weight w). */
export function tallyHand(t: Tally, hand: readonly Card[], p: AttackProfile, w = 1n): void {
  t.total += w;
  const i = chooseStrikeCard(hand, p);
  if (i < 0) {
    t.damage.set(0, (t.damage.get(0) ?? 0n) + w);
    return;
  }
  const o = evaluateStrikeCard(hand[i], p);
  if (o.hit) t.hit += w;
  if (o.crit) t.crit += w;
  t.damageSum += w * BigInt(o.damage);
  t.damage.set(o.damage, (t.damage.get(o.damage) ?? 0n) + w);
}

/** Brute force over every k-subset of the deck (no reshuffle). */
export function bruteSubsets(deck: readonly Card[], p: AttackProfile): Tally {
  const t = newTally();
  forEachSubset(deck, p.draws, (hand) => tallyHand(t, hand, p));
  return t;
}

/** Brute force over every ordered draw (handles the HA-C5 reshuffle). */
export function bruteOrdered(deck: DeckState, p: AttackProfile): Tally {
  const t = newTally();
  forEachOrderedHand(deck, p.draws, (hand) => tallyHand(t, hand, p));
  return t;
}

/**
 * For big decks: enumerates every k-subset with the attack policy kept as a
 * running best (first highest EV in hand order = lowest position), and counts
 * how many hands play each deck position. Reusable for any profile with the
 * same stat, stat value and modifier ordering.
 */
export function playedCardCounts(deck: readonly Card[], k: number, stat: Stat, statValue: number): number[] {
  const ev = deck.map((c) => effectiveValue(c, stat, statValue));
  const counts = new Array<number>(deck.length).fill(0);
  const n = deck.length;
  const rec = (start: number, left: number, best: number, bestEv: number) => {
    if (left === 0) {
      counts[best]++;
      return;
    }
    for (let i = start; i <= n - left; i++) {
      if (ev[i] > bestEv) rec(i + 1, left - 1, i, ev[i]);
      else rec(i + 1, left - 1, best, bestEv);
    }
  };
  rec(0, k, -1, -Infinity);
  return counts;
}

export function tallyPlayed(deck: readonly Card[], played: number[], p: AttackProfile): Tally {
  const t = newTally();
  for (let i = 0; i < deck.length; i++) {
    if (played[i] === 0) continue;
    t.total += BigInt(played[i]);
    const o = evaluateStrikeCard(deck[i], p);
    const w = BigInt(played[i]);
    if (o.hit) t.hit += w;
    if (o.crit) t.crit += w;
    t.damageSum += w * BigInt(o.damage);
    t.damage.set(o.damage, (t.damage.get(o.damage) ?? 0n) + w);
  }
  return t;
}

/** Brute-force check: the plain-check policy plays a card; success if its EV ≥ DC. */
export function bruteCheck(
  deck: DeckState,
  k: number,
  stat: Stat,
  statValue: number,
  dc: number,
  modifier: number,
): { success: bigint; total: bigint } {
  let success = 0n;
  let total = 0n;
  forEachOrderedHand(deck, k, (hand) => {
    total++;
    const i = chooseCheckCard(hand, stat, statValue, dc, modifier);
    if (i >= 0 && effectiveValue(hand[i], stat, statValue, modifier) >= dc) success++;
  });
  return { success, total };
}

// ---------------------------------------------------------------------------
// Exact comparison (cross-multiplied, since the two sides count different
// sample spaces: subsets vs orderings)

function sameRatio(what: string, a: bigint, at: bigint, b: bigint, bt: bigint): void {
  assert.ok(a * bt === b * at, `${what}: exact ${a}/${at} ≠ brute force ${b}/${bt}`);
}

export function assertMatches(exact: AttackOdds, brute: Tally, label = ''): void {
  const E = exact.exact;
  assert.ok(brute.total > 0n, `${label} brute force enumerated nothing`);
  let sum = 0n;
  for (const c of E.damage.values()) sum += c;
  assert.equal(sum, E.total, `${label} damage counts sum to total`);
  sameRatio(`${label} hit`, E.hit, E.total, brute.hit, brute.total);
  sameRatio(`${label} crit`, E.crit, E.total, brute.crit, brute.total);
  sameRatio(`${label} damageSum`, E.damageSum, E.total, brute.damageSum, brute.total);
  const keys = new Set([...E.damage.keys(), ...brute.damage.keys()]);
  for (const d of keys) {
    sameRatio(`${label} damage ${d}`, E.damage.get(d) ?? 0n, E.total, brute.damage.get(d) ?? 0n, brute.total);
  }
  assert.ok(Math.abs(exact.pHit - Number(brute.hit) / Number(brute.total)) < 1e-12);
  assert.ok(Math.abs(exact.expectedDamage - Number(brute.damageSum) / Number(brute.total)) < 1e-9);
}

export function assertCheckMatches(exact: CheckOdds, brute: { success: bigint; total: bigint }, label = ''): void {
  sameRatio(`${label} success`, exact.exact.success, exact.exact.total, brute.success, brute.total);
}
