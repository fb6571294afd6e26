// The checked Tactical Grid model: plain data the engine consumes (TACTICAL-GRID.md).
// The future checker builds these from `.aces` blocks (fields are named after
// the language's attributes, "In the language"); tests build them directly.
// Every default lives here once, as a constant or a function citing its rule,
// so the checker, hovers and the engine derive the same numbers.

import type { Tactics } from '../../model/priority-run.js';

export const GRIDS = ['square', 'hex'] as const;
export type GridKind = (typeof GRIDS)[number];

/** TG-F1 (squares) and TG-F2 (hexes). */
export const SQUARE_FACINGS = ['north', 'east', 'south', 'west'] as const;
export const HEX_FACINGS = ['east', 'north-east', 'north-west', 'west', 'south-west', 'south-east'] as const;
export type Facing = (typeof SQUARE_FACINGS)[number] | (typeof HEX_FACINGS)[number];

export const AIS = ['default', 'focus-weakest', 'nearest', 'hold', 'healer', 'guard'] as const;
/** `ai …` (TG-V5, TG-V7, TG-V4, TG-V8). */
export type Ai = (typeof AIS)[number];

/** TG-B1 … TG-B10, the chapter's ten abilities (TG-B0: unknown names are checker errors). */
export const ABILITIES = [
  'deadeye',
  'into-the-shadows',
  'potion-seller',
  'vengeful-hex',
  'miracle-worker',
  'combat-gurney',
  'runic-tattoo',
  'still-life',
  'knockback',
  'rage',
] as const;
export type Ability = (typeof ABILITIES)[number];

// ── defaults and bounds ──
/** TG-N1: speed = AGI + this. */ export const SPEED_BASE = 3;
/** TG-N3: attack = COM + this. */ export const ATTACK_BASE = 1;
/** TG-N4: defense = TOU + this. */ export const DEFENSE_BASE = 1;
/** TG-N10: a missing stat is assumed 1. */ export const DEFAULT_STAT = 1;
/** TG-N10: stats are 1–5. */ export const STAT_MIN = 1;
/** TG-N10 */ export const STAT_MAX = 5;
/** TG-D1: stress boxes of a sheet combatant (overridable `stress N`). */ export const DEFAULT_STRESS = 6;
/** TG-T7: the stalemate cap. */ export const DEFAULT_ROUNDS = 100;
/** encounter seed default */ export const DEFAULT_SEED = 1;
/** TG-R2: natural 20 is a critical success (overridable `crit`). */ export const DEFAULT_CRIT = 20;
/** TG-R2: natural 1 is a critical failure (overridable `fumble`; 0 = none). */ export const DEFAULT_FUMBLE = 1;
/** TG-R1: the die. */ export const DIE = 20;
/** TG-R3: drive spent on one roll, at most. */ export const MAX_DRIVE_SPENT = 5;
/** TG-A5: sheet → sheet difficulty = this + the target's Defense. */ export const PVP_BASE = 10;
/** TG-K4: height of a square with no level. */ export const DEFAULT_HEIGHT = 0;
/** TG-G1: the map's largest side. */ export const MAX_MAP_SIDE = 100;
/** TG-B8: Still Life uses per combat. */ export const STILL_LIFE_USES = 2;
/** TG-B10: Rage's Attack bonus. */ export const RAGE_BONUS = 2;
/** TG-B3 TG-B5: support pool bonus. */ export const SUPPORT_ABILITY_BONUS = 1;
/** TG-S2 … S4: support costs. */ export const COST_HEAL = 1,
  COST_RECOVER = 2,
  COST_BUFF = 2;

export interface Terrain {
  /** TG-K2 */ readonly obstacle: boolean;
  /** TG-K2: an obstacle the GM lets combatants enter (still blocks LOS). */ readonly enterable: boolean;
  /** TG-K1 */ readonly difficult: boolean;
  /** TG-K3 */ readonly hazard: boolean;
  /** TG-K4 */ readonly height: number;
}

export const OPEN: Terrain = Object.freeze({
  obstacle: false,
  enterable: false,
  difficult: false,
  hazard: false,
  height: DEFAULT_HEIGHT,
});

/** `legend "c" { … }` entries; the built-in square characters of "In the language". */
export const BUILTIN_LEGEND: Readonly<Record<string, Terrain>> = Object.freeze({
  '.': OPEN,
  '#': { ...OPEN, obstacle: true },
  '~': { ...OPEN, difficult: true },
  '^': { ...OPEN, hazard: true },
  ...Object.fromEntries([1, 2, 3, 4, 5, 6, 7, 8, 9].map((h) => [String(h), { ...OPEN, height: h }])),
});

export interface GridMap {
  readonly grid: GridKind;
  /** `row "…"`, top first, spaces removed. */
  readonly rows: readonly string[];
  readonly legend: Readonly<Record<string, Terrain>>;
}

