// The typed events of one combat, in the order they happen. A combat is a
// generator of these (runCombat); render.ts turns each into a line of text.
// Cards are model Card integers (see engine/cards.ts for names).

import type { Card, Stat } from '../model.js';

/** An EV modifier applied after Resonance (HA-K4). */
export interface Modifier {
  label: string;
  value: number;
}

/** One check: the cards seen, the card played, and its effective value broken down (HA-K1, HA-K2, HA-K4). */
export interface CheckDraw {
  stat: Stat;
  statValue: number;
  /** Every card drawn, in draw order. */
  cards: Card[];
  /** The card played, or null when no card could be drawn. */
  played: Card | null;
  /** Face value of the played card (HA-C1). */
  base: number;
  /** Stat value added by Resonance, 0 when the suit does not match (HA-K2). */
  resonance: number;
  modifiers: Modifier[];
  /** base + resonance + modifiers. */
  ev: number;
}

/** Damage broken down (HA-S2, HA-S3, HA-W2, HA-W3, HA-L1, HA-U1). */
export interface Damage {
  /** EV − defense. */
  margin: number;
  weapon: number;
  technique: number;
  /** Stat added by a crit (twice with Brutal; both attackers' on a Link crit). */
  crit: number;
  /** −1 for a Scatter strike (HA-W3). */
  scatter: number;
  /** +3 for a Link Strike (HA-L1). */
  link: number;
  /** +2 per Support of a Team Ultimate (HA-U1). */
  ultimate: number;
  /** Total, never below 0. */
  total: number;
}

export type DefenseKind = 'guard' | 'active guard' | 'resolve';

export interface TargetResult {
  target: string;
  defense: DefenseKind;
  dc: number;
  hit: boolean;
  crit: boolean;
  /** Present on a hit. */
  damage?: Damage;
  vitalityBefore: number;
  vitalityAfter: number;
}

export type AttackKind = 'strike' | 'offhand' | 'brace' | 'scatter' | 'technique' | 'link' | 'ultimate';

export interface CombatantInfo {
  id: string;
  side: string;
  zone: string;
  vitality: number;
  guard: number;
  resolve: number;
  deckSize: number;
}

export type CombatEvent =
  | { type: 'combat-start'; encounter: string; seed: number; roundCap: number; combatants: CombatantInfo[] }
  /** HA-I1/I3/I4: the card(s) drawn for initiative, the one kept, and the value. */
  | {
      type: 'initiative';
      actor: string;
      drawn: Card[];
      kept: Card;
      modifier: number;
      value: number;
      toBottom: Card | null;
    }
  /** HA-I1/I2: the fixed order. */
  | { type: 'initiative-order'; order: { id: string; value: number; card: Card }[] }
  | { type: 'round-start'; round: number; order: string[] }
  /** HA-I5: Seize Initiative, declared at the start of the round. */
  | {
      type: 'seize';
      round: number;
      actor: string;
      discarded: Card | null;
      drawn: Card | null;
      value: number;
      reason: string;
    }
  | {
      type: 'turn-start';
      round: number;
      actor: string;
      actions: number;
      stunned: boolean;
      seized: boolean;
      link: boolean;
    }
  /** HA-T2 */
  | { type: 'stand'; actor: string; reason: string }
  /** HA-A1/A2: Stride or Dash, zone by zone. */
  | {
      type: 'move';
      actor: string;
      action: 'stride' | 'dash';
      cost: number;
      from: string;
      path: string[];
      reason: string;
    }
  /** HA-F1/F2 */
  | {
      type: 'fall';
      actor: string;
      into: string;
      feet: number;
      soft: boolean;
      /** floor(feet / 10), halved first when soft. */
      base: number;
      check: CheckDraw | null;
      dc: number;
      halved: boolean;
      damage: number;
      vitalityBefore: number;
      vitalityAfter: number;
      landedOn: string | null;
      landedDamage: number;
    }
  /** HA-S*, HA-M*, HA-R2, HA-L1, HA-U1: one draw resolved against one or more targets. */
  | {
      type: 'attack';
      kind: AttackKind;
      actor: string;
      /** Weapon or technique name. */
      using: string;
      technique: string | null;
      cost: number;
      check: CheckDraw;
      results: TargetResult[];
      /** Where the played card went: fatigue, or the deck bottom after a crit (HA-S3). */
      cardTo: 'fatigue' | 'bottom' | 'none';
      /** Link partner / Team Ultimate supports. */
      partners?: { id: string; check: CheckDraw; match?: boolean }[];
      reason: string;
    }
  | { type: 'active-guard'; actor: string; check: CheckDraw; guard: number; passive: number; reason: string }
  | { type: 'interact'; actor: string; weapon: string; reason: string }
  | { type: 'assist'; actor: string; ally: string; reason: string }
  | { type: 'recover'; actor: string; cards: Card[]; reason: string }
  | {
      type: 'stabilize-ally';
      actor: string;
      ally: string;
      check: CheckDraw;
      dc: number;
      success: boolean;
      reason: string;
    }
  | { type: 'link-declare'; actor: string; partner: string; target: string; reason: string }
  | { type: 'link-fizzle'; actor: string; partner: string; target: string; why: string }
  | { type: 'pass'; actor: string; actionsLeft: number; reason: string }
  /** Issue 33: the decision just logged was the GM's priority rule `cite` ("rule 1: when …: active-guard"). */
  | { type: 'rule'; actor: string; cite: string }
  /** HA-B2/B3 */
  | {
      type: 'stabilization-draw';
      actor: string;
      card: Card | null;
      result: 'stabilized' | 'holds' | 'failing' | 'empty-deck';
      failingDraws: number;
    }
  | { type: 'status'; target: string; status: 'stunned' | 'prone' | 'weakened'; on: boolean; cause: string }
  | { type: 'disarm'; target: string; weapon: string; zone: string; by: string }
  | { type: 'weapon-break'; actor: string; weapon: string }
  /** HA-W2 Sweeping: half the damage to another enemy in the target's zone. */
  | { type: 'splash'; actor: string; target: string; damage: number; vitalityBefore: number; vitalityAfter: number }
  /** HA-C5: fatigue shuffled into an empty deck. */
  | { type: 'reshuffle'; owner: string; cards: number; cause: 'empty-deck' | 'recover' }
  /** HA-B1 */
  | { type: 'broken'; target: string; by: string }
  /** HA-B3 */
  | { type: 'defeated'; target: string; why: 'failing-draws' | 'empty-deck' }
  /** `deck`, `fatigue`: each combatant's piles at the round's end (the step-through view; not in the log line). */
  | {
      type: 'round-end';
      round: number;
      vitality: { id: string; vitality: number; state: CombatantState; deck?: number; fatigue?: number }[];
    }
  | { type: 'combat-end'; outcome: Outcome };

export type CombatantState = 'active' | 'broken' | 'defeated';

export interface CombatantOutcome {
  id: string;
  side: string;
  vitality: number;
  maxVitality: number;
  state: CombatantState;
  /** Was Broken at least once during the combat. */
  everBroken: boolean;
  /** Vitality it removed from enemies (capped by what they had). */
  damageDealt: number;
}

export interface Outcome {
  /** victory: `winner` is the only side able to act. stalemate: the round cap ran out (HA-I6). draw: no side can act. */
  result: 'victory' | 'stalemate' | 'draw';
  winner: string | null;
  rounds: number;
  /** A stalemate before the cap: no able combatant could ever reach an able enemy (ruling E-I6b). */
  deadlock?: boolean;
  combatants: CombatantOutcome[];
}
