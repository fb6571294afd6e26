// The checked Arcana model (ARCANA.md): plain data the engine consumes. The
// future checker builds these from `.aces` blocks of a `system arcana` file
// (AR-L1), so every field is named after the language attribute it comes from;
// tests build them directly. Every default lives here, once, as a named
// constant citing its rule id, so checker, hovers and engine derive the same
// numbers.

import type { Tactics } from '../../model/priority-run.js';

/** A card as in the shared card model (engine/cards.ts): suit * 13 + (value − 2); AR-F2 values 2..14. */
export type Card = number;

/** AR-N1: the four stats. */
export const STATS = ['strength', 'finesse', 'agility', 'alertness'] as const;
export type Stat = (typeof STATS)[number];
/** "Strength", … as the log prints them. */
export const STAT_LABEL: Record<Stat, string> = {
  strength: 'Strength',
  finesse: 'Finesse',
  agility: 'Agility',
  alertness: 'Alertness',
};

export const TACTICS = ['default', 'aggressive', 'cunning'] as const;
/** "The simulator": the three tactics. */
export type Tactic = (typeof TACTICS)[number];
export const OPPOSITION_CARD_MODES = ['defense', 'all', 'off'] as const;
/** AR-O3 */
export type OppositionCardMode = (typeof OPPOSITION_CARD_MODES)[number];
export const CONCEDE_RULES = ['majority', 'all'] as const;
/** AR-E1 */
export type ConcedeRule = (typeof CONCEDE_RULES)[number];
export const MANEUVER_TARGETS = ['opponent', 'scene', 'self'] as const;
/** AR-M4 */
export type ManeuverTarget = (typeof MANEUVER_TARGETS)[number];

// ── defaults ──
/** AR-D3 */ export const DEFAULT_HEALTH = 10;
/** AR-H1 */ export const DEFAULT_HAND = 3;
/** AR-H2 */ export const DEFAULT_HAND_OF_FATE = 3;
/** AR-H3 */ export const DEFAULT_HAND_LIMIT = 5;
/** AR-M2 */ export const DEFAULT_TN = 10;
/** AR-E2 */ export const DEFAULT_ROUNDS = 50;
/** AR-O3 */ export const DEFAULT_OPPOSITION_CARD: OppositionCardMode = 'defense';
/** AR-E1 */ export const DEFAULT_CONCEDE: ConcedeRule = 'majority';
/** AR-A7 */ export const DEFAULT_EDGE = 0;
/** AR-D2: armor default (no armor). */ export const DEFAULT_ARMOR = 0;
/** AR-M4: a maneuver's default stat. */ export const DEFAULT_MANEUVER_STAT: Stat = 'finesse';
/** AR-M4: an opposed maneuver's default `against` stat. */ export const DEFAULT_AGAINST: Stat = 'alertness';
/** encounter seed default (as Halcyon Aces) */ export const DEFAULT_SEED = 1;

export interface Weapon {
  readonly name: string;
  readonly kind: 'melee' | 'ranged';
  /** AR-A2: a `finesse` melee weapon attacks with Finesse instead of Strength. */
  readonly finesse: boolean;
  /** The bare signed number: counts in attack and damage both (AR-D1). */
  readonly bonus: number;
}

/** AR-A2: no `wields` means Unarmed, melee +0. */
export const UNARMED: Weapon = Object.freeze({ name: 'Unarmed', kind: 'melee', finesse: false, bonus: 0 });

export interface Maneuver {
  readonly name: string;
  /** `stat S` (default finesse). */
  readonly stat: Stat;
  /** `target opponent|scene|self` (default opponent), AR-M4. */
  readonly target: ManeuverTarget;
  /** `against S`: the opponent's stat when opposed (opponent: always, default alertness; scene: only when written; self: never). */
  readonly against: Stat | null;
  /** `tn N` for unopposed maneuvers; null = the encounter's `tn` (AR-M2). */
  readonly tn: number | null;
  /** `aspect A` placed on success (default: the maneuver's name). */
  readonly aspect: string;
}

/** AR-M6: the maneuver everyone knows. */
export const PRESS_THE_ADVANTAGE: Maneuver = Object.freeze({
  name: 'Press the Advantage',
  stat: 'finesse',
  target: 'opponent',
  against: 'alertness',
  tn: null,
  aspect: 'Off Balance',
});

