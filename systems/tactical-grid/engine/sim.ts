// One Tactical Grid combat (TACTICAL-GRID.md "The simulator"), written once for
// both paths: with a sink attached every step builds a typed event (log, step
// through, tests); with sink = null (runChunk) the same code runs without
// building any, so the two paths cannot disagree.
//
// Round (TG-T7, TG-V2): each side in order takes one turn: pick the actor
// (Command, Stun, best plan), turn start (TG-T8), support (TG-V4), attack plan
// (TG-V5, TG-V6) or approach/Ready (TG-V7), Into the Shadows, facing (TG-V9),
// exhaustion and refresh (TG-T3). The end test (TG-T7) runs after each harm
// and unwinds the turn with `Ended`.
//
// The mechanics (attack, push, support, reactions, abilities) are public so
// the worked examples can drive them with scripted dice (TGS-1).
//
// Imports: the hot modules (this file, path.ts, rolls.ts, …) read what they
// import through module constants (`import * as unit`, then `const { able }
// = unit`), and read local copies of their own exported constants. A live
// binding (imported, or exported) is re-read and checked for the temporal
// dead zone at every use by V8's optimizing compiler; a module constant it
// folds. Measured: bench/README.md, "Seventh pass".
//
// Booleans: a field that holds true or false is tested as `x.f === true` (or
// `!== true`), and an object-or-null as `!== null`, not by its truthiness.
// V8's optimizing compiler does not know a field's value is a boolean, so
// `if (u.out)` compiles to the generic test (false, '', undetectable,
// number, bigint: ≈ 10 instructions and a map load); `=== true` is one
// compare. Same values, so the same results. Measured: bench/README.md,
// "Eleventh pass".
//
// Loops: the hot loops over the combatants (and tags, allies) are indexed
// (`for (let vAt = 0, vList = this.units; …)`), not `for … of`: the
// iterator's loop costs more per pass, and the smaller bytecode lets the
// compiler inline more of their callers (same pass).

import * as model from '../model.js';
import type { Encounter, Facing } from '../model.js';
import * as grid from './grid.js';
import * as dice from './dice.js';
import type { ModView, TGEvent } from './events.js';
import * as path from './path.js';
import * as rolls from './rolls.js';
import type { RollRules } from './rolls.js';
import * as pickMemo from './pick-memo.js';
import * as plan from './plan.js';
import type { Plan } from './plan.js';
import * as threats from './threats.js';
import * as tactics from './tactics.js';
import * as unit from './unit.js';
import type { TagState, Unit } from './unit.js';

// Module constants, not live imported bindings, for the hot code: see "Imports" above.
const { DIE, MAX_DRIVE_SPENT, PVP_BASE, RAGE_BONUS, STILL_LIFE_USES, COST_BUFF, COST_HEAL, COST_RECOVER } = model;
const { Board } = grid;
type Board = grid.Board;
const { Dice } = dice;
type Dice = dice.Dice;
const { INF, Pathfinder } = path;
type Pathfinder = path.Pathfinder;
const {
  banes,
  baseDamage,
  CRIT_FAIL,
  critFaces,
  fumbleFaces,
  isSuccess,
  OUTCOME_NAMES,
  outcome,
  plainFaces,
  plainSuccessFaces,
  successFaces,
} = rolls;
const { PickMemo } = pickMemo;
type PickMemo = pickMemo.PickMemo;
const { EMPTY_PREV, PlanSlot, planCells, planOrder, planReason } = plan;
type PlanSlot = plan.PlanSlot;
const { ThreatCounts } = threats;
type ThreatCounts = threats.ThreatCounts;
const { TACTIC_NAMES, X_BACKSTAB, X_CORNER, X_CHARGE, X_LINEUP, X_HIGH } = tactics;
const {
  AB_DEADEYE,
  AB_SHADOWS,
  AB_POTION,
  AB_HEX,
  AB_MIRACLE,
  AB_GURNEY,
  AB_TATTOO,
  AB_STILL_LIFE,
  AB_KNOCKBACK,
  AB_RAGE,
  able,
  harmLeft,
  makeUnit,
  P_EFFECTS,
  P_REACTIONS,
  P_SUPPORT,
  P_TACTICS,
  P_ANALYSIS,
  resetUnit,
} = unit;

export const R_WIN = 0;
export const R_STALEMATE = 1;
export const R_DRAW = 2;
// The code below reads local copies: an exported constant is checked for the dead zone at every use here too.
const WIN = R_WIN,
  STALEMATE = R_STALEMATE,
  DRAW = R_DRAW;

export { X_BACKSTAB, X_CORNER, X_CHARGE, X_LINEUP, X_HIGH, TACTIC_NAMES } from './tactics.js';
/** TG-E2 … E6 */
export const EFFECTS = ['move', 'splash', 'weaken', 'hinder', 'stun'] as const;
export type EffectName = (typeof EFFECTS)[number];
export type { Plan } from './plan.js';
export { planOrder, planPath } from './plan.js';

export interface TGSink {
  push(e: TGEvent): unknown;
}

/** Thrown by the end test (TG-T7) to unwind the current turn. */
export class Ended extends Error {}
const ENDED = new Ended('combat over');

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
function collideKind(kind: 'move' | 'knockback' | 'bane'): number {
  return kind === 'move' ? 0 : kind === 'knockback' ? 1 : 2;
}
/** The fast path's modifier list (labels are built only for a listener). */
const NO_MODS: ModView[] = [];
const NO_UNITS: Unit[] = [];
const NO_NAMES: string[] = [];
/** The passes `approach` makes: hazard-free squares first (TG-V3), or hazards allowed from the start (TGS-34). */
const AVOID_FIRST = [true, false] as const,
  HAZARDS_ALLOWED = [false] as const;

/** pickKey's integers per combatant. */
const PICK_KEY_PER_UNIT = 8;

/** A roll's face, total, outcome and modifiers (TG-R3). */
interface RollResult {
  face: number;
  total: number;
  out: number;
  mods: ModView[];
}
/** The plans on target t (plans() under a Taunt). */
function plansOn(out: Plan[], t: number): Plan[] {
  return out.filter((p) => p.target === t);
}
/** The ready tag of u named `name`, or null (test scenes, TGS-1). */
function readyTag(u: Unit, name: string): TagState | null {
  return u.tags.find((t) => t.name === name && t.exhausted !== true) ?? null;
}
/** The names of the tactic conditions in `conds` (TG-X), for the log. */
function condNamesOf(conds: number): string[] {
  return TACTIC_NAMES.filter((_, k) => conds & (1 << k));
}
/** An effect TG-V6 chooses (chooseEffect): shared constant objects, none made per attack. */
type ChosenEffect = { readonly name: EffectName; readonly dir?: number; readonly kind?: 'speed' | 'range' };
const EFFECT_SPLASH: ChosenEffect = { name: 'splash' };
const EFFECT_STUN: ChosenEffect = { name: 'stun' };
const EFFECT_HINDER_SPEED: ChosenEffect = { name: 'hinder', kind: 'speed' };
const EFFECT_HINDER_RANGE: ChosenEffect = { name: 'hinder', kind: 'range' };
const EFFECT_MOVES: ChosenEffect[] = [];
/** The Move effect in direction d (one object per direction, made at its first use). */
function effectMove(d: number): ChosenEffect {
  while (EFFECT_MOVES.length <= d) EFFECT_MOVES.push({ name: 'move', dir: EFFECT_MOVES.length });
  return EFFECT_MOVES[d];
}
/** bestFacingIndex's counts: facing mask m (bit f) spread to 4 bits a facing (bit f to 1 << 4f), added as one word. */
const FACING_SPREAD = Int32Array.from({ length: 256 }, (_, m) => {
  let w = 0;
  for (let f = 0; f < 8; f++) if (m & (1 << f)) w |= 1 << (4 * f);
  return w;
});
/** splashSides' bits. */
const SPLASH_ENEMIES_ONLY = 1,
  SPLASH_ALLIES = 2;
/** u's first exhausted tag, or undefined (a loop: find() with a closure would make the closure at every call). */
function firstExhausted(u: Unit): TagState | undefined {
  const tags = u.tags;
  for (let i = 0; i < tags.length; i++) if (tags[i].exhausted === true) return tags[i];
  return undefined;
}
/** Every tag of u exhausted. */
function allExhausted(u: Unit): boolean {
  for (let gAt = 0, gList = u.tags; gAt < gList.length; gAt++) {
    const g = gList[gAt];
    if (g.exhausted !== true) return false;
  }
  return true;
}

/** TG-V2's order of a member's best plan, (P(OUT), expected harm), as one number (eHarm ≤ 20 × harm per face < 10^6). */
function planValue(pOut: number, eHarm: number): number {
  return pOut * 1_000_000 + eHarm;
}

export class TGSim {
  readonly enc: Encounter;
  readonly board: Board;
  readonly units: Unit[] = [];
  readonly n: number;
  readonly nSides: number;
  readonly sideNames: string[];
  readonly sideOrder: number[];
  readonly rr: RollRules;
  readonly cap: number;
  sink: TGSink | null = null;
  readonly dice: Dice;
  readonly pf: Pathfinder;
  // ── per combat ──
  occ: Int32Array; // cell → able combatant or −1 (TG-G3)
  markers: Int32Array; // cell → OUT markers (TG-D3)
  wall: Uint8Array; // obstacles incl. Still Life (TG-K2, TG-B8)
  solid: Uint8Array; // walls that cannot be entered
  stillOwner: Int32Array; // cell → Still Life maker or −1
  round = 0;
  /** Index into sideOrder of the next side turn; 0 = a new round starts. */
  cursor = 0;
  result = -1;
  winner = -1;
  endRound = 0;
  seed = 0;
  // ── per turn ──
  actor = -1;
  /** The cells of the actor's movement this turn (start first): the first turnLen (one list, overwritten each turn). */
  private readonly turnPath: number[] = [];
  private turnLen = 0;
  moveUsed = 0;
  dashUsed = 0;
  mainUsed = false;
  startDist: Int32Array;
  /** TG-Z2: per source × kind (move, knockback, bane), the turn (`collideTurn`) of its last collision. */
  private readonly collidedAt: Int32Array;
  private collideTurn = 1;
  /** pickActor's scratch: the fresh members (unit indices), their bounds and order, and which it scored (pkSerial). */
  private readonly pkFresh: Int32Array;
  private readonly pkOrder: Int32Array;
  private readonly pkBound: Float64Array;
  private readonly pkStamp: Int32Array;
  private pkSerial = 0;
  /** Each side's members in placement order (support()'s allies, the actor included): sides never change. */
  private readonly sideMembers: Unit[][];
  /** Per side, the combatants of the other sides in placement order (the facing choice's enemies). */
  private readonly sideFoes: Unit[][];
  /** bestFacingIndex's scratch: per facing, the able enemies behind. */
  private readonly facingBacks = new Int32Array(8);
  // scratch
  private valueGen = 0;
  /** Bumped by every state change (note()); the actor choice's plans are valid while it stands. */
  private version = 0;
  /**
   * Bumped by every event, support included: where it moved since a scoring but `version` did not, the plan stands, but
   * a `nearest` actor takes its distances then, as the search the plan saves would have (TGS-9: at its turn's first plan).
   */
  private versionAll = 0;
  private readonly scoredAtAll: Float64Array;
  private readonly scored: (Plan | null)[];
  private readonly scoredAt: Float64Array;
  /** Set by plans(): avoiding hazards kept a reachable hazard square out (TG-V3's fallback may differ). */
  private hazardLimited = false;
  private turnSerial = 0;
  private readonly nearStamp: Int32Array;
  private readonly nearDist: Int32Array[];
  private readonly valueStamp: Int32Array;
  private readonly valueOut: Int32Array;
  private readonly valueHarm: Int32Array;
  /**
   * LOS per cell pair (0 unknown, 1 clear, 2 blocked); null on large maps. It holds for the map's own obstacles
   * across combats and is emptied when Still Life changes them (and again at the next combat's start, `losDirty`).
   */
  private readonly losCache: Uint8Array | null;
  private losDirty = false;
  /** `wall`, `solid` and `stillOwner` hold the map's own walls (no Still Life since begin() set them). */
  private wallsAsMap = false;
  /** Bumped whenever `wall` changes (Still Life, and its reset at a combat's start): the pathfinders' step tables. */
  private wallVersion = 0;
  private readonly field: Int32Array;
  /** plans() scratch: per target (prepareTargets), the best plans so far, threats per square, the `nearest` pathfinder. */
  private readonly tgIdx: Int32Array;
  private readonly tgCell: Int32Array;
  private readonly tgFacing: Int32Array;
  private readonly tgStart: Int32Array;
  private readonly tgNow: Int32Array;
  private readonly tgCorner: Int32Array;
  private readonly tgKey1: Int32Array;
  private readonly tgFaced: Int32Array;
  /** Per target, its row of the back-facing table (`backT`, as scanBoxes takes it) and its height + 1 (X_HIGH): scanReached reads them per pair. */
  private readonly tgBackRow: Int32Array;
  private readonly tgHigh: Int32Array;
  private readonly bestSlot = new PlanSlot();
  /** The plans() call's reach (TG-L5) and whether Deadeye may add to it (TG-B1). */
  private pReach = 1;
  private pDeadeye = false;
  /**
   * The targets each unit's scored plan search reached (row u.idx × n, 1 = it has a plan against that enemy), written
   * by the hazard-avoiding pass of a scoring (`recordTargets`), valid while `scoredAt` stands: the guard's Taunt test.
   */
  private readonly targetMarks: Uint8Array;
  /**
   * Where each unit's row of targets is (planTargets): its row of targetMarks after a scoring (marksKept 0), or the kept
   * row of a kept choice (1: in the pick memo's marksArena, which the hit points at rather than copies; no choice is
   * kept between a hit and its turn's reads, so the arena stands). A flag, not the array: a stored reference pays a
   * write barrier.
   */
  private readonly marksKept: Uint8Array;
  private readonly marksAt: Int32Array;
  /** pickKey's hash of the key it wrote (PickMemo.find). */
  private pickHash = 0;
  private recordTargets = false;
  /** The row plans() marks in (−1: none). */
  private markRow = -1;
  private readonly tauntSlot = new PlanSlot();
  /** The candidate's threats if the last beats() counted them, else −1 (handed on to PlanSlot.hold). */
  private beatsThreats = -1;
  private readonly threatStamp: Int32Array;
  private readonly threatCount: Int32Array;
  /** threatsAt's combatants not OUT at `thStamp` (a posVersion): square, threat reach, side. */
  private readonly thCell: Int32Array;
  private readonly thReach: Int32Array;
  private readonly thSide: Int32Array;
  private thN = 0;
  /** The posVersion threatsAt last gathered (thCell …) or synced (threatKept) at. */
  private thStamp = -1;
  /** The threat counts kept across steps (boards with distance tables: their reach masks are small), else null. */
  private readonly threatKept: ThreatCounts | null;
  private posVersion = 1;
  private readonly pfNear: Pathfinder;
  /** fillPass's result per side and hazard choice (side × 2 + avoid), kept while nothing moves (`posVersion`). */
  private readonly passBufs: Uint8Array[];
  private readonly passStamp: Int32Array;
  /** passBase's squares per hazard choice, and the `wallVersion` each was built for. */
  private readonly passBaseBufs: Uint8Array[];
  private readonly passBaseStamp = new Float64Array(2).fill(-1);
  /** The open squares of passBufs and passBaseBufs as bit sets, and passBufs' hashes: the kept searches' key (searchFrom). */
  private readonly passBits: Int32Array[];
  private readonly passHash: Int32Array;
  private readonly passBaseBits: Int32Array[];
  private readonly placeUnit: Int32Array;
  private readonly placeFacing: Int32Array;
  /** roll()'s result, one object reused (its callers read it at once). */
  private readonly rollResult: RollResult = { face: 0, total: 0, out: 0, mods: NO_MODS };
  /** The fast path's kept actor choices (pick-memo.ts), null on the event path. */
  private readonly pickMemo: PickMemo | null;

