// The combat's state and its reset at the start of each combat (begin), with the event sink. One object of flat
// typed arrays and reused scratch, allocated per encounter (the constructor), never per combat: the Monte Carlo
// fast path runs millions of combats through one instance. Every field of the simulator lives here, in one
// place, so every layer above (sim/*.ts and policy/*.ts, bottom to top, then sim.ts) shares one object shape and
// V8 keeps each access monomorphic (as systems/halcyon-aces/engine/sim/ is split).
//
// The layers: state → board → gm-rules (issue 33) → passes → harm → movement → attack → support (the rules, sim/) →
// approach → planner → choices → actor (the policy, policy/) → sim.ts (the turn loop). Each layer is an abstract class extending the
// one below; a rule that asks the policy (which effect, which tag, which reactor) declares that method abstract,
// and the one concrete class, TGSim, has them all.

import type { RuleWorld } from '../../../../model/priority-run.js';
import type { DecisionControl } from '../../../../model/system.js';
import type { Encounter, Facing } from '../../model.js';
import * as grid from '../grid.js';
import * as dice from '../dice.js';
import type { TGEvent } from '../events.js';
import * as path from '../path.js';
import type { RollRules } from '../rolls.js';
import * as pickMemo from '../pick-memo.js';
import * as plan from '../plan.js';
import type { Plan } from '../plan.js';
import * as threats from '../threats.js';
import * as unit from '../unit.js';
import type { Unit } from '../unit.js';
import type { TGSink, RollResult } from './common.js';
import * as common from './common.js';

// Module constants, not live imported bindings, for the hot code: see "Imports" in sim.ts.
const { NO_MODS, PICK_KEY_PER_UNIT } = common;
const { Board } = grid;
type Board = grid.Board;
const { Dice } = dice;
type Dice = dice.Dice;
const { Pathfinder } = path;
type Pathfinder = path.Pathfinder;
const { PickMemo } = pickMemo;
type PickMemo = pickMemo.PickMemo;
const { PlanSlot } = plan;
type PlanSlot = plan.PlanSlot;
const { ThreatCounts } = threats;
type ThreatCounts = threats.ThreatCounts;
const { makeUnit, resetUnit } = unit;

