// The combat's state (HEART-RUSH.md "The simulator"): the codes and tables every
// layer reads, and every field of the simulator, allocated once per encounter
// by the constructor (begin() in sim.ts resets them per combat). Every field
// lives here, in one place, so every layer above (sim/*.ts and policy/, bottom
// to top, then sim.ts) shares one object shape and V8 keeps each access
// monomorphic. Combatant index = expanded file order.
//
// The layers: state → queries → rules → rolls → stance-odds → policy/choices →
// opportunity → paths → movement → maneuvers → engagement → actions → sim.ts
// (the round loop). Each layer is a class extending the one below, so a rule
// calls only rules beneath it and no file imports one above it.

import type { OptionFacts, RuleWorld, Tactics } from '../../../../model/priority-run.js';
import type { DecisionControl } from '../../../../model/system.js';
import type { Encounter } from '../../model.js';
import { SIZES, armorBonus, coverLevel, effectiveSpeed } from '../../model.js';
import { Dice } from '../dice.js';
import { PositionMemo } from '../position-memo.js';
import type { HREvent, RollView, StanceName } from '../events.js';

// stances (fist order − 1); the ability index of a stance equals the stance code
export const S_MIGHT = 0;
export const S_AGI = 1;
export const S_CUN = 2;
export const S_DEF = 3;
export const S_NONE = 4; // surprised (HR-S1)
export const S_OUT = -1; // not in the engagement (unconscious, dead)
export const STANCE_NAMES: readonly StanceName[] = ['might', 'agility', 'cunning', 'defensive', 'none'];
export const ABILITY = ['might', 'agility', 'cunning'];

/** HR-E3: CAN[s * 5 + t] — stance s may attack a target in stance t. */
export const CAN = new Uint8Array(25);
/** HR-E3: BEATS[s * 5 + t] — stance s strictly beats t (maneuvers, HR-M1). */
export const BEATS = new Uint8Array(25);
for (const [s, ts] of [
  [S_CUN, [S_AGI, S_CUN, S_DEF, S_NONE]],
  [S_AGI, [S_MIGHT, S_AGI, S_DEF, S_NONE]],
  [S_MIGHT, [S_CUN, S_MIGHT, S_DEF, S_NONE]],
] as const) {
  for (const t of ts) CAN[s * 5 + t] = 1;
}
for (const [s, t] of [
  [S_CUN, S_AGI],
  [S_CUN, S_NONE],
  [S_AGI, S_MIGHT],
  [S_AGI, S_NONE],
  [S_MIGHT, S_CUN],
  [S_MIGHT, S_NONE],
])
  BEATS[s * 5 + t] = 1;
export function canAttack(s: number, t: number): boolean {
  return s >= 0 && s < 3 && t >= 0 && CAN[s * 5 + t] === 1;
}
export function beats(s: number, t: number): boolean {
  return s >= 0 && s < 3 && t >= 0 && BEATS[s * 5 + t] === 1;
}

export const T_DEFAULT = 0,
  T_WEAKEST = 1,
  T_KITE = 2,
  T_SUPPORT = 3,
  T_HOLD = 4;
export const TACTIC_CODE: Record<string, number> = {
  default: T_DEFAULT,
  'focus-weakest': T_WEAKEST,
  kite: T_KITE,
  support: T_SUPPORT,
  hold: T_HOLD,
};
export const M_NONE = 0,
  M_GRAPPLE = 1,
  M_CLIMB = 2,
  M_DIRTY = 3,
  M_BLIND = 4,
  M_TRIP = 5,
  M_SHOVE = 6;
export const MANEUVER_CODE: Record<string, number> = {
  none: M_NONE,
  grapple: M_GRAPPLE,
  climb: M_CLIMB,
  'dirty-strike': M_DIRTY,
  blind: M_BLIND,
  trip: M_TRIP,
  shove: M_SHOVE,
};
export const MANEUVER_NAME = ['none', 'grapple', 'climb', 'dirty strike', 'blind', 'trip', 'shove'];
/** The maneuver words of the file and of a GM's rules (model.ts MANEUVERS, tactics-words.ts), by code. */
export const MANEUVER_WORD = ['none', 'grapple', 'climb', 'dirty-strike', 'blind', 'trip', 'shove'];
// statuses: index = the ability whose rolls they hinder (HR-T2), then blinded (HR-T3)
export const ST_WEAK = 0,
  ST_OFFBAL = 1,
  ST_DAZED = 2,
  ST_BLIND = 3;
export const STATUS_NAMES = ['weakened', 'off-balanced', 'dazed', 'blinded'];
export const INFLICT_CODE: Record<string, number> = { weakened: ST_WEAK, 'off-balanced': ST_OFFBAL, dazed: ST_DAZED };
export const SH_AUTO = 0,
  SH_ALWAYS = 1,
  SH_NEVER = 2;
