// The policy's worth of an attack (TGS-45, issue 32): what a plan takes off the enemy side and costs its own, each
// side's harm weighed by what it has left, and what an OUT is worth beyond its harm under TG-T2 TG-T3 (a side acts
// once a side turn, each member once before all recover). planner.ts ranks plans by it (TG-V5's order after the ai
// key). It reads the fight and writes only its own scratch.

import * as model from '../../model.js';
import * as rolls from '../rolls.js';
import * as unit from '../unit.js';
import type { Unit } from '../unit.js';
import { TGApproach } from './approach.js';

// Module constants, not live imported bindings, for the hot code: see "Imports" in sim.ts.
const { DIE, PVP_BASE } = model;
const { banes, critFaces, fumbleFaces, plainFaces, plainSuccessFaces } = rolls;
const { able, harmLeft, P_TACTICS } = unit;

/** dgPairV/dgPairM before a pair is counted (no difficulty is this). */
const NO_DIFFICULTY = -0x80000000;
/** TGS-45: the worth of a side's last able member's OUT (the fight), in harm. */
const OUT_LAST = 1000;
/** TGS-45: how many of its side's turns an OUT member's share of the side's harm is counted over (outWorth). */
const OUT_TURNS = 8;
/** TGS-45: the harm more an NPC's blow that puts a sheet OUT counts (its pools, drive and reactions go with it). */
const SHEET_OUT = 2;

