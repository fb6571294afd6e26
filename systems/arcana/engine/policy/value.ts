// The policy's one-attack lookahead (issue 32): the expected worth of one attack
// by i on t, exact over the full deck's value pairs (ARS-5: no card removed, so a
// choice never depends on hidden cards), with the attacker's AR-C6 cheat from a
// known hand when an aspect applies. Worth = Health removed, capped at the
// target's Health, plus TAKE_OUT for taking it out (AR-D4): a character Taken Out
// takes no more turns, which damage alone does not count.
//
// `attackWorth` is the plain function; `WorthMemo` keeps its answers per key
// (everything it reads, hand values included) and a test holds the two equal
// (test/systems/arcana/play.test.ts).

import { deckValues, enumerate, cheatValue, damageOf, type AttackSpec } from '../odds.js';

/** What taking a character out is worth beyond the Health removed, in Health. */
export const TAKE_OUT = 3;

/** The worth of `dmg` on a target with `health` left. */
export function worthOf(dmg: number, health: number): number {
  return dmg >= health ? health + TAKE_OUT : dmg;
}

const FULL = deckValues();

/**
 * The expected worth of one attack (AR-A1…A6, AR-D1, AR-T5 aim when `s.aim`): `hand` the attacker's hand values
 * ascending, `cheat` whether an aspect applies (AR-C2) so that AR-C6's cheat from that hand is made.
 */
export function attackWorth(s: AttackSpec, hand: readonly number[], cheat: boolean): number {
  const aim = s.aim ? 1 : 0;
  const useHand = cheat && hand.length > 0;
  let sum = 0;
  const total = enumerate(FULL, aim + 2, (v, w) => {
    const aimV = aim ? v[0] : 0;
    let a = Math.max(aimV, v[aim]);
    const d = v[aim + 1];
    if (useHand) a = cheatValue(s, a, aimV, d, hand);
    sum += w * worthOf(damageOf(s, a, d), s.health);
  });
  return sum / total;
}

/**
 * The expected worth a foe's attack `s` takes from its target when the target plays, over its Defense flip, the card
 * of `hand` (values ascending) that lowers that worth most, if any and if `cheat` (an aspect applies): ARS-19's
 * answer without the card's cost, the upper bound of what the card can save there.
 */
export function defenseWorth(s: AttackSpec, hand: readonly number[], cheat: boolean): number {
  const aim = s.aim ? 1 : 0;
  const useHand = cheat && hand.length > 0;
  let sum = 0;
  const total = enumerate(FULL, aim + 2, (v, w) => {
    const a = Math.max(aim ? v[0] : 0, v[aim]);
    let x = worthOf(damageOf(s, a, v[aim + 1]), s.health);
    if (useHand && x > 0)
      for (const h of hand) {
        const y = worthOf(damageOf(s, a, h), s.health);
        if (y < x) x = y;
      }
    sum += w * x;
  });
  return sum / total;
}

/**
 * ARS-25: the expected worth of attack `s` when its defense card's value is d, over every flip of the full deck whose
 * defense card has that value (the plain twin of `WorthMemo.atDefense`).
 */
export function worthAtDefense(s: AttackSpec, d: number): number {
  const aim = s.aim ? 1 : 0;
  let sum = 0,
    total = 0;
  enumerate(FULL, aim + 2, (v, w) => {
    if (v[aim + 1] !== d) return;
    sum += w * worthOf(damageOf(s, Math.max(aim ? v[0] : 0, v[aim]), d), s.health);
    total += w;
  });
  return total > 0 ? sum / total : 0;
}

/**
 * What holding a card of value `x` is worth for one attack `s` to come (ARS-19, ARS-21): the expected worth it adds
 * when played over that attack's flip wherever it does better (never the aim card, ARS-4: the flip stands in
 * when higher). The cost of spending the card now, in the cheats that weigh a card (policy/cheat.ts).
 */
export function keepWorth(s: AttackSpec, x: number): number {
  return overFlips(s, x, (a, alt, d) =>
    Math.max(0, worthOf(damageOf(s, alt, d), s.health) - worthOf(damageOf(s, a, d), s.health)),
  );
}

/**
 * ARS-23: the chance that a card of value x, played over the flip of attack `s` wherever it does better, takes the
 * target out where the flip would not (the plain twin of `WorthMemo.keepOut`).
 */
export function keepOutWorth(s: AttackSpec, x: number): number {
  const out = (c: number, d: number): boolean => damageOf(s, c, d) >= s.health && damageOf(s, c, d) > 0;
  return overFlips(s, x, (a, alt, d) => (!out(a, d) && out(alt, d) ? 1 : 0));
}