  /**
   * `keepSearches`: the fast path's simulator, which keeps path searches (path.ts, shared by every fast path on its map)
   * and actor choices (pick-memo.ts) across its combats.
   */
  constructor(enc: Encounter, opts: { keepSearches?: boolean } = {}) {
    this.enc = enc;
    this.board = new Board(enc.map, true);
    const b = this.board;
    this.nSides = enc.sides.length;
    this.sideNames = enc.sides.map((s) => s.name);
    const first = Math.max(0, enc.first ? this.sideNames.indexOf(enc.first) : 0);
    this.sideOrder = this.sideNames.map((_, k) => (first + k) % this.nSides);
    this.rr = { crit: enc.rules.crit, fumble: enc.rules.fumble, banes: enc.rules.banes };
    this.cap = enc.rounds;
    enc.sides.forEach((s, si) =>
      s.placements.forEach((p) => {
        const cell = b.index(p.at);
        if (cell < 0) throw new Error(`TG-G1: ${p.name} is placed at ${p.at}, off the map`);
        if (b.obstacle[cell] && !b.enterable[cell])
          throw new Error(`TG-K2: ${p.name} is placed on the obstacle at ${p.at}`);
        this.units.push(makeUnit(this.units.length, p, si, cell, enc.rules));
      }),
    );
    this.n = this.units.length;
    this.sideMembers = this.sideNames.map((_, si) => this.units.filter((u) => u.side === si));
    this.sideFoes = this.sideNames.map((_, si) => this.units.filter((u) => u.side !== si));
    // begin()'s placements in order: the unit each names (the first of its side by that name) and its facing (−1: TG-V9's)
    const placeUnit: number[] = [],
      placeFacing: number[] = [];
    enc.sides.forEach((s) =>
      s.placements.forEach((p) => {
        placeUnit.push(this.units.find((x) => x.name === p.name && x.side === this.sideNames.indexOf(s.name))!.idx);
        placeFacing.push(p.facing !== null ? Math.max(0, b.facingIndex(p.facing)) : -1);
      }),
    );
    this.placeUnit = Int32Array.from(placeUnit);
    this.placeFacing = Int32Array.from(placeFacing);
    this.dice = new Dice(
      this.units.map((u) => u.name),
      enc.sides.flatMap((s) => s.placements.map((p) => [...p.dice, ...p.character.dice])),
    );
    // the searches a fast path keeps are the map's: shared with every fast path of this thread on the same map
    const mapKey = opts.keepSearches ? JSON.stringify(enc.map) : null;
    this.pf = new Pathfinder(b, mapKey === null ? null : mapKey + '|plans');
    this.occ = new Int32Array(b.size);
    this.markers = new Int32Array(b.size);
    this.wall = new Uint8Array(b.size);
    this.solid = new Uint8Array(b.size);
    this.stillOwner = new Int32Array(b.size);
    this.startDist = new Int32Array(this.n);
    this.field = new Int32Array(b.size);
    this.valueStamp = new Int32Array(this.n * 32);
    this.scored = this.units.map(() => null);
    this.scoredAt = new Float64Array(this.n).fill(-1);
    this.scoredAtAll = new Float64Array(this.n).fill(-1);
    this.nearStamp = new Int32Array(this.n).fill(-1);
    this.nearDist = this.units.map(() => new Int32Array(this.n));
    this.valueOut = new Int32Array(this.n * 32 + 1);
    this.valueHarm = new Int32Array(this.n * 32 + 1);
    this.losCache = b.size <= 1600 ? new Uint8Array(b.size * b.size) : null;
    const perTarget = (): Int32Array => new Int32Array(this.n);
    this.tgIdx = perTarget();
    this.tgCell = perTarget();
    this.tgFacing = perTarget();
    this.tgStart = perTarget();
    this.tgNow = perTarget();
    this.tgCorner = perTarget();
    this.tgKey1 = perTarget();
    this.tgBackRow = perTarget();
    this.tgHigh = perTarget();
    this.tgFaced = perTarget();
    this.targetMarks = new Uint8Array(this.n * this.n);
    this.marksKept = new Uint8Array(this.n);
    this.marksAt = Int32Array.from(this.units, (u) => u.idx * this.n);
    this.collidedAt = new Int32Array(this.n * 3);
    this.pkFresh = new Int32Array(this.n);
    this.pkOrder = new Int32Array(this.n);
    this.pkBound = new Float64Array(this.n);
    this.pkStamp = new Int32Array(this.n);
    this.threatStamp = new Int32Array(this.nSides * b.size);
    this.threatCount = new Int32Array(this.nSides * b.size);
    this.thCell = new Int32Array(this.n);
    this.thReach = new Int32Array(this.n);
    this.thSide = new Int32Array(this.n);
    this.threatKept = b.tables === true ? new ThreatCounts(b, this.units, this.nSides) : null;
    this.pfNear = new Pathfinder(b, mapKey === null ? null : mapKey + '|nearest');
    this.passBufs = Array.from({ length: this.nSides * 2 }, () => new Uint8Array(b.size));
    this.passStamp = new Int32Array(this.nSides * 2);
    this.passBaseBufs = [new Uint8Array(b.size), new Uint8Array(b.size)];
    const words = (b.size + 31) >> 5;
    this.passBits = Array.from({ length: this.nSides * 2 }, () => new Int32Array(words));
    this.passHash = new Int32Array(this.nSides * 2);
    this.passBaseBits = [new Int32Array(words), new Int32Array(words)];
    this.pickMemo = opts.keepSearches ? new PickMemo(1 + (PICK_KEY_PER_UNIT + 1) * this.n) : null;
    this.keepMembers = new Int32Array(this.n);
    this.keepPlans = this.units.map(() => null);
    this.keepMarks = new Uint8Array(this.n * this.n);
  }

  /** How many side turns took a kept actor choice (pick-memo.ts), for tests and the bench. */
  get keptChoices(): number {
    return this.pickMemo ? this.pickMemo.hits : 0;
  }

  // ── events ──
  private emit(e: TGEvent): void {
    if (this.sink !== null) this.sink.push(e);
  }
  /**
   * Every state change that emits an event calls this first: it bumps `version` (so a plan scored for the
   * actor choice is reused by its turn only if nothing changed since, TG-V2) and says whether to build the event.
   */
  private note(): boolean {
    this.version++;
    this.versionAll++;
    return this.sink !== null;
  }
  /**
   * For support that changes nothing a plan reads (TG-S2 … S4: an ally's stress or health, a tag readied, drive):
   * the actor's plan scored before its Heal, Recover or Buff still stands, so `version` is left alone.
   */
  private noteSupport(): boolean {
    this.versionAll++;
    return this.sink !== null;
  }
  sq(c: number): string {
    return c < 0 ? 'off the map' : this.board.name(c);
  }
  facingName(u: Unit): Facing {
    return this.board.facings[u.facing];
  }

  // ── setup (TG-V1) ──
  begin(seed: number): void {
    this.seed = seed;
    this.dice.reset(seed);
    this.round = 0;
    this.cursor = 0;
    this.result = -1;
    this.winner = -1;
    this.endRound = 0;
    this.actor = -1;
    const b = this.board;
    // (loops: a typed array's fill() is a call into the runtime, dearer than these few stores)
    const occ = this.occ,
      markers = this.markers;
    for (let c = 0; c < b.size; c++) {
      occ[c] = -1;
      markers[c] = 0;
    }
    if (this.losDirty === true) {
      this.losCache?.fill(0);
      this.losDirty = false;
      this.wallVersion++;
    }
    this.turnSerial++;
    this.version++;
    this.versionAll++;
    for (let i = 0; i < this.n; i++) this.scoredAt[i] = -1;
    if (this.wallsAsMap !== true) {
      // the first combat, or Still Life changed the walls in the last one
      this.stillOwner.fill(-1);
      for (let c = 0; c < b.size; c++) {
        this.wall[c] = b.obstacle[c];
        this.solid[c] = b.obstacle[c] && !b.enterable[c] ? 1 : 0;
      }
      this.wallsAsMap = true;
    }
    this.moved();
    this.threatKept?.restart();
    for (let uAt = 0, uList = this.units; uAt < uList.length; uAt++) {
      const u = uList[uAt];
      resetUnit(u);
      if (this.occ[u.cell] >= 0)
        throw new Error(`TG-G3: ${u.name} and ${this.units[this.occ[u.cell]].name} share ${this.sq(u.cell)}`);
      this.occ[u.cell] = u.idx;
    }
    if (this.sink !== null)
      this.emit({
        type: 'start',
        encounter: this.enc.name,
        seed,
        grid: b.grid,
        w: b.w,
        h: b.h,
        first: this.sideNames[this.sideOrder[0]],
      });
    for (let k = 0; k < this.placeUnit.length; k++) {
      const u = this.units[this.placeUnit[k]];
      // TG-F3: an omitted facing is chosen by TG-V9
      if (this.placeFacing[k] >= 0) u.facing = this.placeFacing[k];
      else u.facing = this.bestFacingIndex(u);
      if (this.note())
        this.emit({
          type: 'place',
          who: u.name,
          at: this.sq(u.cell),
          facing: this.facingName(u),
          speed: u.speed0,
          range: u.range0,
          npc: u.npc === true,
          difficulty: u.difficulty,
          health: u.health,
          attack: u.attack0,
          defense: u.defense0,
          stress: u.cap,
          pools: u.pools.slice(),
          drive: u.drive,
        });
    }
    this.checkEnd(false);
  }

  /** The whole combat without building the event iterator (runChunk). */
  run(seed: number): number {
    this.begin(seed);
    while (this.result < 0) this.playRound();
    return this.result;
  }

  // ── small queries ──
  enemies(a: Unit, b: Unit): boolean {
    return a.side !== b.side;
  }
  /** TG-D3 TG-B2: b may be targeted by a (able, and not hidden from an enemy). */
  targetable(a: Unit, b: Unit): boolean {
    return able(b) && !(b.stealth === true && this.enemies(a, b));
  }
  blocks = (c: number): boolean => this.wall[c] === 1;
  los(a: number, b: number): boolean {
    const lc = this.losCache;
    if (lc === null) return this.board.los(a, b, this.blocks);
    const k = a * this.board.size + b;
    const v = lc[k];
    if (v) return v === 1;
    const r = this.board.los(a, b, this.blocks);
    lc[k] = r ? 1 : 2;
    return r;
  }
  /** TG-L5: attack reach this turn (+ Deadeye chosen). */
  reach(u: Unit, deadeye = 0): number {
    return u.melee === true ? 1 : u.range + deadeye;
  }
  /** TG-G4: adjacent to an able enemy. */
  adjacentEnemy(u: Unit, cell = u.cell): boolean {
    const units = this.units,
      b = this.board,
      tables = b.tables === true,
      distT = b.distT,
      row = cell * b.size;
    for (let i = 0; i < units.length; i++) {
      const v = units[i];
      if (able(v) && v.side !== u.side && (tables ? distT[row + v.cell] : b.dist(cell, v.cell)) === 1) return true;
    }
    return false;
  }
  /** TG-N12: this turn's speed and range, as at the start of a turn now (before Bolster). */
  turnSpeed(u: Unit, nextTurn: number): number {
    return this.speedWith(u, nextTurn, u.speed0 !== 0 && this.adjacentEnemy(u));
  }
  /** turnSpeed with adjacentEnemy(u) given (turnStart finds it in its own pass over the combatants). */
  private speedWith(u: Unit, nextTurn: number, adjacent: boolean): number {
    if (u.speed0 === 0) return 0;
    // (`hinder` is null or a string: the null test first keeps the string comparison a pointer test, not a builtin call)
    if (adjacent || (u.hinder !== null && u.hinder === 'speed' && u.hinderUntil >= nextTurn)) return 1;
    return Math.max(1, u.speed0 + this.enc.rules.speed);
  }
  turnRange(u: Unit, nextTurn: number): number {
    if (u.hinder !== null && u.hinder === 'range' && u.hinderUntil >= nextTurn) return 1;
    return Math.max(1, u.range0 + this.enc.rules.range);
  }
  /** TG-M3: where u may stand at the end of a move. */
  canEnd(u: Unit, c: number): boolean {
    return c >= 0 && this.solid[c] === 0 && (this.occ[c] < 0 || this.occ[c] === u.idx) && this.markers[c] === 0;
  }
  /**
   * `pass` for mover u (TG-M3): no walls, no able enemies; hazards too when `avoid` (TG-V3). One array per side and
   * `avoid`, filled again only after a combatant moved, went OUT or came back, or Still Life changed the walls.
   */
  fillPass(u: Unit, avoid: boolean): Uint8Array {
    const k = u.side * 2 + (avoid === true ? 1 : 0);
    const pass = this.passBufs[k];
    if (this.passStamp[k] === this.posVersion) return pass;
    this.passStamp[k] = this.posVersion;
    // the squares open to all, then the enemies' squares closed (occ[c] = i only where units[i] stands; a unit off
    // the board has cell −1, which indexes nothing)
    // the open squares as bits too (the kept searches' key, path.ts), and their hash
    pass.set(this.passBase(avoid));
    const bits = this.passBits[k];
    bits.set(this.passBaseBits[avoid === true ? 1 : 0]);
    // (over u's foes: enemies(u, v) holds for each)
    const foes = this.sideFoes[u.side],
      occ = this.occ;
    for (let i = 0; i < foes.length; i++) {
      const v = foes[i];
      if (v.cell >= 0 && occ[v.cell] === v.idx) {
        pass[v.cell] = 0;
        bits[v.cell >> 5] &= ~(1 << (v.cell & 31));
      }
    }
    let h = 0x811c9dc5;
    for (let w = 0; w < bits.length; w++) h = Math.imul(h ^ bits[w], 16777619);
    this.passHash[k] = h;
    return pass;
  }
  /**
   * TG-V3's search from u's square within `budget` over fillPass(u, avoid) (returned), into `pf`, with the pass array's
   * memo key as fillPass built it (the kept searches' key, path.ts, without a scan of the board per new array).
   */
  private searchFrom(pf: Pathfinder, u: Unit, budget: number, avoid: boolean): Uint8Array {
    const pass = this.fillPass(u, avoid),
      k = u.side * 2 + (avoid === true ? 1 : 0);
    pf.run(
      u.cell,
      budget,
      pass,
      this.wall,
      this.posVersion,
      this.wallVersion,
      this.losDirty !== true,
      this.passBits[k],
      this.passHash[k],
    );
    return pass;
  }
  /** fillPass without the enemies: not solid, and no hazard if `avoid`; rebuilt when the walls change (`wallVersion`). */
  private passBase(avoid: boolean): Uint8Array {
    const k = avoid === true ? 1 : 0,
      base = this.passBaseBufs[k];
    if (this.passBaseStamp[k] === this.wallVersion) return base;
    this.passBaseStamp[k] = this.wallVersion;
    const b = this.board,
      bits = this.passBaseBits[k];
    bits.fill(0);
    for (let c = 0; c < b.size; c++) {
      base[c] = this.solid[c] === 0 && !(avoid && b.hazard[c] === 1) ? 1 : 0;
      if (base[c] === 1) bits[c >> 5] |= 1 << (c & 31);
    }
    return base;
  }
  /** TG-X3: behind square holds an obstacle, the off-map or an able ally of the attacker (not the attacker). */
  cornerMet(a: Unit, t: Unit): boolean {
    const bs = this.board.behind(t.cell, t.facing);
    if (bs < 0 || this.wall[bs] === 1) return true;
    const o = this.occ[bs];
    return o >= 0 && o !== a.idx && !this.enemies(a, this.units[o]);
  }
  /** TG-X2 … X6 met by a attacking t from cell s (Charge and Line Up as given). */
  conditions(a: Unit, t: Unit, s: number, charge: boolean, lineUp: boolean): number {
    const b = this.board;
    let m = 0;
    if (b.inBack(t.cell, t.facing, s)) m |= X_BACKSTAB;
    if (this.cornerMet(a, t)) m |= X_CORNER;
    if (charge) m |= X_CHARGE;
    if (lineUp) m |= X_LINEUP;
    if (b.height[s] >= b.height[t.cell] + 1) m |= X_HIGH;
    return m;
  }
  /** TG-X4: the actor's movement this turn so far is one straight run costing exactly its speed, ending adjacent to t, not starting adjacent. */
  chargeMet(a: Unit, t: Unit): boolean {
    const p = this.turnPath,
      n = this.turnLen,
      b = this.board;
    // TGS-33: a run is two squares or more (one step from an engagement, TG-N1's speed 1, is no Charge)
    if (this.actor !== a.idx || n < 3 || this.dashUsed > 0 || this.moveUsed !== a.speed) return false;
    if (b.dist(p[0], t.cell) <= 1 || b.dist(p[n - 1], t.cell) !== 1) return false;
    const dx = b.vx[p[1]] - b.vx[p[0]],
      dy = b.vy[p[1]] - b.vy[p[0]];
    for (let k = 2; k < n; k++)
      if (b.vx[p[k]] - b.vx[p[k - 1]] !== dx || b.vy[p[k]] - b.vy[p[k - 1]] !== dy) return false;
    return true;
  }
  /** TG-A2 … A5: the number a roller faces against t (planning key TG-V5 (4), TGS-8). */
  difficultyOf(t: Unit): number {
    return t.npc === true ? t.difficulty : PVP_BASE + t.defense0 + t.defenseBonus;
  }
  attackMod(u: Unit): number {
    return u.attack0 + u.attackBonus;
  }
  defenseMod(u: Unit): number {
    return u.defense0 + u.defenseBonus;
  }
  /** TG-V5 (5) TGS-10: able enemies of u within their sheet speed + reach of s, terrain ignored. */
  threats(u: Unit, s: number): number {
    let n = 0;
    const units = this.units,
      b = this.board;
    for (let i = 0; i < units.length; i++) {
      const v = units[i];
      if (v.out !== true && v.side !== u.side && b.dist(s, v.cell) <= v.threatReach) n++;
    }
    return n;
  }

  /**
   * Harm to t of one attack by a with `conds` met, per face (TG-V5 (2) (3), TGS-7): P(OUT) × 20 into valueOut[k]
   * and E(harm) × 20 into valueHarm[k].
   */
  private attackValue(a: Unit, t: Unit, conds: number, k: number): void {
    // counted by outcome (critical success, plain success, plain failure, critical failure), not face by face
    const left = harmLeft(t);
    let nc = 0;
    for (let m = conds; m; m &= m - 1) nc++;
    let pOut: number, e: number;
    const rr = this.rr;
    if (a.npc !== true) {
      const tac = Math.min(a.pools[P_TACTICS], nc);
      const nCrit = critFaces(rr),
        nSucc = plainSuccessFaces(this.attackMod(a), this.difficultyOf(t), rr);
      const nMiss = DIE - nCrit - nSucc;
      e = nCrit * (2 + tac) + nSucc * (1 + tac) + nMiss * tac;
      pOut = (2 + tac >= left ? nCrit : 0) + (1 + tac >= left ? nSucc : 0) + (tac >= left ? nMiss : 0);
    } else if (t.npc !== true) {
      const D = a.difficulty + nc;
      const nFum = fumbleFaces(rr),
        nFail = plainFaces(rr) - plainSuccessFaces(this.defenseMod(t), D, rr);
      const b1 = banes(D, false, rr),
        b2 = banes(D, true, rr);
      e = nFail * b1 + nFum * b2;
      pOut = (b1 >= left ? nFail : 0) + (b2 >= left ? nFum : 0);
    } else {
      const h = a.difficulty + nc > t.difficulty ? 1 : 0;
      e = h * DIE;
      pOut = h >= left ? DIE : 0;
    }
    this.valueOut[k] = pOut;
    this.valueHarm[k] = e;
  }