export interface Tag {
  readonly name: string;
  readonly stars: number;
  /** TG-R3: a tag declared for one kind of roll gives 1✦ less to the other. */
  readonly kind: 'offensive' | 'defensive' | null;
}

/** `rules { … }` (TG-K5); null = the default. */
export interface Rules {
  readonly range: number;
  readonly speed: number;
  readonly crit: number;
  readonly fumble: number;
  /** TG-R4 override: banes per failure (null = difficulty bands). */
  readonly banes: number | null;
  /** TG-D1 override for every sheet combatant without its own `stress`. */
  readonly stress: number | null;
}

export const DEFAULT_RULES: Rules = Object.freeze({
  range: 0,
  speed: 0,
  crit: DEFAULT_CRIT,
  fumble: DEFAULT_FUMBLE,
  banes: null,
  stress: null,
});

export interface Character {
  readonly name: string;
  // sheet stats (TG-N); null = missing (assumed 1, TG-N10)
  readonly agi: number | null;
  readonly per: number | null;
  readonly com: number | null;
  readonly tou: number | null;
  readonly pro: number | null;
  readonly special: number | null;
  readonly wis: number | null;
  readonly int: number | null;
  readonly cha: number | null;
  readonly specialName: string | null;
  readonly stress: number | null;
  readonly drive: number;
  // overrides (TG-N11 homebrew) and the NPC's required numbers (TG-P1)
  readonly speed: number | null;
  readonly range: number | null;
  readonly attack: number | null;
  readonly defense: number | null;
  readonly tactics: number | null;
  readonly effects: number | null;
  readonly support: number | null;
  readonly analysis: number | null;
  readonly reactions: number | null;
  // NPC (TG-P1): `difficulty` makes it one
  readonly difficulty: number | null;
  readonly health: number | null;
  readonly atZero: 'out' | 'dies';
  readonly weakness: readonly string[];
  // all
  readonly tags: readonly Tag[];
  readonly abilities: readonly Ability[];
  readonly melee: boolean;
  readonly ai: Ai;
  /** TGS-1: scripted d20 faces for test scenes, consumed before the seeded stream. */
  readonly dice: readonly number[];
}

export interface Placement {
  readonly character: Character;
  /** Display name ("Raider 1" for copies). */
  readonly name: string;
  /** Square name, e.g. `c3` (TG-G1). */
  readonly at: string;
  /** null = chosen by TG-V9 at placement (TG-F3). */
  readonly facing: Facing | null;
  /** TGS-1: scripted d20 faces of this placement, consumed before its character's. */
  readonly dice: readonly number[];
  /**
   * Issue 33: the GM's priority rules this combatant follows (its placement's block, else its character's, else its
   * side's; `owner` says whose), absent when it has none. Plain data: it crosses to worker threads as it is.
   */
  readonly tactics?: Tactics;
  /** Whether `tactics` is its own character's block (the log cites "rule 1"), not a side's or a placement's ("rule 1 of …"). */
  readonly ownRules?: boolean;
}

export interface Side {
  readonly name: string;
  readonly placements: readonly Placement[];
}

export interface Encounter {
  readonly name: string;
  readonly seed: number;
  readonly rounds: number;
  /** TG-T1: null = the first declared side. */
  readonly first: string | null;
  readonly rules: Rules;
  readonly map: GridMap;
  readonly sides: readonly Side[];
}

export function tag(name: string, stars: number, kind: Tag['kind'] = null): Tag {
  return { name, stars, kind };
}

/** A character with every unstated attribute at its default. */
export function character(name: string, c: Partial<Omit<Character, 'name'>> = {}): Character {
  return {
    name,
    agi: c.agi ?? null,
    per: c.per ?? null,
    com: c.com ?? null,
    tou: c.tou ?? null,
    pro: c.pro ?? null,
    special: c.special ?? null,
    wis: c.wis ?? null,
    int: c.int ?? null,
    cha: c.cha ?? null,
    specialName: c.specialName ?? null,
    stress: c.stress ?? null,
    drive: c.drive ?? 0,
    speed: c.speed ?? null,
    range: c.range ?? null,
    attack: c.attack ?? null,
    defense: c.defense ?? null,
    tactics: c.tactics ?? null,
    effects: c.effects ?? null,
    support: c.support ?? null,
    analysis: c.analysis ?? null,
    reactions: c.reactions ?? null,
    difficulty: c.difficulty ?? null,
    health: c.health ?? null,
    atZero: c.atZero ?? 'out',
    weakness: c.weakness ?? [],
    tags: c.tags ?? [],
    abilities: c.abilities ?? [],
    melee: c.melee ?? false,
    ai: c.ai ?? 'default',
    dice: c.dice ?? [],
  };
}