export const SHRUG_CODE: Record<string, number> = { auto: SH_AUTO, always: SH_ALWAYS, never: SH_NEVER };

export const R_VICTORY = 0;
export const R_STALEMATE = 1;
export const R_DRAW = 2;
/**
 * The outcome's word by R_* (the log's `end`, the seam's outcome, the tally): one lookup, not compares — in the tally a
 * stalemate's compare, met first after tallyCombat was optimized, threw that code away in every worker (issue 32 item 5).
 */
export const OUTCOME_WORD = ['victory', 'stalemate', 'draw'] as const;

export interface HRSink {
  push(e: HREvent): unknown;
}

/** Players first within a die, then contests (HR-R2); `check(i)` rolls i's agility check. Exported for tests. */
export function timingOrder(
  agility: readonly number[],
  player: readonly boolean[],
  check: (i: number) => number,
): number[] {
  const idx = agility.map((_, i) => i);
  idx.sort((a, b) => agility[b] - agility[a] || Number(player[b]) - Number(player[a]) || a - b);
  const out: number[] = [];
  const settle = (group: number[]): void => {
    if (group.length < 2) {
      out.push(...group);
      return;
    }
    // HR-D4: tied players re-roll, only among themselves
    const v = new Map<number, number>();
    for (const i of group) v.set(i, check(i));
    const sorted = group.slice().sort((a, b) => v.get(b)! - v.get(a)! || a - b);
    let j = 0;
    while (j < sorted.length) {
      let e = j + 1;
      while (e < sorted.length && v.get(sorted[e]) === v.get(sorted[j])) e++;
      settle(sorted.slice(j, e));
      j = e;
    }
  };
  let i = 0;
  while (i < idx.length) {
    let e = i + 1;
    while (e < idx.length && agility[idx[e]] === agility[idx[i]] && player[idx[e]] === player[idx[i]]) e++;
    if (player[idx[i]]) settle(idx.slice(i, e));
    else out.push(...idx.slice(i, e)); // non-players keep file order (ruling)
    i = e;
  }
  return out;
}

/** HR-E1: the engagement's phases in order. */
export const PHASES = [S_CUN, S_AGI, S_MIGHT];
export const DIRS_X = [-1, 0, 1, -1, 1, -1, 0, 1];
export const DIRS_Y = [-1, -1, -1, 0, 0, 1, 1, 1];
/** Direction k's bit in a mask of the 3 × 3 squares round a combatant (row by row, its own square the middle bit). */
export const NB_BIT = DIRS_X.map((dx, k) => 1 << ((DIRS_Y[k] + 1) * 3 + dx + 1));
/** The same as typed arrays, the steps in feet: what the greedy step reads eight times a call. */
export const DX5 = Int32Array.from(DIRS_X, (d) => d * 5);
export const DY5 = Int32Array.from(DIRS_Y, (d) => d * 5);
export const NBI = Int32Array.from(NB_BIT);
/** A detour path (HRSim.detourSearch) as the memo keeps it: up to PATH_MAX steps of 3 bits, their count from PATH_LEN_SHIFT. */
export const PATH_MAX = 9,
  PATH_LEN_SHIFT = 27,
  PATH_STEPS = (1 << PATH_LEN_SHIFT) - 1;
/** The direction k of a step (sx, sy), at (sy + 1) * 3 + sx + 1 (−1: no step). */
export const KOF = Int32Array.from([0, 1, 2, 3, -1, 4, 5, 6, 7]);

/**
 * A table of exchange matrices (HRSim.matrix): rows of `R` words and their 4 × 4 matrices, open addressing. A slot
 * holds its row and then its matrix, side by side in one buffer (R + SLOT_TAIL words: R is even, so the matrix is
 * aligned): a lookup that finds the row finds the matrix in the next cache lines, rather than in a second table.
 * After the matrix, its solved game (policy/choices.ts chooseStance): 8 doubles, the row mix then the column mix
 * (NaN first: not solved yet), and the game's value — a pure function of the matrix, so it moves with it in a resize.
 */