  // ── plans (TG-V5) ──
  /**
   * Every attack plan of u for a turn with `speed` and `range` (u.speed/u.range set by the caller), sorted by
   * TG-V5; `all = false` ranks them as they come and returns only the best (on the taunter if it can be attacked),
   * allocating no plan but that one.
   */
  plans(u: Unit, avoid = true, all = true): Plan[] {
    const b = this.board,
      pf = this.pf;
    const gen = ++this.valueGen;
    this.markRow = -1;
    if (this.recordTargets === true && avoid === true) {
      this.markRow = u.idx * this.n;
      for (let i = this.markRow, e = i + this.n; i < e; i++) this.targetMarks[i] = 0;
    }
    const budget = u.ai === 'hold' ? 0 : Math.max(0, u.speed - this.moveUsedBy(u));
    const far = budget + this.reach(u) + (u.melee !== true && (u.abil & AB_DEADEYE) !== 0 ? 2 : 0);
    // the targets first (they read no search; `nearest`'s distances are taken here, as a search would have)
    const nt = this.prepareTargets(u, far);
    if (nt === 0) {
      // no enemy within grid distance of any square it could attack from: no plan, no path search (a square
      // reached costs at least its distance)
      this.hazardLimited = false;
      return [];
    }
    const pass = this.searchFrom(pf, u, budget, avoid);
    const cost = pf.cost;
    this.hazardLimited = avoid === true && this.hazardReachable(u, budget);
    const out: Plan[] = [];
    const prev = all === true ? pf.prev.slice() : EMPTY_PREV;
    this.bestSlot.set = false;
    this.tauntSlot.set = false;
    const r = (this.pReach = this.reach(u));
    const deadeye = (this.pDeadeye = u.melee !== true && (u.abil & AB_DEADEYE) !== 0);
    // the squares reached (TG-V3) × the targets in reach from them. Where the squares around a target are fewer than
    // the squares reached, they are walked target by target, else the squares reached (the pathfinder's list); the
    // order does not matter, as no two such plans tie on every key
    const R = r + (deadeye ? 2 : 0);
    const flat = all !== true && b.tables === true && this.losCache !== null;
    if (flat) {
      // best-only on a board with tables (the fast path's): the same pairs in the same order, from flat arrays
      if ((2 * R + 1) * (2 * R + 1) < pf.nTouched) this.scanBoxes(u, gen, nt, R, budget, cost);
      else this.scanReached(u, gen, nt, cost);
    } else if ((2 * R + 1) * (2 * R + 1) < pf.nTouched) {
      for (let k = 0; k < nt; k++) {
        const tc = this.tgCell[k],
          tx = b.x(tc),
          ty = b.y(tc);
        const x0 = Math.max(0, tx - R),
          x1 = Math.min(b.w - 1, tx + R),
          y1 = Math.min(b.h - 1, ty + R);
        for (let y = Math.max(0, ty - R); y <= y1; y++) {
          for (let s = y * b.w + x0, e = y * b.w + x1; s <= e; s++)
            if (cost[s] <= budget && this.canEnd(u, s))
              this.considerPair(u, gen, k, s, cost[s], -1, out, all === true ? prev : null);
        }
      }
    } else {
      const reached = pf.touched;
      for (let i = 0, n = pf.nTouched; i < n; i++) {
        const s = reached[i];
        if (this.canEnd(u, s)) this.considerAt(u, gen, nt, s, cost[s], -1, out, all === true ? prev : null);
      }
    }
    // the Charge runs (TG-X4, TGS-23, TGS-33): one straight run of two squares or more costing exactly this turn's speed
    if (this.chargeRuns(u)) {
      const nd = b.nDirs,
        step = pf.stepTable(this.wall, this.wallVersion); // off the map and TG-M4's corners out
      const speed = u.speed,
        difficult = b.difficult;
      for (let d = 0; d < nd; d++) {
        let c = u.cell,
          spent = 0,
          steps = 0;
        while (spent < speed) {
          const nx = step[c * nd + d];
          if (nx < 0 || pass[nx] !== 1) break;
          spent += 1 + difficult[nx]; // pf.enterCost (TG-M2)
          c = nx;
          steps++;
        }
        if (spent === speed && steps >= 2 && this.canEnd(u, c))
          this.considerAt(u, gen, nt, c, spent, d, out, all === true ? prev : null);
      }
    }
    if (all !== true) {
      // best-only: fix the chosen plan's path now, while the pathfinder still holds this run
      const ts = this.tauntSlot,
        bs = this.bestSlot; // (aliases: the compiler narrowed `this.…Slot.set` to the false set above)
      const pick = ts.set === true ? ts : bs.set === true ? bs : null;
      if (pick === null) return [];
      return [
        {
          s: pick.s,
          target: pick.target,
          cost: pick.cost,
          charge: pick.charge === true,
          deadeye: pick.deadeye,
          conds: pick.conds,
          pOut: pick.pOut,
          eHarm: pick.eHarm,
          faced: pick.faced,
          threats: pick.threats >= 0 ? pick.threats : this.threatsAt(u, pick.s),
          key1: pick.key1,
          run: pick.runDir >= 0 ? this.chargeRun(u.cell, pick.runDir, pick.s) : pf.path(pick.s),
          prev: EMPTY_PREV,
        },
      ];
    }
    const taunt = u.taunter;
    const onTaunter = taunt >= 0 ? plansOn(out, taunt) : [];
    const res = onTaunter.length ? onTaunter : out;
    res.sort(planOrder);
    return res;
  }

  /**
   * Fills the per-target scratch of a plans() call with what does not depend on the attack square: the enemies
   * u may target (placement order) within grid distance `far` (its budget + reach + Deadeye: a square reached costs
   * at least its distance, so no square in reach of a farther one is reached), their squares, distances at turn
   * start, Corner, TG-V5 (1) and (4). Returns how many.
   */
  private prepareTargets(u: Unit, far: number): number {
    const b = this.board;
    const weakest = u.ai === 'focus-weakest';
    const nearDist = u.ai === 'nearest' ? this.nearestDistances(u) : null;
    let k = 0;
    // (over u's foes, placement order: enemies(u, t) holds for each)
    for (let tAt = 0, tList = this.sideFoes[u.side]; tAt < tList.length; tAt++) {
      const t = tList[tAt];
      if (!this.targetable(u, t)) continue;
      const now = b.dist(u.cell, t.cell);
      if (now > far) continue;
      this.tgIdx[k] = t.idx;
      this.tgCell[k] = t.cell;
      this.tgFacing[k] = t.facing;
      this.tgBackRow[k] = (t.facing * b.size + t.cell) * b.backWords;
      this.tgHigh[k] = b.height[t.cell] + 1;
      this.tgStart[k] = this.actorStartDist(u, t);
      this.tgNow[k] = now;
      this.tgCorner[k] = this.cornerMet(u, t) ? X_CORNER : 0;
      this.tgKey1[k] = weakest ? harmLeft(t) : nearDist ? nearDist[t.idx] : 0;
      this.tgFaced[k] = this.difficultyOf(t);
      k++;
    }
    return k;
  }
  /** The plan search tries the Charge runs (TG-X4): not `hold`, no movement yet this turn, speed above 0. */
  private chargeRuns(u: Unit): boolean {
    return u.ai !== 'hold' && this.moveUsedBy(u) === 0 && u.speed > 0;
  }

  /** TG-V5 (1) `nearest`: path distance from u at its turn start to a square adjacent to each enemy, once per side turn (TGS-9). */
  private nearestDistances(u: Unit): Int32Array {
    const b = this.board;
    const nearDist = this.nearDist[u.idx];
    if (this.nearStamp[u.idx] === this.turnSerial) return nearDist;
    this.nearStamp[u.idx] = this.turnSerial;
    nearDist.fill(INF);
    // its own pathfinder, so the plan's run in `pf` stays intact
    const pf = this.pfNear;
    this.searchFrom(pf, u, INF, false);
    for (const v of this.units) {
      if (!able(v)) continue;
      let best = INF;
      for (let d = 0; d < b.nDirs; d++) {
        const nb = b.nb[v.cell * b.nDirs + d];
        if (nb >= 0 && pf.cost[nb] < best) best = pf.cost[nb];
      }
      nearDist[v.idx] = best === INF ? INF : best + 1;
    }
    return nearDist;
  }

  /** TG-V5: every target u may attack from square s (reached at `cost`; `runDir` ≥ 0: the Charge run in that direction), listed or ranked. */
  private considerAt(
    u: Unit,
    gen: number,
    nt: number,
    s: number,
    cost: number,
    runDir: number,
    out: Plan[],
    prev: Int32Array | null,
  ): void {
    for (let k = 0; k < nt; k++) this.considerPair(u, gen, k, s, cost, runDir, out, prev);
  }

  /** TG-V5: the plan of attacking target k (prepareTargets) from square s, if it is in reach and LOS, listed or ranked. */
  private considerPair(
    u: Unit,
    gen: number,
    k: number,
    s: number,
    cost: number,
    runDir: number,
    out: Plan[],
    prev: Int32Array | null,
  ): void {
    const b = this.board;
    const r = this.pReach;
    const tc = this.tgCell[k];
    const d = b.dist(s, tc);
    // TG-B1: Deadeye adds 1 or 2 at distance ≥ 2 (not melee); TG-V6: the smallest that reaches, larger if it earns Line Up
    const canDe = this.pDeadeye === true && d >= 2;
    let de = d > r ? d - r : 0;
    if (de > 0 && (!canDe || de > 2)) return;
    const sd = this.tgStart[k] - r;
    if (canDe && sd > de && sd <= 2) de = sd;
    if (!this.los(s, tc)) return;
    const ti = this.tgIdx[k];
    if (this.markRow >= 0) this.targetMarks[this.markRow + ti] = 1;
    const charge = runDir >= 0;
    const chargeOk = charge && d === 1 && this.tgNow[k] > 1;
    // TG-X2 … X6 (conditions())
    let conds = this.tgCorner[k];
    if (b.inBack(tc, this.tgFacing[k], s)) conds |= X_BACKSTAB;
    if (chargeOk) conds |= X_CHARGE;
    if (this.tgStart[k] === r + de) conds |= X_LINEUP;
    if (b.height[s] >= b.height[tc] + 1) conds |= X_HIGH;
    const vk = ti * 32 + conds;
    if (this.valueStamp[vk] !== gen) {
      this.valueStamp[vk] = gen;
      this.attackValue(u, this.units[ti], conds, vk);
    }
    const pOut = this.valueOut[vk],
      eHarm = this.valueHarm[vk],
      key1 = this.tgKey1[k],
      faced = this.tgFaced[k];
    if (prev !== null) {
      out.push({
        s,
        target: ti,
        cost,
        charge: chargeOk,
        deadeye: de,
        conds,
        pOut,
        eHarm,
        faced,
        threats: this.threatsAt(u, s),
        key1,
        run: charge ? this.chargeRun(u.cell, runDir, s) : null,
        prev,
      });
      return;
    }
    // best-only: the plan is kept only if it beats the best so far (TG-V5's order, planOrder), first found on ties
    const slot = this.bestSlot;
    if (this.beats(u, slot, key1, pOut, eHarm, faced, s, cost, ti, chargeOk))
      slot.hold(s, ti, cost, runDir, chargeOk, de, conds, pOut, eHarm, faced, key1, this.beatsThreats);
    if (ti === u.taunter && this.beats(u, this.tauntSlot, key1, pOut, eHarm, faced, s, cost, ti, chargeOk))
      this.tauntSlot.hold(s, ti, cost, runDir, chargeOk, de, conds, pOut, eHarm, faced, key1, this.beatsThreats);
  }

  /**
   * plans()' best-only scan target by target over the squares within R of each (boards with tables and the LOS
   * cache): considerPair's tests, with the target's values and table rows in locals instead of read per pair.
   */
  private scanBoxes(u: Unit, gen: number, nt: number, R: number, budget: number, cost: Int32Array): void {
    const b = this.board,
      w = b.w,
      size = b.size,
      distT = b.distT,
      backT = b.backT,
      BW = b.backWords,
      height = b.height;
    const lc = this.losCache!;
    const r = this.pReach,
      pDe = this.pDeadeye === true,
      xMax = w - 1,
      yMax = b.h - 1;
    const tgCell = this.tgCell,
      tgStart = this.tgStart,
      tgFacing = this.tgFacing,
      tgCorner = this.tgCorner;
    // considerPair's best-only tail (see offerTaunt) inline, with its arrays hoisted
    const tgIdx = this.tgIdx,
      tgKey1 = this.tgKey1,
      tgFaced = this.tgFaced,
      valueStamp = this.valueStamp,
      valueOut = this.valueOut,
      valueHarm = this.valueHarm;
    const markRow = this.markRow,
      marks = this.targetMarks,
      slot = this.bestSlot,
      taunter = u.taunter;
    for (let k = 0; k < nt; k++) {
      const tc = tgCell[k],
        tx = tc % w,
        ty = (tc / w) | 0;
      const start = tgStart[k],
        corner = tgCorner[k],
        hT = height[tc] + 1,
        dRow = tc * size,
        backRow = (tgFacing[k] * size + tc) * BW;
      const ti = tgIdx[k],
        key1 = tgKey1[k],
        faced = tgFaced[k],
        t = this.units[ti];
      const x0 = tx - R > 0 ? tx - R : 0,
        x1 = tx + R < xMax ? tx + R : xMax,
        y1 = ty + R < yMax ? ty + R : yMax;
      for (let y = ty - R > 0 ? ty - R : 0; y <= y1; y++) {
        for (let s = y * w + x0, e = y * w + x1; s <= e; s++) {
          const cs = cost[s];
          if (cs > budget) continue;
          const d = distT[dRow + s];
          // TG-B1 TG-V6: Deadeye as in considerPair
          const canDe = pDe && d >= 2;
          let de = d > r ? d - r : 0;
          if (de > 0 && (!canDe || de > 2)) continue;
          const sd = start - r;
          if (canDe && sd > de && sd <= 2) de = sd;
          const lv = lc[s * size + tc];
          if (lv === 0 ? !this.los(s, tc) : lv !== 1) continue;
          if (!this.canEnd(u, s)) continue; // (after the cheaper tests: all three are pure)
          let conds = corner;
          if (((backT[backRow + (s >> 5)] >>> (s & 31)) & 1) === 1) conds |= X_BACKSTAB;
          if (start === r + de) conds |= X_LINEUP;
          if (height[s] >= hT) conds |= X_HIGH;
          // the pair's value, its target marked, ranked against the held plans (considerPair's tail)
          if (markRow >= 0) marks[markRow + ti] = 1;
          const vk = ti * 32 + conds;
          if (valueStamp[vk] !== gen) {
            valueStamp[vk] = gen;
            this.attackValue(u, t, conds, vk);
          }
          const pOut = valueOut[vk],
            eHarm = valueHarm[vk];
          if (this.beats(u, slot, key1, pOut, eHarm, faced, s, cs, ti, false))
            slot.hold(s, ti, cs, -1, false, de, conds, pOut, eHarm, faced, key1, this.beatsThreats);
          if (ti === taunter) this.offerTaunt(u, s, cs, ti, de, conds, pOut, eHarm, faced, key1);
        }
      }
    }
  }

  /** plans()' best-only scan square by square over the squares reached (as scanBoxes: boards with tables). */
  private scanReached(u: Unit, gen: number, nt: number, cost: Int32Array): void {
    const pf = this.pf,
      b = this.board,
      size = b.size,
      distT = b.distT,
      backT = b.backT,
      height = b.height;
    const lc = this.losCache!;
    const r = this.pReach,
      pDe = this.pDeadeye === true;
    const tgCell = this.tgCell,
      tgStart = this.tgStart,
      tgBackRow = this.tgBackRow,
      tgHigh = this.tgHigh,
      tgCorner = this.tgCorner;
    const reached = pf.touched;
    // considerPair's best-only tail (see offerTaunt) inline, with its arrays hoisted
    const tgIdx = this.tgIdx,
      tgKey1 = this.tgKey1,
      tgFaced = this.tgFaced,
      valueStamp = this.valueStamp,
      valueOut = this.valueOut,
      valueHarm = this.valueHarm;
    const markRow = this.markRow,
      marks = this.targetMarks,
      slot = this.bestSlot,
      taunter = u.taunter,
      units = this.units;
    for (let i = 0, n = pf.nTouched; i < n; i++) {
      const s = reached[i];
      if (!this.canEnd(u, s)) continue;
      const cs = cost[s],
        sRow = s * size,
        hS = height[s],
        sWord = s >> 5,
        sBit = s & 31;
      for (let k = 0; k < nt; k++) {
        const tc = tgCell[k];
        const d = distT[sRow + tc];
        const canDe = pDe && d >= 2;
        let de = d > r ? d - r : 0;
        if (de > 0 && (!canDe || de > 2)) continue;
        const start = tgStart[k];
        const sd = start - r;
        if (canDe && sd > de && sd <= 2) de = sd;
        const lv = lc[sRow + tc];
        if (lv === 0 ? !this.los(s, tc) : lv !== 1) continue;
        let conds = tgCorner[k];
        if (((backT[tgBackRow[k] + sWord] >>> sBit) & 1) === 1) conds |= X_BACKSTAB;
        if (start === r + de) conds |= X_LINEUP;
        if (hS >= tgHigh[k]) conds |= X_HIGH;
        // the pair's value, its target marked, ranked against the held plans (considerPair's tail)
        const ti = tgIdx[k];
        if (markRow >= 0) marks[markRow + ti] = 1;
        const vk = ti * 32 + conds;
        if (valueStamp[vk] !== gen) {
          valueStamp[vk] = gen;
          this.attackValue(u, units[ti], conds, vk);
        }
        const pOut = valueOut[vk],
          eHarm = valueHarm[vk],
          key1 = tgKey1[k],
          faced = tgFaced[k];
        if (this.beats(u, slot, key1, pOut, eHarm, faced, s, cs, ti, false))
          slot.hold(s, ti, cs, -1, false, de, conds, pOut, eHarm, faced, key1, this.beatsThreats);
        if (ti === taunter) this.offerTaunt(u, s, cs, ti, de, conds, pOut, eHarm, faced, key1);
      }
    }
  }

  /**
   * The scans' pair on the taunter (TG-Y5: plans() keeps the best plan on it apart), ranked against the held one. The
   * rest of considerPair's best-only tail — the pair's value (attackValue once per target and conditions), the
   * target's mark, the best plan so far — is written inline in scanBoxes and scanReached, their arrays hoisted out of
   * the loops (a call per pair, and its reloads of the simulator's arrays, cost more than the work).
   */
  private offerTaunt(
    u: Unit,
    s: number,
    cost: number,
    ti: number,
    de: number,
    conds: number,
    pOut: number,
    eHarm: number,
    faced: number,
    key1: number,
  ): void {
    if (this.beats(u, this.tauntSlot, key1, pOut, eHarm, faced, s, cost, ti, false))
      this.tauntSlot.hold(s, ti, cost, -1, false, de, conds, pOut, eHarm, faced, key1, this.beatsThreats);
  }

  /** planOrder(candidate, held) < 0, the threats (5) counted only when (1) to (4) tie. */
  private beats(
    u: Unit,
    h: PlanSlot,
    key1: number,
    pOut: number,
    eHarm: number,
    faced: number,
    s: number,
    cost: number,
    target: number,
    charge: boolean,
  ): boolean {
    this.beatsThreats = -1;
    if (h.set !== true) return true;
    if (key1 !== h.key1) return key1 < h.key1;
    if (pOut !== h.pOut) return pOut > h.pOut;
    if (eHarm !== h.eHarm) return eHarm > h.eHarm;
    if (faced !== h.faced) return faced < h.faced;
    const th = (this.beatsThreats = this.threatsAt(u, s));
    const hth = h.threats >= 0 ? h.threats : (h.threats = this.threatsAt(u, h.s));
    if (th !== hth) return th < hth;
    if (cost !== h.cost) return cost < h.cost;
    if (target !== h.target) return target < h.target;
    if (s !== h.s) return s < h.s;
    return charge && h.charge !== true;
  }