/**
 * The expected `gain(attack card, the same with a card of value x played over it, defense card)` over every flip of
 * attack `s` (its aim card first when it has one, ARS-4: the flip stands in when higher).
 */
function overFlips(s: AttackSpec, x: number, gain: (a: number, alt: number, d: number) => number): number {
  const aim = s.aim ? 1 : 0;
  let sum = 0;
  const total = enumerate(FULL, aim + 2, (v, w) => {
    const aimV = aim ? v[0] : 0;
    sum += w * gain(Math.max(aimV, v[aim]), Math.max(aimV, x), v[aim + 1]);
  });
  return sum / total;
}

// ── the fast twin: per attack a 13 × 13 table over (attack card, defense card) values ──
// A cheat never uses the aim card (ARS-4): when it changes the class the stand-in is higher than both, so the
// attack's card is just the stand-in. AR-C6's stand-in is the lowest hand card at or above the value that hits
// (class 0 → 1+) or that takes the target out (class 1 → 2), so an attack's worth reads the hand only through
// "the lowest card at or above v" (its distinct values, a 13-bit set). A defender's best card is its highest one
// (worth never rises with the defense card), so a defense's worth reads only the hand's highest value.

/** P(attack card value, defense card value) on the full deck, index (a − 2) * 13 + (d − 2): melee, then aimed. */
const PAIRS: Float64Array[] = [0, 1].map((aim) => {
  const p = new Float64Array(169);
  const total = enumerate(FULL, aim + 2, (v, w) => {
    p[(Math.max(aim ? v[0] : 0, v[aim]) - 2) * 13 + (v[aim + 1] - 2)] += w;
  });
  for (let k = 0; k < 169; k++) p[k] /= total;
  return p;
});

export interface Table {
  readonly pair: Float64Array;
  /** worth[(a − 2) * 13 + (d − 2)] */
  readonly worth: Float64Array;
  /** With no cheat. */
  readonly base: number;
  /** With no cheat: the expected damage, not capped at the Health (AR-D1), and the chance of a take-out (AR-D4). */
  readonly dealt: number;
  readonly pOut: number;
  /** The share of the target's Health the attack is expected to take, capped at all of it: (base − TAKE_OUT · pOut) / health. */
  readonly share: number;
  /** Per defense value d: the least attack value that hits (15: none), that takes out (15: none). */
  readonly hitAt: Int32Array;
  readonly outAt: Int32Array;
  /** Per d: P of the attack values that miss; that hit without taking out, and their worth. */
  readonly pMiss: Float64Array;
  readonly pHit: Float64Array;
  readonly wHit: Float64Array;
  /** defense worth by the hand's highest value − 2, NaN until asked. */
  readonly def: Float64Array;
  /** keepWorth by the card's value − 2, NaN until asked. */
  readonly keep: Float64Array;
  /** ARS-23: the chance a card of value x turns the attack into a take-out it would not be, by x − 2, NaN until asked. */
  readonly keepOut: Float64Array;
  /** ARS-25: the expected worth with the defense card's value fixed at d (its attack card drawn as `pair` says), by d − 2, NaN until asked. */
  readonly atDef: Float64Array;
  /** The worth if every attack card were an ace: no cheat from any hand is worth more (a bound). */
  readonly aceAll: number;
  /** attack worth by hand mask, as asked. */
  readonly att: Map<number, number>;
}

function tableOf(s: AttackSpec): Table {
  const pair = PAIRS[s.aim ? 1 : 0];
  const worth = new Float64Array(169);
  const hitAt = new Int32Array(13).fill(15),
    outAt = new Int32Array(13).fill(15);
  const pMiss = new Float64Array(13),
    pHit = new Float64Array(13),
    wHit = new Float64Array(13);
  let base = 0,
    dealt = 0,
    pOut = 0;
  for (let d = 2; d <= 14; d++)
    for (let a = 2; a <= 14; a++) {
      const k = (a - 2) * 13 + (d - 2);
      const dmg = damageOf(s, a, d);
      const w = (worth[k] = worthOf(dmg, s.health));
      base += pair[k] * w;
      dealt += pair[k] * dmg;
      if (dmg > 0 && dmg >= s.health) pOut += pair[k];
      if (dmg === 0) pMiss[d - 2] += pair[k];
      else if (dmg < s.health) {
        pHit[d - 2] += pair[k];
        wHit[d - 2] += pair[k] * w;
        if (hitAt[d - 2] === 15) hitAt[d - 2] = a;
      } else {
        if (hitAt[d - 2] === 15) hitAt[d - 2] = a;
        if (outAt[d - 2] === 15) outAt[d - 2] = a;
      }
    }
  let aceAll = 0;
  for (let k = 0; k < 169; k++) aceAll += pair[k] * worth[12 * 13 + (k % 13)];
  return {
    pair,
    worth,
    base,
    dealt,
    pOut,
    share: s.health > 0 ? (base - TAKE_OUT * pOut) / s.health : 0,
    hitAt,
    outAt,
    pMiss,
    pHit,
    wHit,
    aceAll,
    def: new Float64Array(13).fill(NaN),
    keep: new Float64Array(13).fill(NaN),
    keepOut: new Float64Array(13).fill(NaN),
    atDef: new Float64Array(13).fill(NaN),
    att: new Map(),
  };
}

