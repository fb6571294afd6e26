// One Heart Rush combat (HEART-RUSH.md "The simulator"), written once for both
// paths: with a sink attached every step builds a typed event (the log, step
// through, tests); with sink = null (Monte Carlo, runChunk) the very same code
// runs without building any, so the two paths can never disagree.
//
// Halcyon Aces habits kept here: one monomorphic class, flat typed arrays
// indexed by combatant, no allocation per roll (Dice keeps scratch arrays),
// cached exact odds for the tactic. Combatant index = expanded file order.
//
// Round (HR-R1): start (HR-R4, T1 fading, focus; round 1 hidden and surprise
// attacks HR-R5) → action phase (HR-R3 passes) → engagement (HR-E1…E10,
// phases cunning → agility → might) → end-of-round line. HR-X1 after every
// step and phase, HR-X2 at the cap.

import type { Encounter } from '../model.js';
import { SIZES, armorBonus, coverLevel, effectiveSpeed } from '../model.js';
import { Dice } from './dice.js';
import { MISS, PositionMemo, positionHash, zob } from './position-memo.js';
import type { HREvent, HitView, RollView, StanceName } from './events.js';
import { meanDamage, rollProbs } from './odds.js';

// stances (fist order − 1); the ability index of a stance equals the stance code
export const S_MIGHT = 0;
export const S_AGI = 1;
export const S_CUN = 2;
export const S_DEF = 3;
export const S_NONE = 4; // surprised (HR-S1)
export const S_OUT = -1; // not in the engagement (unconscious, dead)
export const STANCE_NAMES: readonly StanceName[] = ['might', 'agility', 'cunning', 'defensive', 'none'];
const ABILITY = ['might', 'agility', 'cunning'];

/** HR-E3: CAN[s * 5 + t] — stance s may attack a target in stance t. */
const CAN = new Uint8Array(25);
/** HR-E3: BEATS[s * 5 + t] — stance s strictly beats t (maneuvers, HR-M1). */
const BEATS = new Uint8Array(25);
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

const T_DEFAULT = 0,
  T_WEAKEST = 1,
  T_KITE = 2,
  T_SUPPORT = 3,
  T_HOLD = 4;
const TACTIC_CODE: Record<string, number> = {
  default: T_DEFAULT,
  'focus-weakest': T_WEAKEST,
  kite: T_KITE,
  support: T_SUPPORT,
  hold: T_HOLD,
};
const M_NONE = 0,
  M_GRAPPLE = 1,
  M_CLIMB = 2,
  M_DIRTY = 3,
  M_BLIND = 4,
  M_TRIP = 5,
  M_SHOVE = 6;
const MANEUVER_CODE: Record<string, number> = {
  none: M_NONE,
  grapple: M_GRAPPLE,
  climb: M_CLIMB,
  'dirty-strike': M_DIRTY,
  blind: M_BLIND,
  trip: M_TRIP,
  shove: M_SHOVE,
};
const MANEUVER_NAME = ['none', 'grapple', 'climb', 'dirty strike', 'blind', 'trip', 'shove'];
// statuses: index = the ability whose rolls they hinder (HR-T2), then blinded (HR-T3)
export const ST_WEAK = 0,
  ST_OFFBAL = 1,
  ST_DAZED = 2,
  ST_BLIND = 3;
export const STATUS_NAMES = ['weakened', 'off-balanced', 'dazed', 'blinded'];
const INFLICT_CODE: Record<string, number> = { weakened: ST_WEAK, 'off-balanced': ST_OFFBAL, dazed: ST_DAZED };
const SH_AUTO = 0,
  SH_ALWAYS = 1,
  SH_NEVER = 2;
const SHRUG_CODE: Record<string, number> = { auto: SH_AUTO, always: SH_ALWAYS, never: SH_NEVER };

export const R_VICTORY = 0;
export const R_STALEMATE = 1;
export const R_DRAW = 2;

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
const PHASES = [S_CUN, S_AGI, S_MIGHT];
const DIRS_X = [-1, 0, 1, -1, 1, -1, 0, 1];
const DIRS_Y = [-1, -1, -1, 0, 0, 1, 1, 1];
/** Direction k's bit in a mask of the 3 × 3 squares round a combatant (row by row, its own square the middle bit). */
const NB_BIT = DIRS_X.map((dx, k) => 1 << ((DIRS_Y[k] + 1) * 3 + dx + 1));
/** The same as typed arrays, the steps in feet: what the greedy step reads eight times a call. */
const DX5 = Int32Array.from(DIRS_X, (d) => d * 5);
const DY5 = Int32Array.from(DIRS_Y, (d) => d * 5);
const NBI = Int32Array.from(NB_BIT);
/** A detour path (HRSim.detourSearch) as the memo keeps it: up to PATH_MAX steps of 3 bits, their count from PATH_LEN_SHIFT. */
const PATH_MAX = 9,
  PATH_LEN_SHIFT = 27,
  PATH_STEPS = (1 << PATH_LEN_SHIFT) - 1;
/** The direction k of a step (sx, sy), at (sy + 1) * 3 + sx + 1 (−1: no step). */
const KOF = Int32Array.from([0, 1, 2, 3, -1, 4, 5, 6, 7]);

/**
 * A table of exchange matrices (HRSim.matrix): rows of `R` words and their 4 × 4 matrices, open addressing. A slot
 * holds its row and then its matrix, side by side in one buffer (R + 32 words: R is even, so the matrix is aligned):
 * a lookup that finds the row finds the matrix in the next cache lines, rather than in a second table.
 */