  /**
   * threats(u, s) as of the last change of a combatant's square or OUT state (`posVersion`): on boards with distance
   * tables the kept counts (threats.ts) brought up to date, else counted once per side and square.
   */
  private threatsAt(u: Unit, s: number): number {
    const kept = this.threatKept;
    if (kept !== null) {
      if (this.thStamp !== this.posVersion) {
        this.thStamp = this.posVersion;
        kept.sync(this.units);
      }
      return kept.count(u.side, s);
    }
    const k = u.side * this.board.size + s;
    if (this.threatStamp[k] !== this.posVersion) {
      this.threatStamp[k] = this.posVersion;
      // threats(u, s) over the combatants not OUT (their squares, reaches and sides gathered once per posVersion)
      if (this.thStamp !== this.posVersion) {
        this.thStamp = this.posVersion;
        let m = 0;
        const units = this.units;
        for (let i = 0; i < units.length; i++) {
          const v = units[i];
          if (v.out === true) continue;
          this.thCell[m] = v.cell;
          this.thReach[m] = v.threatReach;
          this.thSide[m] = v.side;
          m++;
        }
        this.thN = m;
      }
      const b = this.board,
        side = u.side,
        cell = this.thCell,
        reach = this.thReach,
        sides = this.thSide;
      let n = 0;
      for (let j = 0, m = this.thN; j < m; j++) if (sides[j] !== side && b.dist(s, cell[j]) <= reach[j]) n++;
      this.threatCount[k] = n;
    }
    return this.threatCount[k];
  }
  /** Every change of a combatant's square or OUT state calls this (threatsAt's cache). */
  private moved(): void {
    this.posVersion++;
  }

  /** The cells of the straight run from `from` in direction d up to `to` (TG-X4). */
  private chargeRun(from: number, d: number, to: number): number[] {
    const b = this.board,
      run: number[] = [];
    for (let c = from; c !== to;) {
      c = b.nb[c * b.nDirs + d];
      run.push(c);
    }
    return run;
  }
  /**
   * Which enemies the actor u has a plan against at its turn start (the squares × targets of its hazard-avoiding
   * search): 1 at row + t.idx of its marks (marksKept); returns the row. The search of its scoring if nothing changed since,
   * else a fresh scoring, which its turn then reuses.
   */
  private planTargets(u: Unit): number {
    if (this.scoredAt[u.idx] !== this.version) this.scorePlan(u);
    else if (u.ai === 'nearest') this.nearestDistances(u); // taken here, as the search this saves would have (TGS-9)
    return this.marksAt[u.idx];
  }
  /** Plans u's best (bestPlans, with its speed, range and actor state as set by the caller), records its targets, and keeps it while `version` stands. */
  private scorePlan(u: Unit): Plan | null {
    this.recordTargets = true;
    let p: Plan[];
    try {
      p = this.bestPlans(u);
    } finally {
      this.recordTargets = false;
      this.markRow = -1;
    }
    this.marksKept[u.idx] = 0;
    this.marksAt[u.idx] = u.idx * this.n;
    return this.keepScored(u, p);
  }
  /** Keeps u's best of `p` (null: none) as its scored plan while `version` stands, and returns it. */
  private keepScored(u: Unit, p: Plan[]): Plan | null {
    const best = p.length ? p[0] : null;
    this.scored[u.idx] = best;
    this.scoredAt[u.idx] = this.version;
    this.scoredAtAll[u.idx] = this.versionAll;
    return best;
  }

  /** TG-V3: hazards count as blocked for chosen moves unless nothing is possible without them. */
  bestPlans(u: Unit): Plan[] {
    const p = this.plans(u, true, false);
    // the second pass can only differ if avoiding hazards actually kept a square out of reach
    return p.length > 0 || this.hazardLimited !== true ? p : this.plans(u, false, false);
  }
  /** The actor's best plan now (null: none): the one its choice scored if no state changed since (same speed, range, squares, pools), else afresh. */
  private currentPlan(u: Unit): Plan | null {
    if (this.scoredAt[u.idx] === this.version) {
      // only support since the scoring: the search this saves would have taken `nearest`'s distances now (TGS-9)
      if (this.scoredAtAll[u.idx] !== this.versionAll && u.ai === 'nearest') this.nearestDistances(u);
      return this.scored[u.idx];
    }
    const p = this.bestPlans(u);
    return p.length ? p[0] : null;
  }
  /**
   * currentPlan, a fresh plan kept as a scored one: Bolster's test asks first, then the turn, which reuses it if
   * nothing changed between. No targets are recorded: the Taunt test, their only reader, comes before it.
   */
  private keptPlan(u: Unit): Plan | null {
    if (this.scoredAt[u.idx] === this.version) return this.currentPlan(u);
    return this.keepScored(u, this.bestPlans(u));
  }
  /** After a hazard-avoiding run: could a hazard square have been entered within `budget`? (Then it mattered.) */
  private hazardReachable(u: Unit, budget: number): boolean {
    const b = this.board,
      pf = this.pf;
    for (let i = 0; i < b.hazardCells.length; i++) {
      const h = b.hazardCells[i];
      if (this.solid[h] || (this.occ[h] >= 0 && this.enemies(u, this.units[this.occ[h]]))) continue;
      for (let d = 0; d < b.nDirs; d++) {
        const v = b.nb[h * b.nDirs + d];
        if (v >= 0 && pf.cost[v] + pf.enterCost(h) <= budget) return true;
      }
    }
    return false;
  }
  private moveUsedBy(u: Unit): number {
    return this.actor === u.idx ? this.moveUsed : 0;
  }
  private actorStartDist(u: Unit, t: Unit): number {
    return this.actor === u.idx ? this.startDist[t.idx] : this.board.dist(u.cell, t.cell);
  }

  // ── rounds and turns (TG-T, TG-V2) ──
  /** One round (TG-T7): every side's turn in order, then the cap. */
  playRound(): void {
    do this.stepTurn();
    while (this.cursor !== 0 && this.result < 0);
  }

  /** Step-through by side turn: starts a round when due, plays the next side's turn (TG-V2), applies the cap (TG-T7). */
  stepTurn(): void {
    if (this.result >= 0) return;
    try {
      if (this.cursor === 0) {
        this.round++;
        if (this.sink !== null) this.emit({ type: 'round', round: this.round });
        this.skipEmptySides();
      }
      if (this.cursor < this.nSides) {
        this.sideTurn(this.sideOrder[this.cursor]);
        this.cursor++;
        this.skipEmptySides();
      }
      if (this.cursor >= this.nSides) {
        this.cursor = 0;
        if (this.round >= this.cap) this.finish(STALEMATE, -1);
      }
    } catch (e) {
      if (!(e instanceof Ended)) throw e;
    }
  }
  private skipEmptySides(): void {
    while (this.cursor < this.nSides && !this.sideAble(this.sideOrder[this.cursor])) this.cursor++;
  }
  /** Side s has an able member. */
  private sideAble(s: number): boolean {
    const members = this.sideMembers[s];
    for (let i = 0; i < members.length; i++) if (members[i].out !== true) return true;
    return false;
  }

  /** TG-T7: at most one side with able combatants ends the combat. Throws Ended when `unwind`. */
  checkEnd(unwind = true): void {
    if (this.result >= 0) return;
    // asked after every harm: with no one OUT or back since it last found two sides able (an OUT change bumps
    // posVersion, as the threat counts need), the answer stands
    if (this.endCheckedAt === this.posVersion) return;
    let alive = -1,
      count = 0;
    for (let s = 0; s < this.nSides; s++) {
      if (this.sideAble(s)) {
        alive = s;
        count++;
      }
    }
    if (count > 1) {
      this.endCheckedAt = this.posVersion;
      return;
    }
    if (count === 1) this.finish(WIN, alive);
    else this.finish(DRAW, -1);
    if (unwind) throw ENDED;
  }
  /** checkEnd's last `posVersion` with two sides or more able (−1: none yet). */
  private endCheckedAt = -1;
  private finish(r: number, w: number): void {
    this.result = r;
    this.winner = w;
    this.endRound = this.round;
    if (this.sink !== null)
      this.emit({
        type: 'end',
        round: this.round,
        outcome: r === WIN ? 'win' : r === DRAW ? 'draw' : 'stalemate',
        winner: w >= 0 ? this.sideNames[w] : null,
      });
  }

  /** TG-T2 TG-V2 TG-V8 TG-E6 TGS-18 TGS-21: pick the side's actor; null if none can act. */
  pickActor(s: number): { u: Unit; reason: string } | null {
    const units = this.units,
      fresh = this.pkFresh,
      members = this.sideMembers[s];
    let nFresh = 0,
      anyExhausted = false,
      anyReactions = false;
    for (let k = 0; k < members.length; k++) {
      const u = members[k];
      if (!able(u)) continue;
      if (u.exhausted === true) anyExhausted = true;
      else fresh[nFresh++] = u.idx;
      if (u.pools[P_REACTIONS] > 0) anyReactions = true;
    }
    // a lone fresh member with no Command possible needs no plan to be picked (the same choice, fewer plans)
    const canCommand = anyExhausted && anyReactions;
    if (nFresh === 1 && !canCommand) return { u: units[fresh[0]], reason: 'the only fresh member' };
    // the fast path: a state met before gets the choice made then (pick-memo.ts), a Command included, unless Still Life
    // changed the walls (the key holds no walls)
    const memo = (canCommand || nFresh > 1) && this.losDirty !== true && this.sink === null ? this.pickMemo : null;
    if (memo !== null) {
      const kept = memo.find(this.pickKey(s, canCommand), this.pickHash);
      if (kept !== undefined) {
        const n = this.n;
        // only the pick's plan and targets: its turn reads them (planTargets, currentPlan, taunt); a member not picked
        // is scored afresh at its next choice, and nothing reads its plan before the turn's first change (`version`)
        const pick = kept.pick;
        for (let j = 0; j < kept.count; j++) {
          const m = kept.member(j);
          if (m !== pick) continue;
          this.scored[m] = kept.plan(j);
          this.scoredAt[m] = this.version;
          this.scoredAtAll[m] = this.versionAll;
          // the member's row of targets: the kept row itself, not a copy (read by the guard's Taunt test, planTargets)
          this.marksKept[m] = 1;
          this.marksAt[m] = kept.marksRow(j, n);
        }
        // a `nearest` member's distances taken by its scoring are never read: turnStart starts a new turnSerial
        if (kept.reactor >= 0) this.command(units[kept.reactor], units[kept.pick], '');
        return { u: units[kept.pick], reason: '' };
      }
    }
    // the members scored by this call (pkStamp = pkSerial): their plans are in `scored`
    const serial = ++this.pkSerial;
    if (canCommand) {
      // TG-V8 Command: no fresh member has a plan and an exhausted one in a reactor's range has; whether any fresh
      // member has a plan: the first one found settles it
      let anyPlan = false;
      for (let k = 0; k < nFresh; k++) {
        const u = units[fresh[k]];
        this.pkStamp[u.idx] = serial;
        if (this.scoreNext(u) !== null) {
          anyPlan = true;
          break;
        }
      }
      if (!anyPlan) {
        const j = this.commandPick(s, memo, serial);
        if (j !== null) return { u: j, reason: 'commanded (TG-Y6)' };
      }
    }
    if (!nFresh) return null;
    // TG-E6: stunned members are passed over unless they are the only ones
    let nUnstunned = 0;
    for (let k = 0; k < nFresh; k++) if (units[fresh[k]].stunned !== true) nUnstunned++;
    if (nUnstunned && nUnstunned < nFresh) {
      let m = 0;
      for (let k = 0; k < nFresh; k++) {
        const u = units[fresh[k]];
        if (u.stunned !== true) fresh[m++] = fresh[k];
        else if (this.sink !== null)
          this.emit({ type: 'skip', round: this.round, who: u.name, reason: 'stunned (TG-E6)' });
      }
      nFresh = m;
    }
    // TG-V2: the first member (placement order) whose best plan has the highest (P(OUT), expected harm); none with a
    // plan: the first. Members are valued in the order of an upper bound of that value (planBound), and one whose
    // bound cannot beat the best found is never planned: the same choice, fewer plans.
    const bound = this.pkBound,
      order = this.pkOrder;
    for (let i = 0; i < nFresh; i++) {
      bound[i] = this.planBound(units[fresh[i]]);
      // insertion by (bound descending, position ascending): a total order, so the same as any sort
      let j = i - 1;
      while (j >= 0 && bound[order[j]] < bound[i]) {
        order[j + 1] = order[j];
        j--;
      }
      order[j + 1] = i;
    }
    let bestVal = -1,
      bestI = 0,
      bp: Plan | null = null;
    for (let k = 0; k < nFresh; k++) {
      const i = order[k],
        b = bound[i];
      if (b < 0 || (bestVal >= 0 && (b < bestVal || (b === bestVal && i > bestI)))) continue;
      const u = units[fresh[i]];
      let p: Plan | null;
      if (this.pkStamp[u.idx] === serial) p = this.scored[u.idx];
      else {
        this.pkStamp[u.idx] = serial;
        p = this.scoreNext(u);
      }
      if (p === null) continue;
      const v = planValue(p.pOut, p.eHarm);
      if (bestVal < 0 || v > bestVal || (v === bestVal && i < bestI)) {
        bestVal = v;
        bestI = i;
        bp = p;
      }
    }
    const best = units[fresh[bestVal >= 0 ? bestI : 0]];
    if (memo !== null && !memo.full) this.keepPick(memo, serial, best.idx, -1);
    const reason =
      this.sink === null
        ? ''
        : bp
          ? `best plan: P(OUT) ${bp.pOut}/20, expected harm ${bp.eHarm}/20 on ${this.units[bp.target].name}`
          : 'no member has a plan; placement order';
    return { u: best, reason };
  }

  /**
   * TG-V8 Command, when no fresh member of side s has a plan: the first exhausted member in a reactor's range that has
   * one, commanded (and kept in `memo`); null if none. (Apart from pickActor: its closures would give every pickActor
   * call a context.)
   */
  private commandPick(s: number, memo: PickMemo | null, serial: number): Unit | null {
    const members = this.units.filter((u) => u.side === s && able(u));
    for (const j of members.filter((u) => u.exhausted === true)) {
      const reactor = this.pickReactor(members.filter((r) => r !== j && this.board.dist(r.cell, j.cell) <= r.range0));
      if (reactor === null || this.scoreNext(j) === null) continue;
      if (memo !== null && !memo.full) this.keepPick(memo, serial, j.idx, reactor.idx);
      this.command(reactor, j, 'no fresh ally can attack; this one can');
      return j;
    }
    return null;
  }

  /**
   * The state pickActor's plans read, for side s's choice, into the memo's key (PICK_KEY_PER_UNIT per combatant):
   * every combatant's square and OUT and dead flags (who stands where, OUT markers, threats); of side s's members
   * what their own plans and the choice read: exhausted, stunned, a Hinder of speed or range holding at its next turn,
   * difficulty, tactics, attack bonus, Taunt, and where a Command could happen reactions (who may command); of
   * their enemies what a plan reads of a target: facing, hidden, harm taken (health or stress), difficulty, defence
   * bonus. The rest is left out (0), so states that differ only there share a choice: a member's own facing, harm,
   * defence or hiding, an enemy's exhaustion, Stun, Hinder, pools, attack bonus or Taunt change no plan of side s
   * (TG-V5 reads the attacker's speed, reach, tactics, attack and difficulty, the target's square, facing, harm and
   * defence). The walls are the map's (pickActor checks). Returns the length.
   */
  private pickKey(s: number, canCommand: boolean): number {
    const key = this.pickMemo!.key,
      units = this.units;
    // packed: two words per combatant while every field fits its byte (fewer words to hash, compare and keep): the
    // square and flags, then a member's difficulty, tactics, Taunt and attack bonus or an enemy's harm, difficulty and
    // defence bonus; else the eight words as they are, key[0] telling the two forms apart
    // the key's hash folded as the packed words are written (FNV-1a, PickMemo.find), not in a second pass over them
    let p = 1,
      h = 0x811c9dc5;
    for (let i = 0; i < units.length; i++) {
      const u = units[i];
      const c1 = u.cell + 1,
        d = u.difficulty + 128;
      if (u.side === s) {
        const tac = u.pools[P_TACTICS],
          ta = u.taunter + 1,
          ab = u.attackBonus + 128;
        // (each an integer: in its range exactly when no bit above it is set, negatives included)
        if (((c1 >>> 16) | ((d | tac | ta | ab) >>> 8)) !== 0) {
          p = -1;
          break;
        }
        const w1 =
          c1 |
          (((u.exhausted === true ? 1 << 10 : 0) |
            (u.stunned === true ? 1 << 11 : 0) |
            this.hinderBits(u) |
            (u.out === true ? 1 << 8 : 0) |
            (u.dead === true ? 1 << 9 : 0)) <<
            16);
        const w2 = d | (tac << 8) | (ta << 16) | (ab << 24);
        key[p++] = w1;
        key[p++] = w2;
        h = Math.imul(Math.imul(h ^ w1, 16777619) ^ w2, 16777619);
      } else {
        const hl = (u.npc === true ? u.health : u.stress) + 128,
          db = u.defenseBonus + 128;
        if (((c1 >>> 16) | ((u.facing | hl | d | db) >>> 8)) !== 0) {
          p = -1;
          break;
        }
        const w1 =
          c1 |
          ((u.facing |
            (u.stealth === true ? 1 << 12 : 0) |
            (u.out === true ? 1 << 8 : 0) |
            (u.dead === true ? 1 << 9 : 0)) <<
            16);
        const w2 = hl | (d << 8) | (db << 16);
        key[p++] = w1;
        key[p++] = w2;
        h = Math.imul(Math.imul(h ^ w1, 16777619) ^ w2, 16777619);
      }
    }
    if (p < 0) {
      p = 1;
      for (let i = 0; i < units.length; i++) {
        const u = units[i];
        const own = u.side === s;
        key[p++] = u.cell;
        key[p++] =
          (own
            ? (u.exhausted === true ? 1 << 10 : 0) | (u.stunned === true ? 1 << 11 : 0) | this.hinderBits(u)
            : u.facing | (u.stealth === true ? 1 << 12 : 0)) |
          (u.out === true ? 1 << 8 : 0) |
          (u.dead === true ? 1 << 9 : 0);
        key[p++] = own ? 0 : u.npc === true ? u.health : u.stress;
        key[p++] = u.difficulty;
        key[p++] = own ? u.pools[P_TACTICS] : 0;
        key[p++] = own ? u.attackBonus : 0;
        key[p++] = own ? 0 : u.defenseBonus;
        key[p++] = own ? u.taunter : -1;
      }
      key[0] = (canCommand ? s + 256 : s) | (1 << 20);
      h = 0; // the unpacked form (rare): hashed whole below
    } else {
      key[0] = canCommand ? s + 256 : s;
      h = Math.imul(h ^ key[0], 16777619);
    }
    // who may command and be commanded: side s's members only (commandPick)
    if (canCommand)
      for (let i = 0; i < units.length; i++) {
        const w = units[i].side === s ? units[i].pools[P_REACTIONS] : 0;
        key[p++] = w;
        h = Math.imul(h ^ w, 16777619);
      }
    this.pickHash = key[0] >= 1 << 20 ? PickMemo.hashOf(key, p) : h;
    return p;
  }
  /** pickKey's bits 13 (speed) and 14 (range) of a Hinder holding at u's next turn (null tested first: see turnSpeed). */
  private hinderBits(u: Unit): number {
    if (u.hinder === null || u.hinderUntil < u.turns + 1) return 0;
    return u.hinder === 'speed' ? 1 << 13 : u.hinder === 'range' ? 1 << 14 : 0;
  }
  /**
   * Keeps pickActor's choice (member `pick`, commanded by `reactor` if ≥ 0) with the members it scored (pkStamp = serial):
   * their plans and targets. Those it scored and did not keep are scored again if their turn needs them, to the same plan.
   */
  private keepPick(memo: PickMemo, serial: number, pick: number, reactor: number): void {
    const n = this.n,
      members = this.keepMembers,
      plans = this.keepPlans,
      marks = this.keepMarks;
    let count = 0;
    for (let i = 0; i < n; i++) {
      if (this.pkStamp[i] !== serial) continue;
      members[count] = i;
      plans[count] = this.scored[i];
      for (let t = 0; t < n; t++) marks[count * n + t] = this.targetMarks[i * n + t];
      count++;
    }
    memo.keep(pick, reactor, members, plans, marks, count, count * n);
    for (let j = 0; j < count; j++) plans[j] = null;
  }
  /** keepPick's scratch. */
  private readonly keepMembers: Int32Array;
  private readonly keepPlans: (Plan | null)[];
  private readonly keepMarks: Uint8Array;