/** A hand's distinct values as a 13-bit set (bit v − 2): all the lookahead reads of a hand. */
export function handMask(hand: readonly number[], valueOf: (c: number) => number): number {
  let m = 0;
  for (const c of hand) m |= 1 << (valueOf(c) - 2);
  return m;
}
const maskOf = (hv: readonly number[]): number => handMask(hv, (v) => v);

/** The lowest value of `mask` at or above v; −1: none. */
function lowestAtLeast(mask: number, v: number): number {
  const m = v > 14 ? 0 : mask & ~((1 << (v - 2)) - 1);
  return m === 0 ? -1 : 33 - Math.clz32(m & -m);
}

/**
 * `attackWorth` and `defenseWorth` from a table per attack (the difference of attack and defense, damage bonus −
 * Toughness, Health, aim), kept across combats; the plain functions above are their twins (a test holds them
 * equal). A hand is read as `handMask` (0: no cheat: no card, or no aspect applies).
 */
export class WorthMemo {
  private readonly kept = new Map<number, Table>();
  /**
   * Per attacker and target (index i * n + t of one simulator's combatants, whose stats never change) the table by
   * the target's Health: action.ts `attackTable`'s kept answers (its plain twin: `attackTableOf`, a test holds the
   * two equal).
   */
  readonly pairs: (Table | undefined)[][] = [];
  /** Per attacker and target (i * n + t): the best success chance of its maneuvers on t, static (action.ts `pmaxOf`). */
  readonly pmax: number[] = [];
  /** Per combatant: its threat (policy/tables.ts `threatOf`), static. */
  readonly threat: number[] = [];
  /** Per combatant: the ally whose kept target it shares (target.ts `peerOf`), static. */
  readonly peer: number[] = [];
  /** Per combatant (a peer's, `peer`): its target (target.ts `pickTarget`) and the FightView stamp it was chosen at. */
  readonly target: number[] = [];
  readonly targetAt: number[] = [];
  /**
   * Per attacker and foe (i * n + j): the foe's priority (target.ts `pickTargetKept`, ARS-7, ARS-26) and the foe's
   * Health it was weighed at; per attacker, its foes' side sums (take-outs to go, able threat) the rows were weighed
   * with. Kept across combats: a row is a pure function of those values.
   */
  readonly priV: number[] = [];
  readonly priH: number[] = [];
  readonly priK: number[] = [];
  readonly priAll: number[] = [];
  /**
   * Per side (target.ts `sideSums`, ARS-26): its able characters' threat, its take-outs to go, how many stand, and the
   * side's stamp they were summed at (plain twin: `sideSumsOf`).
   */
  readonly sideAt: number[] = [-1, -1];
  readonly sideAll: number[] = [0, 0];
  readonly sideK: number[] = [0, 0];
  readonly sideM: number[] = [0, 0];
  /** The table of an attack of `attack` against `defense` (AR-A2…A4), damage bonus and Toughness (AR-D1/D2) on `health`. */
  table(attack: number, defense: number, damageBonus: number, toughness: number, health: number, aim: boolean): Table {
    const diff = attack - defense + 64,
      mod = damageBonus - toughness + 32;
    if (diff < 0 || diff > 127 || mod < 0 || mod > 63 || health < 0 || health > 255)
      return tableOf({ attack, defense, damageBonus, toughness, health, aim });
    const key = diff + 128 * (mod + 64 * (health + 256 * (aim ? 1 : 0)));
    let t = this.kept.get(key);
    if (t === undefined)
      this.kept.set(
        key,
        (t = tableOf({ attack: diff - 64, defense: 0, damageBonus: mod - 32, toughness: 0, health, aim })),
      );
    return t;
  }
  /** One attack's worth with the AR-C6 cheat from a hand of values `mask` (0: no cheat). */
  attack(t: Table, mask: number): number {
    if (mask === 0) return t.base;
    let w = t.att.get(mask);
    if (w !== undefined) return w;
    w = t.base;
    for (let d = 0; d < 13; d++) {
      const h1 = lowestAtLeast(mask, t.hitAt[d]);
      if (h1 < 0) continue; // no card hits: none takes out either
      if (t.pMiss[d] > 0) w += t.pMiss[d] * t.worth[(h1 - 2) * 13 + d];
      const h2 = lowestAtLeast(mask, t.outAt[d]);
      if (h2 >= 0 && t.pHit[d] > 0) w += t.pHit[d] * t.worth[(h2 - 2) * 13 + d] - t.wHit[d];
    }
    t.att.set(mask, w);
    return w;
  }
  /** What a foe's attack takes when its target may play its highest card of `mask` over its Defense flip (0: no cheat). */
  defense(t: Table, mask: number): number {
    // t.base is read before the test, so its load has type feedback however the calls come: the bounds ask with an
    // ace (mask ≠ 0) long before a foe's defense without a cheat asks with 0, and that first 0 threw the optimized
    // `defense` away (a load never made deopts, `node --trace-deopt`, ar14)
    const base = t.base;
    if (mask === 0) return base;
    const top = 31 - Math.clz32(mask);
    let w = t.def[top];
    if (w === w) return w;
    w = 0;
    for (let a = 0; a < 13; a++) {
      const cut = t.worth[a * 13 + top];
      for (let d = 0; d < 13; d++) {
        const k = a * 13 + d;
        w += t.pair[k] * (t.worth[k] < cut ? t.worth[k] : cut);
      }
    }
    return (t.def[top] = w);
  }
  /** `keepWorth` of a card of value x (2…14) on the attack of table t. */
  keep(t: Table, x: number): number {
    let w = t.keep[x - 2];
    if (w === w) return w;
    w = 0;
    const row = (x - 2) * 13;
    for (let k = 0; k < 169; k++) {
      const g = t.worth[row + (k % 13)] - t.worth[k];
      if (g > 0) w += t.pair[k] * g;
    }
    return (t.keep[x - 2] = w);
  }
  /**
   * ARS-23: the chance that a card of value x (2…14), played over the attack's flip of table t, takes the target out
   * where the flip would not: the pairs whose attack value is below the take-out's least (outAt) and x at or above it.
   * Kept per table; its plain twin is `keepOutWorth` (a test holds the two equal).
   */
  keepOut(t: Table, x: number): number {
    let w = t.keepOut[x - 2];
    if (w === w) return w;
    w = 0;
    for (let d = 0; d < 13; d++) {
      const o = t.outAt[d];
      if (o > x) continue;
      for (let a = 2; a < o; a++) w += t.pair[(a - 2) * 13 + d];
    }
    return (t.keepOut[x - 2] = w);
  }
  /**
   * ARS-25: the attack's expected worth when the defense card's value is d (2…14): the attack card drawn given that
   * defense card. Kept per table; its plain twin is `worthAtDefense` (a test holds the two equal).
   */
  atDefense(t: Table, d: number): number {
    const w = t.atDef[d - 2];
    if (w === w) return w;
    let num = 0,
      den = 0;
    for (let a = 0; a < 13; a++) {
      const k = a * 13 + d - 2;
      num += t.pair[k] * t.worth[k];
      den += t.pair[k];
    }
    return (t.atDef[d - 2] = den > 0 ? num / den : 0);
  }
  atDefenseOfSpec(s: AttackSpec, d: number): number {
    return this.atDefense(this.table(s.attack, s.defense, s.damageBonus, s.toughness, s.health, s.aim === true), d);
  }
  /** The twins' signatures, for the test that holds them equal. */
  keepOutOfSpec(s: AttackSpec, x: number): number {
    return this.keepOut(this.table(s.attack, s.defense, s.damageBonus, s.toughness, s.health, s.aim === true), x);
  }
  keepOfSpec(s: AttackSpec, x: number): number {
    return this.keep(this.table(s.attack, s.defense, s.damageBonus, s.toughness, s.health, s.aim === true), x);
  }
  worthOfSpec(s: AttackSpec, hand: readonly number[], cheat: boolean): number {
    const t = this.table(s.attack, s.defense, s.damageBonus, s.toughness, s.health, s.aim === true);
    return this.attack(t, cheat ? maskOf(hand) : 0);
  }
  defenseOfSpec(s: AttackSpec, hand: readonly number[], cheat: boolean): number {
    const t = this.table(s.attack, s.defense, s.damageBonus, s.toughness, s.health, s.aim === true);
    return this.defense(t, cheat ? maskOf(hand) : 0);
  }
}
