// The roll defaults (TG-R1, TG-R2, TG-R4): d20 + modifier against a
// difficulty, natural criticals, banes by difficulty band. Shared by the
// simulator and the exact odds so both classify a face the same way.

import * as model from '../model.js';
import type { Rules } from '../model.js';

export const CRIT_FAIL = 0;
export const FAIL = 1;
export const SUCCESS = 2;
export const CRIT = 3;
// The functions below read module constants (see "Imports" in sim.ts): the die, and local copies of the
// outcomes (an exported constant is checked for the dead zone at every use in its own module too).
const { DIE } = model;
const O_CRIT_FAIL = CRIT_FAIL,
  O_FAIL = FAIL,
  O_SUCCESS = SUCCESS,
  O_CRIT = CRIT;
export const OUTCOME_NAMES = ['critical failure', 'failure', 'success', 'critical success'] as const;

export type RollRules = Pick<Rules, 'crit' | 'fumble' | 'banes'>;

/** TG-R1 TG-R2 TGS-3: the outcome of one face. `crit N`: faces ≥ N; `fumble N`: faces ≤ N (0 = none). */
export function outcome(face: number, mod: number, difficulty: number, r: RollRules): number {
  if (face >= r.crit) return O_CRIT;
  if (face <= r.fumble) return O_CRIT_FAIL;
  return face + mod >= difficulty ? O_SUCCESS : O_FAIL;
}

export function isSuccess(o: number): boolean {
  return o >= O_SUCCESS;
}

/** TG-R4 TGS-4: banes a failure brings (a critical failure doubles them; `banes N` overrides the bands). */
export function banes(difficulty: number, crit: boolean, r: RollRules): number {
  const b = r.banes ?? Math.min(6, Math.max(1, Math.floor((difficulty - 10) / 3) + 1));
  return crit ? 2 * b : b;
}

/** TG-A6: damage of an attack's outcome before tactics (a crit on defense is a plain success, TG-R7). */
export function baseDamage(o: number): number {
  return o === O_CRIT ? 2 : o === O_SUCCESS ? 1 : 0;
}

/** Faces (of DIE) that succeed: the count out of 20 (critical successes and plain ones, counted in O(1)). */
export function successFaces(mod: number, difficulty: number, r: RollRules): number {
  return critFaces(r) + plainSuccessFaces(mod, difficulty, r);
}

/** Faces (of DIE) that are critical successes (TG-R2, TGS-3: ≥ `crit`), counted without rolling them. */
export function critFaces(r: RollRules): number {
  return Math.max(0, Math.min(DIE, DIE + 1 - Math.max(1, r.crit)));
}
/** Faces that are critical failures (≤ `fumble` and not critical successes). */
export function fumbleFaces(r: RollRules): number {
  return Math.max(0, Math.min(r.fumble, r.crit - 1, DIE));
}
/** Faces that are neither: the plain successes and failures together. */
export function plainFaces(r: RollRules): number {
  return Math.max(0, Math.min(DIE, r.crit - 1) - Math.max(1, r.fumble + 1) + 1);
}
/** Plain (non-critical) successes of `mod` against `difficulty`: the faces outcome() calls SUCCESS, counted in O(1). */
export function plainSuccessFaces(mod: number, difficulty: number, r: RollRules): number {
  const hi = Math.min(DIE, r.crit - 1);
  return Math.max(0, hi - Math.max(1, r.fumble + 1, difficulty - mod) + 1);
}