  /** pickActor's scoring: u's best plan at the start of its next turn (TG-N12's speed and range then), kept in `scored`. */
  private scoreNext(u: Unit): Plan | null {
    const sp = u.speed,
      rg = u.range,
      act = this.actor;
    this.actor = -1;
    u.speed = this.turnSpeed(u, u.turns + 1);
    u.range = this.turnRange(u, u.turns + 1);
    const p = this.scorePlan(u);
    u.speed = sp;
    u.range = rg;
    this.actor = act;
    return p;
  }

  /**
   * TG-V2's pruning: an upper bound of u's best plan value (planValue) at the start of its next turn, −1 if it can have
   * no plan. Targets: enemies within its budget + reach (+2 Deadeye) of its square; conditions: Corner and Line Up
   * as they stand, Backstab, Charge and High Ground wherever possible. A plan's value only grows with its conditions
   * (more tactics paid, or a higher difficulty faced), so no plan beats the bound.
   */
  private planBound(u: Unit): number {
    const b = this.board;
    const speed = this.turnSpeed(u, u.turns + 1),
      range = this.turnRange(u, u.turns + 1);
    const budget = u.ai === 'hold' ? 0 : speed;
    const r = u.melee === true ? 1 : range;
    const deadeye = u.melee !== true && (u.abil & AB_DEADEYE) !== 0;
    const far = budget + r + (deadeye ? 2 : 0);
    const k = this.n * 32; // attackValue's scratch slot
    let best = -1;
    // (over u's foes, placement order: enemies(u, t) holds for each)
    for (let tAt = 0, tList = this.sideFoes[u.side]; tAt < tList.length; tAt++) {
      const t = tList[tAt];
      if (!this.targetable(u, t)) continue;
      const d0 = b.dist(u.cell, t.cell);
      if (d0 > far) continue;
      let nc = 0;
      const charge = u.ai !== 'hold' && speed > 0 && d0 > 1;
      if (r === 1 && !deadeye) {
        // reach 1: the squares beside t u could end on within its budget (a square reached costs at least its grid
        // distance); none: no plan on t. Backstab, High Ground and Charge as the best of them allows.
        const at = this.squareConds(u, t, budget, charge ? speed : 0);
        if (at < 0) continue;
        nc += at;
      } else {
        nc++; // Backstab
        if (charge) nc++; // Charge
        if (b.maxHeight >= b.height[t.cell] + 1) nc++; // High Ground
      }
      if (this.cornerMet(u, t)) nc++;
      if (d0 === r || (deadeye && d0 > r && d0 <= r + 2)) nc++; // Line Up
      this.attackValue(u, t, (1 << nc) - 1, k);
      const v = planValue(this.valueOut[k], this.valueHarm[k]);
      if (v > best) best = v;
    }
    return best;
  }

  /**
   * planBound, reach 1: the most of Backstab (TG-X2), High Ground (TG-X6) and Charge (TG-X4, if `speed` > 0: a straight
   * run of ⌈speed/2⌉ to `speed` steps, as its cost must be `speed`) that one square beside t, which u may end on and
   * lies within `budget` of it, could give; −1 if there is no such square.
   */
  private squareConds(u: Unit, t: Unit, budget: number, speed: number): number {
    const b = this.board;
    let best = -1;
    const k0 = Math.max(1, Math.ceil(speed / 2));
    for (let d = 0; d < b.nDirs; d++) {
      const c = b.nb[t.cell * b.nDirs + d];
      if (c < 0 || b.dist(u.cell, c) > budget || !this.canEnd(u, c)) continue;
      let n = 0;
      if (b.inBack(t.cell, t.facing, c)) n++;
      if (b.height[c] >= b.height[t.cell] + 1) n++;
      if (speed > 0) {
        if (b.hex === true) n++;
        else {
          const dx = b.vx[c] - b.vx[u.cell],
            dy = b.vy[c] - b.vy[u.cell];
          const ax = dx < 0 ? -dx : dx,
            ay = dy < 0 ? -dy : dy,
            k = ax > ay ? ax : ay;
          if ((ax === 0 || ay === 0 || ax === ay) && k >= k0 && k <= speed) n++;
        }
      }
      if (n > best) best = n;
    }
    return best;
  }

  private sideTurn(s: number): void {
    this.turnSerial++;
    const pick = this.pickActor(s);
    if (pick === null) return;
    const u = pick.u;
    this.actor = u.idx;
    // TGS-22: the turn line shows TG-N12's values before Bolster
    if (this.sink !== null)
      this.emit({
        type: 'turn',
        round: this.round,
        side: this.sideNames[s],
        who: u.name,
        at: this.sq(u.cell),
        speed: this.turnSpeed(u, u.turns + 1),
        range: this.turnRange(u, u.turns + 1),
        reason: pick.reason,
      });
    try {
      if (this.turnStart(u) === true) this.takeTurn(u);
    } finally {
      this.endTurn(u, s);
    }
  }

  /** TG-T8: turn start. Returns false if the actor is put OUT here (its side's turn ends). */
  turnStart(u: Unit): boolean {
    this.actor = u.idx;
    this.turnSerial++;
    this.turnLen = 0;
    this.pathStep(u.cell);
    this.moveUsed = 0;
    this.dashUsed = 0;
    this.mainUsed = false;
    this.collideTurn++; // no collision yet this turn
    u.turns++;
    if (this.board.hazard[u.cell]) {
      this.damage(u, 1, null, this.sink !== null ? `hazard at ${this.sq(u.cell)} (TG-K3)` : '');
      if (!able(u)) return false;
    }
    u.stealth = false;
    u.readying = false;
    u.taunter = -1;
    // one pass over the combatants: distances at turn start, an adjacent enemy (TG-N12's speed), whether an enemy guard
    // could taunt, and Bolster's reactor (pickReactor over the able allies with reactions left: the first with the most;
    // neither a Taunt nor the plans it reads change an ally's reactions)
    const units = this.units,
      b = this.board,
      startDist = this.startDist;
    // (the distance table's row of u's square read directly, as the loop would reload it per combatant)
    const tables = b.tables === true,
      distT = b.distT,
      uRow = u.cell * b.size;
    // (units[i].idx is i; u's side and the reactor's reactions in locals, not reloaded per combatant)
    const uSide = u.side;
    let anyGuard = false,
      adjacent = false,
      r: Unit | null = null,
      rReactions = 0;
    for (let i = 0; i < units.length; i++) {
      const t = units[i],
        tc = t.cell;
      const d = tc >= 0 ? (tables ? distT[uRow + tc] : b.dist(u.cell, tc)) : INF;
      startDist[i] = d;
      if (!able(t)) continue;
      if (t.side !== uSide) {
        // (enemies(u, t))
        if (d === 1) adjacent = true;
        if (t.ai === 'guard' && t.pools[P_REACTIONS] > 0) anyGuard = true;
      } else if (t !== u) {
        const re = t.pools[P_REACTIONS];
        if (re > 0 && (r === null || re > rReactions)) {
          r = t;
          rReactions = re;
        }
      }
    }
    u.speed = this.speedWith(u, u.turns, adjacent);
    u.range = this.turnRange(u, u.turns);
    if (u.speed <= 0) r = null;
    // TG-Y5 TG-V8: a guard taunts when the enemy could attack both it and a weaker ally
    let row = -1;
    let hit = this.targetMarks;
    if (anyGuard)
      for (let gAt = 0, gList = units; gAt < gList.length; gAt++) {
        const g = gList[gAt];
        if (!able(g) || g.ai !== 'guard' || !this.enemies(u, g) || g.pools[P_REACTIONS] <= 0) continue;
        if (row < 0) {
          row = this.planTargets(u);
          hit = this.marksKept[u.idx] === 1 ? this.pickMemo!.marksArena : this.targetMarks;
        }
        const onGuard = hit[row + g.idx] === 1;
        // (a loop, not some() with a closure: a closure over `g` gives every pass of this loop its own context)
        let weaker = false;
        for (let i = 0; i < this.units.length && !weaker; i++) {
          const t = this.units[i];
          weaker = hit[row + t.idx] === 1 && t !== g && t.side === g.side && harmLeft(t) < harmLeft(g);
        }
        if (onGuard && weaker) {
          this.taunt(g, u, 'it could attack a weaker ally');
          break;
        }
      }
    // TG-Y3 TG-V8: Bolster when +1 speed (else +1 range) gives the actor a plan it lacks
    if (r !== null && this.keptPlan(u) === null) {
      {
        u.speed++;
        const bySpeed = this.bestPlans(u).length > 0;
        u.speed--;
        u.range++;
        // a melee member's plans never read its range (reach 1, TG-L5): +1 range finds none it lacks now
        const byRange = !bySpeed && u.melee !== true && this.bestPlans(u).length > 0;
        u.range--;
        if (bySpeed) this.bolster(r, u, 'speed', '+1 speed gives it an attack');
        else if (byRange) this.bolster(r, u, 'range', '+1 range gives it an attack');
      }
    }
    return true;
  }

  /** TG-B2: Into the Shadows, once: enemies cannot target it until its next turn starts. */
  shadows(u: Unit): boolean {
    if ((u.abil & AB_SHADOWS) === 0 || u.usedShadows === true || !able(u)) return false;
    u.usedShadows = true;
    u.stealth = true;
    if (this.note())
      this.emit({
        type: 'ability',
        round: this.round,
        who: u.name,
        ability: 'into the shadows',
        detail: 'hidden from enemies until its next turn (TG-B2)',
      });
    return true;
  }
  /** TG-Y3: Bolster, +1 speed or range for the ally's turn. */
  bolster(r: Unit, u: Unit, kind: 'speed' | 'range', reason: string): boolean {
    if (r.pools[P_REACTIONS] <= 0 || !able(r) || this.enemies(r, u)) return false;
    if (kind === 'speed') u.speed++;
    else u.range++;
    this.spendReaction(r, 'bolster', u, reason, `+1 ${kind}`);
    return true;
  }
  /** TG-Y5: Taunt at an enemy's turn start: it must attack the reactor this turn if it can (TG-V5 keeps only such plans). */
  taunt(g: Unit, u: Unit, reason: string): boolean {
    if (g.pools[P_REACTIONS] <= 0 || !able(g) || !this.enemies(g, u)) return false;
    const kept = this.scoredAt[u.idx] === this.version;
    this.spendReaction(g, 'taunt', u, reason);
    u.taunter = g.idx;
    // a scored plan already on the guard (or none at all) is what TG-V5 keeps under the Taunt too
    const p0 = this.scored[u.idx];
    if (kept && (p0 === null || p0.target === g.idx)) this.scoredAt[u.idx] = this.version;
    return true;
  }
  /** TG-Y6: Command: an exhausted ally stops being exhausted and may be picked. */
  command(r: Unit, j: Unit, reason: string): boolean {
    if (r.pools[P_REACTIONS] <= 0 || !able(r) || this.enemies(r, j) || r === j) return false;
    this.spendReaction(r, 'command', j, reason);
    j.exhausted = false;
    return true;
  }

  /** TG-T3 TG-E5 TG-E6: facing, exhaustion, refresh, the side's Stuns cleared. */
  endTurn(u: Unit, s: number): void {
    if (this.result >= 0) return;
    if (able(u)) {
      // TG-B2 TG-V8: Into the Shadows at its turn's end if threatened and ≤ 2 harm from OUT
      if ((u.abil & AB_SHADOWS) !== 0 && u.usedShadows !== true && harmLeft(u) <= 2 && this.threats(u, u.cell) > 0)
        this.shadows(u);
      u.facing = this.bestFacingIndex(u);
      if (this.note())
        this.emit({
          type: 'face',
          round: this.round,
          who: u.name,
          facing: this.facingName(u),
          reason: this.bestFacing(u).reason,
        });
    }
    if (u.hinder && u.hinderUntil <= u.turns) u.hinder = null;
    u.exhausted = true;
    // one pass over the side: its Stuns cleared (TG-E6), and refreshIfAllExhausted's test (TG-T3: an able member
    // exhausted, none fresh)
    const members = this.sideMembers[s];
    let exhausted = false,
      fresh = false;
    for (let i = 0; i < members.length; i++) {
      const v = members[i];
      v.stunned = false;
      if (v.out === true) continue;
      if (v.exhausted === true) exhausted = true;
      else fresh = true;
    }
    if (exhausted && !fresh) this.refresh(s);
    u.taunter = -1;
    this.actor = -1;
  }

  /** TG-T3: when every able member of side s is exhausted (after a turn, or when a fresh one goes OUT), all recover. */
  refreshIfAllExhausted(s: number): void {
    let any = false;
    const members = this.sideMembers[s];
    for (let i = 0; i < members.length; i++) {
      const v = members[i];
      if (!able(v)) continue;
      if (v.exhausted !== true) return;
      any = true;
    }
    if (any) this.refresh(s);
  }
  /** TG-T3: every member of side s recovers (no longer exhausted). */
  private refresh(s: number): void {
    const members = this.sideMembers[s];
    for (let i = 0; i < members.length; i++) members[i].exhausted = false;
    if (this.note()) this.emit({ type: 'refresh', round: this.round, side: this.sideNames[s] });
  }

  /** TG-V9: fewest able enemies in the back sector, then closest in angle to the nearest enemy, then TG-V3 order. */
  bestFacing(u: Unit): { f: number; reason: string } {
    const f = this.bestFacingIndex(u);
    if (this.sink === null) return { f, reason: '' };
    const near = this.facingNear >= 0 ? this.units[this.facingNear] : null;
    const back = this.facingBack;
    return { f, reason: `${back} enem${back === 1 ? 'y' : 'ies'} behind${near ? `, toward ${near.name}` : ''}` };
  }
  /** The nearest able enemy (unit index, −1 none) and the enemies behind of bestFacingIndex's last choice, for its reason. */
  private facingNear = -1;
  private facingBack = 0;
  /** bestFacing's choice without an object: the able enemies' squares gathered once, then each facing's back count. */
  private bestFacingIndex(u: Unit): number {
    const b = this.board,
      units = this.units,
      uc = u.cell;
    // the tables' rows of u's square read directly (boards with tables), as the loop would reload them per enemy
    const tables = b.tables === true,
      distT = b.distT,
      backMask = b.backMask,
      row = uc * b.size;
    // the enemies behind per facing, one mask of facings per enemy (at most 8 facings), added as 4-bit counts a facing
    // into one word (fewer than 16 combatants: no count carries into the next), else counted one by one
    const backs = this.facingBacks,
      nf = b.facings.length,
      few = units.length < 16,
      spread = FACING_SPREAD;
    if (!few) for (let f = 0; f < nf; f++) backs[f] = 0; // (a loop: fill() is a builtin call for four numbers)
    // over u's foes only (placement order, as the nearest's ties need)
    let near = -1,
      nearD = INF,
      packed = 0;
    const foes = this.sideFoes[u.side];
    for (let i = 0; i < foes.length; i++) {
      const v = foes[i],
        vc = v.cell;
      if (!able(v) || vc < 0) continue;
      const d = tables ? distT[row + vc] : b.dist(uc, vc);
      if (d < nearD) {
        near = v.idx;
        nearD = d;
      }
      const mask = tables ? backMask[row + vc] : b.backFacings(uc, vc);
      if (few) packed = (packed + spread[mask]) | 0;
      else for (let m = mask; m !== 0; m &= m - 1) backs[31 - Math.clz32(m & -m)]++;
    }
    let best = 0,
      bestBack = INF;
    for (let f = 0; f < nf; f++) {
      const back = few ? (packed >>> (4 * f)) & 15 : backs[f];
      if (back < bestBack || (back === bestBack && near >= 0 && b.angleCmp(u.cell, f, best, units[near].cell) > 0)) {
        best = f;
        bestBack = back;
      }
    }
    this.facingNear = near;
    this.facingBack = bestBack;
    return best;
  }

  /** The actor's turn after its start: support, attack or approach (TG-V4 … V7). */
  private takeTurn(u: Unit): void {
    this.support(u);
    const plan = this.currentPlan(u);
    if (plan !== null) {
      this.executePlan(u, plan);
      return;
    }
    if (u.ai === 'healer' && this.healerMove(u)) return;
    this.noPlan(u);
  }

