// Arcana's decisions as data (issue 32): what a combatant decides in a turn, each
// with its legal options, and the read-only view of a fight a policy reads. The
// simulator (sim.ts) offers each decision point and applies the option chosen;
// the policy (policy/) reads this view and chooses, and never mutates rule state.
//
// Decision points, in the order a turn meets them (AR-T1 Declaration, AR-C4 cheats):
//   'target'       the able enemy the turn is aimed at (every able enemy is legal, AR-T6: no map)
//   'action'       attack (with Aim first when ranged, AR-T5), or one of its maneuvers or the generic
//                  one (AR-M1…M6), self and scene maneuvers included
//   'cheat'        the acting side's cheat on its own flip (AR-C1…C4): no cheat, or one card of its hand
//                  (one option per card value: suits do nothing, AR-F2; of equal values the card held longest)
//   'answer-cheat' the answering side's cheat on its defense or resisting flip, on the totals after the
//                  acting side's (AR-C4, ARS-12)
// A cheat is legal only with a card in the hand and an applicable aspect (AR-C2, AR-S3); which aspect it
// invokes is ARS-3's (declared first, else the oldest temporary one), not a decision.

import type { Maneuver, Stat } from '../model.js';
import { STATS } from '../model.js';
import type { AspectRef } from './events.js';
import type { WorthMemo } from './policy/value.js';

/**
 * What the policy reads of a combat in progress (the simulator has it all). Declared here, not imported
 * from sim.ts: the simulator calls the policy, so the two modules would otherwise import each other.
 */
export interface FightView {
  readonly n: number;
  readonly side: Int32Array;
  readonly out: Uint8Array;
  readonly hp: Int32Array;
  /** Per side: changes whenever a Health or a Taken Out of that side changes, never repeats: what the policy's memos key on. */
  readonly stamps: Int32Array;
  /** Per side: changes whenever a Taken Out of that side changes (a stamp of `stamps`' sequence): ARS-26's side sums key on it. */
  readonly outStamps: Int32Array;
  readonly hpMax: Int32Array;
  readonly armor: Int32Array;
  readonly toughness: Int32Array;
  readonly defEdge: Int32Array;
  readonly atkEdge: Int32Array;
  readonly dmgEdge: Int32Array;
  readonly wBonus: Int32Array;
  readonly wRanged: Uint8Array;
  readonly atkStat: Int32Array;
  readonly opp: Uint8Array;
  readonly tactic: Int32Array;
  readonly hands: readonly (readonly number[])[];
  readonly mans: readonly (readonly CManeuver[])[];
  readonly generic: CManeuver;
  /** AR-H3: the hand limit. */
  readonly limit: number;
  /** AR-E1: a side concedes with all of its characters Taken Out (`concede all`), not more than half. */
  readonly concedeAll: boolean;
  /** The current round, and the round of each one's last turn (ARS-25 reads who is yet to act this round). */
  readonly round: number;
  readonly actedIn: Int32Array;
  /** The policy's kept lookahead answers (policy/value.ts): a memo, not rule state. */
  readonly worth: WorthMemo;
  stat(i: number, s: number): number;
  handOf(i: number): number;
  applicable(f: number, o: number): AspectRef | null;
  /** `applicable(f, o) !== null`, without building the aspect's reference (its plain twin; a test holds them equal). */
  canInvoke(f: number, o: number): boolean;
  /** Whether a temporary aspect of this name lies on i, unspent (AR-S2). */
  bears(i: number, aspect: string): boolean;
}

export const T_DEFAULT = 0,
  T_AGGRESSIVE = 1,
  T_CUNNING = 2;
export const TACTIC_CODE = { default: T_DEFAULT, aggressive: T_AGGRESSIVE, cunning: T_CUNNING } as const;
export const MT_OPPONENT = 0,
  MT_SCENE = 1,
  MT_SELF = 2;
const TARGET_CODE = { opponent: MT_OPPONENT, scene: MT_SCENE, self: MT_SELF } as const;

export const statIndex = (s: Stat): number => STATS.indexOf(s);
/** STATS index of Agility (AR-A4). */
export const AGILITY = 2;

/** A maneuver as the simulator uses it: stats as indexes into STATS. */
export interface CManeuver {
  readonly name: string;
  readonly stat: number;
  readonly target: number;
  /** −1: unopposed. */
  readonly against: number;
  readonly tn: number;
  readonly aspect: string;
  readonly generic: boolean;
}

export function compileManeuver(m: Maneuver, tn: number, generic: boolean): CManeuver {
  return {
    name: m.name,
    stat: statIndex(m.stat),
    target: TARGET_CODE[m.target],
    against: m.against ? statIndex(m.against) : -1,
    tn,
    aspect: m.aspect,
    generic,
  };
}

/** AR-A4 without the flip: Agility + armor + defense edge (also the target tie-break). */
export function defenseBase(v: FightView, j: number): number {
  return v.stat(j, AGILITY) + v.armor[j] + v.defEdge[j];
}

// ── the legal options of each decision, in the order a control sees them ──

/** 'target': every able enemy of i, in file order (AR-T6, AR-D4). */
export function targetOptions(v: FightView, i: number): number[] {
  const r: number[] = [];
  for (let j = 0; j < v.n; j++) if (v.side[j] !== v.side[i] && v.out[j] === 0) r.push(j);
  return r;
}

/** 'action': null (attack), then i's declared maneuvers in file order, then the generic one (AR-M6). */
export function actionOptions(v: FightView, i: number): (CManeuver | null)[] {
  return [null, ...v.mans[i], v.generic];
}

/** 'cheat' / 'answer-cheat': −1 (no cheat), then the hand positions of each distinct value, lowest first (the card held longest of equal values). Empty when no cheat is legal. */
export function cheatOptions(hand: readonly number[], valueOf: (c: number) => number, aspect: boolean): number[] {
  if (!aspect || hand.length === 0) return [];
  const r: number[] = [-1];
  const seen = new Set<number>();
  const pos = hand.map((_, k) => k).sort((a, b) => valueOf(hand[a]) - valueOf(hand[b]) || a - b);
  for (const k of pos) {
    const x = valueOf(hand[k]);
    if (!seen.has(x)) {
      seen.add(x);
      r.push(k);
    }
  }
  return r;
}