export abstract class TGState {
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
  /**
   * Issue 32: the control offered each decision of a played fight (TGSim.play, the seam's `play`), null on every
   * other path: the log and the fast path never build an option list.
   */
  control: DecisionControl | null = null;
  /** The index of the next decision point offered to `control` (0, 1, … in the order the fight meets them). */
  decisionIndex = 0;
  /** Issue 33: per side, whether a member follows GM priority rules (only then are its actor choices asked of them). */
  readonly scriptedSide: boolean[];
  /** Issue 33: the fight as GM rules read it (sim/gm-rules.ts), made at the first scripted decision. */
  protected ruleWorld: RuleWorld | null = null;
  /** Issue 33: the combatant whose rules are deciding (what `distance` is measured from). */
  protected ruleActor = -1;
  /** Issue 33: a GM rule's log line waiting for the first line of what the rule decided (event path only). */
  protected pendingRule: TGEvent | null = null;
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
  // (no field keeps the seed: most seeds are no small integer, and a field that first held one would change the
  // simulator's shape some combats in and throw away the code optimized for it)
  // ── per turn ──
  actor = -1;
  /** The cells of the actor's movement this turn (start first): the first turnLen (one list, overwritten each turn). */
  protected readonly turnPath: number[] = [];
  protected turnLen = 0;
  moveUsed = 0;
  dashUsed = 0;
  mainUsed = false;
  startDist: Int32Array;
  /** TG-Z2: per source × kind (move, knockback, bane), the turn (`collideTurn`) of its last collision. */
  protected readonly collidedAt: Int32Array;
  protected collideTurn = 1;
  /** pickActor's scratch: the fresh members (unit indices), their bounds and order, and which it scored (pkSerial). */
  protected readonly pkFresh: Int32Array;
  protected readonly pkOrder: Int32Array;
  protected readonly pkBound: Float64Array;
  protected readonly pkStamp: Int32Array;
  /** TGS-51: the members pickActor's bound-ordered scan weighed (pkSerial), whoever planned them (TGS-70). */
  protected readonly pkWeighed: Int32Array;
  protected pkSerial = 0;
  /** TGS-58: this actor choice asked what pickActor's memo key does not hold (declines): it is not kept. */
  protected pkUnkept = false;
  /** TGS-58: this actor choice passed over a member that would decline its plan (the turn line's reason). */
  protected pkDeclined = false;
  /** Each side's members in placement order (support()'s allies, the actor included): sides never change. */
  protected readonly sideMembers: Unit[][];
  /** Per side, the combatants of the other sides in placement order (the facing choice's enemies). */
  protected readonly sideFoes: Unit[][];
  /**
   * TGS-40 (issue 32): per side, how many of its turns in a row ended with a member waiting at the edge of the enemies'
   * reach for its allies (sideTogether reads it: after as many as the side has members, it goes in).
   */
  protected readonly waitRun: Int32Array;
  /** bestFacingIndex's scratch: per facing, the able enemies behind. */
  protected readonly facingBacks = new Int32Array(8);
  // scratch
  protected valueGen = 0;
  /** Bumped by every state change (note()); the actor choice's plans are valid while it stands. */
  protected version = 0;
  /**
   * Bumped by every change of a combatant's harm, difficulty or OUT state (damage, stress, goOut, a Heal, a revival, a
   * tag spent or a Runic Tattoo on an NPC, begin): the side dangers (policy/worth.ts) read nothing else that changes
   * within a fight, and stand while it does.
   */
  protected harmVersion = 0;
  /**
   * Bumped by every event, support included: where it moved since a scoring but `version` did not, the plan stands, but
   * a `nearest` actor takes its distances then, as the search the plan saves would have (TGS-9: at its turn's first plan).
   */
  protected versionAll = 0;
  protected readonly scoredAtAll: Float64Array;
  protected readonly scored: (Plan | null)[];
  protected readonly scoredAt: Float64Array;
  /**
   * Issue 32 item 5: 1 where a member's scored plan was made before its turn would have made it (the turn's after a
   * Bolster, from the Bolster's test): it stands only while no event at all has happened since (scoredStands).
   */
  protected readonly early: Uint8Array;
  /** Set by plans(): avoiding hazards kept a reachable hazard square out (TG-V3's fallback may differ). */
  protected hazardLimited = false;
  protected turnSerial = 0;
  protected readonly nearStamp: Int32Array;
  protected readonly nearDist: Int32Array[];
  protected readonly valueStamp: Int32Array;
  protected readonly valueOut: Int32Array;
  protected readonly valueHarm: Int32Array;
  /**
   * LOS per cell pair (0 unknown, 1 clear, 2 blocked); null on large maps (plain twin: Board.los, as a simulator
   * without it asks; test/systems/tactical-grid/planner-twins.test.ts plays a 48 × 48 map with and without). It holds for the map's own obstacles
   * across combats and is emptied when Still Life changes them (and again at the next combat's start, `losDirty`).
   */
  protected readonly losCache: Uint8Array | null;
  protected losDirty = false;
  /** `wall`, `solid` and `stillOwner` hold the map's own walls (no Still Life since begin() set them). */
  protected wallsAsMap = false;
  /** Bumped whenever `wall` changes (Still Life, and its reset at a combat's start): the pathfinders' step tables. */
  protected wallVersion = 0;
  protected readonly field: Int32Array;
  /** plans() scratch: per target (prepareTargets), the best plans so far, threats per square, the `nearest` pathfinder. */
  protected readonly tgIdx: Int32Array;
  protected readonly tgCell: Int32Array;
  protected readonly tgFacing: Int32Array;
  protected readonly tgStart: Int32Array;
  protected readonly tgNow: Int32Array;
  protected readonly tgCorner: Int32Array;
  protected readonly tgKey1: Int32Array;
  protected readonly tgFaced: Int32Array;
  /** Per target, its row of the back-facing table (`backT`, as scanBoxes takes it) and its height + 1 (X_HIGH): scanReached reads them per pair. */
  protected readonly tgBackRow: Int32Array;
  protected readonly tgHigh: Int32Array;
  protected readonly bestSlot = new PlanSlot();
  /** The plans() call's reach (TG-L5) and whether Deadeye may add to it (TG-B1). */
  protected pReach = 1;
  protected pDeadeye = false;
  /**
   * The targets each unit's scored plan search reached (row u.idx × n, 1 = it has a plan against that enemy), written
   * by the hazard-avoiding pass of a scoring (`recordTargets`), valid while `scoredAt` stands: the guard's Taunt test.
   */
  protected readonly targetMarks: Uint8Array;
  /**
   * Where each unit's row of targets is (planTargets): its row of targetMarks after a scoring (marksKept 0), or the kept
   * row of a kept choice (1: in the pick memo's marksArena, which the hit points at rather than copies; no choice is
   * kept between a hit and its turn's reads, so the arena stands). A flag, not the array: a stored reference pays a
   * write barrier.
   */
  protected readonly marksKept: Uint8Array;
  protected readonly marksAt: Int32Array;
  /** pickKey's hash of the key it wrote (PickMemo.find). */
  protected pickHash = 0;
  protected recordTargets = false;
  /** The row plans() marks in (−1: none). */
  protected markRow = -1;
  protected readonly tauntSlot = new PlanSlot();
  /** The candidate's threats if the last beats() counted them, else −1 (handed on to PlanSlot.hold). */
  protected beatsThreats = -1;
  protected readonly threatStamp: Int32Array;
  protected readonly threatCount: Int32Array;
  /** threatsAt's combatants not OUT at `thStamp` (a posVersion): square, threat reach, side. */
  protected readonly thCell: Int32Array;
  protected readonly thReach: Int32Array;
  protected readonly thSide: Int32Array;
  protected thN = 0;
  /** The posVersion threatsAt last gathered (thCell …) or synced (threatKept) at. */
  protected thStamp = -1;
  /** The threat counts kept across steps (boards with distance tables: their reach masks are small), else null. */
  protected readonly threatKept: ThreatCounts | null;
  protected posVersion = 1;
  protected readonly pfNear: Pathfinder;
  /** fillPass's result per side and hazard choice (side × 2 + avoid), kept while nothing moves (`posVersion`). */
  protected readonly passBufs: Uint8Array[];
  protected readonly passStamp: Int32Array;
  /** passBase's squares per hazard choice, and the `wallVersion` each was built for. */
  protected readonly passBaseBufs: Uint8Array[];
  protected readonly passBaseStamp = new Float64Array(2).fill(-1);
  /** The open squares of passBufs and passBaseBufs as bit sets, and passBufs' hashes: the kept searches' key (searchFrom). */
  protected readonly passBits: Int32Array[];
  protected readonly passHash: Int32Array;
  protected readonly passBaseBits: Int32Array[];
  protected readonly placeUnit: Int32Array;
  protected readonly placeFacing: Int32Array;
  /** roll()'s result, one object reused (its callers read it at once). */
  protected readonly rollResult: RollResult = { face: 0, total: 0, out: 0, mods: NO_MODS };
  /** The fast path's kept actor choices (pick-memo.ts), null on the event path. */
  protected readonly pickMemo: PickMemo | null;
  blocks = (c: number): boolean => this.wall[c] === 1;
  /** checkEnd's last `posVersion` with two sides or more able (−1: none yet). */
  protected endCheckedAt = -1;
  /** keepPick's scratch. */
  protected readonly keepMembers: Int32Array;
  protected readonly keepPlans: (Plan | null)[];
  protected readonly keepMarks: Uint8Array;
  /** The nearest able enemy (unit index, −1 none) and the enemies behind of bestFacingIndex's last choice, for its reason. */
  protected facingNear = -1;
  protected facingBack = 0;
  /** Whether `approach` tries hazard-free squares first (TG-V3): the field it descends was built round them. */
  protected avoidFirst = true;
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
    this.scriptedSide = this.sideMembers.map((m) => m.some((u) => u.tactics !== null));
    this.sideFoes = this.sideNames.map((_, si) => this.units.filter((u) => u.side !== si));
    this.waitRun = new Int32Array(this.sideNames.length);
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
    this.early = new Uint8Array(this.n);
    this.scoredAtAll = new Float64Array(this.n).fill(-1);
    this.nearStamp = new Int32Array(this.n).fill(-1);
    this.nearDist = this.units.map(() => new Int32Array(this.n));
    this.valueOut = new Int32Array(this.n * 32 + 1);
    this.valueHarm = new Int32Array(this.n * 32 + 1);
    // (a byte per cell pair: up to 40 × 40 for every simulator, up to 50 × 50 for the fast path's kept one, which plays
    // thousands of combats on the map: 6 MB; issue 32 item 5)
    this.losCache =
      b.size <= 1600 || (opts.keepSearches === true && b.size <= 2500) ? new Uint8Array(b.size * b.size) : null;
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
    this.pkWeighed = new Int32Array(this.n);
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
  protected emit(e: TGEvent): void {
    if (this.sink === null) return;
    // issue 33: a GM rule's line follows the first line of what it decided (the fight's end line excepted: before it)
    const rule = this.pendingRule;
    if (rule === null) this.sink.push(e);
    else {
      this.pendingRule = null;
      this.sink.push(e.type === 'end' ? rule : e);
      this.sink.push(e.type === 'end' ? e : rule);
    }
  }
  /**
   * Whether u's scored plan stands: scored at this `version`, and one scored early (`early`: before its turn would have
   * planned it, issue 32 item 5) with no event at all since (`versionAll`): support changes harm, which TGS-45's worth
   * reads, with no new `version`. The plain twin (plainBolster) plans at that point instead.
   */
  protected scoredStands(u: Unit): boolean {
    const m = u.idx;
    // (every field read at every call: the last, read only after an early scoring, was first reached after the turn
    // inlining this was optimized and sent it back to be compiled again in every worker; issue 32 item 5)
    const at = this.scoredAt[m] === this.version,
      late = this.early[m] === 0,
      still = this.scoredAtAll[m] === this.versionAll;
    return at && (late || still);
  }
  /** Issue 33: writes a GM rule's line still waiting for the line of what it decided (a decision that shows none). */
  protected flushRule(): void {
    const rule = this.pendingRule;
    if (rule === null || this.sink === null) return;
    this.pendingRule = null;
    this.sink.push(rule);
  }
  /**
   * Every state change that emits an event calls this first: it bumps `version` (so a plan scored for the
   * actor choice is reused by its turn only if nothing changed since, TG-V2) and says whether to build the event.
   */
  protected note(): boolean {
    this.version++;
    this.versionAll++;
    return this.sink !== null;
  }
  /**
   * For support that changes nothing a plan reads (TG-S2 … S4: an ally's stress or health, a tag readied, drive):
   * the actor's plan scored before its Heal, Recover or Buff still stands, so `version` is left alone.
   */
  protected noteSupport(): boolean {
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
  /**
   * Issue 32: offers a decision (two options or more) to `control`; returns the option taken, the policy's `chosen`
   * unless the control overrides it. A reseed re-derives every dice stream from its seed before anything else is
   * rolled (Dice.reseed), so every option tried at one point meets the same continuation.
   */
  protected offer(actor: number, kind: string, options: string[], chosen: number, rule?: string): number {
    // issue 33: `chosen` is what a GM rule took, and `rule` says which (probeRuleKey), when one decided
    const point = { actor, kind, round: this.round, options, chosen, ...(rule !== undefined ? { rule } : {}) };
    const o = this.control!.decide(point, this.decisionIndex++);
    if (o === undefined) return chosen;
    if (o.reseed !== undefined) this.dice.reseed(o.reseed);
    const k = o.option;
    return k !== undefined && Number.isInteger(k) && k >= 0 && k < options.length ? k : chosen;
  }
  begin(seed: number): void {
    this.dice.reset(seed);
    this.decisionIndex = 0;
    this.pendingRule = null;
    this.round = 0;
    this.cursor = 0;
    this.result = -1;
    this.winner = -1;
    this.endRound = 0;
    this.actor = -1;
    this.waitRun.fill(0);
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
    this.harmVersion++;
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
  /** Every change of a combatant's square or OUT state calls this (threatsAt's cache). */
  protected moved(): void {
    this.posVersion++;
  }
  dirName(d: number): string {
    return this.board.hex === true
      ? ['east', 'north-east', 'north-west', 'west', 'south-west', 'south-east'][d]
      : ['north', 'north-east', 'east', 'south-east', 'south', 'south-west', 'west', 'north-west'][d];
  }

  // ── asked of the layers above ──
  abstract checkEnd(unwind?: boolean): void;
  protected abstract bestFacingIndex(u: Unit): number;
}