  // ── movement (TG-M) ──
  /** Walks u along `cells` as its move or Dash; stops early if it can no longer step (Hinder, OUT, a blocked square). */
  walk(u: Unit, cells: readonly number[], kind: 'move' | 'dash', reason: string): void {
    // the steps since the last move event: how many, and their square names only for a listener (no closure, no list
    // of empty names on the fast path)
    let from = u.cell,
      cost = 0,
      steps = 0;
    const via: string[] | null = this.sink !== null ? [] : null;
    // anyone readying, asked once: nothing readies during a walk (a readied attack that fires only clears it), and
    // readyWatchers itself keeps only those readying
    const anyReady = this.anyReadying();
    for (let i = 0; i < cells.length; i++) {
      const c = cells[i];
      if (!able(u)) break;
      const step = this.pf.enterCost(c);
      const used = kind === 'move' ? this.moveUsed : this.dashUsed;
      if (used + step > u.speed) break; // TG-M2 (and Hinder from now, TG-E5)
      if (
        this.board.dist(u.cell, c) !== 1 ||
        this.solid[c] ||
        (this.occ[c] >= 0 && this.enemies(u, this.units[this.occ[c]]))
      )
        break;
      const before = anyReady ? this.readyWatchers(u) : NO_UNITS;
      if (this.occ[u.cell] === u.idx) this.occ[u.cell] = -1; // an ally's square keeps its ally (TG-M3)
      u.cell = c;
      this.moved();
      if (this.occ[c] < 0) this.occ[c] = u.idx;
      if (kind === 'move') this.moveUsed += step;
      else this.dashUsed += step;
      this.pathStep(c);
      cost += step;
      steps++;
      if (via !== null) via.push(this.sq(c));
      if (this.board.hazard[c]) {
        this.walkFlush(u, kind, from, cost, steps, via, reason);
        from = u.cell;
        cost = steps = 0;
        this.damage(u, 1, null, this.sink !== null ? `entered hazard ${this.sq(c)} (TG-K3)` : '');
      }
      const fire = before.length ? this.firing(before, u) : NO_UNITS;
      if (fire.length) {
        this.walkFlush(u, kind, from, cost, steps, via, reason);
        from = u.cell;
        cost = steps = 0;
        for (const r of fire)
          if (able(r) && able(u) && r.readying === true) {
            r.readying = false;
            this.attack(r, u, { ready: true, reason: `readied: ${u.name} stepped into reach and sight (TG-T6)` });
          }
      }
    }
    this.walkFlush(u, kind, from, cost, steps, via, reason);
    // TGS-5: stopped early on a square it may not end on (an ally's, a marker's): back to the last one it may
    if (able(u) && !this.canEnd(u, u.cell)) {
      const p = this.turnPath;
      let k = this.turnLen - 1;
      while (k > 0 && !this.canEnd(u, p[k])) k--;
      const back = p[k];
      const from = u.cell;
      if (this.occ[from] === u.idx) this.occ[from] = -1;
      u.cell = back;
      this.moved();
      this.occ[back] = u.idx;
      this.pathStep(back);
      if (this.note())
        this.emit({
          type: 'push',
          round: this.round,
          who: u.name,
          by: u.name,
          from: this.sq(from),
          to: this.sq(back),
          cause: 'stopped on a square it cannot end on (TGS-5)',
        });
    }
  }
  /** Adds square c to the turn's path (overwriting an earlier turn's: no garbage per turn, no shrinking). */
  private pathStep(c: number): void {
    this.turnPath[this.turnLen++] = c;
  }
  /** walk()'s move event for the steps since the last one (from `from`, `steps` of them costing `cost`), if any. */
  private walkFlush(
    u: Unit,
    kind: 'move' | 'dash',
    from: number,
    cost: number,
    steps: number,
    via: string[] | null,
    reason: string,
  ): void {
    if (steps && this.note())
      this.emit({
        type: 'move',
        round: this.round,
        who: u.name,
        kind,
        from: this.sq(from),
        to: this.sq(u.cell),
        cost,
        via: via!.slice(),
        reason,
      });
    if (via !== null) via.length = 0;
  }
  private anyReadying(): boolean {
    for (let i = 0; i < this.units.length; i++) if (this.units[i].readying === true) return true;
    return false;
  }
  /** Enemy readiers of mover m that do not yet have it in reach and LOS (TG-T6; own steps only, TGS-30). */
  private readyWatchers(m: Unit): Unit[] {
    const out: Unit[] = [];
    for (const r of this.units)
      if (r.readying === true && able(r) && this.enemies(r, m) && !this.canHit(r, m, m.cell)) out.push(r);
    return out;
  }
  /** The readiers of `before` whose readied attack fires at m now (a method apart: a closure in walk() would give every walk a context). */
  private firing(before: Unit[], m: Unit): Unit[] {
    return before.filter((r) => this.readyFires(r, m));
  }
  private readyFires(r: Unit, m: Unit): boolean {
    return able(r) && r.readying === true && able(m) && this.canHit(r, m, m.cell);
  }
  /** TG-A1: r could attack m standing at `cell` from r's square. */
  canHit(r: Unit, m: Unit, cell: number): boolean {
    return this.targetable(r, m) && this.board.dist(r.cell, cell) <= this.reach(r) && this.los(r.cell, cell);
  }
  /** TG-V6: carries out a plan: the move, Still Life, the attack, then the step to fewer threats. */
  private executePlan(u: Unit, p: Plan): void {
    const t = this.units[p.target];
    const path = planCells(p);
    if (path.length)
      this.walk(
        u,
        path,
        'move',
        this.sink !== null ? `to ${this.sq(p.s)} to attack ${t.name}${p.charge === true ? ' with a Charge' : ''}` : '',
      );
    if (!able(u)) return;
    if (
      this.targetable(u, t) &&
      this.board.dist(u.cell, t.cell) <= this.reach(u, p.deadeye) &&
      this.los(u.cell, t.cell)
    ) {
      // TG-B8 TG-V6 TGS-6: Still Life on the target's empty behind square if tactics remain (Corner); TGS-35: one
      // left for Corner itself, after Backstab (paid first, TG-V6's order) when the attack meets it
      const beforeCorner = this.board.inBack(t.cell, t.facing, u.cell) ? 1 : 0;
      if (
        (u.abil & AB_STILL_LIFE) !== 0 &&
        u.stillLife < STILL_LIFE_USES &&
        u.pools[P_TACTICS] > beforeCorner &&
        !this.cornerMet(u, t)
      ) {
        const bs = this.board.behind(t.cell, t.facing);
        if (
          bs >= 0 &&
          this.occ[bs] < 0 &&
          this.markers[bs] === 0 &&
          !this.wall[bs] &&
          this.board.dist(u.cell, bs) <= u.range &&
          this.los(u.cell, bs)
        ) {
          // not if the new obstacle would hide the target (TGS-6)
          this.wall[bs] = 1;
          const clear = this.board.los(u.cell, t.cell, this.blocks); // uncached: the wall is only trial
          this.wall[bs] = 0;
          if (clear) this.stillLife(u, bs);
        }
      }
      this.attack(u, t, { deadeye: p.deadeye, reason: this.sink !== null ? this.reasonOf(p) : '' }); // reasons only for a listener
    } else {
      const again = this.plans(u).filter((q) => q.cost === 0);
      if (again.length)
        this.attack(u, this.units[again[0].target], {
          deadeye: again[0].deadeye,
          reason: 'plan target out of reach; best attack from here',
        });
    }
    if (!able(u) || this.result >= 0) return;
    this.mainUsed = true;
    // TG-V6: with reach ≥ 2 and movement left, step to the reachable square with fewest threats if that lowers them
    const left = u.speed - this.moveUsed;
    // (no square has fewer than none: no search then)
    const here = this.reach(u) >= 2 && left > 0 ? this.threatsAt(u, u.cell) : 0;
    if (here > 0) {
      const pf = this.pf;
      this.searchFrom(pf, u, left, true);
      // the least (threats, cost, square) below `here`: a total order, so the reached squares may come in any order
      let best = u.cell,
        bt = here;
      const reached = pf.touched,
        cost = pf.cost;
      // (threatsAt synced the kept counts for `here`: the squares' counts are loads; a square that could not be
      // chosen on its threats is not tested for canEnd)
      const kept = this.threatKept,
        side = u.side,
        view = kept !== null ? kept.enemyCounts(side) : null;
      for (let i = 0, n = pf.nTouched; i < n; i++) {
        const c = reached[i];
        if (cost[c] > left) continue;
        const th = view !== null ? view[c] : kept !== null ? kept.count(side, c) : this.threatsAt(u, c);
        if (th >= here || th > bt || !this.canEnd(u, c)) continue;
        if (th < bt || cost[c] < cost[best] || (cost[c] === cost[best] && c < best)) {
          best = c;
          bt = th;
        }
      }
      if (best !== u.cell)
        this.walk(u, pf.path(best), 'move', this.sink !== null ? `fewer threats: ${bt} (TG-V6)` : '');
    }
  }

  /** A plan's reason for the log (a method apart: the closure in executePlan would give every call a context). */
  private reasonOf(p: Plan): string {
    return planReason((c) => this.sq(c), p);
  }

  /** TG-V7: no plan — Ready, Recover, or approach (move, then Dash). */
  private noPlan(u: Unit): void {
    const target = this.approachTarget(u);
    const reachable = target >= 0 && this.buildField(u, this.units[target]);
    if (!reachable && u.ai !== 'hold' && target >= 0) {
      // TG-V7: cut off by a Still Life obstacle: its main action removes an adjacent one (TG-V3 order)
      for (let d = 0; d < this.board.nDirs; d++) {
        const c = this.board.nb[u.cell * this.board.nDirs + d];
        if (c >= 0 && this.stillOwner[c] >= 0 && this.removeStillLife(u, c)) return;
      }
    }
    if (u.ai === 'hold' || !reachable || u.speed === 0) {
      u.readying = true;
      this.mainUsed = true;
      if (this.note())
        this.emit({
          type: 'ready',
          round: this.round,
          who: u.name,
          reason:
            u.ai === 'hold' ? 'hold: waits for an enemy to come into reach (TG-T6)' : 'no path to any enemy (TG-T6)',
        });
      return;
    }
    const t = this.units[target];
    const tag = firstExhausted(u);
    if (tag && this.threats(u, u.cell) > 0) {
      this.approach(u, 'move', this.sink !== null ? `toward ${t.name}` : '');
      if (!able(u)) return;
      this.recoverTag(u, u, tag, 'main action: an enemy threatens its square (TG-V7)');
      this.mainUsed = true;
      return;
    }
    this.approach(
      u,
      'move',
      this.sink !== null ? `toward ${t.name}, nearest enemy${u.ai === 'focus-weakest' ? ' (weakest)' : ''}` : '',
    );
    if (!able(u) || this.result >= 0) return;
    const after = this.plans(u);
    if (after.length) {
      // the move itself brought a target into reach: the main action attacks (TGS-24)
      const p = after.filter((q) => q.cost === 0)[0];
      if (p) {
        this.attack(u, this.units[p.target], { deadeye: p.deadeye, reason: 'in reach after moving' });
        this.mainUsed = true;
        return;
      }
    }
    this.approach(u, 'dash', this.sink !== null ? `toward ${t.name} (Dash)` : '');
    this.mainUsed = true;
  }
  /** TG-V7: the nearest enemy by distance (focus-weakest: least harm left), placement order on ties. */
  private approachTarget(u: Unit): number {
    let best = -1;
    // (over u's foes, placement order: enemies(u, v) holds for each)
    for (const v of this.sideFoes[u.side]) {
      if (!this.targetable(u, v)) continue;
      if (best < 0) {
        best = v.idx;
        continue;
      }
      const b = this.units[best];
      const k1 = u.ai === 'focus-weakest' ? harmLeft(v) - harmLeft(b) : 0;
      const k2 = this.board.dist(u.cell, v.cell) - this.board.dist(u.cell, b.cell);
      if (k1 < 0 || (k1 === 0 && k2 < 0)) best = v.idx;
    }
    return best;
  }
  /**
   * TG-V3: the reverse field from all attack squares of t; false if u cannot reach any. TGS-34: the field avoids
   * hazards when some way to an attack square does, so the move and the Dash both follow it; only when none
   * does are hazards crossed, from the move on.
   */
  private buildField(u: Unit, t: Unit): boolean {
    const b = this.board,
      src: number[] = [];
    const r = this.reach(u);
    for (let c = 0; c < b.size; c++) {
      if (!this.canEnd(u, c) || b.dist(c, t.cell) > r || !this.los(c, t.cell)) continue;
      src.push(c);
    }
    if (!src.length) return false;
    const safe = this.fillPass(u, true);
    const safeSrc = src.filter((c) => safe[c] === 1);
    if (safeSrc.length) {
      this.pf.field(safeSrc, safe, this.wall, this.field);
      if (this.field[u.cell] < INF) {
        this.avoidFirst = true;
        return true;
      }
    }
    this.pf.field(src, this.fillPass(u, false), this.wall, this.field);
    this.avoidFirst = false;
    return this.field[u.cell] < INF;
  }
  /** Whether `approach` tries hazard-free squares first (TG-V3): the field it descends was built round them. */
  private avoidFirst = true;
  /** Moves (or Dashes) to the reachable square nearest the field's sources; hazards avoided if possible. */
  private approach(u: Unit, kind: 'move' | 'dash', reason: string): void {
    const left = u.speed - (kind === 'move' ? this.moveUsed : this.dashUsed);
    if (left <= 0) return;
    const pf = this.pf,
      b = this.board,
      field = this.field;
    let best = -1;
    for (const avoid of this.avoidFirst === true ? AVOID_FIRST : HAZARDS_ALLOWED) {
      this.searchFrom(pf, u, left, avoid);
      best = u.cell;
      for (let c = 0; c < b.size; c++) {
        if (pf.cost[c] > left || !this.canEnd(u, c)) continue;
        if (field[c] < field[best] || (field[c] === field[best] && pf.cost[c] < pf.cost[best])) best = c;
      }
      if (best !== u.cell) break;
    }
    if (best !== u.cell) this.walk(u, pf.path(best), kind, reason);
  }

  // ── rolls (TG-R3, TG-V6) ──
  /** Best ready tag for a roll kind: most stars for it (1✦ less for the other kind), first declared on ties. */
  bestTag(u: Unit, kind: 'offensive' | 'defensive'): TagState | null {
    let best: TagState | null = null,
      bv = 0;
    for (let tAt = 0, tList = u.tags; tAt < tList.length; tAt++) {
      const t = tList[tAt];
      if (t.exhausted === true) continue;
      const v = Math.max(0, t.stars - (t.kind !== null && t.kind !== kind ? 1 : 0));
      if (v > bv) {
        best = t;
        bv = v;
      }
    }
    return best;
  }
  tagValue(t: TagState, kind: 'offensive' | 'defensive'): number {
    return Math.max(0, t.stars - (t.kind !== null && t.kind !== kind ? 1 : 0));
  }
  /** A helper for `roller` (TG-Y2 TG-V6 TGS-18): an able ally with the roller in its sheet range, most reactions. */
  private helper(roller: Unit): Unit | null {
    // pickReactor over the able allies with the roller in range: the first with the most reactions left
    let best: Unit | null = null;
    for (let vAt = 0, vList = this.units; vAt < vList.length; vAt++) {
      const v = vList[vAt];
      if (v === roller || !able(v) || this.enemies(v, roller) || this.board.dist(v.cell, roller.cell) > v.range0)
        continue;
      if (v.pools[P_REACTIONS] > 0 && (best === null || v.pools[P_REACTIONS] > best.pools[P_REACTIONS])) best = v;
    }
    return best;
  }
  /** TG-V8: the reactor with the most reactions left, then placement order. */
  pickReactor(cands: Unit[]): Unit | null {
    let best: Unit | null = null;
    for (let vAt = 0, vList = cands; vAt < vList.length; vAt++) {
      const v = vList[vAt];
      if (able(v) && v.pools[P_REACTIONS] > 0 && (best === null || v.pools[P_REACTIONS] > best.pools[P_REACTIONS]))
        best = v;
    }
    return best;
  }
  spendReaction(r: Unit, reaction: string, target: Unit, reason: string, detail = ''): void {
    r.pools[P_REACTIONS]--;
    if (this.note())
      this.emit({
        type: 'react',
        round: this.round,
        who: r.name,
        reaction,
        target: target.name,
        detail,
        left: r.pools[P_REACTIONS],
        reason,
      });
  }

  /** TG-R3 TG-V6: builds a roller's modifier (tag, drive, Help) and rolls; returns [face, total, outcome, mods]. */
  private roll(roller: Unit, kind: 'offensive' | 'defensive', D: number, decisive: boolean, o: AttackOpts): RollResult {
    const mods: ModView[] = this.sink !== null ? [] : NO_MODS; // the modifiers' labels only for a listener
    const base = kind === 'offensive' ? this.attackMod(roller) : this.defenseMod(roller);
    if (this.sink !== null) mods.push({ label: kind === 'offensive' ? 'attack' : 'defense', value: base });
    let mod = base;
    let tag: TagState | null = null;
    if (o.tag !== undefined) tag = o.tag === null ? null : readyTag(roller, o.tag);
    else {
      const bt = this.bestTag(roller, kind);
      if (bt !== null && (decisive === true || successFaces(mod, D, this.rr) < DIE / 2)) tag = bt;
    }
    if (tag !== null) {
      const v = this.tagValue(tag, kind);
      tag.exhausted = true;
      mod += v;
      if (this.sink !== null) mods.push({ label: `"${tag.name}"`, value: v });
      if (this.note())
        this.emit({
          type: 'tag',
          round: this.round,
          who: roller.name,
          tag: tag.name,
          stars: tag.stars,
          change: 'exhausted',
          reason: decisive ? 'decisive roll (TG-V6)' : 'chance under 1/2 without it (TG-V6)',
        });
    }
    let drive = 0;
    const maxD = Math.min(MAX_DRIVE_SPENT, roller.drive);
    if (o.drive !== undefined) drive = Math.min(o.drive, maxD);
    else if (decisive === true && maxD > 0) {
      const top = successFaces(mod + maxD, D, this.rr);
      while (drive < maxD && successFaces(mod + drive, D, this.rr) < top) drive++;
    }
    if (drive > 0) {
      roller.drive -= drive;
      mod += drive;
      if (this.sink !== null) mods.push({ label: 'drive', value: drive });
      if (this.note())
        this.emit({
          type: 'drive',
          round: this.round,
          who: roller.name,
          spent: drive,
          left: roller.drive,
          reason: 'decisive roll: the least drive reaching the best chance (TG-V6)',
        });
    }
    // at most one helper (a scene's, or TG-V6's for a decisive roll)
    const h =
      o.help !== undefined ? (o.help >= 0 ? this.units[o.help] : null) : decisive === true ? this.helper(roller) : null;
    if (h && h.pools[P_REACTIONS] > 0) {
      this.spendReaction(h, 'help', roller, 'decisive roll (TG-V6)');
      mod += 1;
      if (this.sink !== null) mods.push({ label: 'help', value: 1 });
    }
    const face = this.dice.d20(roller.idx);
    // one result object per simulator, read by the caller at once (a readied attack later in its turn rolls again)
    const r = this.rollResult;
    r.face = face;
    r.total = face + mod;
    r.out = outcome(face, mod, D, this.rr);
    r.mods = mods;
    return r;
  }

