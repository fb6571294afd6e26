// What the policy's modules share (policy/tactics.ts decides; targets.ts, movement.ts, teamwork.ts weigh): the
// decision's scratch and numbers for the reason text, the reason codes, and the small check helpers. Read-only on the
// fight, like all of policy/ (docs/TACTICS.md).

import type { CombatQueries } from '../sim/queries.js';
import * as compiled from '../compile.js';

// Module constants, not live imported bindings, for the hot code: see "Imports" in sim.ts.
const { EV_SIZE, T_SIZE, tIndex } = compiled;

// reason codes
export const W_WEAPON = 1;
export const W_ULTIMATE = 2;
export const W_STABILIZE = 3;
export const W_TO_BROKEN = 4;
export const W_ASSIST = 5;
export const W_DEF_GUARD = 6;
export const W_KITE = 7;
export const W_ATTACK = 8;
export const W_LINK = 9;
export const W_APPROACH = 10;
export const W_FALLBACK_GUARD = 11;
export const W_RECOVER = 12;
export const W_NOTHING = 13;
export const W_SEIZE = 14;
export const W_TO_FRIEND = 15;
export const W_REGROUP = 16;
export const W_DROP = 17;
export const W_HELP = 18;

// target selection codes (scratch.selCode: why this target, for the log's reason)
export const SEL_LOWEST = 0;
export const SEL_WEAKEST = 1;
export const SEL_NEAREST = 2;

/**
 * Per-decision scratch (module level: decisions never nest). Fields of one constant object, not module
 * `let`s: V8 checks a `let` for the dead zone at every read and write.
 */
export const scratch = {
  selCode: 0,
  whyX: -1, // a combatant index for the text
  targetVit: 0, // the target's Vitality when chosen
  /** The last idle decision had an enemy in reach (the reason then says no option was worth it). */
  idleInReach: false,
};
/**
 * The decision's fractional numbers, in a Float64Array: a module `let` holding a non-integer boxes it
 * (a heap allocation) on every store, and chooseOption stores two per call.
 */
export const num = new Float64Array(4);
/**
 * HA-M1: with a Dual technique chosen, its second target as the decision chose it (−1: none); the technique's
 * resolution reads it (sim/attack.ts technique()) on the same state. Here, not a field of the combat: as one field
 * more on the simulator it measured +2–4% instructions per warm combat (callgrind, two runs; the layout changed).
 */
export const chosenSecond = new Int32Array(1);
export const OPT = 0; // expected damage per action of the option chosen
export const ALT = 1; // of the next best option
export const WHY = 2; // a number for the text
export const GUARD_E = 3; // expected Guard of an Active Guard (HA-A5)

export const set = (s: CombatQueries, act: number, why: number): void => {
  s.dAct = act;
  s.dWhy = why;
};

export const EPS = 1e-9;

/**
 * The last foe is finished before any ally is stabilized, and a fighter goes for it rather than wait (E-P8), when one
 * action is expected to take this part of its Vitality.
 */
export const FINISH_SHARE = 0.5;

/** P(success) of a plain check of stat st against dc for c (full-deck estimate). */
export const checkChance = (s: CombatQueries, c: number, st: number, dc: number): number => {
  const m = (s.weakTurns[c] > 0 ? -1 : 0) + s.assist[c];
  return 1 - cdfAt(s, c, st, dc - m - 1);
};

export const cdfAt = (s: CombatQueries, c: number, st: number, x: number): number => {
  if (x < 0) return 0;
  if (x >= EV_SIZE) return 1;
  return s.k.cdf[(c * 4 + st) * EV_SIZE + x];
};

/**
 * HA-A5: Active Guard replaces passive Guard with the played card's EV, which can be lower. The tactics take
 * it only when the expected EV of the Body check beats the passive Guard (kept in num[GUARD_E] for the reason).
 */
export const activeGuardRaises = (s: CombatQueries, c: number): boolean => {
  const e = s.k.guardEv[c] + checkMod(s, c);
  num[GUARD_E] = e;
  return e > s.k.guard[c];
};

export const checkMod = (s: CombatQueries, c: number): number => {
  return (s.weakTurns[c] > 0 ? -1 : 0) + s.assist[c];
};

/** Expected damage of technique t on e: k.edT[techCell(…)]. The cell (an integer) is returned, not the value: a returned double is boxed when the call is not inlined. */
export const techCell = (s: CombatQueries, t: number, e: number, cm: number): number => {
  const k = s.k;
  const def = k.tResolve[t] ? k.resolve[e] : s.guardOf(e);
  return t * T_SIZE + tIndex(def, cm);
};

/** An able enemy could attack c next turn (its farthest attack, after up to two zones of movement). */
export const threatened = (s: CombatQueries, c: number): boolean => {
  const k = s.k;
  for (let j = k.foeStart[c]; j < k.foeStart[c + 1]; j++) {
    const e = k.foes[j];
    if (!s.able(e)) continue;
    if (k.approachDist[(k.maxBand[e] * k.nz + s.zone[e]) * k.nz + s.zone[c]] <= 2) return true;
  }
  return false;
};
