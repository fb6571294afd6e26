// The policy's planner (TACTICAL-GRID.md "The simulator", TG-V3, TG-V5, TG-V6): every attack plan of a combatant
// (square, target, conditions) scored by P(OUT) and expected harm, the best kept per combatant while nothing
// changes (`version`); where to go when no attack is possible is approach.ts's. It reads the fight and writes only its own
// scratch and memos. The three scans of attack squares (considerPair: the searched squares; scanBoxes: a box
// around each target on boards with distance tables; scanReached: every reached square against every target)
// score a pair alike; test/systems/tactical-grid/planner-twins.test.ts holds them equal.

import * as model from '../../model.js';
import * as path from '../path.js';
import * as rolls from '../rolls.js';
import * as plan from '../plan.js';
import type { Plan } from '../plan.js';
import * as tactics from '../tactics.js';
import * as unit from '../unit.js';
import type { Unit } from '../unit.js';
import * as common from '../sim/common.js';
import { TGWorth } from './worth.js';

// Module constants, not live imported bindings, for the hot code: see "Imports" in sim.ts.
const { plansOn, planValue } = common;
const { DIE } = model;
const { INF } = path;
const { banes, critFaces, fumbleFaces, plainFaces, plainSuccessFaces } = rolls;
const { EMPTY_PREV, planOrder } = plan;
/** The list a best-only scan passes considerPair, never written (prev null). */
const NO_PLANS: Plan[] = [];
type PlanSlot = plan.PlanSlot;
const { X_BACKSTAB, X_CORNER, X_CHARGE, X_LINEUP, X_HIGH } = tactics;
const { AB_DEADEYE, able, harmLeft, P_TACTICS } = unit;