interface StanceTable {
  slots: number;
  sigs: Int32Array; // slot * (R + 32): the row, or −1 first when the slot is empty
  mats: Float64Array; // the same buffer: the matrix at slot * (R + 32) / 2 + R / 2
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
/** The tables of this thread by key (HRSim.tableKey), the most recently made last; at most 8 kept. */
const stanceTables = new Map<string, StanceTable>();
function stanceTable(key: string): StanceTable {
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
const detourMemos = new Map<string, PositionMemo>();
function detourMemo(n: number, w: number, h: number, cells: boolean): PositionMemo {
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
function lv5(l: number): number {
  return (l > 5 ? 5 : l < -5 ? -5 : l) + 5;
}

/** The exchange matrix of a pair neither of whom reaches the other (HRSim.matrix): every cell 0. */
const NO_EXCHANGE = new Float64Array(16);
const NO_EXCHANGE_AT = -1;

/** Slots of the stance table's kept answers (opportunity-attack stances, expected hits); emptied at KEPT_FULL used. */
const KEPT_SLOTS = 8192,
  KEPT_FULL = 6144;
/** Open addressing over two-word keys: the slot holding (w0, w1), else the empty one (w0 slot −1) where it goes. */
function keptSlot(keys: Int32Array, w0: number, w1: number): number {
  let slot = (Math.imul(w0 ^ Math.imul(w1, 0x9e3779b1), 0x85ebca6b) >>> 19) & (KEPT_SLOTS - 1); // the top 13 bits
  for (;;) {
    const k0 = keys[slot * 2];
    if (k0 === -1 || (k0 === w0 && keys[slot * 2 + 1] === w1)) return slot;
    slot = (slot + 1) & (KEPT_SLOTS - 1);
  }
}

export class HRSim {
  readonly enc: Encounter;
  readonly n: number;
  readonly nSides: number;
  sink: HRSink | null = null;
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
  seed = 0;
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
  private readonly meleeR: Int32Array;
  readonly st: Int32Array; // i * 4 + ST_*
  readonly prone: Uint8Array;
  readonly grappledBy: Int32Array;
  readonly grappling: Int32Array;
  /** HR-T6: the host i rides, or −1. */
  readonly climbing: Int32Array;
  /** How many combatants climb one now (most fights: none, and the climber scans are skipped). */
  private climbers = 0;
  /** How many holds (HR-T5) there are now: while none, nobody's grapple level is read. */
  private grapples = 0;
  readonly help: Int32Array;
  readonly actionUsed: Uint8Array;
  readonly freeDashUsed: Uint8Array;
  readonly dashes: Int32Array;
  readonly freeInteractUsed: Uint8Array;
  readonly stance: Int32Array;
  readonly cover: Int32Array;
  readonly hidden: Uint8Array;
  readonly focus: Int32Array;
  readonly seen: Int32Array; // i * 4 + stance: times i was seen in each stance (fictitious play)
  readonly dmgDealt: Int32Array;
  readonly dmgTaken: Int32Array;
  readonly wounds: Int32Array;
  /** Engagement attacks this round (invariant checks) and the phase snapshot of who may attack. */
  readonly attacked: Uint8Array;
  readonly upAtPhase: Uint8Array;
  private readonly stepDone: Uint8Array;
  private readonly oaUsed: Uint8Array;
  /** HRS-25: 1 once i went round this round; its later steps this round keep to the way round. */
  private readonly goingRound: Uint8Array;
  /** One buffer under actionUsed, freeDashUsed, freeInteractUsed, attacked and goingRound, as words: cleared each round. */
  private readonly roundFlags: Int32Array;
  /** The last round whose start may find a status above 0 (HR-T1 fading): raised by addStatus, the one writer raising one. */
  private stUntil = 0;

  /**
   * Each side's enemies and members in file order: foes[foeAt[s] .. foeAt[s + 1]) are everyone not of side s,
   * mates[mateAt[s] .. mateAt[s + 1]) everyone of it. A loop over one's enemies (or allies) walks its list.
   */
  private readonly foes: Int32Array;
  private readonly foeAt: Int32Array;
  private readonly mates: Int32Array;
  private readonly mateAt: Int32Array;

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
    this.seen = new Int32Array(n * 4);
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
      this.tactic[i] = TACTIC_CODE[c.tactics];
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
  }

  // ───────────── small queries ─────────────
  up(i: number): boolean {
    return this.live[i] === 1;
  }
  dist(a: number, b: number): number {
    return Math.max(Math.abs(this.x[a] - this.x[b]), Math.abs(this.y[a] - this.y[b]));
  }
  private weapon(i: number): number {
    return this.wStart[i] + this.wIn[i];
  }
  private reachOf(i: number): number {
    return this.reachNow[i];
  }
  private isRanged(i: number): boolean {
    return this.rangedNow[i] === 1;
  }
  /** Puts weapon w (0-based among i's) in i's hand. */
  private hold(i: number, w: number): void {
    this.wIn[i] = w;
    const g = this.wStart[i] + w;
    this.reachNow[i] = this.wReach[g];
    this.rangedNow[i] = this.wRanged[g];
    this.meleeR[i] = this.live[i] === 1 && this.wRanged[g] !== 1 ? this.wReach[g] : -1;
  }
  /** HR-P2: i's weapon in hand reaches t now. A total cover (HR-S3) blocks ranged attacks. */
  inReach(i: number, t: number): boolean {
    return this.inReachAt(i, t, this.dist(i, t));
  }
  /** inReach with dist(i, t) = d, already known. */
  private inReachAt(i: number, t: number, d: number): boolean {
    if (this.isRanged(i) && this.cover[t] >= 99) return false;
    return d <= this.reachOf(i);
  }
  /** HR-P2: threatens t with a melee weapon in hand (opportunity attacks a–c). */
  private threatens(i: number, xx: number, yy: number): boolean {
    if (this.isRanged(i)) return false;
    return Math.max(Math.abs(this.x[i] - xx), Math.abs(this.y[i] - yy)) <= this.reachOf(i);
  }
  /** Which of i's eight neighbour squares someone else stands on: bit NB_BIT[k] for direction k (as `occupied`). */
  private neighbours(i: number): number {
    const cx = this.x[i],
      cy = this.y[i];
    const g = this.occ;
    if (g !== null) {
      const c = this.pc[i],
        w = this.gw;
      return (
        (g[c - w - 1] !== 0 ? 1 : 0) |
        (g[c - w] !== 0 ? 2 : 0) |
        (g[c - w + 1] !== 0 ? 4 : 0) |
        (g[c - 1] !== 0 ? 8 : 0) |
        (g[c + 1] !== 0 ? 32 : 0) |
        (g[c + w - 1] !== 0 ? 64 : 0) |
        (g[c + w] !== 0 ? 128 : 0) |
        (g[c + w + 1] !== 0 ? 256 : 0)
      );
    }
    let m = 0;
    for (let j = 0; j < this.n; j++) {
      if (j === i) continue;
      const dx = this.x[j] - cx,
        dy = this.y[j] - cy;
      if ((dx === -5 || dx === 0 || dx === 5) && (dy === -5 || dy === 0 || dy === 5))
        m |= 1 << ((dy / 5 + 1) * 3 + dx / 5 + 1);
    }
    return m;
  }
  private occupied(xx: number, yy: number, except: number): boolean {
    const g = this.occ;
    if (g !== null) return g[this.cell(xx, yy)] > (this.x[except] === xx && this.y[except] === yy ? 1 : 0);
    for (let j = 0; j < this.n; j++) if (j !== except && this.x[j] === xx && this.y[j] === yy) return true;
    return false;
  }
  /**
   * How many stand on each square of the field (HR-P1), with a border of one empty square all round, row by row
   * (`gw` squares a row): kept by `moveTo`, the one writer of a position during a combat (the agility sidestep's
   * trial squares aside: it puts the mover back before anyone asks). Null when the field is unbounded or a start
   * square is off it; then the neighbours are found by walking everyone.
   */
  private readonly occ: Uint16Array | null;
  private readonly gw: number;
  private cell(xx: number, yy: number): number {
    return (yy / 5 + 1) * this.gw + xx / 5 + 1;
  }
  /** Each combatant's square in `occ` (kept with it). */
  private readonly pc: Int32Array;
  /** How far direction k's neighbour square lies in `occ`. */
  private readonly dcell: Int32Array;
  /** Puts i on (nx, ny). */
  private moveTo(i: number, nx: number, ny: number): void {
    const g = this.occ;
    if (g !== null) {
      g[this.pc[i]]--;
      const c = this.cell(nx, ny);
      g[c]++;
      this.pc[i] = c;
    }
    this.zpos ^= zob(i, this.x[i], this.y[i]) ^ zob(i, nx, ny);
    this.moves++;
    this.x[i] = nx;
    this.y[i] = ny;
  }
  /** Moves i one square in direction k. */
  private moveStep(i: number, k: number): void {
    const g = this.occ;
    if (g !== null) {
      const o = this.pc[i],
        c = o + this.dcell[k];
      g[o]--;
      g[c]++;
      this.pc[i] = c;
    }
    const ox = this.x[i],
      oy = this.y[i],
      nx = ox + DIRS_X[k] * 5,
      ny = oy + DIRS_Y[k] * 5;
    this.zpos ^= zob(i, ox, oy) ^ zob(i, nx, ny);
    this.moves++;
    this.x[i] = nx;
    this.y[i] = ny;
  }
  /** positionHash of everyone's square (position-memo.ts): the detour memo's key hash, kept by `moveTo`/`moveStep` (set in `begin`). */
  private zpos = 0;
  /** Position writes by `moveTo`/`moveStep` in this simulator's life: the detour path (detourStep) holds while only its mover moved. */
  private moves = 0;
  private inField(xx: number, yy: number): boolean {
    return xx >= 0 && yy >= 0 && xx < this.fieldW && yy < this.fieldH;
  }
  private canPay(i: number): boolean {
    return this.actionUsed[i] === 0 || this.rush[i] > 0;
  }
  /** HR-O1: action first, then a rush point (the default tactic's order). */
  private payOA(i: number): 'action' | 'rush' {
    if (this.actionUsed[i] === 0) {
      this.actionUsed[i] = 1;
      return 'action';
    }
    this.rush[i]--;
    return 'rush';
  }
  private emit(e: HREvent): void {
    this.sink!.push(e);
  }

  // ───────────── one combat ─────────────
  /** Prepare a combat seeded `seed` (HR-D5 streams, HR-R2 order). */
  begin(seed: number): void {
    const n = this.n;
    this.seed = seed;
    this.dice.reset(seed);
    this.round = 0;
    this.winner = -1;
    this.result = -1;
    this.endRound = 0;
    for (let i = 0; i < n; i++) {
      this.hp[i] = this.hpMax[i];
      this.heart[i] = this.heart0[i];
      this.x[i] = this.x0[i];
      this.y[i] = this.y0[i];
      this.down[i] = 0;
      this.dead[i] = 0;
      this.live[i] = 1;
      this.everDown[i] = 0;
      this.rush[i] = this.rush0[i];
      this.hold(i, 0);
      this.prone[i] = 0;
      this.grappledBy[i] = -1;
      this.grappling[i] = -1;
      this.climbing[i] = -1;
      this.help[i] = 0;
      this.stance[i] = S_OUT;
      this.cover[i] = this.cover0[i];
      this.hidden[i] = this.hidden0[i];
      this.focus[i] = -1;
      this.dmgDealt[i] = 0;
      this.dmgTaken[i] = 0;
      this.wounds[i] = 0;
    }
    this.st.fill(0);
    this.stUntil = 0;
    this.seen.fill(0);
    this.zpos = positionHash(this.x, this.y, n);
    const g = this.occ;
    if (g !== null) {
      g.fill(0);
      for (let i = 0; i < n; i++) g[(this.pc[i] = this.cell(this.x[i], this.y[i]))]++;
    }
    this.climbers = 0;
    this.grapples = 0;
    this.pathLeft = 0;
    // HR-R2: the order is fixed once; tied players' contests are rolled first thing, from the stream (ruling)
    if (this.order.length !== n) this.order = timingOrder(this.agilities, this.players, this.timingCheck);
    else if (this.tiedPlayers) this.retime();
    if (this.sink)
      this.emit({ type: 'start', encounter: this.enc.name, seed, order: this.order.map((i) => this.names[i]) });
  }
  /** HR-R2, fixed per encounter: the agility dice, who is a player, whether two players tie (their order is rolled every combat). */
  private readonly agilities: number[] = [];
  private readonly players: boolean[] = [];
  private readonly tiedPlayers: boolean;
  /** A tied player's timing contest roll: heart + agility from its stream. */
  private readonly timingCheck = (i: number): number =>
    this.dice.rollStream(i, this.heart[i]) + this.dice.rollStream(i, this.abil[i * 3 + S_AGI]);
  /** timingOrder's sort before any contest (fixed per encounter), and each combatant's last contest roll. */
  private readonly byAgility: Int32Array;
  private readonly contest: Int32Array;
  /**
   * timingOrder again, in place in `order` (nothing allocated): the same contests rolled in the same order, the
   * same ties re-rolled among themselves.
   */
  private retime(): void {
    const n = this.n,
      idx = this.byAgility,
      ord = this.order,
      ag = this.agilities,
      pl = this.players;
    for (let k = 0; k < n; k++) ord[k] = idx[k];
    let i = 0;
    while (i < n) {
      let e = i + 1;
      while (e < n && ag[idx[e]] === ag[idx[i]] && pl[idx[e]] === pl[idx[i]]) e++;
      if (pl[idx[i]]) this.settle(i, e);
      i = e;
    }
  }
  /** HR-D4 for order[a..e): each rolls (in this order), highest first (ties: file order), then each tie settled among itself. */
  private settle(a: number, e: number): void {
    if (e - a < 2) return;
    const ord = this.order,
      v = this.contest;
    for (let k = a; k < e; k++) v[ord[k]] = this.timingCheck(ord[k]);
    for (let k = a + 1; k < e; k++) {
      const x = ord[k];
      let j = k - 1;
      while (j >= a && (v[ord[j]] < v[x] || (v[ord[j]] === v[x] && ord[j] > x))) {
        ord[j + 1] = ord[j];
        j--;
      }
      ord[j + 1] = x;
    }
    let j = a;
    while (j < e) {
      let f = j + 1;
      while (f < e && v[ord[f]] === v[ord[j]]) f++;
      this.settle(j, f);
      j = f;
    }
  }
  private hasTiedPlayers(ag: number[], pl: boolean[]): boolean {
    for (let i = 0; i < ag.length; i++)
      for (let j = i + 1; j < ag.length; j++) if (pl[i] && pl[j] && ag[i] === ag[j]) return true;
    return false;
  }

  /** Whole combat, no events unless a sink is set. Returns R_*. */
  run(seed: number): number {
    this.begin(seed);
    while (this.result < 0) this.playRound();
    return this.result;
  }

  /** One round (HR-R1). Sets `result` when the combat ends. */
  playRound(): void {
    const r = ++this.round;
    const n = this.n;
    // 1. start (HR-R4, T1); the arrays in locals: a loop that stores into typed arrays reloads every field of `this`
    const flags = this.roundFlags,
      dashes = this.dashes,
      stance = this.stance;
    for (let k = 0, e = flags.length; k < e; k++) flags[k] = 0; // actionUsed, freeDashUsed, freeInteractUsed, attacked, goingRound
    // who is up on each side, counted afresh each round (from `live`) and kept by applyDamage: HR-X1 reads it
    const upCount = this.upCount,
      side = this.side,
      live = this.live;
    for (let s = 0; s < this.nSides; s++) upCount[s] = 0;
    for (let i = 0; i < n; i++) {
      dashes[i] = 0;
      stance[i] = S_OUT;
      upCount[side[i]] += live[i];
    }
    if (r > 1 && r <= this.stUntil) {
      const st = this.st;
      for (let k = 0, e = 4 * n; k < e; k++) if (st[k] > 0) st[k]--;
    }
    if (this.sink) this.emit({ type: 'phase', round: r, phase: r === 1 ? 'start' : 'action' });
    for (let i = 0; i < n; i++) if (this.up(i)) this.pickFocus(i);
    if (r === 1 && this.openingAttacks()) return;
    // 2. action phase (HR-R3)
    this.actionPhases++;
    if (this.sink && r === 1) this.emit({ type: 'phase', round: r, phase: 'action' });
    let passes = 0;
    // indexed loops over the timing order, not for-of: TurboFan compiles a for-of as a try block (iterator closing)
    const ord = this.order,
      no = ord.length;
    for (;;) {
      let any = false;
      for (let q = 0; q < no; q++) {
        const i = ord[q];
        if (!this.up(i) || (r === 1 && this.surprised[i])) continue;
        if (this.actionStep(i)) {
          any = true;
          if (this.checkEnd()) return;
        }
      }
      if (!any || ++passes > 64) break;
    }
    for (let q = 0; q < no; q++) {
      const i = ord[q];
      if (this.up(i) && !(r === 1 && this.surprised[i])) this.lastPass(i);
    }
    // 3. engagement
    if (this.engagement()) return;
    // 4. round end
    for (let i = 0; i < n; i++) this.help[i] = 0; // HR-A6: unused Help expires
    if (this.sink) this.emitRoundEnd();
    if (r >= this.cap) this.finish(R_STALEMATE);
  }

  private emitRoundEnd(): void {
    const line = [];
    for (let i = 0; i < this.n; i++) {
      const notes: string[] = [];
      if (this.dead[i]) notes.push('dead');
      else if (this.down[i]) notes.push('unconscious');
      if (this.heart[i] !== this.heart0[i]) notes.push(`heart d${this.heart[i]}`);
      for (let k = 0; k < 4; k++) if (this.st[i * 4 + k]) notes.push(`${STATUS_NAMES[k]} ${this.st[i * 4 + k]}`);
      if (this.prone[i]) notes.push('prone');
      if (this.grappledBy[i] >= 0) notes.push(`grappled by ${this.names[this.grappledBy[i]]}`);
      line.push({
        who: this.names[i],
        hp: this.hp[i],
        max: this.hpMax[i],
        notes: notes.join(', '),
        at: [this.x[i], this.y[i]] as const,
      });
    }
    this.emit({ type: 'round-end', round: this.round, line });
  }

  /** Per side: how many are up (`live`), counted at each round's start and kept by applyDamage. */
  private readonly upCount: Int32Array;
  /** HR-X1: ends the combat when at most one side still has a conscious combatant. */
  checkEnd(): boolean {
    let sides = 0,
      last = -1;
    for (let s = 0; s < this.nSides; s++) {
      if (this.upCount[s] > 0) {
        sides++;
        last = s;
      }
    }
    if (sides > 1) return false;
    if (sides === 1) {
      this.winner = last;
      this.finish(R_VICTORY);
    } else this.finish(R_DRAW);
    return true;
  }
  private finish(r: number): void {
    this.result = r;
    this.endRound = this.round;
    if (this.sink) {
      this.emit({
        type: 'end',
        round: this.round,
        outcome: r === R_VICTORY ? 'victory' : r === R_DRAW ? 'draw' : 'stalemate',
        winner: r === R_VICTORY ? this.enc.sides[this.winner].name : null,
      });
    }
  }

  // ───────────── focus (the simulator's default tactic) ─────────────
  private pickFocus(i: number): void {
    const weakest = this.tactic[i] === T_WEAKEST;
    let best = -1,
      db = 0,
      hb = 0; // dist(i, best) and hp[best], kept rather than read again for every candidate
    const foes = this.foes,
      s = this.side[i],
      live = this.live,
      hp = this.hp,
      x = this.x,
      y = this.y,
      xi = x[i],
      yi = y[i];
    for (let q = this.foeAt[s], e = this.foeAt[s + 1]; q < e; q++) {
      const j = foes[q];
      if (live[j] !== 1) continue;
      const dj = Math.max(Math.abs(x[j] - xi), Math.abs(y[j] - yi));
      // nearest first: a farther one's HP is never read (nor, for focus-weakest, asked any later than needed)
      if (!weakest && best >= 0 && dj > db) continue;
      const hj = hp[j];
      const better = best < 0 || (weakest ? hj < hb || (hj === hb && dj < db) : dj < db || (dj === db && hj < hb));
      if (better) {
        best = j;
        db = dj;
        hb = hj;
      }
    }
    const changed = best !== this.focus[i];
    this.focus[i] = best;
    if (this.sink && changed && best >= 0) {
      this.emit({
        type: 'focus',
        round: this.round,
        who: this.names[i],
        target: this.names[best],
        reason: weakest ? 'lowest HP (focus-weakest)' : 'nearest enemy',
      });
    }
  }

  // ───────────── round 1 openers (HR-R5, O2 d–e, S1) ─────────────
  /** Returns true when the combat ended. */
  private openingAttacks(): boolean {
    for (const i of this.order) {
      if (!this.hidden[i] || !this.up(i)) continue;
      this.hidden[i] = 0; // revealed after its one attack (HR-O2 d)
      const t = this.oaTarget(i, false);
      if (t >= 0 && this.canPay(i)) {
        this.opportunityAttack(i, t, 'cannot see the attacker (hidden)');
        if (this.checkEnd()) return true;
      }
    }
    for (const t of this.order) {
      if (!this.surprised[t]) continue;
      for (const i of this.order) {
        if (
          this.side[i] === this.side[t] ||
          this.surprised[i] ||
          !this.up(i) ||
          !this.up(t) ||
          this.tactic[i] === T_HOLD
        )
          continue;
        if (this.inReach(i, t) && this.canPay(i)) {
          this.opportunityAttack(i, t, 'surprised (HR-S1)');
          if (this.checkEnd()) return true;
        }
      }
    }
    return false;
  }
  private oaTarget(i: number, meleeOnly: boolean): number {
    const f = this.focus[i];
    if (f >= 0 && this.up(f) && this.inReach(i, f) && (!meleeOnly || !this.isRanged(i))) return f;
    let best = -1;
    const foes = this.foes,
      s = this.side[i];
    for (let q = this.foeAt[s], e = this.foeAt[s + 1]; q < e; q++) {
      const j = foes[q];
      if (!this.up(j) || !this.inReach(i, j)) continue;
      if (best < 0 || this.dist(i, j) < this.dist(i, best)) best = j;
    }
    return best;
  }

  // ───────────── action phase ─────────────
  /** One step of i in a pass (HR-R3); true when a step was taken. */
  private actionStep(i: number): boolean {
    const tac = this.tactic[i];
    if (tac === T_HOLD) return false;
    // HR-T4: always stand before moving
    if (this.prone[i]) return this.standUp(i);
    // HR-T5: a grappled combatant's action tries to break free
    if (this.grapples > 0 && this.grappledBy[i] >= 0) {
      if (this.actionUsed[i]) return false;
      this.breakFree(i);
      return true;
    }
    // HR-S2: relentless attacks a helpless enemy in melee reach
    if (this.relentless[i] && this.canPay(i) && !this.isRanged(i)) {
      const foes = this.foes,
        s = this.side[i];
      for (let q = this.foeAt[s], e = this.foeAt[s + 1]; q < e; q++) {
        const j = foes[q];
        if (this.down[j] && !this.dead[j] && this.inReach(i, j)) {
          this.opportunityAttack(i, j, 'helpless (HR-S2, relentless)');
          return true;
        }
      }
    }
    // HR-T6: a host's action may shake off a climber
    if (this.actionUsed[i] === 0 && this.climbers > 0) {
      for (let j = 0; j < this.n; j++) {
        if (this.climbing[j] === i) {
          this.shakeOff(i, j);
          return true;
        }
      }
    }
    if (this.grapples > 0 && this.grappling[i] >= 0) return false; // keeps its hold: a grappler cannot dash (HR-T5)
    if (this.climbers > 0 && this.climbing[i] >= 0) return false; // rides its host (HR-T6)
    if (tac === T_SUPPORT) return this.supportMove(i);
    if (tac === T_KITE && this.inEnemyReach(i, this.x[i], this.y[i])) return this.kiteAway(i);
    const f = this.focus[i];
    if (f < 0 || !this.up(f)) return false;
    const d = this.dist(i, f);
    if (this.inReachAt(i, f, d)) return false;
    return this.approach(i, f, d);
  }

  /** HRS-25 scratch: breadth-first distances and queue, grown as needed. */
  private bfsDist = new Int32Array(0);
  private bfsQueue = new Int32Array(0);
  private bfsStamp = new Int32Array(0);
  private bfsGen = 0;

  private inEnemyReach(i: number, xx: number, yy: number): boolean {
    const foes = this.foes,
      s = this.side[i],
      meleeR = this.meleeR,
      x = this.x,
      y = this.y;
    for (let q = this.foeAt[s], e = this.foeAt[s + 1]; q < e; q++) {
      const j = foes[q];
      // up with a melee weapon in hand (−1: not), and threatens(j, xx, yy): within its reach on both axes
      const r = meleeR[j];
      if (r < 0) continue;
      const dx = x[j] - xx,
        dy = y[j] - yy;
      if (dx <= r && dx >= -r && dy <= r && dy >= -r) return true;
    }
    return false;
  }

  /** The free neighbour square of i that brings it nearest to (tx, ty) (Chebyshev, then straight line, then y, x); −1 if none is nearer. */
  private bestStep(i: number, tx: number, ty: number, away: boolean): number {
    // HRS-25: once round an obstacle, the greedy step would often lead straight back into the pocket it left
    if (!away && this.goingRound[i] === 1) return this.detourStep(i, tx, ty);
    const cx = this.x[i],
      cy = this.y[i];
    const cur = Math.max(Math.abs(cx - tx), Math.abs(cy - ty));
    let bestD = cur,
      bestE = 0,
      best = -1;
    let occ = -1; // the occupied neighbour squares, found the first time one would win
    const ox = cx - tx,
      oy = cy - ty;
    if (!away && (ox !== 0 || oy !== 0)) {
      // toward: the square a step nearer on each axis that is not yet level is nearer both ways than any other (the
      // least |dx| and |dy| at once: the least Chebyshev and the least straight-line distance, the latter unique), so
      // the loop below would pick it whenever it is free
      const sx = ox > 0 ? -1 : ox < 0 ? 1 : 0,
        sy = oy > 0 ? -1 : oy < 0 ? 1 : 0;
      const k = KOF[(sy + 1) * 3 + sx + 1],
        nx = cx + sx * 5,
        ny = cy + sy * 5;
      if (this.inField(nx, ny)) {
        const g = this.occ;
        if (g !== null ? g[this.pc[i] + this.dcell[k]] === 0 : (this.neighbours(i) & NBI[k]) === 0) return k;
      }
    }
    for (let k = 0; k < 8; k++) {
      // the square's offset from the target, its Chebyshev distance d and squared straight-line distance e
      const ex = ox + DX5[k],
        ey = oy + DY5[k];
      const ax = ex < 0 ? -ex : ex,
        ay = ey < 0 ? -ey : ey;
      const d = ax > ay ? ax : ay;
      if (away ? d < bestD : d > bestD) continue; // cannot win
      const e = ex * ex + ey * ey;
      const better = away
        ? d > bestD || (d === bestD && best >= 0 && e > bestE)
        : d < bestD || (d === bestD && best >= 0 && e < bestE);
      const nx = cx + DX5[k],
        ny = cy + DY5[k];
      // only a square that would win is checked for room (finding the occupied ones walks every combatant)
      if (better && this.inField(nx, ny)) {
        if (occ < 0) occ = this.neighbours(i);
        if ((occ & NBI[k]) !== 0) continue;
        bestD = d;
        bestE = e;
        best = k;
      }
    }
    if (best < 0 && !away) {
      const k = this.detourStep(i, tx, ty);
      if (k >= 0) this.goingRound[i] = 1;
      return k;
    }
    return best;
  }

  /**
   * HRS-25: when no free neighbour is nearer as the crow flies (fallen bodies or allies in the way), the
   * step that starts the shortest way round: a breadth-first search over free squares from the target,
   * in a box 60 ft beyond mover and target. −1 when no way round exists. Greedy steps are kept wherever
   * they exist, so fights that never get blocked log exactly as before.
   */
  private detourStep(i: number, tx: number, ty: number): number {
    let k: number;
    if (
      this.pathLeft > 0 &&
      this.pathOwner === i &&
      this.pathMoves === this.moves &&
      this.pathTx === tx &&
      this.pathTy === ty &&
      this.pathX === this.x[i] &&
      this.pathY === this.y[i]
    ) {
      // the mover took the path's last step and nobody else moved since: the search from here would take its next
      k = this.pathSteps & 7;
      this.pathSteps >>>= 3;
      this.pathLeft--;
    } else {
      // a pure function of (i, tx, ty) and every position, asked again within a combat and across them
      const p = this.occ !== null ? this.pc : this.x,
        q = this.y; // the memo's positions (detourMemo)
      let path = this.detourKept.find(i, tx, ty, 0, p, q, this.zpos);
      if (path === MISS) {
        path = this.detourSearch(i, tx, ty);
        this.detourKept.put(i, tx, ty, 0, p, q, path);
      }
      if (path < 0) return -1;
      k = path & 7;
      this.pathSteps = (path & PATH_STEPS) >>> 3;
      this.pathLeft = (path >>> PATH_LEN_SHIFT) - 1;
    }
    this.pathOwner = i;
    this.pathTx = tx;
    this.pathTy = ty;
    this.pathX = this.x[i] + DIRS_X[k] * 5;
    this.pathY = this.y[i] + DIRS_Y[k] * 5;
    this.pathMoves = this.moves + 1;
    return k;
  }
  /**
   * The detour path being followed: its mover, target square, the square the mover stands on once it takes the step
   * just returned and the move count then, and the steps after it (3 bits each, the next lowest), pathLeft of them.
   */
  private pathOwner = -1;
  private pathTx = 0;
  private pathTy = 0;
  private pathX = 0;
  private pathY = 0;
  private pathMoves = 0;
  private pathSteps = 0;
  private pathLeft = 0;

  /** HRS-25 detours kept across combats (position-memo.ts), shared with the simulators alike (`detourMemo`). */
  private readonly detourKept: PositionMemo;

  /**
   * The first step of the shortest way round from i's square to (tx, ty), then (PATH_LEN_SHIFT up) how many steps
   * are known and (3 bits a step from bit 3) the steps after it: from each square the path reaches, the step a search
   * from there would take were nobody else to move — the same free squares, the same box (the path ends where the box
   * would change), so the same distances, and every square nearer the target than the mover is labelled by either
   * search. −1 when no way round exists.
   */
  private detourSearch(i: number, tx: number, ty: number): number {
    const cx = this.x[i],
      cy = this.y[i];
    const x0 = this.boxLo(cx, tx),
      y0 = this.boxLo(cy, ty);
    const x1 = this.boxHi(cx, tx, this.fieldW),
      y1 = this.boxHi(cy, ty, this.fieldH);
    const w = Math.floor((x1 - x0) / 5) + 1,
      h = Math.floor((y1 - y0) / 5) + 1;
    if (w <= 0 || h <= 0 || w * h > 40_000) return -1;
    const size = w * h;
    // scratch reused between calls: a square is seen in this search when its stamp is this search's number
    // (no clearing of the whole box per search); its distance then, −2 blocked; the queue of squares
    if (this.bfsDist.length < size) {
      this.bfsDist = new Int32Array(size);
      this.bfsStamp = new Int32Array(size);
      this.bfsQueue = new Int32Array(size);
      this.bfsGen = 0;
    }
    if (this.bfsGen >= 0x3fffffff) {
      this.bfsStamp.fill(0);
      this.bfsGen = 0;
    }
    const gen = ++this.bfsGen;
    const dist = this.bfsDist,
      stamp = this.bfsStamp,
      queue = this.bfsQueue;
    for (let j = 0; j < this.n; j++) {
      if (j === i) continue;
      const jx = this.x[j],
        jy = this.y[j];
      if (jx >= x0 && jx <= x1 && jy >= y0 && jy <= y1) {
        const b = ((jy - y0) / 5) * w + (jx - x0) / 5;
        stamp[b] = gen;
        dist[b] = -2;
      }
    }
    const mover = ((cy - y0) / 5) * w + (cx - x0) / 5;
    stamp[mover] = 0; // the mover's own square (a climber may share it) is always its own
    // breadth first from the target: squares are labelled layer by layer, so when the mover's square is
    // labelled every square nearer the target already is, and the search may stop there (the labels are
    // the true distances whatever the order neighbours are visited in)
    const inBox = cx >= x0 && cx <= x1 && cy >= y0 && cy <= y1;
    let head = 0,
      tail = 0;
    const start = ((ty - y0) / 5) * w + (tx - x0) / 5;
    stamp[start] = gen;
    dist[start] = 0;
    queue[tail++] = start;
    let found = inBox && start === mover;
    while (head < tail && !found) {
      const c = queue[head++];
      const cyq = Math.floor(c / w),
        cxq = c - cyq * w,
        dc = dist[c] + 1;
      for (let k = 0; k < 8; k++) {
        const nx = cxq + DIRS_X[k],
          ny = cyq + DIRS_Y[k];
        if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
        const m = ny * w + nx;
        if (stamp[m] === gen) continue;
        stamp[m] = gen;
        dist[m] = dc;
        queue[tail++] = m;
        if (m === mover && inBox) {
          found = true;
          break;
        }
      }
    }
    if (stamp[mover] !== gen) return -1;
    const here = dist[mover];
    if (here < 0) return -1;
    const first = this.downhill(cx, cy, here, x0, y0, x1, y1, w, start, gen);
    if (first < 0) return -1;
    let path = first,
      len = 1,
      px = cx,
      py = cy,
      d = here,
      k = first;
    while (len < PATH_MAX) {
      px += DIRS_X[k] * 5;
      py += DIRS_Y[k] * 5;
      d--;
      if (
        this.boxLo(px, tx) !== x0 ||
        this.boxLo(py, ty) !== y0 ||
        this.boxHi(px, tx, this.fieldW) !== x1 ||
        this.boxHi(py, ty, this.fieldH) !== y1
      )
        break;
      k = this.downhill(px, py, d, x0, y0, x1, y1, w, start, gen);
      if (k < 0) break;
      path |= k << (3 * len++);
    }
    return path | (len << PATH_LEN_SHIFT);
  }
  /** The detour search's box: 60 ft beyond mover and target, on the field. */
  private boxLo(c: number, t: number): number {
    return Math.max(0, Math.min(c, t) - 60);
  }
  private boxHi(c: number, t: number, size: number): number {
    return Math.min(size - 5, Math.max(c, t) + 60);
  }
  /** Of the labelled neighbours of (cx, cy) (its distance `here`), the first nearest the target and nearer than it, or −1. */
  private downhill(
    cx: number,
    cy: number,
    here: number,
    x0: number,
    y0: number,
    x1: number,
    y1: number,
    w: number,
    start: number,
    gen: number,
  ): number {
    const dist = this.bfsDist,
      stamp = this.bfsStamp;
    let best = -1,
      bestD = here;
    for (let k = 0; k < 8; k++) {
      const nx = cx + DIRS_X[k] * 5,
        ny = cy + DIRS_Y[k] * 5;
      if (nx < x0 || ny < y0 || nx > x1 || ny > y1) continue;
      const b = ((ny - y0) / 5) * w + (nx - x0) / 5;
      // the search starts on the target's own square, which the target fills (HR-P1): never a step
      const d = stamp[b] === gen && b !== start ? dist[b] : -1;
      if (d >= 0 && d < bestD) {
        bestD = d;
        best = k;
      }
    }
    return best;
  }

  /** i moves toward its focus f, d = dist(i, f) away. */
  private approach(i: number, f: number, d: number): boolean {
    const reach = this.reachOf(i);
    // one 5-ft step suffices and i stands in an enemy's reach: sidestep (rush first, then action) — HR-A4
    if (d - 5 <= reach && this.canPay(i) && this.inEnemyReach(i, this.x[i], this.y[i])) {
      const k = this.bestStep(i, this.x[f], this.y[f], false);
      if (k >= 0) {
        this.sidestep(i, k, this.sink ? `toward ${this.names[f]}` : '');
        return true;
      }
    }
    return this.dash(i, f, false, this.sink ? `toward ${this.names[f]}` : '');
  }

  private kiteAway(i: number): boolean {
    // nearest threatening enemy: step away from it
    let t = -1;
    const foes = this.foes,
      s = this.side[i];
    for (let q = this.foeAt[s], e = this.foeAt[s + 1]; q < e; q++) {
      const j = foes[q];
      if (this.up(j) && this.threatens(j, this.x[i], this.y[i]) && (t < 0 || this.dist(i, j) < this.dist(i, t))) t = j;
    }
    const k = this.bestStep(i, this.x[t], this.y[t], true);
    if (k < 0) return false;
    const nx = this.x[i] + DIRS_X[k] * 5,
      ny = this.y[i] + DIRS_Y[k] * 5;
    if (!this.inEnemyReach(i, nx, ny) && this.canPay(i) && this.grappledBy[i] < 0) {
      this.sidestep(i, k, this.sink ? `out of ${this.names[t]}'s reach (kite)` : '');
      return true;
    }
    return this.dash(i, t, true, this.sink ? `away from ${this.names[t]} (kite)` : '');
  }

  private supportMove(i: number): boolean {
    let a = -1;
    const mates = this.mates,
      s = this.side[i];
    for (let q = this.mateAt[s], e = this.mateAt[s + 1]; q < e; q++) {
      const j = mates[q];
      if (j === i || !this.up(j)) continue;
      if (a < 0 || this.dist(i, j) < this.dist(i, a)) a = j;
    }
    if (a < 0 || this.dist(i, a) <= 5) return false;
    return this.dash(i, a, false, this.sink ? `next to ${this.names[a]} (support)` : '', 5);
  }

  /** HR-T6: climbers move with their host. */
  private carry(i: number): void {
    if (this.climbers === 0) return;
    for (let j = 0; j < this.n; j++) {
      if (this.climbing[j] === i) this.moveTo(j, this.x[i], this.y[i]);
    }
  }
  /** A climber leaves its host: to the first free neighbour square (file order of directions), prone if thrown. */
  private dismount(j: number, prone: boolean): boolean {
    const h = this.climbing[j];
    for (let k = 0; k < 8; k++) {
      const nx = this.x[h] + DIRS_X[k] * 5,
        ny = this.y[h] + DIRS_Y[k] * 5;
      if (!this.inField(nx, ny) || this.occupiedBy(nx, ny, j)) continue;
      this.climbing[j] = -1;
      this.climbers--;
      this.moveTo(j, nx, ny);
      if (prone) this.prone[j] = 1;
      return true;
    }
    return false; // no room: it stays on (ruling)
  }
  private occupiedBy(xx: number, yy: number, except: number): boolean {
    return this.occupied(xx, yy, except);
  }
  private shakeOff(i: number, j: number): void {
    this.actionUsed[i] = 1;
    const mine = this.rollCheck(i, this.bestContestAbility(i), 0, false);
    const mineV = this.rv;
    const theirs = this.rollCheck(j, this.bestContestAbility(j), 0, false);
    const theirsV = this.rv;
    const success = mine > theirs && this.dismount(j, true); // the climber resists: wins ties
    if (this.sink)
      this.emit({
        type: 'break-free',
        round: this.round,
        who: this.names[i],
        from: this.names[j],
        mine: mineV!,
        theirs: theirsV!,
        success,
        shake: true,
      });
  }

  private sidestep(i: number, k: number, reason: string): void {
    const cost = this.rush[i] > 0 ? 'rush' : 'action'; // HR-A4: the sim spends a rush point first
    if (cost === 'rush') this.rush[i]--;
    else this.actionUsed[i] = 1;
    const fx = this.x[i],
      fy = this.y[i];
    this.moveStep(i, k);
    this.carry(i);
    this.cover[i] = 0; // HR-S3: cover holds until first move
    if (this.sink)
      this.emit({
        type: 'move',
        round: this.round,
        who: this.names[i],
        kind: 'sidestep',
        cost,
        from: [fx, fy],
        to: [this.x[i], this.y[i]],
        feet: 5,
        reason,
      });
  }

  private standUp(i: number): boolean {
    // HR-T4: a sidestep (never provokes) if payable, else half a dash (provokes, HR-O2 c)
    if (this.canPay(i)) {
      const cost = this.rush[i] > 0 ? 'rush' : 'action';
      if (cost === 'rush') this.rush[i]--;
      else this.actionUsed[i] = 1;
      this.prone[i] = 0;
      if (this.sink)
        this.emit({
          type: 'move',
          round: this.round,
          who: this.names[i],
          kind: 'stand',
          cost,
          from: [this.x[i], this.y[i]],
          to: [this.x[i], this.y[i]],
          feet: 0,
          reason: 'stands up (sidestep)',
        });
      return true;
    }
    const cost = this.freeDashUsed[i] === 0 ? 'free' : this.actionUsed[i] === 0 ? 'action' : null;
    if (!cost || this.dashes[i] >= 2) return false;
    if (cost === 'free') this.freeDashUsed[i] = 1;
    else this.actionUsed[i] = 1;
    this.dashes[i]++;
    this.prone[i] = 0;
    if (this.sink)
      this.emit({
        type: 'move',
        round: this.round,
        who: this.names[i],
        kind: 'stand',
        cost,
        from: [this.x[i], this.y[i]],
        to: [this.x[i], this.y[i]],
        feet: 0,
        reason: 'stands up (half a dash)',
      });
    this.oaUsed.fill(0);
    for (const j of this.order) {
      if (this.side[j] === this.side[i] || !this.up(j) || !this.up(i) || this.tactic[j] === T_HOLD) continue;
      if ((this.round === 1 && this.surprised[j]) || !this.threatens(j, this.x[i], this.y[i]) || !this.canPay(j))
        continue;
      this.opportunityAttack(j, i, 'stands up without sidestepping');
    }
    return true;
  }

  /**
   * HR-A3 dash toward (or away from) t: free first, then the action; stops when t is in reach
   * (or `stopAt` feet away), on no progress, at the speed limit, or when tripped or downed.
   * Opportunity attacks (HR-O2 a, b) and Trip (HR-A7) interrupt at the square where they trigger.
   */
  private dash(i: number, t: number, away: boolean, reason: string, stopAt = -1): boolean {
    if (this.dashes[i] >= 2 || this.speed[i] < 5) return false;
    const cost = this.freeDashUsed[i] === 0 ? 'free' : this.actionUsed[i] === 0 ? 'action' : null;
    if (!cost) return false;
    // the first step: nothing below changes a position before the loop asks again, so its answer is kept
    const first0 = this.bestStep(i, this.x[t], this.y[t], away);
    if (first0 < 0) return false;
    if (cost === 'free') this.freeDashUsed[i] = 1;
    else this.actionUsed[i] = 1;
    this.dashes[i]++;
    const fx = this.x[i],
      fy = this.y[i];
    let feet = 0;
    let stopped: string | undefined;
    // inside[j]: steps so far that started and ended inside j's reach (HR-O2 b ruling); it and oaUsed are cleared
    // for the reactors below, the only ones a dash reads them for
    const inside = this.stepDone;
    this.cover[i] = 0;
    // the log shows the dash in segments: up to each square where something interrupts it, then the rest
    const seg = this.seg;
    if (this.sink) {
      seg.x = fx;
      seg.y = fy;
      seg.feet = 0;
      seg.first = true;
      seg.cost = cost;
      seg.reason = reason;
    }
    // who may ever react to this dash, in timing order: enemies not holding, not surprised in round 1, with a melee
    // weapon in hand (a ranged one threatens nobody) — none of which a dash changes; the rest is asked per step
    // and (HR-O2 a, b ask whether a step starts in j's reach) j's reach comes within the dash's last start square;
    // only a climber on i moves with it, and it starts on i's square
    const rx = this.reactors,
      side = this.side[i],
      speed = this.speed[i],
      far = speed - 5;
    const stay = this.staying,
      near = this.reactNear;
    // the arrays the loops below read, in locals: a loop that stores into a typed array makes TurboFan load every
    // field of `this` again at each turn (none of these arrays is ever replaced, only written)
    const x = this.x,
      y = this.y,
      live = this.live,
      oaUsed = this.oaUsed,
      reachNow = this.reachNow;
    const actionUsed = this.actionUsed,
      rush = this.rush,
      meleeR = this.meleeR;
    // the first part holds for the whole action phase (weapons change only in the last pass): listed once per side
    if (this.candAt[side] !== this.actionPhases) this.listCandidates(side);
    const cand = this.cand,
      c0 = side * this.n,
      c1 = c0 + this.candN[side];
    let nr = 0;
    const xi = x[i],
      yi = y[i];
    for (let q = c0; q < c1; q++) {
      const j = cand[q];
      const dj = Math.max(Math.abs(xi - x[j]), Math.abs(yi - y[j]));
      if (dj <= reachNow[j] + far) {
        near[nr] = dj - reachNow[j];
        rx[nr++] = j;
        oaUsed[j] = 0;
        inside[j] = 0;
      }
    }
    // HR-A7: whether the mover is off-balanced holds for the whole dash (statuses change only in the engagement)
    const offBal = this.st[i * 4 + ST_OFFBAL] > 0;
    while (feet + 5 <= speed) {
      if (!away && (stopAt >= 0 ? this.dist(i, t) <= stopAt : this.inReach(i, t))) break;
      if (away && !this.inEnemyReach(i, x[i], y[i])) break;
      const k = feet === 0 ? first0 : this.bestStep(i, x[t], y[t], away);
      if (k < 0) break;
      const ox = x[i],
        oy = y[i];
      const nx = ox + DX5[k],
        ny = oy + DY5[k];
      // HR-O2 a: an enemy whose reach the step would leave attacks first, the mover still in reach (HR-O1: before
      // the step goes on; one it downs falls where it stood, HRS-30)
      // those that may react with both squares in reach are listed for HR-O2 b below (nobody's square but i's and its
      // riders' changes in between, and none of them attacks here: so, with no riders, the same answer)
      let ns = 0;
      for (let q = 0; q < nr; q++) {
        // a step starts at most `feet` from the dash's first square (5 ft a step, Chebyshev), so it starts out of j's
        // reach while near[q] (how far beyond its reach the first square lies) is above `feet`: no need to look
        if (near[q] > feet) continue;
        const j = rx[q];
        // reacts(j, ox, oy), then near(j, nx, ny), on j's square and reach read once (a reactor holds a melee weapon
        // all the action phase, so meleeR is its reach while it is up)
        const r = meleeR[j];
        if (r < 0 || oaUsed[j] !== 0) continue;
        const jx = x[j],
          jy = y[j];
        if (Math.max(Math.abs(jx - ox), Math.abs(jy - oy)) > r) continue;
        if (Math.max(Math.abs(jx - nx), Math.abs(jy - ny)) <= r) {
          stay[ns++] = j;
          continue;
        }
        if (actionUsed[j] !== 0 && rush[j] <= 0) continue; // canPay
        if (!this.dashAttack(j, i, 'leaves its reach')) break;
      }
      if (live[i] !== 1) {
        stopped = 'downed';
        break;
      }
      this.moveStep(i, k);
      this.carry(i);
      feet += 5;
      seg.feet += 5;
      // HR-O2 b: the second step that starts and ends inside an enemy's reach, at most one attack per dash
      if (this.climbers === 0) {
        for (let q = 0; q < ns; q++) {
          const j = stay[q];
          if (
            ++inside[j] >= 2 &&
            (actionUsed[j] === 0 || rush[j] > 0) &&
            !this.dashAttack(j, i, 'more than 5 ft inside its reach')
          )
            break;
        }
      } else {
        for (let q = 0; q < nr; q++) {
          const j = rx[q];
          if (!this.reacts(j, ox, oy) || !this.near(j, nx, ny)) continue;
          if (
            ++inside[j] >= 2 &&
            (actionUsed[j] === 0 || rush[j] > 0) &&
            !this.dashAttack(j, i, 'more than 5 ft inside its reach')
          )
            break;
        }
      }
      if (live[i] !== 1) {
        stopped = 'downed';
        break;
      }
      // HR-A7 Trip: an off-balanced mover entering a square within 5 ft of an enemy at most one size larger than it
      if (offBal) {
        let tripper = -1;
        const ord = this.order;
        for (let q = 0, no = ord.length; q < no; q++) {
          const j = ord[q];
          if (this.side[j] === this.side[i] || !this.up(j) || this.tactic[j] === T_HOLD) continue;
          if (Math.max(Math.abs(this.x[j] - nx), Math.abs(this.y[j] - ny)) <= 5 && this.size[i] <= this.size[j] + 1) {
            tripper = j;
            break;
          }
        }
        if (tripper >= 0) {
          this.prone[i] = 1;
          stopped = 'tripped';
          if (this.sink) this.flushDash(i, stopped);
          if (this.sink)
            this.emit({ type: 'trip', round: this.round, who: this.names[tripper], target: this.names[i] });
          break;
        }
      }
    }
    if (this.sink) this.flushDash(i, stopped);
    return true;
  }
  /** j's opportunity attack on the dashing i, the dash's segment so far logged first; false once i is down. */
  private dashAttack(j: number, i: number, why: string): boolean {
    this.oaUsed[j] = 1;
    if (this.sink) this.flushDash(i);
    this.opportunityAttack(j, i, why);
    return this.up(i);
  }
  /** Of the dash's reactors (melee enemies that may react), whether j may attack now: up, none yet this dash, and (xx, yy) in its reach. */
  private reacts(j: number, xx: number, yy: number): boolean {
    return this.live[j] === 1 && this.oaUsed[j] === 0 && this.near(j, xx, yy);
  }
  /** `threatens` for one known to hold a melee weapon. */
  private near(j: number, xx: number, yy: number): boolean {
    return Math.max(Math.abs(this.x[j] - xx), Math.abs(this.y[j] - yy)) <= this.reachNow[j];
  }
  /** The dash's reactors (scratch, in timing order). */
  private readonly reactors: Int32Array;
  /** A step's reactors with both its squares in reach (scratch, in timing order). */
  private readonly staying: Int32Array;
  /** Per dash reactor (as `reactors`), how far beyond its reach the dash's first square lies (scratch). */
  private readonly reactNear: Int32Array;
  /** agilitySidestep's valid targets within reach + 5 (scratch). */
  private readonly nearT: Int32Array;
  /** Action phases begun in this simulator's life: stamps `candAt`. */
  private actionPhases = 0;
  /** Per side s, cand[s * n ..] (candN[s] of them) are who may react to a dash of s this action phase, listed in phase candAt[s]. */
  private readonly cand: Int32Array;
  private readonly candN: Int32Array;
  private readonly candAt: Float64Array;
  /** Enemies of side s, in timing order, that could react to a dash this action phase: not holding, not surprised in round 1, a melee weapon in hand. */
  private listCandidates(s: number): void {
    const r1 = this.round === 1,
      cand = this.cand,
      ord = this.order,
      side = this.side,
      tactic = this.tactic;
    const surprised = this.surprised,
      rangedNow = this.rangedNow;
    let c = s * this.n;
    // by index, not for-of (compiled as a try block), the arrays in locals (the loop stores into cand)
    for (let q = 0, no = ord.length; q < no; q++) {
      const j = ord[q];
      if (side[j] !== s && tactic[j] !== T_HOLD && !(r1 && surprised[j]) && rangedNow[j] === 0) cand[c++] = j;
    }
    this.candN[s] = c - s * this.n;
    this.candAt[s] = this.actionPhases;
  }
  /** The dash segment being logged (only with a sink): where it started, its feet, and the dash's first cost and reason. */
  private readonly seg = { x: 0, y: 0, feet: 0, first: true, cost: 'free' as 'free' | 'action', reason: '' };
  /** Logs the dash's segment so far (if it moved, or it is the first) and starts the next at i's square. */
  private flushDash(i: number, why?: string): void {
    const seg = this.seg;
    if (seg.feet > 0 || seg.first) {
      this.emit({
        type: 'move',
        round: this.round,
        who: this.names[i],
        kind: 'dash',
        cost: seg.first ? seg.cost : 'free',
        from: [seg.x, seg.y],
        to: [this.x[i], this.y[i]],
        feet: seg.feet,
        reason: seg.first ? seg.reason : 'continues',
        stopped: why,
        cont: !seg.first || undefined,
      });
      seg.first = false;
    }
    seg.x = this.x[i];
    seg.y = this.y[i];
    seg.feet = 0;
  }

  private lastPass(i: number): void {
    const tac = this.tactic[i];
    if (tac === T_HOLD) return;
    // ready the best weapon against the focus (free object interaction, HR-A5)
    const f = this.focus[i];
    if (this.wCount[i] > 1 && this.freeInteractUsed[i] === 0 && f >= 0 && this.up(f) && !this.inReach(i, f)) {
      const d = Math.max(Math.abs(this.x[i] - this.x[f]), Math.abs(this.y[i] - this.y[f])); // dist, not inlined here
      for (let w = 0; w < this.wCount[i]; w++) {
        const g = this.wStart[i] + w;
        if (w !== this.wIn[i] && d <= this.wReach[g] && this.wHands[g] <= this.hands[i]) {
          this.hold(i, w);
          this.freeInteractUsed[i] = 1;
          const held = this.grappling[i];
          const lets = held >= 0 && this.hands[i] - this.wHands[g] < 1;
          if (lets) this.release(i);
          if (this.sink)
            this.emit({
              type: 'ready',
              round: this.round,
              who: this.names[i],
              weapon: this.wName[g],
              reason: `reaches ${this.names[f]}`,
              ...(lets ? { released: this.names[held] } : {}),
            });
          break;
        }
      }
    }
    // HR-A6 Help: the adjacent ally with the lowest HP
    if (this.actionUsed[i] === 0) {
      let a = -1;
      const mates = this.mates,
        s = this.side[i],
        live = this.live,
        x = this.x,
        y = this.y,
        hp = this.hp;
      const xi = x[i],
        yi = y[i];
      for (let q = this.mateAt[s], e = this.mateAt[s + 1]; q < e; q++) {
        const j = mates[q];
        // adjacent: within 5 ft on both axes (dist ≤ 5)
        const dx = x[j] - xi,
          dy = y[j] - yi;
        if (dx > 5 || dx < -5 || dy > 5 || dy < -5 || j === i || live[j] !== 1) continue;
        if (a < 0 || hp[j] < hp[a]) a = j;
      }
      if (a >= 0) {
        this.actionUsed[i] = 1;
        this.help[a]++;
        if (this.sink) this.emit({ type: 'help', round: this.round, who: this.names[i], ally: this.names[a] });
      }
    }
  }

  // ───────────── rolls ─────────────
  /** Help is spent by the next roll (HR-A6). */
  private takeHelp(i: number): number {
    const h = this.help[i];
    this.help[i] = 0;
    return h;
  }
  private grappleLvl(i: number): number {
    return this.grapples > 0 && (this.grappledBy[i] >= 0 || this.grappling[i] >= 0) ? 1 : 0;
  }
  /**
   * Levels on i's attack roll against t (−1: none) with Help h, but for the stance's own status (HR-C4, T2–T5, S3):
   * the one place of this rule, read by the rolls, the roll keys and the kept stance rows (each subtracts
   * st[i * 4 + s] for its stance s). Pure: spending the Help (HR-A6) is the roll's.
   */
  private attackLevel(i: number, t: number, h: number): number {
    let l = h - this.st[i * 4 + ST_BLIND] - this.prone[i] - this.grappleLvl(i);
    if (t >= 0) {
      if (this.rangedNow[i] === 1) l -= this.cover[t];
      if (this.climbers > 0) l += this.climbLvl(i, t);
    }
    return l;
  }
  /** HR-T6: +3 on a climber's attack on its host, −3 on the host's on its climber (asked only while someone climbs). */
  private climbLvl(i: number, t: number): number {
    return (this.climbing[i] === t ? 3 : 0) - (this.climbing[t] === i ? 3 : 0);
  }
  /** Levels on t's defense with Help h (ranged: the attack is ranged), but for the stance's own status; pure. */
  private defenseLevel(t: number, ranged: boolean, h: number): number {
    let l = h - this.st[t * 4 + ST_BLIND] - this.grappleLvl(t);
    if (this.prone[t]) l += ranged ? 1 : -1;
    return l;
  }

  private view(flat: { label: string; value: number }[], total: number, halved = false): RollView {
    const d = this.dice;
    const dice = [];
    for (let j = 0; j < d.n; j++)
      dice.push({ size: d.sizes[j], face: d.faces[j], kept: d.kept[j] === 1, extra: j >= d.k });
    return { dice, level: d.level, flat, total, halved: halved || undefined };
  }

  /** The last roll's view (only with a sink, else null) and whether the last attack roll cited the might bonus: kept here, not returned in an object, so a roll allocates nothing. */
  private rv: RollView | null = null;
  private rmb = false;
  /** Attack roll of i in stance s against a target in stance ts (HR-D2, C5): the total; its view in `rv`. Leaves the pool in dice. */
  private rollAttack(i: number, s: number, ts: number, t: number): number {
    const d = this.dice;
    const w = this.weapon(i);
    d.sizes[0] = this.heart[i];
    d.sizes[1] = this.abil[i * 3 + s];
    d.sizes[2] = this.wDie[w];
    let k = 3,
      flat = 0;
    const mb = s === S_MIGHT && ts === S_CUN; // HR-E9
    if (mb) {
      if (Number.isNaN(this.wMB[w])) d.sizes[k++] = this.wDie[w];
      else flat = this.wMB[w];
    }
    const h = this.help[i];
    this.help[i] = 0; // HR-A6: the Help is spent on this roll
    const level = this.attackLevel(i, t, h) - this.st[i * 4 + s];
    const total = d.pool(i, k, this.abil[i * 3 + s], level) + flat;
    this.rv = this.sink ? this.view(mb && flat !== 0 ? [{ label: 'might bonus', value: flat }] : [], total) : null;
    // HR-C5: `might-bonus +0` switches the bonus off, so the log does not cite it
    this.rmb = mb && (k > 3 || flat !== 0);
    return total;
  }
  private rollDefense(t: number, s: number, ranged: boolean): number {
    const d = this.dice;
    d.sizes[0] = this.heart[t];
    d.sizes[1] = this.abil[t * 3 + s];
    const h = this.help[t];
    this.help[t] = 0; // HR-A6
    const level = this.defenseLevel(t, ranged, h) - this.st[t * 4 + s];
    const total = d.pool(t, 2, this.abil[t * 3 + s], level) + this.armor[t];
    this.rv = this.sink
      ? this.view(this.armor[t] ? [{ label: this.armorName[t] || 'armor', value: this.armor[t] }] : [], total)
      : null;
    return total;
  }
  /** Ability check (HR-D2 ruling): heart + ability die; `adv` extra levels (size, HR-M2). */
  private rollCheck(i: number, ab: number, adv: number, halveIt: boolean): number {
    const d = this.dice;
    d.sizes[0] = this.heart[i];
    d.sizes[1] = this.abil[i * 3 + ab];
    let total = d.pool(i, 2, this.abil[i * 3 + ab], this.takeHelp(i) - this.st[i * 4 + ab] + adv);
    if (halveIt) total = Math.ceil(total / 2);
    this.rv = this.sink ? this.view([], total, halveIt) : null;
    return total;
  }

  // ───────────── damage (HR-H9) ─────────────
  /** Applies `dmg` (after halving) to t from `src`; returns the view when logging. */
  private applyDamage(t: number, src: number, raw: number, halved: boolean): HitView | null {
    let dmg = halved ? (raw + 1) >> 1 : raw;
    let shrug: { from: number; to: number } | null = null;
    const hpBefore = this.hp[t];
    // HRS-29: shrugging off is a dodge the combatant chooses (HR-H1); a helpless body (HR-S2) makes none
    if (dmg > 0 && this.heart[t] > 4 && !this.down[t]) {
      const rule = this.shrugRule[t];
      if (rule === SH_ALWAYS || (rule === SH_AUTO && (dmg >= 10 || hpBefore - dmg <= 0))) {
        const from = this.heart[t];
        this.heart[t] = from - 2; // one size down the ladder (HR-D1)
        dmg = (dmg + 1) >> 1;
        if (this.sink) shrug = { from, to: this.heart[t] };
      }
    }
    this.hp[t] -= dmg;
    this.dmgTaken[t] += dmg;
    if (src >= 0 && this.side[src] !== this.side[t]) this.dmgDealt[src] += dmg;
    let wound = 0;
    if (dmg >= 10) {
      wound = dmg; // HR-H3
      this.wounds[t] += dmg;
    }
    let died = false,
      fell = false;
    if (!this.dead[t] && this.hp[t] <= -this.hpMax[t]) {
      this.dead[t] = 1; // HR-H8
      died = true;
      this.everDown[t] = 1;
    }
    if (!this.down[t] && this.hp[t] <= 0 && !this.fightsOn[t]) {
      this.down[t] = 1; // HR-H7
      fell = true;
      this.everDown[t] = 1;
    }
    if ((died || fell) && this.live[t] === 1) {
      this.live[t] = 0;
      this.meleeR[t] = -1;
      this.upCount[this.side[t]]--;
    }
    if (!this.up(t)) {
      this.release(t);
      if (this.climbing[t] >= 0) this.dismount(t, true); // a downed climber falls off
      if (this.climbers > 0) for (let j = 0; j < this.n; j++) if (this.climbing[j] === t) this.dismount(j, false); // a downed host drops its riders
    }
    if (!this.sink) return null;
    return { raw, halved, shrug, taken: dmg, hpBefore, hpAfter: this.hp[t], wound, unconscious: fell, dead: died };
  }

  /** Ends any grapple i is in (HR-T5). */
  private release(i: number): void {
    const g = this.grappledBy[i];
    if (g >= 0) {
      this.grappling[g] = -1;
      this.grappledBy[i] = -1;
      this.grapples--;
    }
    const h = this.grappling[i];
    if (h >= 0) {
      this.grappledBy[h] = -1;
      this.grappling[i] = -1;
      this.grapples--;
    }
  }

  private addStatus(t: number, k: number, levels: number, reason: string): void {
    const v = Math.min(5, this.st[t * 4 + k] + levels); // HR-T1 cap
    this.st[t * 4 + k] = v;
    // it fades by one at each later round's start, to 0 at round + v's
    if (this.round + v > this.stUntil) this.stUntil = this.round + v;
    if (this.sink)
      this.emit({ type: 'status', round: this.round, who: this.names[t], status: STATUS_NAMES[k], level: v, reason });
  }

  // ───────────── opportunity attacks (HR-O1…O3) ─────────────
  /** The stance with the best expected damage, no stance effects (HR-O3). */
  private oaStance(i: number, t: number): number {
    if (!this.packed) return this.oaStanceExact(i, t);
    // a pure function of the pair, i's heart and weapon in hand, t's heart, and the six levels the three stances' rolls
    // take (clamped as a roll's key clamps them; the rest is what the stance table's key holds): kept in that table
    const tb = (this.table ??= stanceTable(this.tableKey()));
    const ranged = this.rangedNow[i] === 1,
      st = this.st,
      si = i * 4,
      sf = t * 4;
    const a = this.attackLevel(i, t, this.help[i]),
      d = this.defenseLevel(t, ranged, this.help[t]);
    const w0 = this.kind[i] | (this.kind[t] << 8) | (this.wIn[i] << 16) | (this.heart[i] << 24);
    const w1 =
      this.heart[t] |
      (lv5(a - st[si]) << 5) |
      (lv5(a - st[si + 1]) << 9) |
      (lv5(a - st[si + 2]) << 13) |
      (lv5(d - st[sf]) << 17) |
      (lv5(d - st[sf + 1]) << 21) |
      (lv5(d - st[sf + 2]) << 25);
    if (tb.oaKeys.length === 0 || tb.oaUsed >= KEPT_FULL) {
      if (tb.oaKeys.length === 0) {
        tb.oaKeys = new Int32Array(2 * KEPT_SLOTS);
        tb.oaVals = new Int8Array(KEPT_SLOTS);
      }
      tb.oaKeys.fill(-1);
      tb.oaUsed = 0;
    }
    const keys = tb.oaKeys;
    const slot = keptSlot(keys, w0, w1);
    if (keys[slot * 2] !== -1) return tb.oaVals[slot];
    const best = this.oaStanceExact(i, t);
    keys[slot * 2] = w0;
    keys[slot * 2 + 1] = w1;
    tb.oaVals[slot] = best;
    tb.oaUsed++;
    return best;
  }
  /**
   * expectedHit(i, t, s, ts) into eh[0], kept in the stance table (packed rows only): a pure function of the pair, the
   * stances, i's heart and weapon, t's heart (and weapon, in a contest) and the two clamped levels the rolls take.
   */
  private expectedHitKept(i: number, t: number, s: number, ts: number): void {
    if (!this.packed) return this.expectedHit(i, t, s, ts);
    const tb = (this.table ??= stanceTable(this.tableKey()));
    const st = this.st,
      si = i * 4,
      sf = t * 4,
      contest = ts === s;
    const a = this.attackLevel(i, t, this.help[i]) - st[si + s];
    // in a contest t rolls an attack with no target (engagementAttack's rollAttack(t, …, −1)), else a defense
    const d =
      (contest ? this.attackLevel(t, -1, this.help[t]) : this.defenseLevel(t, this.rangedNow[i] === 1, this.help[t])) -
      st[sf + s];
    const w0 = this.kind[i] | (this.kind[t] << 8) | (this.wIn[i] << 16) | (this.heart[i] << 24);
    const w1 =
      this.heart[t] | ((contest ? this.wIn[t] : 0) << 5) | (s << 13) | (ts << 15) | (lv5(a) << 18) | (lv5(d) << 22);
    if (tb.ehKeys.length === 0 || tb.ehUsed >= KEPT_FULL) {
      if (tb.ehKeys.length === 0) {
        tb.ehKeys = new Int32Array(2 * KEPT_SLOTS);
        tb.ehVals = new Float64Array(KEPT_SLOTS);
      }
      tb.ehKeys.fill(-1);
      tb.ehUsed = 0;
    }
    const keys = tb.ehKeys;
    const slot = keptSlot(keys, w0, w1);
    if (keys[slot * 2] !== -1) {
      this.eh[0] = tb.ehVals[slot];
      return;
    }
    this.expectedHit(i, t, s, ts);
    keys[slot * 2] = w0;
    keys[slot * 2 + 1] = w1;
    tb.ehVals[slot] = this.eh[0];
    tb.ehUsed++;
  }
  private oaStanceExact(i: number, t: number): number {
    let best = S_MIGHT,
      bestE = -1;
    for (let s = 0; s < 3; s++) {
      this.expectedHit(i, t, s, S_NONE);
      const e = this.eh[0];
      if (e > bestE) {
        bestE = e;
        best = s;
      }
    }
    return best;
  }
  private opportunityAttack(i: number, t: number, why: string): void {
    const cost = this.payOA(i);
    const s = this.oaStance(i, t);
    const att = this.rollAttack(i, s, S_NONE, t);
    const attV = this.rv;
    const def = this.rollDefense(t, s, this.isRanged(i));
    const defV = this.rv;
    const raw = Math.max(0, att - def);
    const hit = this.applyDamage(t, i, raw, false);
    if (this.sink) {
      this.emit({
        type: 'attack',
        round: this.round,
        kind: 'opportunity',
        who: this.names[i],
        target: this.names[t],
        stance: STANCE_NAMES[s],
        targetStance: 'none',
        cost,
        reason: why,
        attack: attV!,
        defense: defV!,
        contest: false,
        hit,
        hitOn: this.names[t],
        notes: [],
      });
    }
  }

  // ───────────── break free (HR-T5, M2) ─────────────
  private bestContestAbility(i: number): number {
    // higher mean check (ties might): means differ only by the ability die
    return this.abil[i * 3 + S_AGI] > this.abil[i * 3 + S_MIGHT] ? S_AGI : S_MIGHT;
  }
  private breakFree(i: number): void {
    const g = this.grappledBy[i];
    this.actionUsed[i] = 1;
    const sizeDiff = this.size[i] - this.size[g];
    const mine = this.rollCheck(i, this.bestContestAbility(i), Math.max(0, sizeDiff), false);
    const mineV = this.rv;
    const theirs = this.rollCheck(g, S_MIGHT, Math.max(0, -sizeDiff), false);
    const theirsV = this.rv;
    const success = mine > theirs; // the resisting side wins ties (HR-D4)
    if (success) this.release(i);
    if (this.sink)
      this.emit({
        type: 'break-free',
        round: this.round,
        who: this.names[i],
        from: this.names[g],
        mine: mineV!,
        theirs: theirsV!,
        success,
      });
  }

  // ───────────── the engagement (HR-E1…E10) ─────────────
  /** Returns true when the combat ended. */
  private engagement(): boolean {
    const r = this.round;
    this.engagements++;
    const picks: { who: string; stance: StanceName; reason: string }[] | null = this.sink ? [] : null;
    // who acts in each phase, listed in timing order as the stances are chosen (they hold until the round ends)
    const pl = this.phaseList,
      pn = this.phaseN,
      n = this.n;
    pn[0] = pn[1] = pn[2] = 0;
    // HR-E2: every choice is made from the state before anyone's choice this round
    const ord = this.order;
    for (let q = 0, no = ord.length; q < no; q++) {
      const i = ord[q];
      if (!this.up(i)) continue;
      let s: number,
        why = '';
      const script = this.stances[i];
      if (r === 1 && this.surprised[i]) {
        s = S_NONE;
        why = 'surprised';
      } else if (r - 1 < script.length) {
        s = STANCE_NAMES.indexOf(script[r - 1] as StanceName);
        why = 'scripted';
      } else {
        s = this.chooseStance(i);
        if (picks) why = this.stanceWhy;
      }
      this.stance[i] = s;
      if (s >= 0 && s < 3) pl[s * n + pn[s]++] = i;
      if (picks) picks.push({ who: this.names[i], stance: STANCE_NAMES[s], reason: why });
    }
    // fictitious play: everyone's shown stances are counted (HR-E2 reveal)
    const stance = this.stance,
      seen = this.seen; // locals: the loop stores into `seen`
    for (let i = 0; i < n; i++) {
      const si = stance[i];
      if (si >= 0 && si < 4) seen[i * 4 + si]++;
    }
    if (picks) this.emit({ type: 'stances', round: r, picks });
    for (const p of PHASES) {
      if (this.resolvePhase(p)) return true;
      if (this.checkEnd()) return true;
    }
    return false;
  }

  private readonly mq: Int32Array; // queued maneuvers: attacker, target
  /** This round's stance s takers in timing order: phaseList[s * n ..], phaseN[s] of them (engagement). */
  private readonly phaseList: Int32Array;
  private readonly phaseN = new Int32Array(3);
  private resolvePhase(p: number): boolean {
    // who of this phase's takers is up as it opens (HR-E4): only they read it (their attacks, their queued maneuvers)
    const pl = this.phaseList,
      live = this.live,
      uap = this.upAtPhase;
    for (let q = p * this.n, e = q + this.phaseN[p]; q < e; q++) uap[pl[q]] = live[pl[q]];
    let nm = 0;
    for (let q = p * this.n, e = q + this.phaseN[p]; q < e; q++) {
      const i = pl[q];
      if (!this.upAtPhase[i]) continue;
      if (this.sink) this.phaseName = ABILITY[p];
      // HR-M1: a maneuver against a strictly beaten target within 5 ft, instead of the attack
      if (this.maneuver[i] !== M_NONE) {
        const t = this.maneuverTarget(i, p, nm);
        if (t >= 0) {
          this.mq[nm * 2] = i;
          this.mq[nm * 2 + 1] = t;
          nm++;
          this.attacked[i] = 1;
          continue;
        }
      }
      let t = this.pickTarget(i, p);
      // one downed earlier in this phase still attacks (HR-E4) but no longer moves (ruling)
      // a prone one's sidestep would only stand it up (HR-A4), which brings no one into reach (HRS-28)
      if (t < 0 && p === S_AGI && this.up(i) && !this.prone[i] && this.agiExtra(i) > 0) t = this.agilitySidestep(i);
      if (t < 0) {
        if (this.sink)
          this.emit({
            type: 'no-target',
            round: this.round,
            who: this.names[i],
            stance: STANCE_NAMES[p],
            reason: 'no valid enemy in reach',
          });
        continue;
      }
      this.engagementAttack(i, t, p);
    }
    for (let m = 0; m < nm; m++) {
      const i = this.mq[m * 2],
        t = this.mq[m * 2 + 1];
      if (this.up(t) && (this.up(i) || this.upAtPhase[i])) this.resolveManeuver(i, t, p);
    }
    return false;
  }
  private phaseName = '';

  private validTarget(i: number, t: number, p: number): boolean {
    return this.side[t] !== this.side[i] && this.up(t) && canAttack(p, this.stance[t]);
  }
  /** HR-E6 target: the focus if valid and in reach, else the best expected damage (then lowest HP, file order). */
  private pickTarget(i: number, p: number): number {
    const f = this.focus[i];
    if (f >= 0 && this.validTarget(i, f, p) && this.inReach(i, f)) return f;
    // every valid enemy in reach is a target: a same-stance contest's expectation is dealt − taken, often below −1
    let best = -1,
      bestE = -Infinity;
    const foes = this.foes,
      s = this.side[i];
    for (let q = this.foeAt[s], e = this.foeAt[s + 1]; q < e; q++) {
      const t = foes[q];
      if (!this.up(t) || !canAttack(p, this.stance[t]) || !this.inReach(i, t)) continue;
      this.expectedHitKept(i, t, p, this.stance[t]);
      const e = this.eh[0];
      if (e > bestE || (e === bestE && this.hp[t] < this.hp[best])) {
        bestE = e;
        best = t;
      }
    }
    return best;
  }
  /** HR-E8: the free agility sidestep, only when it brings a valid target into reach (focus preferred). */
  private agilitySidestep(i: number): number {
    // one 5-ft step shortens a distance by 5 at most: only a valid target within reach + 5 can come into reach
    // (every target pickTarget may return from a square is one of these)
    const reach = this.reachOf(i),
      ranged = this.isRanged(i),
      near = this.nearT,
      x = this.x,
      y = this.y;
    let nn = 0;
    // validTarget(i, t, S_AGI), the cover and the distance on locals (the loop stores into `near`)
    const side = this.side,
      si = side[i],
      live = this.live,
      stance = this.stance,
      cover = this.cover,
      xi = x[i],
      yi = y[i];
    for (let t = 0; t < this.n; t++) {
      if (
        side[t] !== si &&
        live[t] === 1 &&
        canAttack(S_AGI, stance[t]) &&
        !(ranged && cover[t] >= 99) &&
        Math.max(Math.abs(xi - x[t]), Math.abs(yi - y[t])) <= reach + 5
      )
        near[nn++] = t;
    }
    if (nn === 0) return -1;
    const ox = this.x[i],
      oy = this.y[i];
    const occ = this.neighbours(i); // nobody else moves while i tries each square
    let bestK = -1,
      bestT = -1,
      bestE = 0,
      bestX = 0,
      bestY = 0;
    for (let k = 0; k < 8; k++) {
      const nx = ox + DIRS_X[k] * 5,
        ny = oy + DIRS_Y[k] * 5;
      if (!this.inField(nx, ny) || (occ & NB_BIT[k]) !== 0) continue;
      // none of them in reach from this square: pickTarget would find no target here
      let any = false;
      for (let q = 0; q < nn && !any; q++) {
        const t = near[q];
        any = Math.max(Math.abs(x[t] - nx), Math.abs(y[t] - ny)) <= reach;
      }
      if (!any) continue;
      this.x[i] = nx;
      this.y[i] = ny;
      const t = this.pickTarget(i, S_AGI);
      this.x[i] = ox;
      this.y[i] = oy;
      if (t < 0) continue;
      // focus first, then the square nearest the target in a straight line, then lowest y, lowest x
      const e = (nx - this.x[t]) ** 2 + (ny - this.y[t]) ** 2;
      const f = this.focus[i];
      const better =
        bestT < 0 ||
        (t === f && bestT !== f) ||
        ((t === f) === (bestT === f) && (e < bestE || (e === bestE && (ny < bestY || (ny === bestY && nx < bestX)))));
      if (better) {
        bestK = k;
        bestT = t;
        bestE = e;
        bestX = nx;
        bestY = ny;
      }
    }
    if (bestK < 0) return -1;
    this.moveStep(i, bestK);
    this.carry(i);
    this.cover[i] = 0;
    if (this.sink)
      this.emit({
        type: 'move',
        round: this.round,
        who: this.names[i],
        kind: 'sidestep',
        cost: 'free',
        from: [ox, oy],
        to: [this.x[i], this.y[i]],
        feet: 5,
        reason: `agility stance (HR-E8), brings ${this.names[bestT]} into reach`,
      });
    return bestT;
  }

  private engagementAttack(i: number, t: number, p: number): void {
    this.attacked[i] = 1;
    const ts = this.stance[t];
    if (ts === p) {
      // HR-C2: a contest of attack rolls, no armor; the loser takes the difference
      const a = this.rollAttack(i, p, ts, t);
      const aV = this.rv;
      const b = this.rollAttack(t, p, p, -1);
      const bV = this.rv;
      let hit: HitView | null = null,
        on: string | null = null;
      if (a > b) {
        hit = this.applyDamage(t, i, a - b, false);
        on = this.names[t];
      } else if (b > a) {
        hit = this.applyDamage(i, t, b - a, false);
        on = this.names[i];
      }
      if (this.sink) {
        const notes = ['contest (HR-C2)'];
        this.emit({
          type: 'attack',
          round: this.round,
          kind: 'engagement',
          who: this.names[i],
          target: this.names[t],
          stance: STANCE_NAMES[p],
          targetStance: STANCE_NAMES[ts],
          reason: '',
          attack: aV!,
          defense: bV!,
          contest: true,
          hit,
          hitOn: on,
          notes,
        });
      }
      return;
    }
    const a = this.rollAttack(i, p, ts, t);
    const aV = this.rv,
      aMb = this.rmb;
    const d = this.rollDefense(t, p, this.isRanged(i));
    const dV = this.rv;
    const raw = Math.max(0, a - d);
    const halved = ts === S_DEF;
    const hit = this.applyDamage(t, i, raw, halved);
    if (this.sink) {
      const notes: string[] = [];
      if (aMb) notes.push('might bonus (HR-E9)');
      if (halved) notes.push('halved (HR-E10)');
      this.emit({
        type: 'attack',
        round: this.round,
        kind: 'engagement',
        who: this.names[i],
        target: this.names[t],
        stance: STANCE_NAMES[p],
        targetStance: STANCE_NAMES[ts],
        reason: '',
        attack: aV!,
        defense: dV!,
        contest: false,
        hit,
        hitOn: this.names[t],
        notes,
      });
    }
    // HR-E7: a cunning hit on an agility-stance target inflicts 2 levels of the attacker's choice
    if (p === S_CUN && ts === S_AGI && raw >= 1) this.addStatus(t, this.inflicts[i], 2, 'HR-E7');
  }

  // ───────────── maneuvers (HR-M1…M5) ─────────────
  /** `nm` maneuvers of this phase are queued in `mq` before i's (they resolve after the phase's attacks, HR-M1). */
  private maneuverTarget(i: number, p: number, nm: number): number {
    const f = this.focus[i];
    if (this.maneuverOk(i, f, p, nm)) return f;
    const foes = this.foes,
      s = this.side[i],
      live = this.live,
      stance = this.stance,
      x = this.x,
      y = this.y,
      xi = x[i],
      yi = y[i];
    for (let q = this.foeAt[s], e = this.foeAt[s + 1]; q < e; q++) {
      const t = foes[q];
      // maneuverOk's first tests, without the call: up, beaten, within 5 ft
      if (live[t] !== 1 || !beats(p, stance[t])) continue;
      const dx = x[t] - xi,
        dy = y[t] - yi;
      if (dx > 5 || dx < -5 || dy > 5 || dy < -5) continue;
      if (this.maneuverOk(i, t, p, nm)) return t;
    }
    return -1;
  }
  /** Whether i's maneuver in phase p may be made on t (a method, not a closure per call: nothing allocated). */
  private maneuverOk(i: number, t: number, p: number, nm: number): boolean {
    const m = this.maneuver[i];
    if (t < 0 || this.side[t] === this.side[i] || !this.up(t) || !beats(p, this.stance[t]) || this.dist(i, t) > 5)
      return false;
    // HRS-27: a grapple or trip another has already queued this phase would hold or fell the target first
    if (m === M_GRAPPLE)
      return (
        this.hands[i] - this.wHands[this.weapon(i)] >= 1 &&
        this.grappling[i] < 0 &&
        this.grappledBy[i] < 0 &&
        this.grappledBy[t] < 0 &&
        this.grappling[t] < 0 &&
        !this.queuedIn(nm, M_GRAPPLE, i, true) &&
        !this.queuedIn(nm, M_GRAPPLE, t, true)
      );
    if (m === M_TRIP) return this.size[t] <= this.size[i] + 1 && !this.prone[t] && !this.queuedIn(nm, M_TRIP, t, false);
    if (m === M_CLIMB)
      return (
        this.size[t] >= this.size[i] + 2 &&
        this.climbing[i] < 0 &&
        this.climbing[t] < 0 &&
        this.grappledBy[i] < 0 &&
        this.grappling[i] < 0
      );
    return true;
  }

  /** Whether x is the target (or, with `either`, also the maker) of one of the first nm queued maneuvers of kind m. */
  private queuedIn(nm: number, m: number, x: number, either: boolean): boolean {
    for (let q = 0; q < nm; q++) {
      const a = this.mq[q * 2];
      if (this.maneuver[a] === m && (this.mq[q * 2 + 1] === x || (either && a === x))) return true;
    }
    return false;
  }

  private resolveManeuver(i: number, t: number, p: number): void {
    const m = this.maneuver[i];
    let mine: number, theirs: number, mineV: RollView | null;
    if (m === M_GRAPPLE) {
      // HR-M2: might check vs the target's better of might/agility; size advantage; one free hand halves
      const diff = this.size[i] - this.size[t];
      const free = this.hands[i] - this.wHands[this.weapon(i)];
      mine = this.rollCheck(i, S_MIGHT, Math.max(0, diff), free === 1);
      mineV = this.rv;
      theirs = this.rollCheck(t, this.bestContestAbility(t), Math.max(0, -diff), false);
    } else if (m === M_CLIMB) {
      // HR-M3: might or agility (each side's better mean) against might or agility
      mine = this.rollCheck(i, this.bestContestAbility(i), 0, false);
      mineV = this.rv;
      theirs = this.rollCheck(t, this.bestContestAbility(t), 0, false);
    } else {
      // HR-M4 ruling: the check in the stance's ability vs the target's same ability
      mine = this.rollCheck(i, p, 0, false);
      mineV = this.rv;
      theirs = this.rollCheck(t, p, 0, false);
    }
    const theirsV = this.rv;
    const success = mine > theirs; // resister wins ties (HR-D4)
    let effect = 'resisted';
    let hit: HitView | null = null;
    let at: readonly [number, number] | undefined;
    // the status the maneuver inflicts, added after its line (at most one): kind (−1 none), levels, reason
    let pk = -1,
      pl = 0,
      pwhy = '';
    if (success) {
      if (m === M_CLIMB) {
        this.climbing[i] = t;
        this.climbers++;
        this.moveTo(i, this.x[t], this.y[t]);
        this.cover[i] = 0;
        if (this.sink) effect = `climbs on ${this.names[t]} (HR-T6)`;
        at = [this.x[i], this.y[i]];
      } else if (m === M_GRAPPLE) {
        this.grappledBy[t] = i;
        this.grappling[i] = t;
        this.grapples++;
        if (this.sink) effect = `${this.names[t]} grappled (HR-T5)`;
      } else if (m === M_BLIND) {
        pk = ST_BLIND;
        pl = 1;
        pwhy = 'HR-M4 blind';
        effect = 'blinded';
      } else if (m === M_TRIP) {
        this.prone[t] = 1;
        effect = 'falls prone (HR-T4)';
      } else if (m === M_DIRTY) {
        const v = this.dice.roll(i, 4); // one d4, no defense roll; shrug allowed
        hit = this.applyDamage(t, i, v, false);
        pk = this.inflicts[i];
        pl = 2;
        pwhy = 'HR-M4 dirty strike';
        if (this.sink) effect = `d4 ${v}`;
      } else if (m === M_SHOVE) {
        const feet = Math.max(0, 5 + 5 * (this.size[i] - this.size[t])); // HR-M5
        const moved = this.push(t, i, feet);
        pk = ST_OFFBAL;
        pl = 2;
        pwhy = 'HR-M4 shove';
        if (this.sink) effect = `shoved ${moved} ft to ${this.x[t]},${this.y[t]}`;
        at = [this.x[t], this.y[t]];
      }
    }
    if (this.sink)
      this.emit({
        type: 'maneuver',
        round: this.round,
        stance: STANCE_NAMES[p],
        who: this.names[i],
        target: this.names[t],
        maneuver: MANEUVER_NAME[m],
        mine: mineV!,
        theirs: theirsV!,
        success,
        effect,
        hit,
        ...(at ? { at } : {}),
      });
    if (pk >= 0) this.addStatus(t, pk, pl, pwhy);
  }

  /** HR-P5 forced movement straight away from `src`, 5 ft at a time; returns feet moved. */
  private push(t: number, src: number, feet: number): number {
    const sx = Math.sign(this.x[t] - this.x[src]),
      sy = Math.sign(this.y[t] - this.y[src]);
    let moved = 0;
    if (this.climbing[t] >= 0) return 0; // a climber holds on (ruling)
    while (moved + 5 <= feet) {
      const nx = this.x[t] + sx * 5,
        ny = this.y[t] + sy * 5;
      if (!this.inField(nx, ny) || this.occupied(nx, ny, t)) break;
      this.moveTo(t, nx, ny);
      this.carry(t);
      moved += 5;
    }
    if (moved > 0) this.cover[t] = 0;
    const g = this.grappledBy[t] >= 0 ? this.grappledBy[t] : this.grappling[t];
    if (g >= 0 && this.dist(t, g) > 5) this.release(t);
    return moved;
  }

  // ───────────── the stance tactic (fictitious play on exact odds) ─────────────
  private stanceWhy = '';
  /** Can i reach t in stance s this engagement (the agility sidestep adds 5 ft, HR-E8)? */
  private reachFor(i: number, t: number, s: number): boolean {
    if (this.isRanged(i) && this.cover[t] >= 99) return false;
    const extra = s === S_AGI ? this.agiExtra(i) : 0;
    return this.dist(i, t) <= this.reachOf(i) + extra;
  }
  /** HR-E8: the feet the agility sidestep adds to i's reach (none while grappling, grappled or climbing). */
  private agiExtra(i: number): number {
    return this.grappleLvl(i) === 0 && (this.climbers === 0 || this.climbing[i] < 0) ? 5 : 0;
  }
  /** Key of a roll for the odds cache: up to 4 dice, extra die, level, flat. */
  private static key(
    d0: number,
    d1: number,
    d2: number,
    d3: number,
    extra: number,
    level: number,
    flat: number,
  ): number {
    const lv = (level > 5 ? 5 : level < -5 ? -5 : level) + 5;
    const fl = Math.max(0, Math.min(63, flat + 32));
    return ((((((d0 >> 1) * 8 + (d1 >> 1)) * 8 + (d2 >> 1)) * 8 + (d3 >> 1)) * 8 + (extra >> 1)) * 16 + lv) * 64 + fl;
  }
  // Roll keys (below 2^25) are interned to small ids so the mean cache is keyed by a small integer: an open
  // addressing table of keys and ids (key −1 = empty), doubled when half full.
  private static idKeys = new Int32Array(1024).fill(-1);
  private static idVals = new Int32Array(1024);
  private static readonly probsById: Float64Array[] = [];
  private static readonly meanById = new Map<number, number>();
  private static idSlot(keys: Int32Array, key: number): number {
    const mask = keys.length - 1;
    let s = (Math.imul(key, 0x9e3779b1) >>> 16) & mask;
    while (keys[s] !== -1 && keys[s] !== key) s = (s + 1) & mask;
    return s;
  }
  private static id(key: number): number {
    let s = HRSim.idSlot(HRSim.idKeys, key);
    if (HRSim.idKeys[s] === key) return HRSim.idVals[s];
    let k = key;
    const fl = (k % 64) - 32;
    k = Math.floor(k / 64);
    const lv = (k % 16) - 5;
    k = Math.floor(k / 16);
    const extra = (k % 8) * 2;
    k = Math.floor(k / 8);
    const ds: number[] = [];
    for (let j = 0; j < 4; j++) {
      ds.unshift((k % 8) * 2);
      k = Math.floor(k / 8);
    }
    const id = HRSim.probsById.length;
    HRSim.probsById.push(
      rollProbs(
        ds.filter((x) => x > 0),
        extra,
        lv,
        fl,
      ),
    );
    if (2 * (id + 1) > HRSim.idKeys.length) {
      const keys = new Int32Array(HRSim.idKeys.length * 2).fill(-1),
        vals = new Int32Array(keys.length);
      for (let t = 0; t < HRSim.idKeys.length; t++) {
        if (HRSim.idKeys[t] === -1) continue;
        const u = HRSim.idSlot(keys, HRSim.idKeys[t]);
        keys[u] = HRSim.idKeys[t];
        vals[u] = HRSim.idVals[t];
      }
      HRSim.idKeys = keys;
      HRSim.idVals = vals;
      s = HRSim.idSlot(keys, key);
    }
    HRSim.idKeys[s] = key;
    HRSim.idVals[s] = id;
    return id;
  }
  /**
   * Where `mean` leaves its answer, and `expectedHit` its own: a double returned from a call that is not inlined is
   * boxed (a heap number per call), one written to a Float64Array is not.
   */
  private static readonly m1 = new Float64Array(1);
  private readonly eh = new Float64Array(1);
  /** Mean cache: a flat table for the first 512 roll ids (NaN = not computed), a Map beyond. */
  private static readonly meanTable = new Float64Array(512 * 512 * 2).fill(NaN);
  private static mean(ka: number, kd: number, halved: boolean): void {
    const a = HRSim.id(ka),
      d = HRSim.id(kd);
    const h = halved ? 1 : 0;
    if (a < 512 && d < 512) {
      const slot = (a * 512 + d) * 2 + h;
      let m = HRSim.meanTable[slot];
      if (m !== m) m = HRSim.meanTable[slot] = meanDamage(HRSim.probsById[a], HRSim.probsById[d], halved);
      HRSim.m1[0] = m;
      return;
    }
    const key = (a * 1048576 + d) * 2 + h;
    let m = HRSim.meanById.get(key);
    if (m === undefined) {
      m = meanDamage(HRSim.probsById[a], HRSim.probsById[d], halved);
      HRSim.meanById.set(key, m);
    }
    HRSim.m1[0] = m;
  }
  private attackKey(i: number, s: number, ts: number, t: number): number {
    const w = this.weapon(i);
    const mb = s === S_MIGHT && ts === S_CUN;
    const die = mb && Number.isNaN(this.wMB[w]) ? this.wDie[w] : 0;
    const flat = mb && !Number.isNaN(this.wMB[w]) ? this.wMB[w] : 0;
    return HRSim.key(
      this.heart[i],
      this.abil[i * 3 + s],
      this.wDie[w],
      die,
      this.abil[i * 3 + s],
      this.attackLevel(i, t, this.help[i]) - this.st[i * 4 + s],
      flat,
    );
  }
  /** Expected damage of i's attack in stance s on t in stance ts (exact odds, before shrugging). */
  expectedHit(i: number, t: number, s: number, ts: number): void {
    const ka = this.attackKey(i, s, ts, t);
    if (ts === s) {
      const kb = this.attackKey(t, s, s, -1);
      HRSim.mean(ka, kb, false);
      const dealt = HRSim.m1[0];
      HRSim.mean(kb, ka, false);
      this.eh[0] = dealt - HRSim.m1[0];
      return;
    }
    const kd = HRSim.key(
      this.heart[t],
      this.abil[t * 3 + s],
      0,
      0,
      this.abil[t * 3 + s],
      this.defenseLevel(t, this.isRanged(i), this.help[t]) - this.st[t * 4 + s],
      this.armor[t],
    );
    HRSim.mean(ka, kd, ts === S_DEF);
    this.eh[0] = HRSim.m1[0];
  }
  /**
   * The row of the matrix table for the pair (i, f): the pair's kinds kind[i] * n + kind[f], then everything its 4 × 4 exchange matrix
   * depends on that can change in a fight. Packed into 4 words when every field fits its bits (`packed`, most
   * encounters: a smaller table misses the processor's cache less), else one word a field (20). Returns the row's
   * reach bits (who reaches whom in which stance; 0: neither reaches the other, and every cell of the matrix is 0).
   */
  private row(i: number, f: number, out: Int32Array): number {
    // reachFor(i, f, s) and reachFor(f, i, s) for the three stances, from one distance: might and cunning
    // reach alike, agility adds its sidestep (HR-E8)
    const d = this.dist(i, f);
    let m = 0;
    // (within plain reach, the sidestep's reach holds too: its 5 ft are asked only beyond it)
    if (!(this.rangedNow[i] === 1 && this.cover[f] >= 99)) {
      if (d <= this.reachNow[i]) m |= 0b111;
      else if (d <= this.reachNow[i] + this.agiExtra(i)) m |= 0b010;
    }
    if (!(this.rangedNow[f] === 1 && this.cover[i] >= 99)) {
      if (d <= this.reachNow[f]) m |= 0b111000;
      else if (d <= this.reachNow[f] + this.agiExtra(f)) m |= 0b010000;
    }
    if (this.climbers > 0) {
      if (this.climbing[i] === f) m |= 64; // HR-T6 ±3 levels change the odds
      if (this.climbing[f] === i) m |= 128;
    }
    const pair = this.kind[i] * this.n + this.kind[f],
      prone = this.prone[i] * 2 + this.prone[f],
      grapple = this.grappleLvl(i) * 2 + this.grappleLvl(f);
    const si = i * 4,
      sf = f * 4,
      st = this.st;
    if (this.packed) {
      // word 0 stays ≥ 0 (−1 marks an empty slot): pair < 2^16, covers ≤ 99 < 2^7
      out[0] = pair | (this.cover[i] << 16) | (this.cover[f] << 23);
      out[1] = this.heart[i] | (this.heart[f] << 5) | (prone << 10) | (grapple << 12) | (m << 14);
      // statuses are capped at 5 (HR-T1): 3 bits each
      out[2] =
        st[si] |
        (st[si + 1] << 3) |
        (st[si + 2] << 6) |
        (st[si + 3] << 9) |
        (st[sf] << 12) |
        (st[sf + 1] << 15) |
        (st[sf + 2] << 18) |
        (st[sf + 3] << 21);
      out[3] = this.wIn[i] | (this.wIn[f] << 8) | (this.help[i] << 16) | (this.help[f] << 24);
      return m;
    }
    out[0] = pair;
    out[1] = this.heart[i];
    out[2] = this.heart[f];
    out[3] = this.wIn[i];
    out[4] = this.wIn[f];
    out[5] = this.help[i];
    out[6] = this.help[f];
    for (let k = 0; k < 4; k++) {
      out[7 + k] = st[si + k];
      out[11 + k] = st[sf + k];
    }
    out[15] = prone;
    out[16] = grapple;
    out[17] = this.cover[i];
    out[18] = this.cover[f];
    out[19] = m;
    return m;
  }
  /**
   * Every field of a row fits its bits: n ≤ 256 (pair < 2^16, Help from at most 255 allies), hearts below 32
   * (a shrug only lowers one), at most 256 weapons each (wIn < 2^8), cover ≤ 99.
   */
  private readonly packed: boolean;
  /** Words in a row of the matrix table (4 packed, else 20). */
  private readonly R: number;
  /** The matrix table starts at 2^10 slots and doubles when 5/8 full, up to 2^15; full at that size, it is emptied. */
  private static readonly MIN_SLOTS = 1 << 10;
  private static readonly MAX_SLOTS = 1 << 15;
  private readonly sigNow: Int32Array;
  /** This simulator's stance table, shared with every simulator of an encounter alike (taken at the first choice). */
  private table: StanceTable | null = null;
  private lastSlot = new Int32Array(0); // per pair i * n + f: the slot its matrix was last found in
  /** Where `row` (R ints of sigNow or of a table) lives in a table of `slots` slots, or the empty slot it would take. */
  private static find(sigs: Int32Array, slots: number, row: Int32Array, o: number, R: number): number {
    let h = 0x811c9dc5;
    for (let k = 0; k < R; k++) h = Math.imul(h ^ row[o + k], 0x01000193);
    h ^= h >>> 15;
    let slot = h & (slots - 1);
    const S = R + 32;
    for (;;) {
      const p = slot * S;
      if (sigs[p] === -1) return slot;
      let same = true;
      for (let k = 0; k < R; k++)
        if (sigs[p + k] !== row[o + k]) {
          same = false;
          break;
        }
      if (same) return slot;
      slot = (slot + 1) & (slots - 1);
    }
  }
  private static resizeTable(tb: StanceTable, slots: number, R: number): void {
    const oldSigs = tb.sigs,
      oldSlots = tb.slots,
      S = R + 32;
    const buf = new ArrayBuffer(slots * S * 4);
    tb.sigs = new Int32Array(buf).fill(-1);
    tb.mats = new Float64Array(buf);
    tb.slots = slots;
    tb.epoch++;
    for (let s = 0; s < oldSlots; s++) {
      if (oldSigs[s * S] === -1) continue;
      const t = HRSim.find(tb.sigs, slots, oldSigs, s * S, R);
      tb.sigs.set(oldSigs.subarray(s * S, s * S + S), t * S);
    }
  }
  /**
   * The exchange matrix V[ms * 4 + ts] = expected dealt − taken of i (stance ms) against f (stance ts).
   * A pure function of the pair and its row, so one table (open addressing, linear probing) serves
   * every combat of every simulator of an alike encounter in this thread (`tableKey`): most rounds of most
   * combats repeat a state seen before, and a sweep or an edit makes a new simulator per batch.
   * Returns the matrix's offset in `mats`, or NO_EXCHANGE_AT when neither reaches the other (then every cell is 0: no
   * need to keep or find one).
   */
  private matrix(i: number, f: number): number {
    const R = this.R;
    const tb = (this.table ??= stanceTable(this.tableKey()));
    if (tb.slots === 0) HRSim.resizeTable(tb, HRSim.MIN_SLOTS, R);
    else if (tb.used > (tb.slots >> 3) * 5) {
      if (tb.slots < HRSim.MAX_SLOTS) HRSim.resizeTable(tb, tb.slots * 2, R);
      else {
        tb.sigs.fill(-1);
        tb.used = 0;
        tb.epoch++;
      }
    }
    const now = this.sigNow,
      pair = i * this.n + f;
    if ((this.row(i, f, now) & 63) === 0) return NO_EXCHANGE_AT;
    // the pair's last slot first: a pair's state often holds from one round to the next
    if (this.lastSlot.length !== this.n * this.n) this.lastSlot = new Int32Array(this.n * this.n);
    const last = this.lastSlot[pair],
      S = R + 32;
    if (last < tb.slots) {
      let same = true;
      for (let k = 0; k < R; k++)
        if (tb.sigs[last * S + k] !== now[k]) {
          same = false;
          break;
        }
      if (same) return (last * S + R) >> 1;
    }
    const slot = HRSim.find(tb.sigs, tb.slots, now, 0, R);
    this.lastSlot[pair] = slot;
    if (tb.sigs[slot * S] !== -1) return (slot * S + R) >> 1;
    tb.used++;
    tb.sigs.set(now, slot * S);
    const base = (slot * S + R) >> 1;
    for (let ms = 0; ms < 4; ms++) {
      for (let ts = 0; ts < 4; ts++) {
        let x = 0;
        if (ms < 3 && canAttack(ms, ts) && this.reachFor(i, f, ms)) {
          this.expectedHit(i, f, ms, ts);
          x += this.eh[0];
        }
        if (ts < 3 && canAttack(ts, ms) && this.reachFor(f, i, ts)) {
          this.expectedHit(f, i, ts, ms);
          x -= this.eh[0];
        }
        tb.mats[base + ms * 4 + ts] = x;
      }
    }
    return base;
  }
  /**
   * What a matrix reads besides its row, combatant by combatant: abilities, armor, and each weapon's die, might
   * bonus, reach and kind (the row holds which weapon is in hand); with the row's width and the count. Two
   * encounters with the same key have the same matrix for every row (a sweep of HP, an edit elsewhere).
   */
  private tableKey(): string {
    const parts: (number | string)[] = [this.R, this.n];
    for (let i = 0; i < this.n; i++) parts.push(this.statsKey(i));
    return parts.join(',');
  }
  /** What a matrix reads of combatant i besides its row (tableKey's share of i). */
  private statsKey(i: number): string {
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
  private readonly kind: Int32Array;
  /**
   * Engagements begun in this simulator's life; per pair i * n + f, the engagement in which i chose against f from
   * the matrix at engBase (an offset in the stance table's `mats`, or NO_EXCHANGE_AT) while the table's epoch was
   * engEpoch: f, choosing against i in that engagement, reads the very cells in place (the table moves or empties
   * a matrix only when its epoch changes).
   */
  private engagements = 0;
  private engAt = new Float64Array(0);
  private engBase = new Int32Array(0);
  private engEpoch = new Float64Array(0);
  /** Stance: expected dealt − taken against the focus, averaged over the focus's shown stances (+1 each). */
  private chooseStance(i: number): number {
    const f = this.focus[i];
    if (f < 0 || !this.up(f)) {
      this.stanceWhy = 'no focus';
      return S_DEF;
    }
    // the focus's shown stances, read once (the sum of integers is the same in any order)
    const seen = this.seen,
      n0 = seen[f * 4],
      n1 = seen[f * 4 + 1],
      n2 = seen[f * 4 + 2],
      n3 = seen[f * 4 + 3];
    const total = 4 + n0 + n1 + n2 + n3;
    // f already chose against i this engagement (mutual focus, the common case): i's matrix is f's transposed and
    // negated, exactly (a − b = −(b − a) in floating point; a zero may change sign, which no weighted sum below shows)
    const n = this.n;
    if (this.engAt.length !== n * n) {
      this.engAt = new Float64Array(n * n).fill(-1);
      this.engBase = new Int32Array(n * n);
      this.engEpoch = new Float64Array(n * n);
    }
    // cell (ms, ts) of i's matrix is V[base + ms * 4 + ts] (i's own), or −V[base + ts * 4 + ms] (`mutual`: f's read
    // transposed and negated)
    let base: number,
      V: Float64Array,
      mutual = false;
    const rev = f * n + i;
    if (this.engAt[rev] === this.engagements && this.engEpoch[rev] === this.table!.epoch) {
      base = this.engBase[rev];
      V = this.table!.mats;
      if (base === NO_EXCHANGE_AT) {
        base = 0;
        V = NO_EXCHANGE;
      }
      mutual = true;
    } else {
      base = this.matrix(i, f);
      if (this.focus[f] === i) {
        const p = i * n + f;
        this.engAt[p] = this.engagements;
        this.engBase[p] = base;
        this.engEpoch[p] = this.table!.epoch;
      }
      V = this.table!.mats;
      if (base === NO_EXCHANGE_AT) {
        base = 0;
        V = NO_EXCHANGE;
      }
    }
    // the focus's four weights, each the very quotient the sum below used to divide out cell by cell
    const w0 = (n0 + 1) / total,
      w1 = (n1 + 1) / total;
    const w2 = (n2 + 1) / total,
      w3 = (n3 + 1) / total;
    let best = 0,
      bestV = -Infinity;
    for (let ms = 0; ms < 4; ms++) {
      let v = 0;
      if (!mutual) {
        const b = base + ms * 4;
        v += w0 * V[b];
        v += w1 * V[b + 1];
        v += w2 * V[b + 2];
        v += w3 * V[b + 3];
      } else {
        // w × (−c) is −(w × c), and v + (−x) is v − x, exactly: the very terms and sums of the negated cells
        const b = base + ms;
        v -= w0 * V[b];
        v -= w1 * V[b + 4];
        v -= w2 * V[b + 8];
        v -= w3 * V[b + 12];
      }
      if (v > bestV + 1e-12) {
        bestV = v;
        best = ms;
      }
    }
    if (this.sink)
      this.stanceWhy = `best expected exchange with ${this.names[f]}: ${bestV >= 0 ? '+' : ''}${bestV.toFixed(2)}`;
    return best;
  }
}
