// Exact odds (TACTICAL-GRID.md "Exact odds", TG-O1): every figure by
// enumerating the 20 faces. A distribution is integer counts over 20^k
// outcomes (k attacks), turned into BigInt fractions only at the end, so the
// spec's figures are asserted exactly.

import { DIE } from '../model.js';
import { banes, baseDamage, CRIT, CRIT_FAIL, FAIL, outcome, SUCCESS, type RollRules } from './rolls.js';

// the grid game's reports print a whole number bare ("1", not "1/1")
export { frac, fracAdd, fracText as fracStr, type Frac } from '../../../engine/fraction.js';
import { frac, fracText as fracStr, type Frac } from '../../../engine/fraction.js';

/** A distribution over small integers: counts[v] out of `total` equally likely outcomes. */
export interface Dist {
  readonly counts: readonly number[];
  readonly total: number;
}

export function prob(d: Dist, v: number): Frac {
  return frac(d.counts[v] ?? 0, d.total);
}

export function mean(d: Dist): Frac {
  let s = 0n;
  d.counts.forEach((c, v) => (s += BigInt(c) * BigInt(v)));
  return frac(s, d.total);
}

/** P(value ≥ v). */
export function atLeast(d: Dist, v: number): Frac {
  let s = 0;
  for (let i = Math.max(0, v); i < d.counts.length; i++) s += d.counts[i];
  return frac(s, d.total);
}

/** Sparse view for tests and hovers: [value, fraction] for every value with a chance. */
export function entries(d: Dist): [number, string][] {
  const out: [number, string][] = [];
  d.counts.forEach((c, v) => {
    if (c) out.push([v, fracStr(frac(c, d.total))]);
  });
  return out;
}

function dist(fn: (face: number) => number): Dist {
  const counts: number[] = [];
  for (let f = 1; f <= DIE; f++) {
    const v = fn(f);
    while (counts.length <= v) counts.push(0);
    counts[v]++;
  }
  return { counts, total: DIE };
}

/** TG-O1: the outcome split of one roll, indexed CRIT_FAIL, FAIL, SUCCESS, CRIT (rolls.ts). */
export function rollSplit(mod: number, difficulty: number, r: RollRules): Dist {
  return dist((f) => outcome(f, mod, difficulty, r));
}

/** TG-O1 TG-A6 TG-X1: an attack's harm: the outcome's damage + the tactics its position makes certain. */
export function attackHarm(mod: number, difficulty: number, tactics: number, r: RollRules): Dist {
  return dist((f) => baseDamage(outcome(f, mod, difficulty, r)) + tactics);
}

/** TG-O1 TG-E3: Splash's damage to each splashed combatant (base damage, no tactics). */
export function splashHarm(mod: number, difficulty: number, r: RollRules): Dist {
  return dist((f) => baseDamage(outcome(f, mod, difficulty, r)));
}

/** TG-O1 TG-R4 TG-R5: the roller's stress from its failure's banes: 0, B or 2B (either roller). */
export function failureStress(mod: number, difficulty: number, r: RollRules): Dist {
  return dist((f) => {
    const o = outcome(f, mod, difficulty, r);
    return o === FAIL ? banes(difficulty, false, r) : o === CRIT_FAIL ? banes(difficulty, true, r) : 0;
  });
}

/** The sum of independent harms (convolution). */
export function convolve(a: Dist, b: Dist): Dist {
  const counts = new Array<number>(a.counts.length + b.counts.length - 1).fill(0);
  a.counts.forEach((ca, i) => b.counts.forEach((cb, j) => (counts[i + j] += ca * cb)));
  return { counts, total: a.total * b.total };
}

/** TG-O1: P(OUT) after each of the given attacks, for `left` harm left (health or free stress boxes). */
export function outWithin(attacks: readonly Dist[], left: number): Frac[] {
  const out: Frac[] = [];
  let acc: Dist = { counts: [1], total: 1 };
  for (const a of attacks) {
    acc = convolve(acc, a);
    out.push(atLeast(acc, left));
  }
  return out;
}

/** P(success, critical or not) of one roll. */
export function pSuccess(mod: number, difficulty: number, r: RollRules): Frac {
  const s = rollSplit(mod, difficulty, r);
  return frac((s.counts[SUCCESS] ?? 0) + (s.counts[CRIT] ?? 0), s.total);
}

/** TG-O2: an NPC `difficulty` hover: banes per failure (and per critical failure) and P(hit) for modifiers 2–11. */
export function difficultyHover(
  difficulty: number,
  r: RollRules,
): { banes: number; critBanes: number; hit: { mod: number; p: Frac }[] } {
  const hit: { mod: number; p: Frac }[] = [];
  for (let mod = 2; mod <= 11; mod++) hit.push({ mod, p: pSuccess(mod, difficulty, r) });
  return { banes: banes(difficulty, false, r), critBanes: banes(difficulty, true, r), hit };
}

/** TG-O2: a placement hover's outcome splits for one roll: no tag, the best tag (its stars), and with Help (+1). */
export function rollChoices(
  mod: number,
  difficulty: number,
  bestTagStars: number,
  r: RollRules,
): { plain: Dist; tag: Dist; help: Dist } {
  return {
    plain: rollSplit(mod, difficulty, r),
    tag: rollSplit(mod + bestTagStars, difficulty, r),
    help: rollSplit(mod + 1, difficulty, r),
  };
}