  // ── attacks (TG-A) ──
  /** One attack of a on t (TG-A1 … A6, TG-X, TG-E, TG-B9), then banes (TG-R4, TG-R5). */
  attack(a: Unit, t: Unit, o: AttackOpts = {}): void {
    const b = this.board;
    const ready = !!o.ready;
    const de = o.deadeye ?? 0;
    const charge = !ready && this.chargeMet(a, t);
    const lineUp = !ready && this.actor === a.idx && this.startDist[t.idx] === this.reach(a, de); // TGS-11
    const conds = this.conditions(a, t, a.cell, charge, lineUp);
    const condNames = this.sink !== null ? condNamesOf(conds) : NO_NAMES; // names only for a listener (no list per fast-path attack)
    const dist = b.dist(a.cell, t.cell);
    const reach = this.reach(a, de);
    const reason = o.reason ?? 'scene';
    if (a.npc === true && t.npc === true) {
      // TG-A4: a clash, no roll; the GM's tag is logged only
      let nc = 0;
      for (let m = conds; m; m &= m - 1) nc++;
      const ad = a.difficulty + nc,
        td = t.difficulty;
      const res = ad > td ? 'attacker' : ad < td ? 'target' : 'tie';
      const strongest = a.tags.reduce<TagState | null>((x, y) => (!x || y.stars > x.stars ? y : x), null);
      if (this.note())
        this.emit({
          type: 'clash',
          round: this.round,
          who: a.name,
          whoDiff: ad,
          target: t.name,
          targetDiff: td,
          tag: strongest ? strongest.name : null,
          result: res,
          conditions: condNames,
          ready,
          reason,
        });
      if (res === 'attacker') this.damage(t, 1, a, 'clash (TG-A4)');
      else if (res === 'target') this.damage(a, 1, t, 'clash (TG-A4)');
      return;
    }
    if (a.npc === true) {
      // TG-A3: the sheet target defends against the attacker's difficulty + 1 per tactic condition
      let nc = 0;
      for (let m = conds; m; m &= m - 1) nc++;
      const D = a.difficulty + nc;
      const B = banes(D, false, this.rr);
      const decisive = B >= harmLeft(t); // TGS-27
      const { face, total, out, mods } = this.roll(t, 'defensive', D, decisive, o);
      const vsMods: ModView[] =
        this.sink !== null
          ? [{ label: 'difficulty', value: a.difficulty }, ...condNames.map((c) => ({ label: c, value: 1 }))]
          : NO_MODS;
      if (this.note())
        this.emit({
          type: 'attack',
          round: this.round,
          who: a.name,
          target: t.name,
          at: this.sq(t.cell),
          dist,
          reach,
          roller: t.name,
          face,
          mods,
          total,
          vs: D,
          vsMods,
          outcome: OUTCOME_NAMES[out],
          ready,
          reason,
        });
      if (!isSuccess(out)) this.banesFor(t, D, out === CRIT_FAIL, a, o.baneMove);
      return;
    }
    // TG-A2 / TG-A5: the sheet attacker rolls offense
    const D = this.difficultyOf(t);
    let nc = 0;
    for (let m = conds; m; m &= m - 1) nc++;
    const tac = Math.min(a.pools[P_TACTICS], nc);
    const left = harmLeft(t);
    const decisive = (1 + tac >= left && tac < left) || banes(D, false, this.rr) >= harmLeft(a);
    const { face, total: rollTotal, out, mods } = this.roll(a, 'offensive', D, decisive, o);
    const vsMods: ModView[] =
      this.sink === null
        ? NO_MODS
        : t.npc === true
          ? [{ label: 'difficulty', value: t.difficulty }]
          : [{ label: '10 + defense', value: D }];
    if (this.note())
      this.emit({
        type: 'attack',
        round: this.round,
        who: a.name,
        target: t.name,
        at: this.sq(t.cell),
        dist,
        reach,
        roller: a.name,
        face,
        mods,
        total: rollTotal,
        vs: D,
        vsMods,
        outcome: OUTCOME_NAMES[out],
        ready,
        reason,
      });
    const base = baseDamage(out);
    // TG-X1 TG-V6 TGS-13: tactics in order while the pool lasts and the target would not already be OUT
    let total = base;
    const want = o.tactics ?? conds;
    for (let k = 0; k < TACTIC_NAMES.length; k++) {
      const bit = 1 << k;
      if (!(conds & bit) || !(want & bit) || a.pools[P_TACTICS] <= 0) continue;
      if (o.tactics === undefined && total >= left) break;
      a.pools[P_TACTICS]--;
      total++;
      if (this.note())
        this.emit({
          type: 'tactic',
          round: this.round,
          who: a.name,
          tactic: TACTIC_NAMES[k],
          left: a.pools[P_TACTICS],
        });
    }
    if (total > 0) this.damage(t, total, a, this.sink !== null ? `${a.name}'s attack` : '');
    // TG-E1 TG-V6 TGS-12: at most one effect (scenes name theirs); readied attacks none
    const eff =
      o.effect !== undefined ? o.effect : this.actor === a.idx && !ready ? this.chooseEffect(a, t, base) : null;
    if (eff !== null && a.pools[P_EFFECTS] > 0) this.applyEffect(a, t, eff.name, base, eff.dir, eff.kind);
    // TG-B9: Knockback when it damages an enemy
    if ((a.abil & AB_KNOCKBACK) !== 0 && total > 0 && able(t) && t.cell >= 0) {
      const kb = o.knockback !== undefined ? o.knockback : this.chooseKnockback(a, t);
      if (kb !== null) this.push(a, t, kb.dir, kb.n, 'knockback');
    }
    if (!isSuccess(out)) this.banesFor(a, D, out === CRIT_FAIL, t.npc === true ? t : null, o.baneMove);
  }

  /** TG-R4 TG-R5 TGS-16: the roller's banes as stress, from its source. */
  private banesFor(
    roller: Unit,
    D: number,
    crit: boolean,
    npcOpponent: Unit | null,
    move?: { who: number; dir: number },
  ): void {
    if (!able(roller)) return;
    let n = banes(D, crit, this.rr);
    if (move && this.baneMove(roller, this.units[move.who], move.dir)) n--;
    if (n <= 0) return;
    let src: Unit | null = null;
    if (
      npcOpponent !== null &&
      able(npcOpponent) &&
      this.board.dist(npcOpponent.cell, roller.cell) <= npcOpponent.range0
    )
      src = npcOpponent;
    else {
      for (let vAt = 0, vList = this.units; vAt < vList.length; vAt++) {
        const v = vList[vAt];
        if (!able(v) || !this.enemies(v, roller) || this.board.dist(v.cell, roller.cell) > v.range0) continue;
        if (src === null || this.board.dist(v.cell, roller.cell) < this.board.dist(src.cell, roller.cell)) src = v;
      }
    }
    this.stressOn(
      roller,
      n,
      src,
      this.sink !== null ? `${n} bane${n === 1 ? '' : 's'} of a ${crit ? 'critical ' : ''}failure vs ${D} (TG-R4)` : '',
    );
  }

  /** TG-R6: one bane moves any combatant one square, only into an empty enterable square (ruling). */
  baneMove(roller: Unit, t: Unit, dir: number): boolean {
    if (!able(t) || t.cell < 0) return false;
    const c = this.board.nb[t.cell * this.board.nDirs + dir];
    if (c < 0 || !this.canEnd(t, c)) return false;
    this.push(roller, t, dir, 1, 'bane');
    return true;
  }

  /** TG-V6 TGS-14: the first effect that applies: Splash, Move, Stun, Hinder, Weaken. */
  private chooseEffect(a: Unit, t: Unit, base: number): ChosenEffect | null {
    if (a.pools[P_EFFECTS] <= 0 || !able(t) || t.cell < 0) return null;
    if (base >= 1 && this.splashSides(a, t) === SPLASH_ENEMIES_ONLY) return EFFECT_SPLASH;
    const b = this.board;
    const canCollide = !this.hasCollided(a, 'move');
    for (let d = 0; d < b.nDirs; d++) {
      const c = b.nb[t.cell * b.nDirs + d];
      const o = c >= 0 ? this.occ[c] : -1;
      if (c < 0 || this.solid[c]) {
        if (canCollide) return effectMove(d);
      } else if (o >= 0) {
        if (canCollide && this.enemies(a, this.units[o])) return effectMove(d);
      } else if (b.hazard[c]) return effectMove(d);
    }
    // TGS-32: a Stun only bites when someone else of t's side can take that side's next turn instead (TG-E6 lets a
    // lone able member act anyway), so it needs another able member there that is fresh and not stunned itself
    if (t.exhausted !== true && this.otherFresh(t)) return EFFECT_STUN;
    // Hinder always applies, so Weaken (last, TG-V6) is chosen only by scenes
    return this.reach(t) === 1 ? EFFECT_HINDER_SPEED : EFFECT_HINDER_RANGE;
  }
  /**
   * Which sides splashTargets(a, t) holds, without the list: bit 1 some of another side than a's, bit 2 some of a's
   * (chooseEffect's Splash test, every attack with an effect left).
   */
  private splashSides(a: Unit, t: Unit): number {
    const units = this.units,
      b = this.board;
    let m = 0;
    for (let i = 0; i < units.length; i++) {
      const v = units[i];
      if (
        v === a ||
        v === t ||
        !able(v) ||
        v.cell < 0 ||
        b.dist(v.cell, t.cell) !== 1 ||
        (v.stealth === true && this.enemies(a, v))
      )
        continue;
      m |= v.side === a.side ? SPLASH_ALLIES : SPLASH_ENEMIES_ONLY;
    }
    return m;
  }
  /** Another able member of t's side, fresh and not stunned (TGS-32). */
  private otherFresh(t: Unit): boolean {
    const members = this.sideMembers[t.side];
    for (let i = 0; i < members.length; i++) {
      const v = members[i];
      if (v !== t && able(v) && v.exhausted !== true && v.stunned !== true) return true;
    }
    return false;
  }
  /** TG-Z3: every able combatant adjacent to t except the source and anyone stealthed against it. */
  splashTargets(a: Unit, t: Unit): Unit[] {
    return this.units.filter(
      (v) =>
        v !== a &&
        v !== t &&
        able(v) &&
        v.cell >= 0 &&
        this.board.dist(v.cell, t.cell) === 1 &&
        !(v.stealth === true && this.enemies(a, v)),
    );
  }
  /** TG-E2 … E6: one effect, paid from a's effects pool. */
  applyEffect(a: Unit, t: Unit, name: EffectName, base: number, dir?: number, kind?: 'speed' | 'range'): boolean {
    if (a.pools[P_EFFECTS] <= 0) return false;
    a.pools[P_EFFECTS]--;
    const left = a.pools[P_EFFECTS];
    const ev = (detail: string, reason: string): void => {
      if (this.note())
        this.emit({
          type: 'effect',
          round: this.round,
          who: a.name,
          effect: name,
          target: t.name,
          detail,
          left,
          reason,
        });
    };
    switch (name) {
      case 'splash': {
        const hit = this.splashTargets(a, t);
        ev(`${base} to ${hit.map((v) => v.name).join(', ') || 'nobody'}`, 'hits enemies and no ally (TG-V6)');
        if (base > 0) for (const v of hit) if (able(v)) this.damage(v, base, a, 'splash (TG-E3)');
        return true;
      }
      case 'move':
        ev(`push ${this.dirName(dir ?? 0)}`, 'a collision or a hazard (TG-V6)');
        this.push(a, t, dir ?? 0, 1, 'move');
        return true;
      case 'stun':
        t.stunned = true;
        ev(
          "may not act at its side's next turn while another can (TG-E6)",
          'target not exhausted, and another of its side could act (TG-V6, TGS-32)',
        );
        return true;
      case 'hinder': {
        const k = kind ?? (this.reach(t) === 1 ? 'speed' : 'range');
        t.hinder = k;
        t.hinderUntil = t.turns + 1;
        if (k === 'speed') t.speed = Math.min(t.speed, 1);
        else t.range = 1;
        ev(`${k} 1 until its next turn is over (TG-E5)`, k === 'speed' ? 'its reach is 1' : 'its reach is over 1');
        return true;
      }
      case 'weaken': {
        const g = this.weaken(t);
        ev(
          g ? `"${g.name}" ${g.stars}✦${t.npc === true ? `, difficulty ${t.difficulty}` : ''}` : 'no tag',
          'it has a star (TG-V6)',
        );
        return true;
      }
    }
  }
  dirName(d: number): string {
    return this.board.hex === true
      ? ['east', 'north-east', 'north-west', 'west', 'south-west', 'south-east'][d]
      : ['north', 'north-east', 'east', 'south-east', 'south', 'south-west', 'west', 'north-west'][d];
  }
  /** TG-E4: the strongest tag (first declared on ties) loses 1✦; an NPC's difficulty with it. */
  weaken(t: Unit): TagState | null {
    let g: TagState | null = null;
    for (let xAt = 0, xList = t.tags; xAt < xList.length; xAt++) {
      const x = xList[xAt];
      if (!g || x.stars > g.stars) g = x;
    }
    if (!g || g.stars <= 0) return g;
    g.stars--;
    if (t.npc === true) t.difficulty--;
    if (this.note())
      this.emit({
        type: 'tag',
        round: this.round,
        who: t.name,
        tag: g.name,
        stars: g.stars,
        change: 'weakened',
        reason: 'Weaken (TG-E4)',
      });
    return g;
  }
  /** TG-B9 TG-V6: knockback only for a collision, a hazard, or 2 squares when its reach ≥ 2. */
  private chooseKnockback(a: Unit, t: Unit): { dir: number; n: number } | null {
    const d = this.awayDir(a, t);
    const b = this.board;
    let c = t.cell;
    for (let k = 1; k <= 2; k++) {
      const nx = b.nb[c * b.nDirs + d];
      if (nx < 0 || this.solid[nx] || this.occ[nx] >= 0)
        return this.hasCollided(a, 'knockback') ? null : { dir: d, n: k };
      if (b.hazard[nx]) return { dir: d, n: k };
      c = nx;
    }
    return this.reach(a) >= 2 ? { dir: d, n: 2 } : null;
  }
  /** TG-B9 TGS-15: the grid direction closest in angle to a → t (ties: TG-V3 order). */
  awayDir(a: Unit, t: Unit): number {
    const b = this.board;
    const vx = b.vx[t.cell] - b.vx[a.cell],
      vy = b.vy[t.cell] - b.vy[a.cell];
    let best = 0,
      bc = -Infinity;
    for (let d = 0; d < b.nDirs; d++) {
      const dx = b.dirX(d),
        dy = b.dirY(d);
      // cosine in the grid's Euclidean frame (hex: a = 2q + r, b = r scaled as TG-F4)
      const [ux, uy, wx, wy] =
        b.hex === true ? [2 * dx + dy, Math.sqrt(3) * dy, 2 * vx + vy, Math.sqrt(3) * vy] : [dx, dy, vx, vy];
      const cos = (ux * wx + uy * wy) / Math.hypot(ux, uy);
      if (cos > bc + 1e-9) {
        best = d;
        bc = cos;
      }
    }
    return best;
  }

  // ── forced movement (TG-Z) ──
  /** TG-Z2: src already collided by a push of this kind this turn. */
  private hasCollided(src: Unit, kind: 'move' | 'knockback' | 'bane'): boolean {
    return this.collidedAt[src.idx * 3 + collideKind(kind)] === this.collideTurn;
  }
  /** TG-Z1 TG-Z2: pushes t n squares in direction d; a collision once per turn per source and kind. */
  push(src: Unit, t: Unit, d: number, n: number, kind: 'move' | 'knockback' | 'bane'): void {
    const b = this.board;
    for (let k = 0; k < n && able(t) && t.cell >= 0; k++) {
      const nx = b.nb[t.cell * b.nDirs + d];
      const o = nx >= 0 ? this.occ[nx] : -1;
      if (nx < 0 || this.solid[nx] || (o >= 0 && o !== t.idx)) {
        if (this.hasCollided(src, kind)) return; // after the first, the push just stops
        this.collidedAt[src.idx * 3 + collideKind(kind)] = this.collideTurn;
        const other = o >= 0 ? this.units[o] : null;
        if (this.note())
          this.emit({
            type: 'collision',
            round: this.round,
            who: t.name,
            into: nx < 0 ? 'the map edge' : other ? other.name : `obstacle ${this.sq(nx)}`,
            by: src.name,
            cause: kind,
          });
        this.damage(t, 1, src, 'collision (TG-Z2)');
        if (other) this.damage(other, 1, src, 'collision (TG-Z2)');
        return;
      }
      const from = t.cell;
      if (this.occ[from] === t.idx) this.occ[from] = -1;
      t.cell = nx;
      this.moved();
      this.occ[nx] = t.idx;
      if (this.note())
        this.emit({
          type: 'push',
          round: this.round,
          who: t.name,
          by: src.name,
          from: this.sq(from),
          to: this.sq(nx),
          cause: kind,
        });
      if (b.hazard[nx]) this.damage(t, 1, null, this.sink !== null ? `pushed into hazard ${this.sq(nx)} (TG-Z1)` : '');
    }
  }

