// The runtime state of one combatant in a Tactical Grid combat: fixed values
// from its sheet (TG-N, TG-P1) and everything a combat changes, reset by
// `resetUnit` at the start of each combat (pools start full, TG-N11; counts
// per combat reset, TG-B0).

import {
  ABILITIES,
  AIS,
  isNpc,
  sheet,
  type Ability,
  type Ai,
  type Character,
  type Placement,
  type Rules,
} from '../model.js';
import type { Tactics } from '../../../model/priority-run.js';

/** Pool indices (TG-N5 … N9). */
export const P_TACTICS = 0,
  P_EFFECTS = 1,
  P_SUPPORT = 2,
  P_ANALYSIS = 3,
  P_REACTIONS = 4;
export const POOL_NAMES = ['tactics', 'effects', 'support', 'analysis', 'reactions'] as const;

/**
 * `Unit.abil`'s bits, one per ability (ABILITIES' order): a test is a mask, not a Set lookup (the plan search and
 * the turn ask several per turn).
 */
export const AB_DEADEYE = 1 << ABILITIES.indexOf('deadeye');
export const AB_SHADOWS = 1 << ABILITIES.indexOf('into-the-shadows');
export const AB_POTION = 1 << ABILITIES.indexOf('potion-seller');
export const AB_HEX = 1 << ABILITIES.indexOf('vengeful-hex');
export const AB_MIRACLE = 1 << ABILITIES.indexOf('miracle-worker');
export const AB_GURNEY = 1 << ABILITIES.indexOf('combat-gurney');
export const AB_TATTOO = 1 << ABILITIES.indexOf('runic-tattoo');
export const AB_STILL_LIFE = 1 << ABILITIES.indexOf('still-life');
export const AB_KNOCKBACK = 1 << ABILITIES.indexOf('knockback');
export const AB_RAGE = 1 << ABILITIES.indexOf('rage');

/**
 * The same string as the source's literal: a name read from a file is a string of its own, and V8 compares two strings
 * that are not both interned by their characters (a builtin call); the literals in ABILITIES, AIS and the code are interned.
 */
function interned<T extends string>(v: T, names: readonly T[]): T {
  const i = names.indexOf(v);
  return i >= 0 ? names[i] : v;
}
const TAG_KINDS = ['offensive', 'defensive'] as const;

export interface TagState {
  readonly name: string;
  readonly kind: 'offensive' | 'defensive' | null;
  readonly stars0: number;
  stars: number;
  exhausted: boolean;
}

export interface Unit {
  readonly idx: number;
  readonly name: string;
  readonly side: number;
  readonly c: Character;
  readonly npc: boolean;
  readonly ai: Ai;
  readonly melee: boolean;
  readonly abilities: ReadonlySet<Ability>;
  /** The abilities as AB_* bits. */
  readonly abil: number;
  readonly start: number; // placement cell
  readonly speed0: number;
  readonly range0: number;
  readonly attack0: number;
  readonly defense0: number;
  /** TG-V5 (5) TGS-10: how far it threatens, its sheet speed + reach (speed0 + 1 if melee, else range0). */
  readonly threatReach: number;
  readonly cap: number; // TG-D1 stress boxes (sheets)
  readonly health0: number; // TG-D2 (NPCs)
  readonly difficulty0: number; // TG-P1 (NPCs)
  readonly pools0: readonly number[];
  readonly drive0: number;
  /** Issue 33: the GM's priority rules it follows (Placement.tactics), null when none: no rule work at all then. */
  readonly tactics: Tactics | null;
  /** Whether they are its own character's (the log cites "rule 1"), not a side's or a placement's ("rule 1 of …"). */
  readonly ownRules: boolean;
  // ── combat state ──
  cell: number; // −1 once dead (TG-D3)
  facing: number;
  out: boolean;
  dead: boolean;
  exhausted: boolean;
  stress: number;
  health: number;
  difficulty: number;
  drive: number;
  pools: number[];
  tags: TagState[];
  /** TG-B7 Runic Tattoo, TG-B10 Rage. */
  attackBonus: number;
  defenseBonus: number;
  /** This turn's speed and range (TG-N12); kept until its next turn starts. */
  speed: number;
  range: number;
  turns: number;
  /** TG-E5: 'speed' | 'range' | null, lasting until the end of its turn number hinderUntil. */
  hinder: 'speed' | 'range' | null;
  /** `hinder` as a number (0: none, H_SPEED, H_RANGE): speedWith and turnRange compare it at every call (issue 32 item 5). */
  hinderKind: number;
  hinderUntil: number;
  stunned: boolean;
  stealth: boolean;
  readying: boolean;
  taunter: number;
  // once-per-combat abilities (TG-B0)
  usedShadows: boolean;
  usedHex: boolean;
  usedTattoo: boolean;
  usedMiracle: boolean;
  usedRage: boolean;
  stillLife: number;
  // counters
  dealt: number;
  taken: number;
}