export abstract class TGPlanner extends TGWorth {
  /** TGS-45: planScore's value per (target, conditions) slot, × 20 (beside valueOut, valueHarm). */
  protected valueScore = new Float64Array(0);
  /** The score of the pair beats() ranks (its callers set it). */
  protected beatsScore = 0;
  /** planBound's bound of the expected harm (× 20) of any plan of the member it bounded. */
  protected boundHarm = 0;
  /** planStart's movement budget for the plan search. */
  protected pBudget = 0;
  /**
   * Harm to t of one attack by a with `conds` met, per face (TG-V5 (2) (3), TGS-7): P(OUT) × 20 into valueOut[k]
   * and E(harm) × 20 into valueHarm[k].
   */
  protected attackValue(a: Unit, t: Unit, conds: number, k: number): void {
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
   * allocating no plan but that one. (Two bodies, issue 32 item 5: best-only runs thousands of times a fight, every
   * plan rarely — a turn's fallbacks, the decisions' options — and in one body the first rare call, reached after it
   * was optimized, sent the whole planner back to be compiled again in every worker; a caller's constant `all` picks
   * one body where this is inlined.)
   */
  plans(u: Unit, avoid = true, all = true): Plan[] {
    return all === true ? this.allPlans(u, avoid) : this.bestOnly(u, avoid);
  }
  /** plans(u, avoid, false). */
  protected bestOnly(u: Unit, avoid: boolean): Plan[] {
    const nt = this.planStart(u, avoid);
    if (nt === 0) return [];
    const b = this.board,
      pf = this.pf,
      gen = this.valueGen,
      budget = this.pBudget;
    const pass = this.searchFrom(pf, u, budget, avoid);
    const cost = pf.cost;
    this.hazardLimited = avoid === true && this.hazardReachable(u, budget);
    this.bestSlot.set = false;
    this.tauntSlot.set = false;
    const r = (this.pReach = this.reach(u));
    const deadeye = (this.pDeadeye = u.melee !== true && (u.abil & AB_DEADEYE) !== 0);
    // the squares reached (TG-V3) × the targets in reach from them (planWide says in which order)
    const R = r + (deadeye ? 2 : 0);
    if (b.tables === true && this.losCache !== null) {
      // a board with tables (the fast path's): the same pairs in the same order, from flat arrays
      if ((2 * R + 1) * (2 * R + 1) < pf.nTouched) this.scanBoxes(u, gen, nt, R, budget, cost);
      else this.scanReached(u, gen, nt, cost);
    } else this.scanWide(u, gen, nt, R, budget, NO_PLANS, null);
    this.chargeScan(u, gen, nt, pass, NO_PLANS, null);
    // fix the chosen plan's path now, while the pathfinder still holds this run
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
        score: pick.score,
        run: pick.runDir >= 0 ? this.chargeRun(u.cell, pick.runDir, pick.s) : pf.path(pick.s),
        prev: EMPTY_PREV,
      },
    ];
  }
  /** plans(u, avoid, true). */
  protected allPlans(u: Unit, avoid: boolean): Plan[] {
    const nt = this.planStart(u, avoid);
    if (nt === 0) return [];
    const pf = this.pf,
      gen = this.valueGen,
      budget = this.pBudget;
    const pass = this.searchFrom(pf, u, budget, avoid);
    this.hazardLimited = avoid === true && this.hazardReachable(u, budget);
    const out: Plan[] = [];
    const prev = pf.prev.slice();
    this.bestSlot.set = false;
    this.tauntSlot.set = false;
    const r = (this.pReach = this.reach(u));
    const deadeye = (this.pDeadeye = u.melee !== true && (u.abil & AB_DEADEYE) !== 0);
    this.scanWide(u, gen, nt, r + (deadeye ? 2 : 0), budget, out, prev);
    this.chargeScan(u, gen, nt, pass, out, prev);
    const taunt = u.taunter;
    const onTaunter = taunt >= 0 ? plansOn(out, taunt) : [];
    const res = onTaunter.length ? onTaunter : out;
    res.sort(planOrder);
    return res;
  }
  /**
   * Both bodies' start: a new value generation, u's row of targets cleared if they are recorded, the budget (into
   * pBudget), the targets (prepareTargets) and TGS-45's dangers. Returns how many targets (0: no plan; no search).
   */
  protected planStart(u: Unit, avoid: boolean): number {
    ++this.valueGen;
    if (this.valueScore.length !== this.valueOut.length) this.valueScore = new Float64Array(this.valueOut.length);
    this.markRow = -1;
    if (this.recordTargets === true && avoid === true) {
      this.markRow = u.idx * this.n;
      for (let i = this.markRow, e = i + this.n; i < e; i++) this.targetMarks[i] = 0;
    }
    const budget = (this.pBudget = u.ai === 'hold' ? 0 : Math.max(0, u.speed - this.moveUsedBy(u)));
    const far = budget + this.reach(u) + (u.melee !== true && (u.abil & AB_DEADEYE) !== 0 ? 2 : 0);
    // the targets first (they read no search; `nearest`'s distances are taken here, as a search would have)
    const nt = this.prepareTargets(u, far);
    if (nt === 0) {
      // no enemy within grid distance of any square it could attack from: no plan, no path search (a square
      // reached costs at least its distance)
      this.hazardLimited = false;
      return 0;
    }
    this.dangers(); // (TGS-45: planScore reads them)
    return nt;
  }
  /**
   * The pairs (square reached × target in reach) of the last search, by considerPair: listed into `out` with `prev`,
   * or ranked (prev null). Where the squares around a target (within R) are fewer than the squares reached, they are
   * walked target by target, else the squares reached (the pathfinder's list); the order does not matter, as no two
   * such plans tie on every key.
   */
  protected scanWide(
    u: Unit,
    gen: number,
    nt: number,
    R: number,
    budget: number,
    out: Plan[],
    prev: Int32Array | null,
  ): void {
    const b = this.board,
      pf = this.pf,
      cost = pf.cost;
    if ((2 * R + 1) * (2 * R + 1) < pf.nTouched) {
      for (let k = 0; k < nt; k++) {
        const tc = this.tgCell[k],
          tx = b.x(tc),
          ty = b.y(tc);
        const x0 = Math.max(0, tx - R),
          x1 = Math.min(b.w - 1, tx + R),
          y1 = Math.min(b.h - 1, ty + R);
        for (let y = Math.max(0, ty - R); y <= y1; y++) {
          for (let s = y * b.w + x0, e = y * b.w + x1; s <= e; s++)
            if (cost[s] <= budget && this.canEnd(u, s)) this.considerPair(u, gen, k, s, cost[s], -1, out, prev);
        }
      }
    } else {
      const reached = pf.touched;
      for (let i = 0, n = pf.nTouched; i < n; i++) {
        const s = reached[i];
        if (this.canEnd(u, s)) this.considerAt(u, gen, nt, s, cost[s], -1, out, prev);
      }
    }
  }
  /** The Charge runs (TG-X4, TGS-23, TGS-33): one straight run of two squares or more costing exactly this turn's speed. */
  protected chargeScan(u: Unit, gen: number, nt: number, pass: Uint8Array, out: Plan[], prev: Int32Array | null): void {
    if (!this.chargeRuns(u)) return;
    const b = this.board,
      nd = b.nDirs,
      step = this.pf.stepTable(this.wall, this.wallVersion); // off the map and TG-M4's corners out
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
      if (spent === speed && steps >= 2 && this.canEnd(u, c)) this.considerAt(u, gen, nt, c, spent, d, out, prev);
    }
  }
  /**
   * Fills the per-target scratch of a plans() call with what does not depend on the attack square: the enemies
   * u may target (placement order) within grid distance `far` (its budget + reach + Deadeye: a square reached costs
   * at least its distance, so no square in reach of a farther one is reached), their squares, distances at turn
   * start, Corner, TG-V5 (1) and (4). Returns how many.
   */
  protected prepareTargets(u: Unit, far: number): number {
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
  protected chargeRuns(u: Unit): boolean {
    return u.ai !== 'hold' && this.moveUsedBy(u) === 0 && u.speed > 0;
  }
  /** TG-V5 (1) `nearest`: path distance from u at its turn start to a square adjacent to each enemy, once per side turn (TGS-9). */
  protected nearestDistances(u: Unit): Int32Array {
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
  protected considerAt(
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
  protected considerPair(
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
      this.valueScore[vk] = this.planScore(u, this.units[ti], conds, this.valueOut[vk]);
    }
    const pOut = this.valueOut[vk],
      eHarm = this.valueHarm[vk],
      key1 = this.tgKey1[k],
      faced = this.tgFaced[k];
    // TGS-45: no blow that cannot harm its target (a clash it cannot win, TG-A4), unless on its taunter (TG-Y5)
    if (eHarm === 0 && ti !== u.taunter) return;
    const score = (this.beatsScore = this.valueScore[vk]);
    if (prev !== null) {
      const threats = this.threatsAt(u, s);
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
        threats,
        key1,
        score,
        run: charge ? this.chargeRun(u.cell, runDir, s) : null,
        prev,
      });
      return;
    }
    // best-only: the plan is kept only if it beats the best so far (TG-V5's order, planOrder), first found on ties
    const slot = this.bestSlot;
    if (this.beats(u, slot, key1, pOut, eHarm, faced, s, cost, ti, chargeOk))
      slot.hold(s, ti, cost, runDir, chargeOk, de, conds, pOut, eHarm, faced, key1, this.beatsThreats, this.beatsScore);
    if (ti === u.taunter) this.offerTaunt(u, s, cost, ti, de, conds, pOut, eHarm, faced, key1, runDir, chargeOk);
  }
  /**
   * plans()' best-only scan target by target over the squares within R of each (boards with tables and the LOS
   * cache): considerPair's tests, with the target's values and table rows in locals instead of read per pair.
   */
  protected scanBoxes(u: Unit, gen: number, nt: number, R: number, budget: number, cost: Int32Array): void {
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
      valueHarm = this.valueHarm,
      valueScore = this.valueScore;
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
            valueScore[vk] = this.planScore(u, t, conds, valueOut[vk]);
          }
          const pOut = valueOut[vk],
            eHarm = valueHarm[vk];
          if (eHarm === 0 && ti !== taunter) continue; // TGS-45 (considerPair)
          this.beatsScore = valueScore[vk];
          if (this.beats(u, slot, key1, pOut, eHarm, faced, s, cs, ti, false))
            slot.hold(s, ti, cs, -1, false, de, conds, pOut, eHarm, faced, key1, this.beatsThreats, this.beatsScore);
          if (ti === taunter) this.offerTaunt(u, s, cs, ti, de, conds, pOut, eHarm, faced, key1);
        }
      }
    }
  }
  /** plans()' best-only scan square by square over the squares reached (as scanBoxes: boards with tables). */
  protected scanReached(u: Unit, gen: number, nt: number, cost: Int32Array): void {
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
      valueHarm = this.valueHarm,
      valueScore = this.valueScore;
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
          valueScore[vk] = this.planScore(u, units[ti], conds, valueOut[vk]);
        }
        const pOut = valueOut[vk],
          eHarm = valueHarm[vk],
          key1 = tgKey1[k],
          faced = tgFaced[k];
        if (eHarm === 0 && ti !== taunter) continue; // TGS-45 (considerPair)
        this.beatsScore = valueScore[vk];
        if (this.beats(u, slot, key1, pOut, eHarm, faced, s, cs, ti, false))
          slot.hold(s, ti, cs, -1, false, de, conds, pOut, eHarm, faced, key1, this.beatsThreats, this.beatsScore);
        if (ti === taunter) this.offerTaunt(u, s, cs, ti, de, conds, pOut, eHarm, faced, key1);
      }
    }
  }
  /**
   * A pair on the taunter (TG-Y5: plans() keeps the best plan on it apart; `runDir` ≥ 0 and `charge`: considerPair's
   * Charge run), ranked against the held one: considerPair's and both scans' one way to it. The rest of considerPair's
   * best-only tail — the pair's value (attackValue once per target and conditions), the target's mark, the best plan
   * so far — is written inline in scanBoxes and scanReached, their arrays hoisted out of the loops (a call per pair,
   * and its reloads of the simulator's arrays, cost more than the work).
   */
  protected offerTaunt(
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
    runDir = -1,
    charge = false,
  ): void {
    if (this.beats(u, this.tauntSlot, key1, pOut, eHarm, faced, s, cost, ti, charge))
      this.tauntSlot.hold(
        s,
        ti,
        cost,
        runDir,
        charge,
        de,
        conds,
        pOut,
        eHarm,
        faced,
        key1,
        this.beatsThreats,
        this.beatsScore,
      );
  }
  /** planOrder(candidate, held) < 0, the threats (5) counted only when (1) to (4) tie. */
  protected beats(
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
    // (keys (1) to (4) and the Charge compared at every call: some decide so rarely that their tests were first reached
    // after the scans inlining this were optimized, which sent the scans back to be compiled again in every worker:
    // issue 32 item 5)
    const lower = key1 < h.key1,
      higher = this.beatsScore > h.score,
      likelier = pOut > h.pOut,
      harder = eHarm > h.eHarm,
      easier = faced < h.faced,
      charges = charge && h.charge !== true;
    if (key1 !== h.key1) return lower;
    if (this.beatsScore !== h.score) return higher;
    if (pOut !== h.pOut) return likelier;
    if (eHarm !== h.eHarm) return harder;
    if (faced !== h.faced) return easier;
    const th = (this.beatsThreats = this.threatsAt(u, s));
    const hth = h.threats >= 0 ? h.threats : (h.threats = this.threatsAt(u, h.s));
    if (th !== hth) return th < hth;
    if (cost !== h.cost) return cost < h.cost;
    if (target !== h.target) return target < h.target;
    if (s !== h.s) return s < h.s;
    return charges;
  }
  /**
   * Which enemies the actor u has a plan against at its turn start (the squares × targets of its hazard-avoiding
   * search): 1 at row + t.idx of its marks (marksKept); returns the row. The search of its scoring if nothing changed since,
   * else a fresh scoring, which its turn then reuses.
   */
  protected planTargets(u: Unit): number {
    if (!this.scoredStands(u)) this.scorePlan(u);
    else if (u.ai === 'nearest') this.nearestDistances(u); // taken here, as the search this saves would have (TGS-9)
    this.early[u.idx] = 0; // (scored now, as far as any reader can tell)
    return this.marksAt[u.idx];
  }
  /** Plans u's best (bestPlans, with its speed, range and actor state as set by the caller), records its targets, and keeps it while `version` stands. */
  protected scorePlan(u: Unit): Plan | null {
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
  protected keepScored(u: Unit, p: Plan[]): Plan | null {
    const best = p.length ? p[0] : null;
    this.scored[u.idx] = best;
    this.scoredAt[u.idx] = this.version;
    this.scoredAtAll[u.idx] = this.versionAll;
    this.early[u.idx] = 0;
    return best;
  }
  /** TG-V3: hazards count as blocked for chosen moves unless nothing is possible without them. */
  bestPlans(u: Unit): Plan[] {
    // the second pass (hazards allowed) can only differ if avoiding hazards actually kept a square out of reach. (One
    // call in a loop, not a second call: a call first made after this was optimized sent it, and the actor choice
    // inlining it, back to be compiled again in every worker; issue 32 item 5)
    for (let avoid = true; ; avoid = false) {
      const p = this.plans(u, avoid, false);
      if (p.length > 0 || this.hazardLimited !== true || avoid !== true) return p;
    }
  }
  /** The actor's best plan now (null: none): the one its choice scored if no state changed since (same speed, range, squares, pools), else afresh. */
  protected currentPlan(u: Unit): Plan | null {
    if (this.scoredStands(u)) {
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
  protected keptPlan(u: Unit): Plan | null {
    if (this.scoredStands(u)) {
      this.early[u.idx] = 0; // (scored now, as far as any reader can tell)
      return this.currentPlan(u);
    }
    return this.keepScored(u, this.bestPlans(u));
  }
  /** After a hazard-avoiding run: could a hazard square have been entered within `budget`? (Then it mattered.) */
  protected hazardReachable(u: Unit, budget: number): boolean {
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
  protected moveUsedBy(u: Unit): number {
    return this.actor === u.idx ? this.moveUsed : 0;
  }
  protected actorStartDist(u: Unit, t: Unit): number {
    return this.actor === u.idx ? this.startDist[t.idx] : this.board.dist(u.cell, t.cell);
  }
  /**
   * TG-V2's pruning: an upper bound of u's best plan value (planValue) at the start of its next turn, −1 if it can have
   * no plan. Targets: enemies within its budget + reach (+2 Deadeye) of its square; conditions: Corner and Line Up
   * as they stand, Backstab, Charge and High Ground wherever possible. A plan's value only grows with its conditions
   * (more tactics paid, or a higher difficulty faced), so no plan beats the bound. Its expected harm alike: into
   * boundHarm, the most any plan of u could deal (TGS-43's test, atRisk, reads it: issue 32 item 5).
   */
  protected planBound(u: Unit): number {
    const b = this.board;
    const speed = this.turnSpeed(u, u.turns + 1),
      range = this.turnRange(u, u.turns + 1);
    const budget = u.ai === 'hold' ? 0 : speed;
    const r = u.melee === true ? 1 : range;
    const deadeye = u.melee !== true && (u.abil & AB_DEADEYE) !== 0;
    const far = budget + r + (deadeye ? 2 : 0);
    const k = this.n * 32; // attackValue's scratch slot
    if (this.valueScore.length !== this.valueOut.length) this.valueScore = new Float64Array(this.valueOut.length);
    let best = -1,
      harm = 0;
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
      if (this.valueHarm[k] > harm) harm = this.valueHarm[k];
    }
    this.boundHarm = harm;
    return best;
  }
  /**
   * planBound, reach 1: the most of Backstab (TG-X2), High Ground (TG-X6) and Charge (TG-X4, if `speed` > 0: a straight
   * run of ⌈speed/2⌉ to `speed` steps, as its cost must be `speed`) that one square beside t, which u may end on and
   * lies within `budget` of it, could give; −1 if there is no such square.
   */
  protected squareConds(u: Unit, t: Unit, budget: number, speed: number): number {
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
}
