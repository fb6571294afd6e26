// The checked Heart Rush model: plain data the engine consumes (HEART-RUSH.md).
// The future checker (issue 11, behind the rule-system seam) builds these from
// `.aces` blocks; tests build them directly. Every default of HR-N* lives here,
// once, as a constant or a function, so the checker, hovers and engine derive
// the same numbers.
import type { SourceAt } from '../../engine/run-error.js';
import type { Tactics } from '../../model/priority-run.js';

/** HR-D1: the die ladder, smallest first. */
export const DIE_LADDER = [4, 6, 8, 10, 12] as const;
export type Die = (typeof DIE_LADDER)[number];

export const STANCES = ['might', 'agility', 'cunning', 'defensive'] as const;
/** HR-E2 (fist order 1..4). */
export type Stance = (typeof STANCES)[number];
export type Ability = 'might' | 'agility' | 'cunning';

export const SIZES = ['tiny', 'small', 'medium', 'large', 'huge', 'gargantuan'] as const;
export type Size = (typeof SIZES)[number];
export const TACTICS = ['default', 'focus-weakest', 'kite', 'support', 'hold'] as const;
export type Tactic = (typeof TACTICS)[number];
export const MANEUVERS = ['none', 'grapple', 'climb', 'dirty-strike', 'blind', 'trip', 'shove'] as const;
export type Maneuver = (typeof MANEUVERS)[number];
export const INFLICTS = ['off-balanced', 'weakened', 'dazed'] as const;
export type Inflict = (typeof INFLICTS)[number];
export const SHRUG_RULES = ['auto', 'always', 'never'] as const;
export type ShrugRule = (typeof SHRUG_RULES)[number];
export const COVER_LEVELS = ['none', 'light', 'heavy', 'superior', 'total'] as const;
export type Cover = (typeof COVER_LEVELS)[number];

// ── defaults (HR-N*) ──
/** HR-N1 */ export const DEFAULT_HEART: Die = 8;
/** HR-N2 */ export const DEFAULT_ABILITY: Die = 6;
/** HR-N4 */ export const DEFAULT_ARMOR_BONUS = 0;
/** HR-N5 */ export const BASE_SPEED = 60;
/** HR-N6 */ export const DEFAULT_SIZE: Size = 'medium';
/** HR-N7 */ export const DEFAULT_HANDS = 2;
/** HR-N7 */ export const DEFAULT_WEAPON_HANDS = 1;
/** HR-N8 */ export const DEFAULT_RUSH = 2;
/** HR-N10 */ export const DEFAULT_REACH = 5;
/** HR-N10 */ export const DEFAULT_RANGE = 60;
/** Weapon with no die: assumed d6 (checker warning, HR-N10). */ export const DEFAULT_WEAPON_DIE: Die = 6;
/** HR-X2 */ export const DEFAULT_ROUNDS = 50;
/** encounter seed default */ export const DEFAULT_SEED = 1;
/** HR-H7 ruling: 10 minutes = 100 rounds. */ export const ROUNDS_PER_10_MINUTES = 100;
/** HR-T1: status levels cap. */ export const MAX_STATUS = 5;
/** HR-D3: net advantage clamp. */ export const MAX_ADVANTAGE = 5;
/** HR-H3: a hit this large or larger is a wound. */ export const WOUND_THRESHOLD = 10;
/** HR-P1: grid square, feet. */ export const SQUARE = 5;

export interface Weapon {
  readonly name: string;
  readonly kind: 'melee' | 'ranged';
  readonly die: Die;
  /** Melee reach or ranged range, feet (HR-P2). */
  readonly reach: number;
  readonly hands: number;
  /** HR-C5: null = one extra roll of the weapon die; a number = flat bonus instead. */
  readonly mightBonus: number | null;
}

export interface Armor {
  readonly name: string;
  readonly bonus: number;
  readonly speed: number;
}

export interface Character {
  readonly name: string;
  readonly player: boolean;
  readonly heart: Die;
  readonly might: Die;
  readonly agility: Die;
  readonly cunning: Die;
  readonly hp: number;
  readonly armor: Armor | null;
  /** Carried weapons; the first starts in hand (HR-N10). Never empty (Unarmed). */
  readonly weapons: readonly Weapon[];
  /** Character speed before armor (HR-N5). */
  readonly speed: number;
  readonly size: Size;
  readonly hands: number;
  readonly rush: number;
  readonly tactics: Tactic;
  readonly maneuver: Maneuver;
  readonly inflicts: Inflict;
  readonly shrug: ShrugRule;
  readonly fightsOn: boolean;
  readonly relentless: boolean;
  /** Scripted first rolls (HR-D5). */
  readonly dice: readonly number[];
}

export interface Placement {
  readonly character: Character;
  /** Display name ("Wolf 1" for copies). */
  readonly name: string;
  readonly x: number;
  readonly y: number;
  /** Scripted rolls of this placement, consumed before the character's (HR-D5). */
  readonly dice: readonly number[];
  /** Scripted stances for rounds 1, 2, … (HR-E2). */
  readonly stances: readonly Stance[];
  readonly surprised: boolean;
  readonly hidden: boolean;
  readonly cover: Cover;
  /**
   * The GM's priority rules this combatant follows (issue 33): its placement's block, else its character's (or the
   * base's it extends), else its side's; absent: none (the preset alone, and no per-decision work).
   */
  readonly rules?: Tactics;
  /** Whether `rules` are its own character's (the log cites "rule 2"), else the owner's ("rule 2 of side wolves"). */
  readonly rulesOwn?: boolean;
}

