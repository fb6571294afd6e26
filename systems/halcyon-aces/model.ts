// The checked model: what the checker hands to the engine, the CLI and (later)
// the language server. Plain data only — no syntax-tree nodes, no editor types —
// so the engine can be driven by the checker or by hand-built fixtures alike.
// Every value here has its defaults and derived numbers already filled in.

import type { Range } from '../../grammar/ast.js';
import type { Tactics } from '../../model/priority-run.js';

/** The four stats, in suit order (HA-C2: ♥ Heart, ♣ Body, ♦ Mind, ♠ Spirit). */
export type Stat = 'heart' | 'body' | 'mind' | 'spirit';
export const STATS: readonly Stat[] = ['heart', 'body', 'mind', 'spirit'];

/**
 * A card as a small integer 0..51: `suit * 13 + (value - 2)`.
 * suit: 0 ♥ Heart, 1 ♣ Body, 2 ♦ Mind, 3 ♠ Spirit (HA-C2) — the same order as
 * STATS, and also the initiative tie-break order, lowest to highest (HA-I2).
 * value: 2..14 (J 11, Q 12, K 13, A 14; HA-C1).
 */
export type Card = number;

/** Range bands (HA-Z2). */
export type Band = 'engaged' | 'near' | 'far';

/** How a weapon is used; sets its default stat and farthest band (HA-Z3). */
export type WeaponKind = 'melee' | 'thrown' | 'ranged' | 'firearm';

export type WeaponProperty =
  | 'heavy' // HA-W1 / HA-I3: −1 initiative
  | 'light' // HA-W1 / HA-S6: dual wielding
  | 'thrown' // HA-W1: usable at Near with Body
  | 'quick' // HA-S5
  | 'combo' // HA-S5
  | 'keen' // HA-W2: crit at 5+ over
  | 'brutal' // HA-W2: crit adds twice the stat
  | 'staggering' // HA-W2: crit inflicts Stunned
  | 'sweeping' // HA-W2: crit splashes half damage
  | 'disarming' // HA-W2: crit disarms
  | 'scatter'; // HA-W3: one draw against every target in a zone, −1 bonus damage

export interface Weapon {
  name: string;
  kind: WeaponKind;
  /** Stat drawn for the Strike (HA-S1): Body for melee/thrown, Mind for ranged/firearm unless declared. */
  stat: Stat;
  /** Farthest band it reaches (HA-Z3). */
  reach: Band;
  /** Bonus damage (HA-S2). */
  bonus: number;
  properties: WeaponProperty[];
  /** HA-W4: improvised weapons break on a crit. */
  improvised?: 'standard' | 'heavy';
  /** True for the built-in unarmed attack (HA-W6). */
  unarmed?: boolean;
  range?: Range;
  file?: string;
}

export type Defense = 'guard' | 'resolve';
export type Targets = 'single' | 'dual' | 'sweep';

export interface Technique {
  name: string;
  /** Actions it costs (HA-A4): 1..3. */
  cost: number;
  stat: Stat;
  against: Defense;
  targets: Targets;
  reach: Band;
  /** Technique bonus damage (HA-S2). */
  bonus: number;
  range?: Range;
  file?: string;
}

export type Perk = 'quick-draw';
export type Talent = 'brawler';

/** Named tactics a GM picks per combatant; the engine documents each. */
export type Tactic = 'default' | 'focus-weakest' | 'nearest' | 'defensive' | 'support' | 'kite';
export const TACTICS: readonly Tactic[] = ['default', 'focus-weakest', 'nearest', 'defensive', 'support', 'kite'];

/** A reusable stat block (`character` in the language). */
export interface StatBlock {
  name: string;
  stats: Record<Stat, number>;
  vitality: number;
  armor: number;
  /** Passive Guard used by the engine: declared value, else 5 + Body + armor (HA-N2). */
  guard: number;
  /** The rules' value 5 + Body + armor, whatever was declared. */
  rulesGuard: number;
  guardDeclared: boolean;
  /** Resolve used by the engine: declared, else 5 + Spirit (HA-N3 ruling). */
  resolve: number;
  /** True when Resolve was not declared and the HA-N3 ruling filled it in. */
  resolveAssumed: boolean;
  /** Main weapon; Unarmed (HA-W6) when none is wielded. */
  weapon: Weapon;
  /** Off-hand weapon (HA-S6), present only when both are Light. */
  offhand?: Weapon;
  techniques: Technique[];
  perks: Perk[];
  talents: Talent[];
  tactic: Tactic;
  /** Player character (counts toward HA-U1). */
  player: boolean;
  /** Cards drawn for a check of each stat: max(2, stat) (HA-K1). */
  draws: Record<Stat, number>;
  /** Added to the initiative card's value: −1 when wielding any Heavy weapon (HA-I3). */
  initiativeModifier: number;
  /** Deck this stat block fights with, unless the placement names another. */
  deck?: DeckSpec;
  range?: Range;
  file?: string;
  /** The stat block this one `extends`, and the attributes it takes from it (and from what that extends). */
  base?: { name: string; file: string };
  inherited?: string[];
}

/**
 * A deck (HA-C3).
 * - standard: the 52 cards, shuffled at the start of combat.
 * - homebrew: exactly `cards` (duplicates allowed), shuffled.
 * - stacked: `cards` on top in the written order (first written = first drawn),
 *   then the rest of a standard deck shuffled beneath (unless `only`, then
 *   just `cards`). For scripted scenes and tests.
 */
export interface DeckSpec {
  name: string;
  kind: 'standard' | 'homebrew' | 'stacked';
  cards: Card[];
  only: boolean;
  range?: Range;
  file?: string;
}

export interface Drop {
  to: string;
  feet: number;
  soft: boolean;
}

export interface Zone {
  name: string;
  /** Height in feet (HA-F2), 0 when not declared. */
  height: number;
  /** Symmetric adjacency, already closed both ways (HA-Z1). */
  adjacent: string[];
  /** One-way drops out of this zone (HA-F2). */
  drops: Drop[];
  range?: Range;
}

export interface Combatant {
  /** Unique in the encounter: the block's name, or "Thug 2" for copies (`x3`). */
  id: string;
  block: StatBlock;
  side: string;
  zone: string;
  deck: DeckSpec;
  /** Declaration order in the file (HA-I2 final tie-break). */
  order: number;
  /**
   * The GM's priority rules this combatant follows (issue 33), plain data: its placement's block, else its
   * character's (or the base's it `extends`), else its side's; absent when none. `otherwise` is its preset.
   */
  tactics?: Tactics;
  /** The rules are its own character's (a log line cites "rule 1"; else "rule 1 of side monsters"). */
  ownTactics?: boolean;
}

export interface EncounterOptions {
  linkStrikes: boolean; // HA-L1
  teamUltimates: boolean; // HA-U1
}

export interface Encounter {
  name: string;
  seed: number;
  /** Round cap (HA-I6), default 50. */
  rounds: number;
  options: EncounterOptions;
  zones: Zone[];
  /** Side names in declaration order. */
  sides: string[];
  combatants: Combatant[];
  /** Zone distance matrix by zone index order of `zones` (Infinity = unreachable), HA-Z2. */
  distance: number[][];
  range?: Range;
  file?: string;
}

/** Everything a set of files defines, checked. */
export interface CheckedWorkspace {
  encounters: Encounter[];
  blocks: StatBlock[];
  weapons: Weapon[];
  techniques: Technique[];
  decks: DeckSpec[];
}