export function makeUnit(idx: number, p: Placement, side: number, cell: number, rules: Rules): Unit {
  const c = p.character;
  const s = sheet(c, rules);
  const npc = isNpc(c);
  const u: Unit = {
    idx,
    name: p.name,
    side,
    c,
    npc,
    // issue 33: a rules block's `otherwise PRESET` is its preset
    ai: interned((p.tactics?.preset as Ai | undefined) ?? c.ai, AIS),
    melee: c.melee,
    abilities: new Set(c.abilities),
    abil: c.abilities.reduce((m, a) => m | (ABILITIES.includes(a) ? 1 << ABILITIES.indexOf(a) : 0), 0),
    start: cell,
    speed0: s.speed,
    range0: s.range,
    attack0: s.attack,
    defense0: s.defense,
    threatReach: s.speed + (c.melee ? 1 : s.range),
    cap: s.stress,
    health0: npc ? (c.health ?? 1) : 0,
    difficulty0: npc ? (c.difficulty ?? 0) : 0,
    pools0: [s.tactics, s.effects, s.support, s.analysis, s.reactions],
    drive0: npc ? 0 : c.drive,
    tactics: p.tactics ?? null,
    ownRules: p.ownRules === true,
    cell,
    facing: 0,
    out: false,
    dead: false,
    exhausted: false,
    stress: 0,
    health: 0,
    difficulty: 0,
    drive: 0,
    pools: [],
    tags: [],
    attackBonus: 0,
    defenseBonus: 0,
    speed: 0,
    range: 0,
    turns: 0,
    hinder: null,
    hinderKind: 0,
    hinderUntil: -1,
    stunned: false,
    stealth: false,
    readying: false,
    taunter: -1,
    usedShadows: false,
    usedHex: false,
    usedTattoo: false,
    usedMiracle: false,
    usedRage: false,
    stillLife: 0,
    dealt: 0,
    taken: 0,
  };
  resetUnit(u);
  return u;
}

export function resetUnit(u: Unit): void {
  u.cell = u.start;
  u.out = false;
  u.dead = false;
  u.exhausted = false;
  u.stress = 0;
  u.health = u.health0;
  u.difficulty = u.difficulty0;
  u.drive = u.drive0;
  // pools and tags are reset in place after the first combat: the same values, no garbage per combat
  if (u.pools.length !== u.pools0.length) u.pools = u.pools0.slice();
  else for (let i = 0; i < u.pools0.length; i++) u.pools[i] = u.pools0[i];
  if (u.tags.length !== u.c.tags.length)
    u.tags = u.c.tags.map((t) => ({
      name: t.name,
      kind: t.kind === null ? null : interned(t.kind, TAG_KINDS),
      stars0: t.stars,
      stars: t.stars,
      exhausted: false,
    }));
  else
    for (const t of u.tags) {
      t.stars = t.stars0;
      t.exhausted = false;
    }
  u.attackBonus = 0;
  u.defenseBonus = 0;
  u.speed = u.speed0;
  u.range = u.range0;
  u.turns = 0;
  u.hinder = null;
  u.hinderKind = 0;
  u.hinderUntil = -1;
  u.stunned = false;
  u.stealth = false;
  u.readying = false;
  u.taunter = -1;
  u.usedShadows = u.usedHex = u.usedTattoo = u.usedMiracle = u.usedRage = false;
  u.stillLife = 0;
  u.dealt = 0;
  u.taken = 0;
}

/** Unit.hinderKind: a Hinder of speed or of range (TG-E5). */
export const H_SPEED = 1;
export const H_RANGE = 2;

/** (`=== true`, not the truthiness: one compare in optimized code; see "Booleans" in sim.ts.) */
export function able(u: Unit): boolean {
  return u.out !== true;
}

/** Harm left before OUT (TG-D1, TG-D2). */
export function harmLeft(u: Unit): number {
  return u.npc === true ? u.health : u.cap - u.stress;
}
