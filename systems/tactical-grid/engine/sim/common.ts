// What the simulator's layers share (sim/*.ts, policy/*.ts, sim.ts): outcome codes, the sink, the attack
// options of test scenes, the effect objects TG-V6 chooses, small helpers. sim.ts re-exports the public ones.

import type { ModView, TGEvent } from '../events.js';
import type { Plan } from '../plan.js';
import * as tactics from '../tactics.js';
import type { TagState, Unit } from '../unit.js';

// Module constants, not live imported bindings, for the hot code: see "Imports" in sim.ts.
const { TACTIC_NAMES } = tactics;

export const R_WIN = 0;
export const R_STALEMATE = 1;
export const R_DRAW = 2;
// The code below reads local copies: an exported constant is checked for the dead zone at every use here too.
export const WIN = R_WIN,
  STALEMATE = R_STALEMATE,
  DRAW = R_DRAW;
/** The outcome's word by R_* (the log's `end` event, the seam's outcome): one table, not a compare per place. */
export const OUTCOME_WORD: readonly ('win' | 'stalemate' | 'draw')[] = (() => {
  const w: ('win' | 'stalemate' | 'draw')[] = [];
  w[R_WIN] = 'win';
  w[R_STALEMATE] = 'stalemate';
  w[R_DRAW] = 'draw';
  return w;
})();

/** TG-E2 … E6 */
export const EFFECTS = ['move', 'splash', 'weaken', 'hinder', 'stun'] as const;
export type EffectName = (typeof EFFECTS)[number];

export interface TGSink {
  push(e: TGEvent): unknown;
}

/** Thrown by the end test (TG-T7) to unwind the current turn. */
export class Ended extends Error {}
export const ENDED = new Ended('combat over');

export interface AttackOpts {
  readonly ready?: boolean;
  readonly deadeye?: number;
  readonly reason?: string;
  /** Test scenes: force the tag / drive / Help choices instead of TG-V6's. */
  readonly tag?: string | null;
  readonly drive?: number;
  readonly help?: number;
  /** Test scenes: which tactics to spend (bit mask; default: every one met, TG-V6 order). */
  readonly tactics?: number;
  /** Test scenes: one effect to use (default: TG-V6's choice for simulated turns, none here). */
  readonly effect?: { readonly name: EffectName; readonly dir?: number; readonly kind?: 'speed' | 'range' } | null;
  readonly knockback?: { readonly dir: number; readonly n: number } | null;
  /** TG-R6: spend one bane of a failure moving a combatant one square (the simulated GM never does). */
  readonly baneMove?: { readonly who: number; readonly dir: number };
}

/** The kinds of push whose collisions count apart (TG-Z2: once per turn per source and kind), as 0, 1, 2. */
export function collideKind(kind: 'move' | 'knockback' | 'bane'): number {
  return kind === 'move' ? 0 : kind === 'knockback' ? 1 : 2;
}
/** The fast path's modifier list (labels are built only for a listener). */
export const NO_MODS: ModView[] = [];
export const NO_UNITS: Unit[] = [];
export const NO_NAMES: string[] = [];
/** The passes `approach` makes: hazard-free squares first (TG-V3), or hazards allowed from the start (TGS-34). */
export const AVOID_FIRST = [true, false] as const,
  HAZARDS_ALLOWED = [false] as const;

/** pickKey's integers per combatant. */
export const PICK_KEY_PER_UNIT = 8;

/** A roll's face, total, outcome and modifiers (TG-R3). */
export interface RollResult {
  face: number;
  total: number;
  out: number;
  mods: ModView[];
}
/** The plans on target t (plans() under a Taunt). */
export function plansOn(out: Plan[], t: number): Plan[] {
  return out.filter((p) => p.target === t);
}
/** The ready tag of u named `name`, or null (test scenes, TGS-1). */
export function readyTag(u: Unit, name: string): TagState | null {
  return u.tags.find((t) => t.name === name && t.exhausted !== true) ?? null;
}
/** The names of the tactic conditions in `conds` (TG-X), for the log. */
export function condNamesOf(conds: number): string[] {
  return TACTIC_NAMES.filter((_, k) => conds & (1 << k));
}
/** An effect TG-V6 chooses (chooseEffect): shared constant objects, none made per attack. */
export type ChosenEffect = { readonly name: EffectName; readonly dir?: number; readonly kind?: 'speed' | 'range' };
// (every one with the same three fields in one order, so of one shape: applyEffect's reads of them, which saw two or
// three shapes, sent the attack back to be compiled again in every worker; issue 32 item 5)
export const EFFECT_SPLASH: ChosenEffect = { name: 'splash', dir: undefined, kind: undefined };
export const EFFECT_STUN: ChosenEffect = { name: 'stun', dir: undefined, kind: undefined };
export const EFFECT_HINDER_SPEED: ChosenEffect = { name: 'hinder', dir: undefined, kind: 'speed' };
export const EFFECT_HINDER_RANGE: ChosenEffect = { name: 'hinder', dir: undefined, kind: 'range' };
export const EFFECT_WEAKEN: ChosenEffect = { name: 'weaken', dir: undefined, kind: undefined };
export const EFFECT_MOVES: ChosenEffect[] = [];
/** The Move effect in direction d (one object per direction, made at its first use). */
export function effectMove(d: number): ChosenEffect {
  while (EFFECT_MOVES.length <= d) EFFECT_MOVES.push({ name: 'move', dir: EFFECT_MOVES.length, kind: undefined });
  return EFFECT_MOVES[d];
}
/** bestFacingIndex's counts: facing mask m (bit f) spread to 4 bits a facing (bit f to 1 << 4f), added as one word. */
export const FACING_SPREAD = Int32Array.from({ length: 256 }, (_, m) => {
  let w = 0;
  for (let f = 0; f < 8; f++) if (m & (1 << f)) w |= 1 << (4 * f);
  return w;
});
/** splashSides' bits. */
export const SPLASH_ENEMIES_ONLY = 1,
  SPLASH_ALLIES = 2;
/** u's first exhausted tag, or undefined (a loop: find() with a closure would make the closure at every call). */
export function firstExhausted(u: Unit): TagState | undefined {
  const tags = u.tags;
  for (let i = 0; i < tags.length; i++) if (tags[i].exhausted === true) return tags[i];
  return undefined;
}
/** Some tag of u has a star (Weaken takes one, TG-E4). */
export function hasStar(u: Unit): boolean {
  for (let gAt = 0, gList = u.tags; gAt < gList.length; gAt++) if (gList[gAt].stars > 0) return true;
  return false;
}
/** Every tag of u exhausted. */
export function allExhausted(u: Unit): boolean {
  for (let gAt = 0, gList = u.tags; gAt < gList.length; gAt++) {
    const g = gList[gAt];
    if (g.exhausted !== true) return false;
  }
  return true;
}

/** TG-V2's order of a member's best plan, (P(OUT), expected harm), as one number (eHarm ≤ 20 × harm per face < 10^6). */
export function planValue(pOut: number, eHarm: number): number {
  return pOut * 1_000_000 + eHarm;
}