export interface Character {
  readonly name: string;
  /** AR-O1 */
  readonly player: boolean;
  readonly strength: number;
  readonly finesse: number;
  readonly agility: number;
  readonly alertness: number;
  /** AR-D3 */
  readonly health: number;
  readonly armor: number;
  /** AR-D2: the derived armor + toughness edge unless declared (a differing declaration is kept). */
  readonly toughness: number;
  readonly attackEdge: number;
  readonly defenseEdge: number;
  readonly damageEdge: number;
  readonly toughnessEdge: number;
  /** The one weapon (AR-A2); UNARMED when none. */
  readonly wields: Weapon;
  /** Declared maneuvers in file order (the generic one, AR-M6, is implicit). */
  readonly maneuvers: readonly Maneuver[];
  /** AR-S1: declared, permanent. */
  readonly aspects: readonly string[];
  /** AR-H1: starting hand (ignored on the opposition, AR-H2). */
  readonly hand: number;
  readonly tactics: Tactic;
}

export interface Placement {
  readonly character: Character;
  /** Display name ("Deckhand 1" for copies). */
  readonly name: string;
  /** AR-G1: the group label this placement is a member of; null = its own initiative holder. */
  readonly group: string | null;
  /**
   * Issue 33: the GM's priority rules it follows (its placement's block, else its character's, else its side's);
   * absent: none. Plain data, so it crosses to the worker threads as it is. Its `preset` (`otherwise`) is the
   * combatant's tactic, over the character's `tactics` attribute.
   */
  readonly rules?: Tactics;
  /** The rules are its own character's (the log cites "rule 2: …"), not a side's, a base's or a placement's. */
  readonly ownRules?: boolean;
}

export interface Side {
  readonly name: string;
  readonly placements: readonly Placement[];
}

/** A deck block (AR-F1, as HA-C3): standard, homebrew, stacked [only]. */
export interface Deck {
  readonly name: string;
  readonly kind: 'standard' | 'homebrew' | 'stacked';
  /** First written = first drawn for stacked decks. */
  readonly cards: readonly Card[];
  readonly only: boolean;
}

export const STANDARD_DECK: Deck = Object.freeze({ name: 'standard', kind: 'standard', cards: [], only: false });

export interface Encounter {
  readonly name: string;
  readonly seed: number;
  /** AR-E2 */
  readonly rounds: number;
  /** AR-F1 */
  readonly deck: Deck;
  /** AR-O3 (`opposition-card`). */
  readonly oppositionCard: OppositionCardMode;
  /** AR-H2 (`hand-of-fate`). */
  readonly handOfFate: number;
  /** AR-H3 (`hand-limit`). */
  readonly handLimit: number;
  /** AR-M2 */
  readonly tn: number;
  /** AR-E1 */
  readonly concede: ConcedeRule;
  /** AR-S1: declared scene aspects. */
  readonly aspects: readonly string[];
  /** AR-O1: exactly two. */
  readonly sides: readonly [Side, Side];
}

// ── builders with every default filled in ──
export function weapon(name: string, w: Partial<Omit<Weapon, 'name'>> = {}): Weapon {
  return { name, kind: w.kind ?? 'melee', finesse: w.finesse ?? false, bonus: w.bonus ?? 0 };
}

export function maneuver(name: string, m: Partial<Omit<Maneuver, 'name'>> = {}): Maneuver {
  const target = m.target ?? 'opponent';
  // AR-M4: an opponent maneuver is always opposed (default alertness); self never; scene only with `against`.
  const against =
    target === 'self' ? null : target === 'opponent' ? (m.against ?? DEFAULT_AGAINST) : (m.against ?? null);
  return {
    name,
    stat: m.stat ?? DEFAULT_MANEUVER_STAT,
    target,
    against,
    tn: against ? null : (m.tn ?? null),
    aspect: m.aspect ?? name,
  };
}

/** AR-D2: armor + toughness edge. */
export function derivedToughness(armor: number, toughnessEdge: number): number {
  return armor + toughnessEdge;
}

type CharacterInput = Partial<Omit<Character, 'name' | 'toughness'>> &
  Pick<Character, 'strength' | 'finesse' | 'agility' | 'alertness'> & { toughness?: number };