export interface StanceTable {
  slots: number;
  sigs: Int32Array; // slot * (R + SLOT_TAIL): the row, or −1 first when the slot is empty
  mats: Float64Array; // the same buffer: the matrix at slot * (R + SLOT_TAIL) / 2 + R / 2, then its mixes
  used: number;
  /** Bumped whenever the matrices move (a resize) or are dropped (emptied): an offset into `mats` holds while it stays. */
  epoch: number;
  /** HRSim.oaStance's answers (packed rows only): two words a slot (−1 first: empty), the stance, and how many are kept. */
  oaKeys: Int32Array;
  oaVals: Int8Array;
  oaUsed: number;
  /** HRSim.expectedHitKept's answers, likewise. */
  ehKeys: Int32Array;
  ehVals: Float64Array;
  ehUsed: number;
}
/** Words of a slot after its row: the matrix (16 doubles), its two mixes (8) and the game's value (1). */
export const SLOT_TAIL = 50;
/** Offsets in doubles from a matrix's base: its solved mixes (row mix, then column mix), and the game's value. */
export const MIX_AT = 16,
  MIX_VALUE_AT = 24;
/** The tables of this thread by key (HRSim.tableKey), the most recently made last; at most 8 kept. */
export const stanceTables = new Map<string, StanceTable>();
export function stanceTable(key: string): StanceTable {
  let t = stanceTables.get(key);
  if (!t) {
    if (stanceTables.size >= 8) stanceTables.delete(stanceTables.keys().next().value!);
    stanceTables.set(
      key,
      (t = {
        slots: 0,
        sigs: new Int32Array(0),
        mats: new Float64Array(0),
        used: 0,
        epoch: 0,
        oaKeys: new Int32Array(0),
        oaVals: new Int8Array(0),
        oaUsed: 0,
        ehKeys: new Int32Array(0),
        ehVals: new Float64Array(0),
        ehUsed: 0,
      }),
    );
  }
  return t;
}

/**
 * HRS-25 detours kept by what a search reads besides the positions in its key (the count of combatants and the
 * field), shared by every simulator of this thread alike in those: the values of a sweep, the tries of a tune and
 * every job of a worker start from the same formation. Up to 2^20 key words each (32,768 slots for 12 combatants:
 * the ambush asks 40 detours a combat, 25 of them of the memo (the rest follow a kept path, detourStep), and a table
 * of 4,096 emptied itself every 2,500 combats); at most 4 kept.
 */
export const detourMemos = new Map<string, PositionMemo>();
export function detourMemo(n: number, w: number, h: number, cells: boolean): PositionMemo {
  const key = `${n},${w},${h},${cells}`;
  let m = detourMemos.get(key);
  if (!m) {
    if (detourMemos.size >= 4) detourMemos.delete(detourMemos.keys().next().value!);
    let slots = 4096;
    while (slots < 32768 && slots * 2 * ((cells ? n : 2 * n) + 4) <= 1 << 20) slots *= 2;
    detourMemos.set(key, (m = new PositionMemo(n, !cells, slots)));
  }
  return m;
}

/** A level as a roll's key holds it: clamped to −5…+5 (HR-D3), plus 5. */
export function lv5(l: number): number {
  return (l > 5 ? 5 : l < -5 ? -5 : l) + 5;
}

/** The exchange matrix of a pair neither of whom reaches the other (HRSim.matrix): every cell 0. */
export const NO_EXCHANGE = new Float64Array(16);
export const NO_EXCHANGE_AT = -1;

/** Slots of the stance table's kept answers (opportunity-attack stances, expected hits); emptied at KEPT_FULL used. */
export const KEPT_SLOTS = 8192,
  KEPT_FULL = 6144;
/** Open addressing over two-word keys: the slot holding (w0, w1), else the empty one (w0 slot −1) where it goes. */
export function keptSlot(keys: Int32Array, w0: number, w1: number): number {
  let slot = (Math.imul(w0 ^ Math.imul(w1, 0x9e3779b1), 0x85ebca6b) >>> 19) & (KEPT_SLOTS - 1); // the top 13 bits
  for (;;) {
    const k0 = keys[slot * 2];
    if (k0 === -1 || (k0 === w0 && keys[slot * 2 + 1] === w1)) return slot;
    slot = (slot + 1) & (KEPT_SLOTS - 1);
  }
}