export function placement(c: Character, at: string, p: Partial<Omit<Placement, 'character' | 'at'>> = {}): Placement {
  const base = { character: c, name: p.name ?? c.name, at, facing: p.facing ?? null, dice: p.dice ?? [] };
  // (only a scripted placement carries the fields: an unscripted one is the same data as before issue 33)
  return p.tactics ? { ...base, tactics: p.tactics, ownRules: p.ownRules ?? false } : base;
}

/** `Name xN at sq1, sq2… [facing dir]`: one placement per square, named `Name 1`, `Name 2`… (a single copy keeps its name). */
export function copies(c: Character, squares: readonly string[], facing: Facing | null = null): Placement[] {
  return squares.map((at, i) => placement(c, at, { facing, name: squares.length > 1 ? `${c.name} ${i + 1}` : c.name }));
}

export function gridMap(
  rows: readonly string[],
  grid: GridKind = 'square',
  legend: Record<string, Terrain> = {},
): GridMap {
  return { grid, rows: rows.map((r) => r.replace(/ /g, '')), legend };
}

/** An open map of w × h squares. */
export function openMap(w: number, h: number, grid: GridKind = 'square'): GridMap {
  return gridMap(
    Array.from({ length: h }, () => '.'.repeat(w)),
    grid,
  );
}

export function encounter(
  name: string,
  sides: Side[],
  map: GridMap,
  e: Partial<Omit<Encounter, 'name' | 'sides' | 'map' | 'rules'>> & { rules?: Partial<Rules> } = {},
): Encounter {
  return {
    name,
    sides,
    map,
    seed: e.seed ?? DEFAULT_SEED,
    rounds: e.rounds ?? DEFAULT_ROUNDS,
    first: e.first ?? null,
    rules: { ...DEFAULT_RULES, ...(e.rules ?? {}) },
  };
}

// ── derived values (one place; TG-N) ──
export function isNpc(c: Character): boolean {
  return c.difficulty !== null;
}
/** TG-N10: a missing stat is 1. */
export function stat(v: number | null): number {
  return v ?? DEFAULT_STAT;
}
export function terrainOf(m: GridMap, ch: string): Terrain {
  return m.legend[ch] ?? BUILTIN_LEGEND[ch] ?? OPEN;
}

/** A combatant's combat sheet before this turn's adjustments (TG-N1 … N9, TG-N11, TG-P1). */
export interface Sheet {
  readonly speed: number;
  readonly range: number;
  readonly attack: number;
  readonly defense: number;
  readonly tactics: number;
  readonly effects: number;
  readonly support: number;
  readonly analysis: number;
  readonly reactions: number;
  /** TG-D1: stress boxes (sheets; 0 for NPCs). */
  readonly stress: number;
}

/** TG-N1 … N9 with declared numbers kept as homebrew (TG-N11); NPC pools are 0 unless declared (TG-P2). */
export function sheet(c: Character, rules: Rules = DEFAULT_RULES): Sheet {
  const npc = isNpc(c);
  const bonus =
    (c.abilities.includes('potion-seller') ? SUPPORT_ABILITY_BONUS : 0) +
    (c.abilities.includes('miracle-worker') ? SUPPORT_ABILITY_BONUS : 0);
  if (npc) {
    return {
      speed: c.speed ?? 0,
      range: c.range ?? 1,
      attack: 0,
      defense: 0,
      tactics: c.tactics ?? 0,
      effects: c.effects ?? 0,
      support: c.support ?? 0,
      analysis: c.analysis ?? 0,
      reactions: c.reactions ?? 0,
      stress: 0,
    };
  }
  return {
    speed: c.speed ?? stat(c.agi) + SPEED_BASE,
    range: c.range ?? stat(c.per),
    attack: c.attack ?? stat(c.com) + ATTACK_BASE,
    defense: c.defense ?? stat(c.tou) + DEFENSE_BASE,
    tactics: c.tactics ?? stat(c.pro),
    effects: c.effects ?? stat(c.special),
    support: c.support ?? stat(c.wis) + bonus,
    analysis: c.analysis ?? stat(c.int),
    reactions: c.reactions ?? stat(c.cha),
    stress: c.stress ?? rules.stress ?? DEFAULT_STRESS,
  };
}

/** Warnings the checker will raise for a sheet (worked example 1): ids only. */
export function sheetWarnings(c: Character): string[] {
  const out = new Set<string>();
  if (isNpc(c)) return [];
  for (const v of [c.agi, c.per, c.com, c.tou, c.pro, c.special, c.wis, c.int, c.cha]) {
    if (v === null || v < STAT_MIN || v > STAT_MAX) out.add('TG-N10');
  }
  const s = sheet(c);
  if (s.speed !== 0 && (s.speed < 4 || s.speed > 8)) out.add('TG-N1');
  if (s.range > 5) out.add('TG-N2');
  return [...out].sort();
}