export abstract class TGWorth extends TGApproach {
  /** dangers(): each combatant's danger, each side's sum, able count and harm left. */
  protected dgOf = new Float64Array(0);
  protected dgSum = new Float64Array(0);
  protected dgAble = new Int32Array(0);
  protected dgLeft = new Float64Array(0);
  /** The harmVersion dangers() last counted or checked at (−1: none; plainDangers: never read). */
  protected dgHarmAt = -1;
  /** dangers() checks its inputs at every call, harmVersion unread (the twins' test). */
  plainDangers = false;
  /**
   * dangers()' value of each pair (attacker v, target m) at n·v + m, and the difficulties of v and m it was counted for
   * (issue 32 item 5: an OUT recounts the dangers, not the pairs; only a difficulty changes a pair's value).
   */
  protected dgPair = new Float64Array(0);
  protected dgPairV = new Int32Array(0);
  protected dgPairM = new Int32Array(0);
  /** dangers()' inputs at its last count: each combatant's harm left (−1: not able) and difficulty. */
  protected dgSig = new Int32Array(0);
  /**
   * TGS-45 (issue 32): what a plan of a on t with `conds` is worth to a's side, × 20 (exact over the d20's faces): the
   * harm it takes off t's side (each harm past t's OUT wasted), what t's OUT is worth beyond that (outWorth), less the
   * harm a takes itself (the banes of a failed roll, TG-R4; an NPC's lost clash, TG-A4) and its own OUT's worth.
   */
  protected planScore(a: Unit, t: Unit, conds: number, pOut: number): number {
    const left = harmLeft(t),
      own = harmLeft(a),
      rr = this.rr;
    let nc = 0;
    for (let m = conds; m; m &= m - 1) nc++;
    let dealt: number, taken: number, selfOut: number;
    if (a.npc !== true) {
      const tac = Math.min(a.pools[P_TACTICS], nc);
      const nCrit = critFaces(rr),
        nSucc = plainSuccessFaces(this.attackMod(a), this.difficultyOf(t), rr);
      const nFum = Math.min(fumbleFaces(rr), DIE - nCrit - nSucc),
        nFail = DIE - nCrit - nSucc - nFum;
      dealt = nCrit * Math.min(2 + tac, left) + nSucc * Math.min(1 + tac, left) + (nFail + nFum) * Math.min(tac, left);
      const D = this.difficultyOf(t),
        b1 = banes(D, false, rr),
        b2 = banes(D, true, rr);
      taken = nFail * Math.min(b1, own) + nFum * Math.min(b2, own);
      selfOut = (b1 >= own ? nFail : 0) + (b2 >= own ? nFum : 0);
    } else if (t.npc !== true) {
      const D = a.difficulty + nc;
      const nFum = fumbleFaces(rr),
        nFail = plainFaces(rr) - plainSuccessFaces(this.defenseMod(t), D, rr);
      dealt =
        nFail * Math.min(banes(D, false, rr), left) + nFum * Math.min(banes(D, true, rr), left) + SHEET_OUT * pOut;
      taken = 0;
      selfOut = 0;
    } else {
      const d = a.difficulty + nc - t.difficulty;
      dealt = d > 0 ? DIE : 0;
      taken = d < 0 ? DIE : 0;
      selfOut = d < 0 && own <= 1 ? DIE : 0;
    }
    // each side's harm weighed by the harm its side has left (a harm is worth more to the side with less to lose;
    // dangers() is brought up to date by plans(), planScore's only caller, once a call). An OUT's worth (outWorth) is
    // harm its side deals less, so harm the other side is spared: t's OUT weighs with a's side's harm (wU), a's own
    // with t's side's (wT), each beside the harm of the side it spares (read again by tg28, issue 32: not a slip)
    const wT = 1 / this.dgLeft[t.side],
      wU = 1 / this.dgLeft[a.side];
    const lost = selfOut > 0 ? selfOut * this.outWorth(a) : 0,
      won = pOut > 0 ? pOut * this.outWorth(t) : 0;
    return (dealt - lost) * wT + (won - taken) * wU;
  }
  /**
   * TGS-45: what v's OUT is worth to its enemies beyond the harm that took it (in harm): the last able member of its
   * side, the fight; else TG-T2 TG-T3's cycle: a side acts once a side turn, each member once before all recover, so
   * an OUT member's turns go to the others: its side deals (a_v − mean) / (n − 1) less harm a turn, counted over
   * OUT_TURNS of its side's turns; nothing when v was no stronger than its side's mean (its fall hands its turns to
   * stronger members: the harm that takes it is all it is worth). a: dangers().
   */
  protected outWorth(v: Unit): number {
    const s = v.side;
    const n = this.dgAble[s];
    if (n <= 1) return OUT_LAST;
    const a = this.dgOf[v.idx],
      mean = this.dgSum[s] / n;
    return a > mean ? (OUT_TURNS * (a - mean)) / (n - 1) : 0;
  }
  /**
   * TGS-45: each able combatant's danger (dgOf, × 20): the most harm one attack of it, with no tactic, could deal an
   * able enemy (the sheets as written: no Tattoo, Rage or pools), and each side's sum and count of able members; kept
   * while harmVersion stands (issue 32 item 5: no harm, difficulty or OUT state changed, so its inputs as dgSig holds
   * them did not). Not kept by `version` alone: harm and OUT states change without a new `version`, so a value kept
   * by it was stale or not as plans had or had not been scored at that version — on the fast path, as earlier
   * combats' kept choices (pick-memo.ts) had spared the scoring: the same fight differed on a warm simulator (TGS-48's
   * gauntlet read it). Plain twin: the check of every input (dgSig) at every call, `plainDangers`;
   * test/systems/tactical-grid/planner-twins.test.ts holds them equal. (Reads squares not at all, difficulties and
   * OUT states: pickKey holds them.)
   */
  protected dangers(): void {
    if (this.dgHarmAt === this.harmVersion && this.plainDangers !== true && this.dgOf.length === this.n) return;
    this.dgHarmAt = this.harmVersion;
    const units = this.units,
      n = this.n;
    if (this.dgOf.length !== n) {
      this.dgOf = new Float64Array(n);
      this.dgSum = new Float64Array(this.nSides);
      this.dgAble = new Int32Array(this.nSides);
      this.dgLeft = new Float64Array(this.nSides);
      this.dgSig = new Int32Array(2 * n).fill(-1);
    }
    // what it reads (each combatant able or not, its difficulty and harm left) as it was at the last count: the same
    // counts then (most events change none of it). Issue 32 item 5: a change of harm alone (no OUT state, no
    // difficulty: `structural` false) moves only each side's harm left; the dangers, sums and counts stand (the plain
    // twin, `plainDangers`, counts them all again at every change)
    const sig = this.dgSig;
    let same = true,
      structural = this.plainDangers === true;
    for (let i = 0; i < n; i++) {
      const v = units[i];
      const a = able(v) ? harmLeft(v) : -1,
        d = v.difficulty;
      const a0 = sig[2 * i];
      if (a0 !== a || sig[2 * i + 1] !== d) {
        same = false;
        if (a0 === -1 || a === -1 || sig[2 * i + 1] !== d) structural = true;
        sig[2 * i] = a;
        sig[2 * i + 1] = d;
      }
    }
    if (same) return;
    if (!structural) {
      // each side's harm left: a sum of integers, so exact in any order
      const left = this.dgLeft;
      for (let k = 0; k < left.length; k++) left[k] = 0;
      for (let i = 0; i < n; i++) {
        const v = units[i];
        if (able(v)) left[v.side] += harmLeft(v);
      }
      return;
    }
    this.dgSum.fill(0);
    this.dgAble.fill(0);
    this.dgLeft.fill(0);
    if (this.dgPair.length !== n * n) {
      this.dgPair = new Float64Array(n * n);
      this.dgPairV = new Int32Array(n * n).fill(NO_DIFFICULTY);
      this.dgPairM = new Int32Array(n * n).fill(NO_DIFFICULTY);
    }
    const pair = this.dgPair,
      pairV = this.dgPairV,
      pairM = this.dgPairM,
      plain = this.plainDangers;
    for (let i = 0; i < n; i++) {
      const v = units[i];
      if (!able(v)) {
        this.dgOf[i] = 0;
        continue;
      }
      let best = 0;
      for (let j = 0; j < n; j++) {
        const m = units[j];
        if (m.side === v.side || !able(m)) continue;
        // the pair's value kept while both difficulties stand (all else it reads is the sheets'), unless plainDangers
        const k = i * n + j;
        let e: number;
        if (pairV[k] === v.difficulty && pairM[k] === m.difficulty && plain !== true) e = pair[k];
        else {
          e = this.pairDanger(v, m);
          pair[k] = e;
          pairV[k] = v.difficulty;
          pairM[k] = m.difficulty;
        }
        if (e > best) best = e;
      }
      this.dgOf[i] = best / DIE;
      this.dgSum[v.side] += best / DIE;
      this.dgAble[v.side]++;
      this.dgLeft[v.side] += harmLeft(v);
    }
  }
  /** dangers(): the most harm (× 20) one attack of v, with no tactic, deals m (the sheets as written). */
  protected pairDanger(v: Unit, m: Unit): number {
    const rr = this.rr;
    if (v.npc !== true) {
      const D = m.npc === true ? m.difficulty : PVP_BASE + m.defense0;
      return critFaces(rr) * 2 + plainSuccessFaces(v.attack0, D, rr);
    }
    if (m.npc !== true) {
      const D = v.difficulty;
      return (
        (plainFaces(rr) - plainSuccessFaces(m.defense0, D, rr)) * banes(D, false, rr) +
        fumbleFaces(rr) * banes(D, true, rr)
      );
    }
    return v.difficulty > m.difficulty ? DIE : 0;
  }
}