export abstract class HRState {
  readonly enc: Encounter;
  readonly n: number;
  readonly nSides: number;
  sink: HRSink | null = null;
  /**
   * play (issue 32): the control this fight's decisions are offered to, or null (the log and the Monte Carlo fast
   * path: then no decision is built, and every choice is the policy's). `decisions` counts the points offered.
   */
  control: DecisionControl | null = null;
  decisions = 0;
  /** Overrides that reseeded the streams (play, issue 32): the stance loop reads it to redraw the stances drawn before (HRS-41). */
  reseeds = 0;
  /** The options of the decision being offered (`offer`): their words, and the code each one stands for. */
  readonly optLabels: string[] = [];
  readonly optCodes: number[] = [];
  readonly dice: Dice;
  // ── fixed per encounter ──
  readonly names: string[] = [];
  readonly side: Int32Array;
  readonly player: Uint8Array;
  readonly heart0: Int32Array;
  readonly abil: Int32Array; // i * 3 + stance
  readonly hpMax: Int32Array;
  readonly armor: Int32Array;
  readonly armorName: string[] = [];
  readonly speed: Int32Array;
  readonly size: Int32Array;
  readonly hands: Int32Array;
  readonly rush0: Int32Array;
  readonly tactic: Int32Array;
  readonly maneuver: Int32Array;
  readonly inflicts: Int32Array;
  readonly shrugRule: Int32Array;
  readonly fightsOn: Uint8Array;
  readonly relentless: Uint8Array;
  readonly x0: Int32Array;
  readonly y0: Int32Array;
  readonly surprised: Uint8Array;
  readonly hidden0: Uint8Array;
  readonly cover0: Int32Array;
  readonly wStart: Int32Array; // first weapon slot of combatant i
  /** Issue 32: the weapon (index in i's kit) of the largest die that i's hands can hold, first on ties. */
  readonly wBest: Int32Array;
  readonly wCount: Int32Array;
  readonly wDie: number[] = [];
  readonly wReach: number[] = [];
  readonly wRanged: number[] = [];
  readonly wHands: number[] = [];
  readonly wMB: number[] = []; // NaN = extra weapon die (HR-C5)
  readonly wName: string[] = [];
  readonly stances: (readonly string[])[] = [];
  order: number[] = [];
  readonly fieldW: number;
  readonly fieldH: number;
  readonly cap: number;
  // ── per combat ──
  // (no field keeps the seed: most seeds are no small integer, and a field that first held one would change the
  // simulator's shape some combats in and throw away the code optimized for it)
  round = 0;
  winner = -1;
  endRound = 0;
  result = -1;
  readonly hp: Int32Array;
  readonly heart: Int32Array;
  readonly x: Int32Array;
  readonly y: Int32Array;
  readonly down: Uint8Array; // unconscious (HR-H7)
  readonly dead: Uint8Array;
  /** 1 while neither down nor dead: `up` is asked in nearly every loop over the combatants, so one load, not two. */
  readonly live: Uint8Array;
  readonly everDown: Uint8Array;
  readonly rush: Int32Array;
  readonly wIn: Int32Array;
  /** The weapon in hand's reach and whether it is ranged, kept beside wIn (asked thousands of times a combat). */
  readonly reachNow: Int32Array;
  readonly rangedNow: Uint8Array;
  /**
   * The reach of i's melee weapon in hand while i is up, else −1 (ranged, down or dead): whom an enemy's reach test
   * (inEnemyReach, asked a hundred times a combat) needs, in one load instead of three. Kept by `hold` and applyDamage,
   * the only writers of the weapon in hand and of `live` after `begin`.
   */
  protected readonly meleeR: Int32Array;
  readonly st: Int32Array; // i * 4 + ST_*
  readonly prone: Uint8Array;
  readonly grappledBy: Int32Array;
  readonly grappling: Int32Array;
  /** HR-T6: the host i rides, or −1. */
  readonly climbing: Int32Array;
  /** How many combatants climb one now (most fights: none, and the climber scans are skipped). */
  protected climbers = 0;
  /** How many holds (HR-T5) there are now: while none, nobody's grapple level is read. */
  protected grapples = 0;
  readonly help: Int32Array;
  readonly actionUsed: Uint8Array;
  readonly freeDashUsed: Uint8Array;
  readonly dashes: Int32Array;
  readonly freeInteractUsed: Uint8Array;
  readonly stance: Int32Array;
  readonly cover: Int32Array;
  readonly hidden: Uint8Array;
  readonly focus: Int32Array;
  readonly dmgDealt: Int32Array;
  readonly dmgTaken: Int32Array;
  readonly wounds: Int32Array;
  /** Engagement attacks this round (invariant checks) and the phase snapshot of who may attack. */
  readonly attacked: Uint8Array;
  readonly upAtPhase: Uint8Array;
  protected readonly stepDone: Uint8Array;
  protected readonly oaUsed: Uint8Array;
  /** HRS-25: 1 once i went round this round; its later steps this round keep to the way round. */
  protected readonly goingRound: Uint8Array;
  /** One buffer under actionUsed, freeDashUsed, freeInteractUsed, attacked and goingRound, as words: cleared each round. */
  protected readonly roundFlags: Int32Array;
  /** The last round whose start may find a status above 0 (HR-T1 fading): raised by addStatus, the one writer raising one. */
  protected stUntil = 0;

  /**
   * Each side's enemies and members in file order: foes[foeAt[s] .. foeAt[s + 1]) are everyone not of side s,
   * mates[mateAt[s] .. mateAt[s + 1]) everyone of it. A loop over one's enemies (or allies) walks its list.
   */
  protected readonly foes: Int32Array;
  protected readonly foeAt: Int32Array;
  protected readonly mates: Int32Array;
  protected readonly mateAt: Int32Array;

