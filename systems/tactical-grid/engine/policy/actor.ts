// The policy's actor choice (TG-V2): which fresh member of a side acts (Command, Stun, the best plan), and the
// fast path's memo of it (pick-memo.ts: kept actor choices keyed by the side's positions and pools, pickKey).
// Plain twin: pickActor without the memo (the event path); test/systems/tactical-grid/kept-searches.test.ts and
// pick-memo.test.ts hold them equal.

import * as pickMemo from '../pick-memo.js';
import type { Plan } from '../plan.js';
import * as unit from '../unit.js';
import type { Unit } from '../unit.js';
import * as model from '../../model.js';
import * as common from '../sim/common.js';
import { TGChoices } from './choices.js';

// Module constants, not live imported bindings, for the hot code: see "Imports" in sim.ts.
const { planValue } = common;
const { DIE } = model;
const { PickMemo } = pickMemo;
type PickMemo = pickMemo.PickMemo;
const { able, harmLeft, P_REACTIONS, P_TACTICS } = unit;
/** TGS-43: a plan this likely (× 20) to put its target OUT is taken by who holds it; below, the member at risk acts. */
const SURE_OUT = 10;

export abstract class TGActor extends TGChoices {
  /** atRisk scores every threatened member, its harm bound unread (the twins' test). */
  plainRisk = false;
  /** pickActor's members' bounds of their plans' expected harm (planBound's boundHarm), beside pkBound. */
  protected pkHarm = new Float64Array(0);
  /** atRisk's candidates (indexes into pkFresh) and their harm left, in order of (harm left, position). */
  private riskCand = new Int32Array(0);
  private riskHarm = new Float64Array(0);
  /** pickActor's stunned fresh members passed over (TG-E6), placement order: their skips are said after the Command test. */
  private pkStunned = new Int32Array(0);
  /** TGS-64 (issue 32): the pick's end square weighed (exposedPick); false: TGS-51's pick as before (the scene's test). */
  exposure = true;
  /** TG-Y6: the plain twin asks the Command's test (commandFirst) before the actor scan, as written (planner-twins.test.ts). */
  plainCommand = false;
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
    if (nFresh === 1 && !canCommand) {
      // (its plan is made at its turn's start. Issue 32 item 5: a memo of lone members' plans across combats was dropped,
      // hit by 5-13% of its lookups, its keys, keeps and kept plans cost more CPU than the plans it spared)
      return { u: units[fresh[0]], reason: 'the only fresh member' };
    }
    // the fast path: a state met before gets the choice made then (pick-memo.ts), a Command included, unless Still Life
    // changed the walls (the key holds no walls)
    const memo = (canCommand || nFresh > 1) && this.losDirty !== true && this.sink === null ? this.pickMemo : null;
    if (memo !== null) {
      const kept = memo.find(this.pickKey(s, canCommand, memo), this.pickHash);
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
    this.pkUnkept = false;
    this.pkDeclined = false;
    // TG-Y6 Command: asked first in the plain twin (plainCommand); else after the scan below, which answers its test
    if (canCommand && this.plainCommand === true) {
      const commanded = this.commandFirst(s, memo, serial);
      if (commanded !== null) return commanded;
    }
    // TG-E6: stunned members are passed over unless they are the only ones (kept after the others in `fresh`, their
    // skips said once no Command is given)
    if (this.pkHarm.length !== this.n) {
      this.pkHarm = new Float64Array(this.n);
      this.riskCand = new Int32Array(this.n);
      this.riskHarm = new Float64Array(this.n);
      this.pkStunned = new Int32Array(this.n);
    }
    // TGS-63 (issue 32): a member a hazard puts OUT at its turn's start (TG-K3, TG-T8: 1 harm there, as much as it has
    // left) is passed over while another fresh member is left: picked, it falls before its blow and the side's turn is
    // lost (the crypt's Skeleton 3, 1 health on a hazard, 35 points); its turn comes last in the cycle (TG-T3), when it
    // is the only fresh member. Reads squares and harm only (pickKey holds them: the memo keeps this choice too)
    if (this.board.hazardCells.length > 0) nFresh = this.passDoomed(fresh, nFresh);
    let nUnstunned = 0,
      nStunned = 0;
    for (let k = 0; k < nFresh; k++) if (units[fresh[k]].stunned !== true) nUnstunned++;
    if (nUnstunned && nUnstunned < nFresh) {
      let m = 0;
      for (let k = 0; k < nFresh; k++) {
        const u = units[fresh[k]];
        if (u.stunned !== true) fresh[m++] = fresh[k];
        else this.pkStunned[nStunned++] = fresh[k];
      }
      nFresh = m;
    }
    // TG-V2: the first member (placement order) whose best plan has the highest (P(OUT), expected harm); none with a
    // plan: the first (then TGS-51 below). Members are valued in the order of an upper bound of that value (planBound), and one whose
    // bound cannot beat the best found is never planned: the same choice, fewer plans.
    const bound = this.pkBound,
      order = this.pkOrder;
    for (let i = 0; i < nFresh; i++) {
      bound[i] = this.planBound(units[fresh[i]]);
      this.pkHarm[i] = this.boundHarm;
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
      this.pkWeighed[u.idx] = serial;
      let p: Plan | null;
      if (this.pkStamp[u.idx] === serial) p = this.scored[u.idx];
      else {
        this.pkStamp[u.idx] = serial;
        p = this.scoreNext(u);
      }
      if (p === null || this.declines(u, p)) continue;
      const v = planValue(p.pOut, p.eHarm);
      if (bestVal < 0 || v > bestVal || (v === bestVal && i < bestI)) {
        bestVal = v;
        bestI = i;
        bp = p;
      }
    }
    // TG-Y6 Command (issue 32 item 5): the scan found no member with a blow it makes exactly when none has one (it
    // scores every member whose bound allows a plan while it has no best), so commandFirst's test, asked here, plans
    // none but the stunned members (and only then): the same choice as the plain twin's, which asks it first
    if (bp === null && canCommand && this.plainCommand !== true) {
      const commanded = this.commandFirst(s, memo, serial);
      if (commanded !== null) return commanded;
    }
    if (nStunned > 0 && this.sink !== null)
      for (let k = 0; k < nStunned; k++)
        this.emit({ type: 'skip', round: this.round, who: units[this.pkStunned[k]].name, reason: 'stunned (TG-E6)' });
    if (!nFresh) return null;
    // TGS-51 (issue 32): of the members the scan above weighed (those whose bound could beat the best so far), the one
    // whose plan is worth most to the side (TGS-45) acts: no plan is scored for it (the pruning stands). TGS-70 (issue
    // 32): the scan's members alone (pkWeighed), not every member planned: commandFirst's placement-order plans, made
    // only when a Command is possible, are not weighed, so the pick does not depend on whether an ally is exhausted
    if (bp !== null) {
      let bs = bp.score;
      for (let k = 0; k < nFresh; k++) {
        const i = order[k],
          m = fresh[i];
        const p = this.pkWeighed[m] === serial ? this.scored[m] : null;
        if (p !== null && (p.score > bs || (p.score === bs && i < bestI)) && !this.declines(units[m], p)) {
          bs = p.score;
          bestI = i;
          bp = p;
        }
      }
    }
    // TGS-64 (issue 32): the pick whose end square lays it open to as much harm as its blow deals or more gives the
    // turn to the next-best member (exposedPick)
    const ex = bp !== null && this.exposure === true ? this.exposedPick(fresh, nFresh, bestI, serial) : bestI;
    const exposed = ex !== bestI;
    if (exposed) bp = this.scored[fresh[ex]];
    bestI = ex;
    // TGS-43 (issue 32): no plan likely to put its target OUT: the member most at risk acts first
    let risk = bp !== null && bp.pOut < SURE_OUT ? this.atRisk(fresh, nFresh, bp, serial) : -1;
    if (risk === bestI) risk = -1;
    if (risk >= 0) {
      bestI = risk;
      bp = this.scored[fresh[risk]];
    }
    // TGS-52 (issue 32): a healer whose heals have no one to land on acts after the members with a plan (healerAfter;
    // every line here runs at every choice with a plan, so none is first reached after pickActor was optimized)
    let deferred = false;
    if (bestVal >= 0) {
      const j = this.healerAfter(s, fresh, nFresh, bestI, serial);
      deferred = j !== bestI;
      risk = deferred ? -1 : risk;
      bestI = j;
      bp = this.scored[fresh[j]];
    }
    const best = units[fresh[bestVal >= 0 ? bestI : this.laggard(fresh, nFresh)]];
    if (memo !== null && !memo.full && (this.pkUnkept as boolean) !== true) this.keepPick(memo, serial, best.idx, -1);
    const reason =
      this.sink === null
        ? ''
        : bp
          ? `${risk >= 0 ? 'at risk, least harm left (TGS-43); ' : deferred ? 'the healer acts after it (TGS-52); ' : exposed ? "the best pick's square is too exposed (TGS-64); " : ''}best plan: P(OUT) ${bp.pOut}/20, expected harm ${bp.eHarm}/20 on ${this.units[bp.target].name}`
          : (this.pkDeclined as boolean) === true
            ? 'no member has an attack it would make (TGS-58): the one farthest behind closes up (TGS-40)'
            : 'no member has a plan: the one farthest behind closes up (TGS-40)';
    return { u: best, reason };
  }
  /**
   * TGS-64 (issue 32): the member at `pick` (an index into the first n of `fresh`, TGS-51's pick, its plan scored) acts
   * unless its plan's end square lays it open to as much expected harm as its blow deals or more (tooExposed); then
   * the fresh member with a plan possible (its bound; scored as pickActor scores, pkStamp = serial: the scan's pruning
   * may have passed it over) whose plan is worth most to the side (TGS-45's score, placement order on ties) and whose
   * own square passes that test acts; none: the pick. No rollout: plans and dangers' pairs only. The Mill Road (seed
   * 2275360620, round 6): Brakka ran c3 → h4 into the Raider Chief's charge and was OUT by round 9.
   */
  protected exposedPick(fresh: Int32Array, n: number, pick: number, serial: number): number {
    const units = this.units;
    if (!this.tooExposed(units[fresh[pick]], this.scored[fresh[pick]] as Plan)) return pick;
    let best = pick,
      bs = 0;
    for (let k = 0; k < n; k++) {
      const i = this.pkOrder[k],
        m = fresh[i];
      if (i === pick || this.pkBound[i] < 0) continue;
      let p: Plan | null;
      if (this.pkStamp[m] === serial) p = this.scored[m];
      else {
        this.pkStamp[m] = serial;
        p = this.scoreNext(units[m]);
      }
      if (p === null || (best !== pick && (p.score < bs || (p.score === bs && i > best)))) continue;
      if (this.declines(units[m], p) || this.tooExposed(units[m], p)) continue;
      best = i;
      bs = p.score;
    }
    return best;
  }
  /**
   * TGS-64: whether u's plan p ends on a square open to more expected harm (× 20) than where u stands, by as much as
   * the harm its blow deals or more (p's expected harm, none past its target's OUT): the enemies (able, on the map)
   * whose reach (TGS-10's sheet speed + reach; a `hold` one its reach) takes in p's square but not u's, each with its
   * best single blow at u (dangers' pair value; an NPC that must move to strike a sheet with one condition more, its
   * charge), the target as likely as it stands (1 − P(OUT)), capped at the harm u has left. Every enemy acts once
   * before u's next turn in the cycle (TG-T2 TG-T3), so they are summed. Reads squares, harm and difficulties only
   * (pickKey holds them: the memo keeps this choice too).
   */
  protected tooExposed(u: Unit, p: Plan): boolean {
    const to = p.s,
      from = u.cell;
    if (to === from) return false;
    const b = this.board,
      foes = this.sideFoes[u.side],
      n = this.n,
      t = this.units[p.target];
    const dealt = Math.min(p.eHarm, DIE * harmLeft(t));
    this.dangers();
    let sum = 0;
    for (let k = 0; k < foes.length; k++) {
      const v = foes[k];
      if (!able(v) || v.cell < 0) continue;
      const reach = v.melee === true ? 1 : v.range0;
      const far = v.ai === 'hold' || v.speed0 === 0 ? reach : v.threatReach;
      const d = b.dist(to, v.cell);
      if (d > far || (from >= 0 && b.dist(from, v.cell) <= far)) continue;
      const pk = v.idx * n + u.idx;
      let e =
        v.npc === true && u.npc !== true && d > reach
          ? this.pairDangerAt(v, u, v.difficulty + 1)
          : this.dgPairV[pk] === v.difficulty && this.dgPairM[pk] === u.difficulty
            ? this.dgPair[pk]
            : this.pairDanger(v, u);
      if (v === t) e = (e * (DIE - p.pOut)) / DIE;
      sum += e;
    }
    return Math.min(sum, DIE * harmLeft(u)) >= dealt;
  }
  /**
   * TGS-63 (issue 32): the first n of `fresh` less the members a hazard puts OUT at their turn's start (doomedAtStart),
   * unless every one is: the count kept at the front of `fresh`, placement order.
   */
  protected passDoomed(fresh: Int32Array, n: number): number {
    let m = 0;
    for (let k = 0; k < n; k++) if (!this.doomedAtStart(this.units[fresh[k]])) m++;
    if (m === 0 || m === n) return n;
    m = 0;
    for (let k = 0; k < n; k++) if (!this.doomedAtStart(this.units[fresh[k]])) fresh[m++] = fresh[k];
    return m;
  }
  /** TGS-63 (TG-K3, TG-T8): whether u stands on a hazard with 1 harm or less left: its turn's start puts it OUT. */
  protected doomedAtStart(u: Unit): boolean {
    return u.cell >= 0 && this.board.hazard[u.cell] === 1 && harmLeft(u) <= 1;
  }
  /**
   * TGS-58 (issue 32): whether u would decline its plan p (a lone charge, TGS-44: it would wait where it stands): the
   * side's turn is then not given to it (nor a Command), and another member acts: one with an attack it makes, else
   * the one farthest behind closes up (TGS-40), so the side comes together and the charge is lone no longer (the Mill
   * Road: Ryn picked, or Commanded, round after round to wait at c3 while the Hired Blade stood back, 24–39 points).
   * Whether an enemy comes (foesCome) reads what pickActor's memo key does not hold (waiting runs, the enemies'
   * reach), so a choice that asked it is not kept (pkUnkept): the memo's choices stay those of the key alone.
   */
  protected declines(u: Unit, p: Plan): boolean {
    if (!this.loneShape(u, p)) return false;
    this.pkUnkept = true;
    const come = this.foesCome(u);
    if (come) this.pkDeclined = true;
    return come;
  }
  /**
   * TGS-40 (issue 32): with no plan in the side, the fresh member (of the first n of `fresh`) farthest from its nearest
   * enemy acts, placement order on ties: the side closes up from the back instead of its front member running ahead.
   * Reads only squares and OUT states (pickKey holds them: the memo keeps this choice too).
   */
  protected laggard(fresh: Int32Array, n: number): number {
    let best = 0,
      bd = -1;
    for (let i = 0; i < n; i++) {
      const u = this.units[fresh[i]];
      const d = this.nearestFoeDist(u, u.cell);
      if (d > bd) {
        best = i;
        bd = d;
      }
    }
    return best;
  }
  /**
   * TGS-43 (issue 32): among the first n of `fresh` (their bounds in pkBound), the member an enemy could attack next
   * turn (threats at its square) whose best plan deals at least half the expected harm of the side's best plan `top`,
   * with the least harm left (placement order on ties): it may be OUT before its next turn, while the others keep
   * theirs for later (one member acts per side turn, each once before the side recovers, TG-T2 TG-T3). −1 if none
   * is threatened. Members are scored (scoreNext) as pickActor does (pkStamp = serial), but not one whose every plan
   * deals less than half `top`'s harm by its bound (pkHarm: issue 32 item 5, the same choice with fewer plans; the
   * plain twin, `plainRisk`, scores them all: test/systems/tactical-grid/planner-twins.test.ts).
   */
  protected atRisk(fresh: Int32Array, n: number, top: Plan, serial: number): number {
    if (this.plainRisk === true) return this.atRiskPlain(fresh, n, top, serial);
    const units = this.units,
      bound = this.pkBound,
      harmBound = this.pkHarm,
      cand = this.riskCand;
    // the candidates (threatened, a plan possible that deals half top's harm by its bound) in order of (harm left,
    // position): the first whose plan deals half top's harm is the answer, and none after it is scored (issue 32
    // item 5: the scan in position order scored each one with less harm left than the best so far)
    let nc = 0;
    for (let i = 0; i < n; i++) {
      const u = units[fresh[i]];
      if (bound[i] < 0 || 2 * harmBound[i] < top.eHarm || this.threatsAt(u, u.cell) === 0) continue;
      const h = harmLeft(u);
      // insertion by (h ascending, position ascending): i grows, so a later equal h goes after
      let j = nc - 1;
      while (j >= 0 && this.riskHarm[j] > h) {
        cand[j + 1] = cand[j];
        this.riskHarm[j + 1] = this.riskHarm[j];
        j--;
      }
      cand[j + 1] = i;
      this.riskHarm[j + 1] = h;
      nc++;
    }
    for (let k = 0; k < nc; k++) {
      const u = units[fresh[cand[k]]];
      let p: Plan | null;
      if (this.pkStamp[u.idx] === serial) p = this.scored[u.idx];
      else {
        this.pkStamp[u.idx] = serial;
        p = this.scoreNext(u);
      }
      if (p !== null && 2 * p.eHarm >= top.eHarm && !this.declines(u, p)) return cand[k];
    }
    return -1;
  }
  /**
   * atRisk's plain twin (`plainRisk`): every threatened member with a plan possible scored in position order, the one
   * with the least harm left so far kept, no harm bound read.
   */
  protected atRiskPlain(fresh: Int32Array, n: number, top: Plan, serial: number): number {
    const units = this.units,
      bound = this.pkBound;
    let best = -1,
      bh = 0;
    for (let i = 0; i < n; i++) {
      const u = units[fresh[i]];
      if (bound[i] < 0) continue;
      const h = harmLeft(u);
      if ((best >= 0 && h >= bh) || this.threatsAt(u, u.cell) === 0) continue;
      let p: Plan | null;
      if (this.pkStamp[u.idx] === serial) p = this.scored[u.idx];
      else {
        this.pkStamp[u.idx] = serial;
        p = this.scoreNext(u);
      }
      if (p === null || 2 * p.eHarm < top.eHarm || this.declines(u, p)) continue;
      best = i;
      bh = h;
    }
    return best;
  }
  /**
   * TGS-52 (issue 32): who acts instead of the pick at `pick` (an index into the first n of `fresh`, its plan scored):
   * the pick itself unless it is a healer while no member of side s is hurt (sideHurt), then the member healerLast
   * finds, if any. (Apart from pickActor: its rare branches here, not there.)
   */
  protected healerAfter(s: number, fresh: Int32Array, n: number, pick: number, serial: number): number {
    if (this.units[fresh[pick]].ai !== 'healer' || this.sideHurt(s)) return pick;
    const j = this.healerLast(fresh, n, pick, serial);
    return j >= 0 ? j : pick;
  }
  /**
   * TGS-52 (issue 32): whether a member of side s is hurt (a sheet's stress, an NPC's health below its sheet's): a
   * healer's heals would land. Reads only harm taken (pickKey holds every member's).
   */
  protected sideHurt(s: number): boolean {
    const members = this.sideMembers[s];
    for (let k = 0; k < members.length; k++) {
      const v = members[k];
      if (able(v) && (v.npc === true ? v.health < v.health0 : v.stress > 0)) return true;
    }
    return false;
  }
  /**
   * TGS-52 (issue 32): the healer at `healer` (an index into the first n of `fresh`) acts last while no member of its side
   * is hurt: TG-T3 gives every member one turn before the side recovers, so its turn comes anyway, and later in the cycle
   * its heals land on the harm the enemy has dealt meanwhile, while a blow now spends its tags and drive on the opening
   * (the probe: the wolf pack's and the Mill Road's round 2, Tamsin's long shot before Ryn's or anyone's turn, 16–26
   * points). The fresh member that is no healer and has a plan worth most to the side (TGS-45's score, placement order
   * on ties), scored as pickActor scores (pkStamp = serial), but not one whose bound (pkBound) says it has none; −1 if
   * none has a plan.
   */
  protected healerLast(fresh: Int32Array, n: number, healer: number, serial: number): number {
    const units = this.units;
    let best = -1,
      bs = 0;
    for (let i = 0; i < n; i++) {
      const u = units[fresh[i]];
      // (a bound below 0: no plan possible, none scored)
      if (i === healer || u.ai === 'healer' || this.pkBound[i] < 0) continue;
      let p: Plan | null;
      if (this.pkStamp[u.idx] === serial) p = this.scored[u.idx];
      else {
        this.pkStamp[u.idx] = serial;
        p = this.scoreNext(u);
      }
      if (p !== null && (best < 0 || p.score > bs) && !this.declines(u, p)) {
        best = i;
        bs = p.score;
      }
    }
    return best;
  }
  /**
   * TG-V8 Command, pickActor's test: when none of side s's fresh members has a plan it makes (placement order, the first
   * found settles it; a member scored already this call, pkStamp = `serial`, is not scored again, and each one scored
   * is stamped), the commanded pick (commandPick), else null. pickActor asks it after its scan (which has then scored
   * every member but the stunned), the plain twin (`plainCommand`) before it, as TG-Y6 reads. Apart from
   * pickActor, and its loop advanced at the top of every pass, the first included (issue 32 item 5): an increment or a
   * result first reached after pickActor was optimized sent it back to be compiled again in every worker.
   */
  protected commandFirst(s: number, memo: PickMemo | null, serial: number): { u: Unit; reason: string } | null {
    const members = this.sideMembers[s];
    for (let k = -1; k < members.length - 1;) {
      k++;
      const u = members[k];
      if (!able(u) || u.exhausted === true) continue;
      let p: Plan | null;
      if (this.pkStamp[u.idx] === serial) p = this.scored[u.idx];
      else {
        this.pkStamp[u.idx] = serial;
        p = this.scoreNext(u);
      }
      if (p !== null && !this.declines(u, p)) return null;
    }
    const j = this.commandPick(s, memo, serial);
    return j !== null ? { u: j, reason: 'commanded (TG-Y6)' } : null;
  }
  /**
   * TG-V8 Command, when no fresh member of side s has a plan: the first exhausted member in a reactor's range that has
   * one, commanded (and kept in `memo`); null if none. (Apart from pickActor: its closures would give every pickActor
   * call a context.)
   */
  protected commandPick(s: number, memo: PickMemo | null, serial: number): Unit | null {
    const members = this.units.filter((u) => u.side === s && able(u));
    for (const j of members.filter((u) => u.exhausted === true)) {
      const reactor = this.pickReactor(members.filter((r) => r !== j && this.board.dist(r.cell, j.cell) <= r.range0));
      if (reactor === null) continue;
      const p = this.scoreNext(j);
      if (p === null || this.declines(j, p)) continue;
      if (memo !== null && !memo.full && (this.pkUnkept as boolean) !== true)
        this.keepPick(memo, serial, j.idx, reactor.idx);
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
   * bonus; and every member's harm taken (TGS-43 reads who is at risk). The rest is left out (0), so states that
   * differ only there share a choice: a member's own facing, defence or hiding, an enemy's exhaustion, Stun, Hinder,
   * pools, attack bonus or Taunt change no plan of side s (TG-V5 reads the attacker's speed, reach, tactics, attack and difficulty, the target's square, facing, harm and
   * defence). The walls are the map's (pickActor checks). Returns the length.
   */
  protected pickKey(s: number, canCommand: boolean, memo: PickMemo): number {
    const key = memo.key,
      units = this.units;
    // packed: two words per combatant while every field fits its byte (fewer words to hash, compare and keep): the
    // square, flags and a member's harm, then a member's difficulty, tactics, Taunt and attack bonus or an enemy's
    // harm, difficulty and defence bonus; else the eight words as they are, key[0] telling the two forms apart
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
          ab = u.attackBonus + 128,
          hm = u.npc === true ? u.health : u.stress;
        // (each an integer: in its range exactly when no bit above it is set, negatives included)
        if (((c1 >>> 16) | ((d | tac | ta | ab | hm) >>> 8)) !== 0) {
          p = -1;
          break;
        }
        const w1 =
          c1 |
          ((hm |
            (u.exhausted === true ? 1 << 10 : 0) |
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
        key[p++] = u.npc === true ? u.health : u.stress;
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
  protected hinderBits(u: Unit): number {
    // (hinderKind: 0 none, 1 speed, 2 range, so its bit is hinderKind << 13; every field read at every call: a read
    // first made after pickKey was optimized sent it back to be compiled again in every worker, issue 32 item 5)
    const bit = u.hinderKind << 13;
    return u.hinderUntil >= u.turns + 1 ? bit : 0;
  }
  /**
   * Keeps pickActor's choice (member `pick`, commanded by `reactor` if ≥ 0) with the pick's plan and targets if this call
   * scored it (pkStamp = serial): a hit reads no other member's (issue 32 item 5: keeping every member scored held ≈ 2.6
   * plans a choice, most of the memo's garbage and half of keep()). The members not kept are scored again if their
   * turn needs them, to the same plan.
   */
  protected keepPick(memo: PickMemo, serial: number, pick: number, reactor: number): void {
    const n = this.n,
      members = this.keepMembers,
      plans = this.keepPlans,
      marks = this.keepMarks;
    let count = 0;
    if (this.pkStamp[pick] === serial) {
      members[0] = pick;
      plans[0] = this.scored[pick];
      for (let t = 0; t < n; t++) marks[t] = this.targetMarks[pick * n + t];
      count = 1;
    }
    memo.keep(pick, reactor, members, plans, marks, count, count * n);
    plans[0] = null;
  }
  /** pickActor's scoring: u's best plan at the start of its next turn (TG-N12's speed and range then), kept in `scored`. */
  protected scoreNext(u: Unit): Plan | null {
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
}