  // ── harm (TG-D) ──
  /** TG-D4: damage to a sheet is stress, to an NPC health. */
  damage(t: Unit, n: number, src: Unit | null, cause: string): void {
    if (!able(t) || n <= 0) return;
    if (t.npc !== true) {
      this.stressOn(t, n, src, cause);
      return;
    }
    const from = t.health;
    t.health = Math.max(0, t.health - n);
    const took = from - t.health;
    t.taken += took;
    if (src !== null) src.dealt += took;
    if (this.note())
      this.emit({
        type: 'harm',
        round: this.round,
        who: t.name,
        from,
        to: t.health,
        source: src ? src.name : null,
        cause,
      });
    if (t.health === 0) this.goOut(t);
    this.checkEnd();
  }

  /**
   * TG-V8 TGS-17: t's protector for `need` stress: of the allies adjacent to t who could take it and stay in (able, not
   * NPCs), pickReactor's choice (the first with the most reactions left), found without building the list.
   */
  private protector(t: Unit, need: number): Unit | null {
    const allies = this.sideMembers[t.side],
      b = this.board;
    let best: Unit | null = null,
      most = 0;
    for (let i = 0; i < allies.length; i++) {
      const v = allies[i],
        left = v.pools[P_REACTIONS];
      if (
        left <= most ||
        v === t ||
        v.out === true ||
        v.npc === true ||
        v.cell < 0 ||
        b.dist(v.cell, t.cell) !== 1 ||
        v.stress + need >= v.cap
      )
        continue;
      best = v;
      most = left;
    }
    return best;
  }
  /** TG-D1 TG-Y4 TG-B4 TG-B10: stress on a sheet (NPCs: health), with Protect, Vengeful Hex and Rage. */
  stressOn(t: Unit, n: number, src: Unit | null, cause: string, protect?: { by: Unit; amount: number }): void {
    if (!able(t) || n <= 0) return;
    if (t.npc === true) {
      this.damage(t, n, src, cause);
      return;
    }
    let p = protect;
    if (p === undefined && t.stress + n >= t.cap) {
      // TG-V8 TGS-17: an adjacent ally takes the least amount that keeps t in, if it stays in itself
      const need = t.stress + n - (t.cap - 1);
      const r = this.protector(t, need);
      if (r !== null) p = { by: r, amount: need };
    }
    if (
      p !== undefined &&
      p.amount > 0 &&
      p.by.pools[P_REACTIONS] > 0 &&
      able(p.by) &&
      this.board.dist(p.by.cell, t.cell) === 1
    ) {
      const k = Math.min(p.amount, n);
      this.spendReaction(p.by, 'protect', t, 'it would go OUT (TG-V8)', `takes ${k} of ${n}`);
      this.stressOn(p.by, k, src, `protecting ${t.name} (TG-Y4)`, { by: p.by, amount: 0 });
      n -= k;
      if (n <= 0 || !able(t)) return;
    }
    const from = t.stress;
    t.stress = Math.min(t.cap, t.stress + n);
    const took = t.stress - from;
    t.taken += took;
    if (src !== null) src.dealt += took;
    if (this.note())
      this.emit({
        type: 'stress',
        round: this.round,
        who: t.name,
        amount: took,
        from,
        to: t.stress,
        cap: t.cap,
        source: src ? src.name : null,
        cause,
      });
    if (t.stress >= t.cap) this.goOut(t);
    else {
      if ((t.abil & AB_RAGE) !== 0 && t.usedRage !== true && took > 0) {
        t.usedRage = true;
        t.attackBonus += RAGE_BONUS;
        if (this.note())
          this.emit({
            type: 'ability',
            round: this.round,
            who: t.name,
            ability: 'rage',
            detail: `attack ${this.attackMod(t)} for the combat (TG-B10)`,
          });
      }
    }
    if (
      src !== null &&
      this.enemies(src, t) &&
      (t.abil & AB_HEX) !== 0 &&
      t.usedHex !== true &&
      able(t) &&
      took > 0 &&
      able(src)
    ) {
      t.usedHex = true;
      if (this.note())
        this.emit({
          type: 'ability',
          round: this.round,
          who: t.name,
          ability: 'vengeful hex',
          detail: `hexes ${src.name} (TG-B4)`,
        });
      this.damage(src, 1, t, 'vengeful hex (TG-B4)');
    }
    this.checkEnd();
  }

  /** TG-D2 TG-D3: OUT with a marker, or dead and off the map. */
  private goOut(t: Unit): void {
    t.out = true;
    this.moved();
    t.readying = false;
    t.stealth = false;
    t.stunned = false;
    const at = t.cell;
    if (this.occ[at] === t.idx) this.occ[at] = -1;
    t.dead = t.npc === true && t.c.atZero === 'dies';
    if (t.dead === true) t.cell = -1;
    else this.markers[at]++;
    if (this.note()) this.emit({ type: 'out', round: this.round, who: t.name, at: this.sq(at), dead: t.dead === true });
    // TG-T3: a fresh member going OUT may leave only exhausted ones (not mid-turn for the actor's side: it exhausts at its end)
    if (this.actor < 0 || this.units[this.actor].side !== t.side) this.refreshIfAllExhausted(t.side);
  }

  // ── support (TG-S, TG-V4) and abilities (TG-B) ──
  /** Pays `cost` support for `who`, from `payer` (TG-B3: an ally's pool if Potion Seller). */
  private paySupport(who: Unit, payer: Unit, cost: number): boolean {
    if (payer !== who && (who.abil & AB_POTION) === 0) return false;
    if (payer.pools[P_SUPPORT] < cost) return false;
    payer.pools[P_SUPPORT] -= cost;
    return true;
  }
  /** TG-S1: a support target: itself or an ally in range and LOS, not OUT. */
  supportable(u: Unit, t: Unit): boolean {
    return (
      able(t) &&
      !this.enemies(u, t) &&
      (t === u || (this.board.dist(u.cell, t.cell) <= u.range && this.los(u.cell, t.cell)))
    );
  }
  /** TG-S2: Heal 1 (sheet: −1 stress; NPC: +1 health up to its start). */
  heal(u: Unit, t: Unit, reason: string, payer: Unit = u): boolean {
    if (!this.supportable(u, t) || !this.paySupport(u, payer, COST_HEAL)) return false;
    let detail: string;
    if (t.npc === true) {
      const f = t.health;
      t.health = Math.min(t.health0, t.health + 1);
      detail = this.sink !== null ? `health ${f}→${t.health}` : '';
    } else {
      const f = t.stress;
      t.stress = Math.max(0, t.stress - 1);
      detail = this.sink !== null ? `stress ${f}→${t.stress}/${t.cap}` : '';
    }
    if (this.noteSupport())
      this.emit({
        type: 'support',
        round: this.round,
        who: u.name,
        kind: 'heal',
        target: t.name,
        detail,
        left: payer.pools[P_SUPPORT],
        payer: payer.name,
        reason,
      });
    return true;
  }
  /** TG-S3: Recover (2) one exhausted tag of a sheet. */
  recoverSupport(u: Unit, t: Unit, reason: string, payer: Unit = u): boolean {
    const g = firstExhausted(t);
    if (t.npc === true || !g || !this.supportable(u, t) || !this.paySupport(u, payer, COST_RECOVER)) return false;
    g.exhausted = false;
    if (this.noteSupport())
      this.emit({
        type: 'support',
        round: this.round,
        who: u.name,
        kind: 'recover',
        target: t.name,
        detail: `"${g.name}" ready`,
        left: payer.pools[P_SUPPORT],
        payer: payer.name,
        reason,
      });
    return true;
  }
  /** TG-S4: Buff (2): +1 drive to a sheet. */
  buff(u: Unit, t: Unit, reason: string, payer: Unit = u): boolean {
    if (t.npc === true || !this.supportable(u, t) || !this.paySupport(u, payer, COST_BUFF)) return false;
    t.drive++;
    if (this.noteSupport())
      this.emit({
        type: 'support',
        round: this.round,
        who: u.name,
        kind: 'buff',
        target: t.name,
        detail: `drive ${t.drive}`,
        left: payer.pools[P_SUPPORT],
        payer: payer.name,
        reason,
      });
    return true;
  }
  /** TG-T5: the main action Recover: one of its own exhausted tags. */
  recoverTag(u: Unit, _by: Unit, g: TagState, reason: string): void {
    g.exhausted = false;
    if (this.note())
      this.emit({
        type: 'tag',
        round: this.round,
        who: u.name,
        tag: g.name,
        stars: g.stars,
        change: 'recovered',
        reason,
      });
  }
  /** TG-Q1: one question from the analysis pool (the simulator never asks). */
  analyse(u: Unit): boolean {
    if (u.pools[P_ANALYSIS] <= 0) return false;
    u.pools[P_ANALYSIS]--;
    return true;
  }
  /** TG-B5 TGS-25: Miracle Worker: an adjacent OUT ally loses 1 stress and is back, exhausted. */
  miracle(u: Unit, t: Unit): boolean {
    if (
      (u.abil & AB_MIRACLE) === 0 ||
      u.usedMiracle === true ||
      t.out !== true ||
      t.dead === true ||
      this.enemies(u, t) ||
      this.board.dist(u.cell, t.cell) !== 1 ||
      this.occ[t.cell] >= 0
    )
      return false;
    u.usedMiracle = true;
    if (t.npc === true) t.health = Math.min(t.health0, t.health + 1);
    else t.stress = Math.max(0, t.stress - 1);
    t.out = false;
    this.moved();
    t.exhausted = true;
    this.markers[t.cell]--;
    this.occ[t.cell] = t.idx;
    if (this.note()) this.emit({ type: 'back', round: this.round, who: t.name, at: this.sq(t.cell) });
    if (this.note())
      this.emit({
        type: 'support',
        round: this.round,
        who: u.name,
        kind: 'miracle',
        target: t.name,
        detail: t.npc === true ? `health ${t.health}` : `stress ${t.stress}/${t.cap}, back and exhausted`,
        left: u.pools[P_SUPPORT],
        reason: 'adjacent OUT ally (TG-B5)',
      });
    return true;
  }
  /** TG-B7: Runic Tattoo: +1 Attack and Defense for the combat (NPC: +1 difficulty). */
  tattoo(u: Unit, t: Unit): boolean {
    if (
      (u.abil & AB_TATTOO) === 0 ||
      u.usedTattoo === true ||
      this.enemies(u, t) ||
      !able(t) ||
      this.board.dist(u.cell, t.cell) > u.range
    )
      return false;
    u.usedTattoo = true;
    if (t.npc === true) t.difficulty++;
    else {
      t.attackBonus++;
      t.defenseBonus++;
    }
    if (this.note())
      this.emit({
        type: 'ability',
        round: this.round,
        who: u.name,
        ability: 'runic tattoo',
        detail:
          t.npc === true
            ? `${t.name} difficulty ${t.difficulty}`
            : `${t.name} attack ${this.attackMod(t)}, defense ${this.defenseMod(t)} (TG-B7)`,
      });
    return true;
  }
  /** TG-B8: Still Life on an empty square in range and LOS, twice per combat. */
  stillLife(u: Unit, c: number): boolean {
    if (
      (u.abil & AB_STILL_LIFE) === 0 ||
      u.stillLife >= STILL_LIFE_USES ||
      c < 0 ||
      this.wall[c] ||
      this.occ[c] >= 0 ||
      this.markers[c] > 0
    )
      return false;
    if (this.board.dist(u.cell, c) > u.range || !this.los(u.cell, c)) return false;
    u.stillLife++;
    this.wall[c] = 1;
    this.solid[c] = 1;
    this.stillOwner[c] = u.idx;
    this.wallsAsMap = false;
    this.losCache?.fill(0);
    this.losDirty = true;
    this.wallVersion++;
    this.moved(); // the walls changed (fillPass)
    if (this.note())
      this.emit({
        type: 'ability',
        round: this.round,
        who: u.name,
        ability: 'still life',
        detail: `obstacle at ${this.sq(c)} (TG-B8)`,
      });
    return true;
  }
  /** TG-B8: a main action removes an adjacent Still Life obstacle. */
  removeStillLife(u: Unit, c: number): boolean {
    if (c < 0 || this.stillOwner[c] < 0 || this.board.dist(u.cell, c) !== 1) return false;
    this.stillOwner[c] = -1;
    this.wallsAsMap = false;
    this.losCache?.fill(0);
    this.losDirty = true;
    this.wallVersion++;
    this.moved(); // the walls changed (fillPass)
    this.wall[c] = this.board.obstacle[c];
    this.solid[c] = this.board.obstacle[c] && !this.board.enterable[c] ? 1 : 0;
    this.mainUsed = true;
    if (this.note())
      this.emit({
        type: 'ability',
        round: this.round,
        who: u.name,
        ability: 'still life',
        detail: `removes the obstacle at ${this.sq(c)} (TG-B8)`,
      });
    return true;
  }
  /** TG-B6: after a step from `left`, drag an ally adjacent to `left` into it (TG-Z1); the simulator never does (TGS-26). */
  gurney(u: Unit, ally: Unit, left: number): boolean {
    if (
      (u.abil & AB_GURNEY) === 0 ||
      this.enemies(u, ally) ||
      !able(ally) ||
      this.board.dist(ally.cell, left) !== 1 ||
      this.occ[left] >= 0 ||
      this.solid[left]
    )
      return false;
    const from = ally.cell;
    if (this.occ[from] === ally.idx) this.occ[from] = -1;
    ally.cell = left;
    this.moved();
    this.occ[left] = ally.idx;
    if (this.note())
      this.emit({
        type: 'push',
        round: this.round,
        who: ally.name,
        by: u.name,
        from: this.sq(from),
        to: this.sq(left),
        cause: 'gurney',
      });
    if (this.board.hazard[left]) this.damage(ally, 1, null, `dragged into hazard ${this.sq(left)} (TG-Z1)`);
    return true;
  }

  /** TG-V4 TGS-19: the simulated support of u's turn. */
  /** TG-B4: the first OUT, not dead ally beside u on a square free to stand up on (apart from support: its closure would give every call a context). */
  private revivable(u: Unit, allies: readonly Unit[]): Unit | undefined {
    return allies.find(
      (v) => v.out === true && v.dead !== true && this.board.dist(u.cell, v.cell) === 1 && this.occ[v.cell] < 0,
    );
  }
  private support(u: Unit): void {
    if (u.npc === true && u.pools[P_SUPPORT] === 0 && !u.abilities.size) return;
    const allies = this.sideMembers[u.side];
    if ((u.abil & AB_MIRACLE) !== 0 && u.usedMiracle !== true) {
      const t = this.revivable(u, allies);
      if (t) this.miracle(u, t);
    }
    if ((u.abil & AB_TATTOO) !== 0 && u.usedTattoo !== true) {
      let best: Unit | null = null;
      for (let vAt = 0, vList = allies; vAt < vList.length; vAt++) {
        const v = vList[vAt];
        if (v === u || !able(v) || this.board.dist(u.cell, v.cell) > u.range) continue;
        const val = v.npc === true ? v.difficulty : this.attackMod(v);
        if (!best || val > (best.npc === true ? best.difficulty : this.attackMod(best))) best = v;
      }
      if (best) this.tattoo(u, best);
    }
    // (no Heal, Recover or Buff u's pool cannot pay for is tried: it would fail on that pool and change nothing; the
    // pool is tested again after each Heal, the only one of them that lowers it here)
    if (u.pools[P_SUPPORT] >= COST_HEAL) {
      for (let i = 0; i < allies.length; i++) {
        const v = allies[i];
        if (
          able(v) &&
          harmLeft(v) === 1 &&
          (v.npc === true ? v.health < v.health0 : v.stress > 0) &&
          this.supportable(u, v)
        ) {
          this.heal(u, v, 'one harm from OUT (TG-V4)');
          if (u.pools[P_SUPPORT] < COST_HEAL) break;
        }
      }
    }
    if (u.ai !== 'healer') return;
    if (u.pools[P_SUPPORT] >= COST_HEAL)
      for (;;) {
        let best: Unit | null = null;
        for (let vAt = 0, vList = allies; vAt < vList.length; vAt++) {
          const v = vList[vAt];
          if (!able(v) || !this.supportable(u, v)) continue;
          const hurt = v.npc === true ? v.health0 - v.health : v.stress;
          if (hurt > 0 && (!best || hurt > (best.npc === true ? best.health0 - best.health : best.stress))) best = v;
        }
        if (!best || !this.heal(u, best, 'healer: the most stressed ally (TG-V4)')) break;
      }
    // one Recover and one Buff per turn (TG-V4 "Recovers for an ally", "Buffs one"), placement order
    if (u.pools[P_SUPPORT] >= COST_RECOVER) {
      for (let i = 0; i < allies.length; i++) {
        const v = allies[i];
        if (
          able(v) &&
          v.npc !== true &&
          v.tags.length &&
          allExhausted(v) &&
          this.supportable(u, v) &&
          this.recoverSupport(u, v, 'healer: every tag exhausted (TG-V4)')
        )
          break;
      }
    }
    if (u.pools[P_SUPPORT] >= COST_BUFF) {
      for (let i = 0; i < allies.length; i++) {
        const v = allies[i];
        if (
          able(v) &&
          v.npc !== true &&
          v.drive === 0 &&
          this.supportable(u, v) &&
          this.buff(u, v, 'healer: no drive left (TG-V4)')
        )
          break;
      }
    }
  }
  /** TG-V4: a healer with no attack plan moves toward an OUT ally it can revive, else the most stressed ally out of range. */
  private healerMove(u: Unit): boolean {
    const allies = this.units.filter((v) => v !== u && !this.enemies(u, v));
    let goal: Unit | null = null;
    if ((u.abil & AB_MIRACLE) !== 0 && u.usedMiracle !== true)
      goal = allies.find((v) => v.out === true && v.dead !== true && this.occ[v.cell] < 0) ?? null;
    if (!goal) {
      for (const v of allies) {
        if (!able(v) || v.npc === true || v.stress === 0 || this.supportable(u, v)) continue;
        if (!goal || v.stress > goal.stress) goal = v;
      }
    }
    if (!goal) return false;
    const b = this.board,
      src: number[] = [];
    const r = goal.out === true ? 1 : u.range;
    for (let c = 0; c < b.size; c++)
      if (this.canEnd(u, c) && b.dist(c, goal.cell) <= r && (goal.out === true || this.los(c, goal.cell))) src.push(c);
    if (!src.length) return false;
    this.pf.field(src, this.fillPass(u, false), this.wall, this.field);
    if (this.field[u.cell] >= INF) return false;
    this.avoidFirst = true;
    this.approach(u, 'move', `toward ${goal.name} to ${goal.out === true ? 'revive' : 'heal'} (TG-V4)`);
    if (able(u) && goal.out === true && this.board.dist(u.cell, goal.cell) === 1) this.miracle(u, goal);
    return true;
  }
}