/** A character with every unstated attribute at its default; the four stats are required (AR-N1). */
export function character(name: string, c: CharacterInput): Character {
  const armor = c.armor ?? DEFAULT_ARMOR;
  const toughnessEdge = c.toughnessEdge ?? DEFAULT_EDGE;
  return {
    name,
    player: c.player ?? false,
    strength: c.strength,
    finesse: c.finesse,
    agility: c.agility,
    alertness: c.alertness,
    health: c.health ?? DEFAULT_HEALTH,
    armor,
    toughness: c.toughness ?? derivedToughness(armor, toughnessEdge),
    attackEdge: c.attackEdge ?? DEFAULT_EDGE,
    defenseEdge: c.defenseEdge ?? DEFAULT_EDGE,
    damageEdge: c.damageEdge ?? DEFAULT_EDGE,
    toughnessEdge,
    wields: c.wields ?? UNARMED,
    maneuvers: c.maneuvers ?? [],
    aspects: c.aspects ?? [],
    hand: c.hand ?? DEFAULT_HAND,
    tactics: c.tactics ?? 'default',
  };
}

export function placement(c: Character, name: string = c.name): Placement {
  return { character: c, name, group: null };
}

/** AR-G1: `Name xN` (separate holders) or `Name xN group ["Label"]` (one holder, label default "Name group"). */
export function copies(c: Character, n: number, group?: string | true): Placement[] {
  const label = group === true ? `${c.name} group` : (group ?? null);
  return Array.from({ length: n }, (_, k) => ({ character: c, name: `${c.name} ${k + 1}`, group: label }));
}

export function deck(name: string, kind: Deck['kind'], cards: readonly Card[] = [], only = false): Deck {
  return { name, kind, cards, only };
}

export function encounter(
  name: string,
  sides: readonly [Side, Side],
  e: Partial<Omit<Encounter, 'name' | 'sides'>> = {},
): Encounter {
  return {
    name,
    sides,
    seed: e.seed ?? DEFAULT_SEED,
    rounds: e.rounds ?? DEFAULT_ROUNDS,
    deck: e.deck ?? STANDARD_DECK,
    oppositionCard: e.oppositionCard ?? DEFAULT_OPPOSITION_CARD,
    handOfFate: e.handOfFate ?? DEFAULT_HAND_OF_FATE,
    handLimit: e.handLimit ?? DEFAULT_HAND_LIMIT,
    tn: e.tn ?? DEFAULT_TN,
    concede: e.concede ?? DEFAULT_CONCEDE,
    aspects: e.aspects ?? [],
  };
}

// ── derived values (one place) ──
/** AR-O1: the players' side is the first side placing a `player`; with none, the first side. */
export function playersSide(enc: Encounter): 0 | 1 {
  return enc.sides[0].placements.some((p) => p.character.player) ||
    !enc.sides[1].placements.some((p) => p.character.player)
    ? 0
    : 1;
}
/** AR-A2/A3: the stat an attack with the character's weapon adds. */
export function attackStat(c: Character): Stat {
  return c.wields.kind === 'ranged' || c.wields.finesse ? 'finesse' : 'strength';
}
/** AR-A2/A3 without the flip: stat + weapon bonus + attack edge. */
export function attackBase(c: Character): number {
  return c[attackStat(c)] + c.wields.bonus + c.attackEdge;
}
/** AR-A4 without the flip: Agility + armor + defense edge. */
export function defenseBase(c: Character): number {
  return c.agility + c.armor + c.defenseEdge;
}
/** AR-D1: what a hit adds to Starting Damage: weapon bonus + damage edge. */
export function damageBonus(c: Character): number {
  return c.wields.bonus + c.damageEdge;
}
/** AR-M2: an unopposed maneuver's TN. */
export function maneuverTn(m: Maneuver, enc: Encounter): number {
  return m.tn ?? enc.tn;
}
/** AR-I2, AR-G1: initiative holders: one per group label within a side, else one per placement. */
export function holderCount(enc: Encounter): number {
  let k = 0;
  enc.sides.forEach((s) => {
    const seen = new Set<string>();
    for (const p of s.placements) {
      if (p.group === null) k++;
      else if (!seen.has(p.group)) {
        seen.add(p.group);
        k++;
      }
    }
  });
  return k;
}
/** AR-F4, AR-F5: cards the starting deal and the initiative flips take (the checker's "must fit in the deck"). */
export function startingCards(enc: Encounter): number {
  const ps = playersSide(enc);
  let k = Math.min(enc.handOfFate, enc.handLimit);
  for (const p of enc.sides[ps].placements) k += Math.min(p.character.hand, enc.handLimit);
  return k + holderCount(enc);
}