export interface Side {
  readonly name: string;
  readonly placements: readonly Placement[];
}

export interface Encounter {
  readonly name: string;
  readonly seed: number;
  readonly rounds: number;
  /** HR-P4: null = unbounded. */
  readonly field: { readonly w: number; readonly h: number } | null;
  readonly sides: readonly Side[];
  /**
   * Where each combatant's scripts are named in the file (expanded file order, as the simulator numbers them): the
   * placement's `dice` and its character's. Not the game's data: the place a run's HR-D5 error points at.
   */
  readonly scriptsAt?: readonly { placement?: SourceAt; character?: SourceAt }[];
}

/** HR-N10: no `wields` means Unarmed. */
export const UNARMED: Weapon = Object.freeze({
  name: 'Unarmed',
  kind: 'melee',
  die: 4,
  reach: 5,
  hands: 0,
  mightBonus: null,
});

export function weapon(name: string, w: Partial<Omit<Weapon, 'name'>> = {}): Weapon {
  const kind = w.kind ?? 'melee';
  return {
    name,
    kind,
    die: w.die ?? DEFAULT_WEAPON_DIE,
    reach: w.reach ?? (kind === 'melee' ? DEFAULT_REACH : DEFAULT_RANGE),
    hands: w.hands ?? DEFAULT_WEAPON_HANDS,
    mightBonus: w.mightBonus ?? null,
  };
}

export function armor(name: string, bonus = DEFAULT_ARMOR_BONUS, speed = 0): Armor {
  return { name, bonus, speed };
}

/** A character with every unstated attribute at its HR-N default. `hp` is required (HR-N3). */
export function character(name: string, c: Partial<Omit<Character, 'name'>> & { hp: number }): Character {
  return {
    name,
    player: c.player ?? false,
    heart: c.heart ?? DEFAULT_HEART,
    might: c.might ?? DEFAULT_ABILITY,
    agility: c.agility ?? DEFAULT_ABILITY,
    cunning: c.cunning ?? DEFAULT_ABILITY,
    hp: c.hp,
    armor: c.armor ?? null,
    weapons: c.weapons && c.weapons.length > 0 ? c.weapons : [UNARMED],
    speed: c.speed ?? BASE_SPEED,
    size: c.size ?? DEFAULT_SIZE,
    hands: c.hands ?? DEFAULT_HANDS,
    rush: c.rush ?? DEFAULT_RUSH,
    tactics: c.tactics ?? 'default',
    maneuver: c.maneuver ?? 'none',
    inflicts: c.inflicts ?? 'off-balanced',
    shrug: c.shrug ?? 'auto',
    fightsOn: c.fightsOn ?? false,
    relentless: c.relentless ?? false,
    dice: c.dice ?? [],
  };
}

export function placement(
  c: Character,
  x: number,
  y: number,
  p: Partial<Omit<Placement, 'character' | 'x' | 'y'>> = {},
): Placement {
  return {
    character: c,
    name: p.name ?? c.name,
    x,
    y,
    dice: p.dice ?? [],
    stances: p.stances ?? [],
    surprised: p.surprised ?? false,
    hidden: p.hidden ?? false,
    cover: p.cover ?? 'none',
    ...(p.rules ? { rules: p.rules, rulesOwn: p.rulesOwn ?? false } : {}),
  };
}

export function encounter(name: string, sides: Side[], e: Partial<Omit<Encounter, 'name' | 'sides'>> = {}): Encounter {
  return {
    name,
    sides,
    seed: e.seed ?? DEFAULT_SEED,
    rounds: e.rounds ?? DEFAULT_ROUNDS,
    field: e.field ?? null,
    ...(e.scriptsAt ? { scriptsAt: e.scriptsAt } : {}),
  };
}

// ── derived values (one place) ──
/** HR-N5: character speed + armor speed, floored at 0. */
export function effectiveSpeed(c: Character): number {
  return Math.max(0, c.speed + (c.armor ? c.armor.speed : 0));
}
/** HR-N4 */
export function armorBonus(c: Character): number {
  return c.armor ? c.armor.bonus : DEFAULT_ARMOR_BONUS;
}
/** HR-N7: free hands with weapon `w` in hand. */
export function freeHands(c: Character, w: Weapon): number {
  return Math.max(0, c.hands - w.hands);
}
export function sizeIndex(s: Size): number {
  return SIZES.indexOf(s);
}
export function abilityDie(c: Character, a: Ability): Die {
  return a === 'might' ? c.might : a === 'agility' ? c.agility : c.cunning;
}
/** HR-D1: one size down; a d4 stays d4 (callers check whether it could fall). */
export function dieDown(d: Die): Die {
  const i = DIE_LADDER.indexOf(d);
  return DIE_LADDER[Math.max(0, i - 1)];
}
export function isDie(n: number): n is Die {
  return (DIE_LADDER as readonly number[]).includes(n);
}
/** HR-S3: levels of disadvantage cover gives against ranged attacks (total = untargetable: Infinity). */
export function coverLevel(c: Cover): number {
  return c === 'none' ? 0 : c === 'light' ? 1 : c === 'heavy' ? 2 : c === 'superior' ? 3 : Infinity;
}