  constructor(enc: Encounter) {
    this.enc = enc;
    const ps = enc.sides.flatMap((s, si) => s.placements.map((p) => ({ p, si })));
    const n = (this.n = ps.length);
    this.nSides = enc.sides.length;
    const I = (): Int32Array => new Int32Array(n);
    const U = (): Uint8Array => new Uint8Array(n);
    this.side = I();
    this.player = U();
    this.heart0 = I();
    this.abil = new Int32Array(n * 3);
    this.hpMax = I();
    this.armor = I();
    this.speed = I();
    this.size = I();
    this.hands = I();
    this.rush0 = I();
    this.tactic = I();
    this.maneuver = I();
    this.inflicts = I();
    this.shrugRule = I();
    this.fightsOn = U();
    this.relentless = U();
    this.x0 = I();
    this.y0 = I();
    this.surprised = U();
    this.hidden0 = U();
    this.cover0 = I();
    this.wStart = I();
    this.wCount = I();
    this.wBest = I();
    this.hp = I();
    this.heart = I();
    this.x = I();
    this.y = I();
    this.down = U();
    this.dead = U();
    this.live = U();
    this.everDown = U();
    this.rush = I();
    this.wIn = I();
    this.reachNow = I();
    this.rangedNow = U();
    this.meleeR = I();
    this.st = new Int32Array(n * 4);
    this.prone = U();
    this.grappledBy = I();
    this.grappling = I();
    this.climbing = I();
    // the five per-round flags side by side in one buffer (each padded to whole words): one word clears four (playRound)
    const fw = (n + 3) >> 2,
      flags = new ArrayBuffer(5 * 4 * fw);
    const F = (k: number): Uint8Array => new Uint8Array(flags, 4 * fw * k, n);
    this.roundFlags = new Int32Array(flags);
    this.help = I();
    this.actionUsed = F(0);
    this.freeDashUsed = F(1);
    this.dashes = I();
    this.freeInteractUsed = F(2);
    this.stance = I();
    this.cover = I();
    this.hidden = U();
    this.focus = I();
    this.dmgDealt = I();
    this.dmgTaken = I();
    this.wounds = I();
    this.attacked = F(3);
    this.upAtPhase = U();
    this.stepDone = U();
    this.oaUsed = U();
    this.goingRound = F(4);
    this.reactors = I();
    this.phaseList = new Int32Array(3 * n);
    this.upCount = new Int32Array(this.nSides);
    this.staying = I();
    this.waitedAt = I();
    this.reactNear = I();
    this.nearT = I();
    this.cand = new Int32Array(this.nSides * n);
    this.candN = new Int32Array(this.nSides);
    this.candAt = new Float64Array(this.nSides).fill(-1);
    const foes: number[] = [],
      mates: number[] = [];
    this.foeAt = new Int32Array(this.nSides + 1);
    this.mateAt = new Int32Array(this.nSides + 1);
    for (let si = 0; si < this.nSides; si++) {
      this.foeAt[si] = foes.length;
      this.mateAt[si] = mates.length;
      ps.forEach((q, j) => (q.si === si ? mates : foes).push(j));
    }
    this.foeAt[this.nSides] = foes.length;
    this.mateAt[this.nSides] = mates.length;
    this.foes = Int32Array.from(foes);
    this.mates = Int32Array.from(mates);
    this.mq = new Int32Array(2 * n);
    const scripts: number[][] = [];
    ps.forEach(({ p, si }, i) => {
      const c = p.character;
      this.names.push(p.name);
      this.side[i] = si;
      this.player[i] = c.player ? 1 : 0;
      this.heart0[i] = c.heart;
      this.abil[i * 3 + S_MIGHT] = c.might;
      this.abil[i * 3 + S_AGI] = c.agility;
      this.abil[i * 3 + S_CUN] = c.cunning;
      this.hpMax[i] = c.hp;
      this.armor[i] = armorBonus(c);
      this.armorName.push(c.armor ? c.armor.name : '');
      this.speed[i] = effectiveSpeed(c);
      this.size[i] = SIZES.indexOf(c.size);
      this.hands[i] = c.hands;
      this.rush0[i] = c.rush;
      // issue 33: a rules block's `otherwise PRESET` is its preset, over the character's `tactics`
      this.tactic[i] = TACTIC_CODE[p.rules?.preset ?? c.tactics];
      this.maneuver[i] = MANEUVER_CODE[c.maneuver];
      this.inflicts[i] = INFLICT_CODE[c.inflicts];
      this.shrugRule[i] = SHRUG_CODE[c.shrug];
      this.fightsOn[i] = c.fightsOn ? 1 : 0;
      this.relentless[i] = c.relentless ? 1 : 0;
      this.x0[i] = p.x;
      this.y0[i] = p.y;
      this.surprised[i] = p.surprised ? 1 : 0;
      this.hidden0[i] = p.hidden ? 1 : 0;
      this.cover0[i] = coverLevel(p.cover) === Infinity ? 99 : coverLevel(p.cover);
      this.wStart[i] = this.wDie.length;
      this.wCount[i] = c.weapons.length;
      c.weapons.forEach((w, k) => {
        if (w.hands <= c.hands && w.die > (c.weapons[this.wBest[i]]?.die ?? 0)) this.wBest[i] = k;
      });
      for (const w of c.weapons) {
        this.wDie.push(w.die);
        this.wReach.push(w.reach);
        this.wRanged.push(w.kind === 'ranged' ? 1 : 0);
        this.wHands.push(w.hands);
        this.wMB.push(w.mightBonus === null ? NaN : w.mightBonus);
        this.wName.push(w.name);
      }
      this.stances.push(p.stances);
      scripts.push([...p.dice, ...c.dice]);
    });
    // a placement's script is rolled before its character's: roll k of combatant i is named where its script is
    this.dice = new Dice(this.names, scripts, (i, k) =>
      k < ps[i].p.dice.length ? enc.scriptsAt?.[i]?.placement : enc.scriptsAt?.[i]?.character,
    );
    this.fieldW = enc.field ? enc.field.w : Infinity;
    this.fieldH = enc.field ? enc.field.h : Infinity;
    this.cap = enc.rounds;
    // the occupancy grid: a bounded field of at most 2^20 squares whose every start square lies on it
    const cols = Math.ceil(this.fieldW / 5),
      rows = Math.ceil(this.fieldH / 5);
    let onGrid = Number.isFinite(cols) && Number.isFinite(rows) && (cols + 2) * (rows + 2) <= 1 << 20;
    for (let i = 0; i < n && onGrid; i++)
      onGrid = this.x0[i] % 5 === 0 && this.y0[i] % 5 === 0 && this.inField(this.x0[i], this.y0[i]);
    this.gw = onGrid ? cols + 2 : 0;
    this.occ = onGrid ? new Uint16Array((cols + 2) * (rows + 2)) : null;
    this.pc = new Int32Array(n);
    this.dcell = Int32Array.from(DIRS_X.map((dx, k) => DIRS_Y[k] * this.gw + dx));
    // with the grid, the memo keys positions by everyone's square in it (`pc`: half the words of x and y)
    this.detourKept = detourMemo(n, this.fieldW, this.fieldH, onGrid);
    for (let i = 0; i < n; i++) {
      this.agilities.push(this.abil[i * 3 + S_AGI]);
      this.players.push(this.player[i] === 1);
    }
    this.tiedPlayers = this.hasTiedPlayers(this.agilities, this.players);
    const ag = this.agilities,
      pl = this.players;
    this.byAgility = Int32Array.from(
      ag.map((_, i) => i).sort((a, b) => ag[b] - ag[a] || Number(pl[b]) - Number(pl[a]) || a - b),
    );
    this.contest = new Int32Array(n);
    let maxHeart = 0,
      maxWeapons = 0;
    for (let i = 0; i < n; i++) {
      maxHeart = Math.max(maxHeart, this.heart0[i]);
      maxWeapons = Math.max(maxWeapons, this.wCount[i]);
    }
    this.packed = n <= 256 && maxHeart < 32 && maxWeapons <= 256 && this.cover0.every((c) => c >= 0 && c <= 99);
    this.R = this.packed ? 4 : 20;
    this.sigNow = new Int32Array(this.R);
    const firstAlike = new Map<string, number>();
    this.kind = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const key = this.statsKey(i);
      if (!firstAlike.has(key)) firstAlike.set(key, i);
      this.kind[i] = firstAlike.get(key)!;
    }
    // issue 33, last: the fields the hot code reads keep their places in the object (rarely read, these come after)
    this.optFacts = [];
    this.rules = ps.map(({ p }) => (p.rules && p.rules.rules.length > 0 ? p.rules : null));
    this.scripted = Uint8Array.from(this.rules, (t) => (t !== null ? 1 : 0));
    this.rulesOwn = Uint8Array.from(ps, ({ p }) => (p.rulesOwn === true ? 1 : 0));
    this.ruleNotes = [];
    this.ruleCites = [];
    this.ruleLast = [];
    this.ruleWorld = null;
  }

  // ── GM priority rules (issue 33, sim/rules.ts): set last by the constructor ──
  /** What a GM's rules see of each option of the decision being built. */
  protected readonly optFacts: OptionFacts[];
  /** Each combatant's GM rules (Placement.rules), or null: then none of its decisions is built for them. */
  protected readonly rules: (Tactics | null)[];
  /** 1 when combatant i has rules: the one test an unscripted combatant's decision pays. */
  protected readonly scripted: Uint8Array;
  /** 1 when i's rules are its own character's (the log cites "rule 2"), else its owner's ("rule 2 of side pack"). */
  protected readonly rulesOwn: Uint8Array;
  /** The rule lines waiting for their decision's action to be logged (only with a sink): who, and the cite. */
  protected readonly ruleNotes: number[];
  protected readonly ruleCites: string[];
  /** Per combatant, the round and cite of its last rule line (a stay's line is logged once a round). */
  protected readonly ruleLast: string[];
  /** The fight as the rules' words read it (sim/rules.ts), made at the first scripted decision. */
  protected ruleWorld: RuleWorld | null;

  /**
   * How many stand on each square of the field (HR-P1), with a border of one empty square all round, row by row
   * (`gw` squares a row): kept by `moveTo`, the one writer of a position during a combat (the agility sidestep's
   * trial squares aside: it puts the mover back before anyone asks). Null when the field is unbounded or a start
   * square is off it; then the neighbours are found by walking everyone.
   */
  protected readonly occ: Uint16Array | null;
  protected readonly gw: number;
  /** Each combatant's square in `occ` (kept with it). */
  protected readonly pc: Int32Array;
  /** How far direction k's neighbour square lies in `occ`. */
  protected readonly dcell: Int32Array;
  /** positionHash of everyone's square (position-memo.ts): the detour memo's key hash, kept by `moveTo`/`moveStep` (set in `begin`). */
  protected zpos = 0;
  /** Position writes by `moveTo`/`moveStep` in this simulator's life: the detour path (detourStep) holds while only its mover moved. */
  protected moves = 0;
  protected inField(xx: number, yy: number): boolean {
    return xx >= 0 && yy >= 0 && xx < this.fieldW && yy < this.fieldH;
  }
  /** HR-R2, fixed per encounter: the agility dice, who is a player, whether two players tie (their order is rolled every combat). */
  protected readonly agilities: number[] = [];
  protected readonly players: boolean[] = [];
  protected readonly tiedPlayers: boolean;
  /** A tied player's timing contest roll: heart + agility from its stream. */
  protected readonly timingCheck = (i: number): number =>
    this.dice.rollStream(i, this.heart[i]) + this.dice.rollStream(i, this.abil[i * 3 + S_AGI]);
  /** timingOrder's sort before any contest (fixed per encounter), and each combatant's last contest roll. */
  protected readonly byAgility: Int32Array;
  protected readonly contest: Int32Array;
  protected hasTiedPlayers(ag: number[], pl: boolean[]): boolean {
    for (let i = 0; i < ag.length; i++)
      for (let j = i + 1; j < ag.length; j++) if (pl[i] && pl[j] && ag[i] === ag[j]) return true;
    return false;
  }

  /** Per side: how many are up (`live`), counted at each round's start and kept by applyDamage. */
  protected readonly upCount: Int32Array;
  /** HRS-25 scratch: breadth-first distances and queue, grown as needed. */
  protected bfsDist = new Int32Array(0);
  protected bfsQueue = new Int32Array(0);
  protected bfsStamp = new Int32Array(0);
  protected bfsGen = 0;
  /** HRS-37 scratch: per square of the safe-path search, the direction that reached it (grown with bfsDist). */
  protected bfsFrom = new Int8Array(0);
  /** HRS-37 scratch of the safe-path search: each reactor able to attack, as x, y and reach (3 words a reactor). */
  protected bfsThreat = new Int32Array(0);
  /** HRS-37: the dash's planned steps (directions), planLen of them; planLen −1 while the dash follows bestStep. */
  protected readonly planSteps = new Int8Array(64);
  protected readonly greedySteps = new Int8Array(64);
  protected planLen = -1;
  /**
   * HRS-37's plain twin: a dash with two reactors whose reach meets its way plans (a dry run of the greedy way) even
   * when fewer than two of them can pay for an attack, which then always keeps the greedy way (dash, movement.ts).
   * False: that dry run is skipped. test/systems/heart-rush/plan-gate.test.ts holds the two equal.
   */
  planAlways = false;
  /** HRS-37 scratch of `provocations`: per reactor of the dash (as `reactors`), attacked yet, steps inside its reach. */
  protected provUsed = new Uint8Array(0);
  protected provIn = new Int32Array(0);
  /** What `provocations` found: how many steps come before the one that would draw the second attack. */
  protected provCut = 0;
  /** HRS-38: the round in which each combatant last let its focus come to it (0: never). */
  protected readonly waitedAt: Int32Array;

  /**
   * The detour path being followed: its mover, target square, the square the mover stands on once it takes the step
   * just returned and the move count then, and the steps after it (3 bits each, the next lowest), pathLeft of them.
   */
  protected pathOwner = -1;
  protected pathTx = 0;
  protected pathTy = 0;
  protected pathX = 0;
  protected pathY = 0;
  protected pathMoves = 0;
  protected pathSteps = 0;
  protected pathLeft = 0;

  /** HRS-25 detours kept across combats (position-memo.ts), shared with the simulators alike (`detourMemo`). */
  protected readonly detourKept: PositionMemo;

  /** The dash's reactors (scratch, in timing order). */
  protected readonly reactors: Int32Array;
  /** A step's reactors with both its squares in reach (scratch, in timing order). */
  protected readonly staying: Int32Array;
  /** Per dash reactor (as `reactors`), how far beyond its reach the dash's first square lies (scratch). */
  protected readonly reactNear: Int32Array;
  /** agilitySidestep's valid targets within reach + 5 (scratch). */
  protected readonly nearT: Int32Array;
  /** Action phases begun in this simulator's life: stamps `candAt`. */
  protected actionPhases = 0;
  /** Per side s, cand[s * n ..] (candN[s] of them) are who may react to a dash of s this action phase, listed in phase candAt[s]. */
  protected readonly cand: Int32Array;
  protected readonly candN: Int32Array;
  protected readonly candAt: Float64Array;
  /** The dash segment being logged (only with a sink): where it started, its feet, and the dash's first cost and reason. */
  protected readonly seg = { x: 0, y: 0, feet: 0, first: true, cost: 'free' as 'free' | 'action', reason: '' };
  /** The last roll's view (only with a sink, else null) and whether the last attack roll cited the might bonus: kept here, not returned in an object, so a roll allocates nothing. */
  protected rv: RollView | null = null;
  protected rmb = false;
  protected readonly mq: Int32Array; // queued maneuvers: attacker, target
  /** This round's stance s takers in timing order: phaseList[s * n ..], phaseN[s] of them (engagement). */
  protected readonly phaseList: Int32Array;
  protected readonly phaseN = new Int32Array(3);
  protected phaseName = '';

  // ───────────── the stance tactic (a mixed strategy on exact odds, HRS-15) ─────────────
  protected stanceWhy = '';
  protected readonly eh = new Float64Array(1);
  /**
   * Every field of a row fits its bits: n ≤ 256 (pair < 2^16, Help from at most 255 allies), hearts below 32
   * (a shrug only lowers one), at most 256 weapons each (wIn < 2^8), cover ≤ 99.
   */
  protected readonly packed: boolean;
  /** Words in a row of the matrix table (4 packed, else 20). */
  protected readonly R: number;
  protected readonly sigNow: Int32Array;
  /** This simulator's stance table, shared with every simulator of an encounter alike (taken at the first choice). */
  protected table: StanceTable | null = null;
  protected lastSlot = new Int32Array(0); // per pair i * n + f: the slot its matrix was last found in
  /** What a matrix reads of combatant i besides its row (tableKey's share of i). */
  protected statsKey(i: number): string {
    const parts: (number | string)[] = [
      this.abil[i * 3],
      this.abil[i * 3 + 1],
      this.abil[i * 3 + 2],
      this.armor[i],
      this.wCount[i],
    ];
    for (let w = this.wStart[i]; w < this.wStart[i] + this.wCount[i]; w++)
      parts.push(this.wDie[w], String(this.wMB[w]), this.wReach[w], this.wRanged[w]);
    return parts.join(',');
  }
  /**
   * Per combatant, the first in file order alike in every stat a matrix reads (statsKey). The stance table's rows and
   * kept answers name a pair by these, not by who: the ambush's five goblins share their rows, so the table holds
   * fewer of them (fewer cache misses, fewer matrices computed) and every answer is the one the pair itself would get.
   */
  protected readonly kind: Int32Array;
  /**
   * Engagements begun in this simulator's life; per pair i * n + f, the engagement in which i chose against f from
   * the matrix at engBase (an offset in the stance table's `mats`, or NO_EXCHANGE_AT) while the table's epoch was
   * engEpoch: f, choosing against i in that engagement, reads the very cells in place (the table moves or empties
   * a matrix only when its epoch changes).
   */
  protected engagements = 0;
  protected engAt = new Float64Array(0);
  protected engBase = new Int32Array(0);
  protected engEpoch = new Float64Array(0);
}
