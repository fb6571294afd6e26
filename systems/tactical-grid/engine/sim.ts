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
// the worked examples can drive them with scripted dice (TGS-1). The decisions
// a turn offers a control or a GM's rules (who acts, what it does) are
// offers.ts's; how a combat is driven, runner.ts's.
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
import * as path from './path.js';
import * as plan from './plan.js';
import type { Plan } from './plan.js';
import * as unit from './unit.js';
import type { Unit } from './unit.js';
import * as common from './sim/common.js';
import { TGOffers } from './offers.js';

// Module constants, not live imported bindings, for the hot code: see "Imports" in sim.ts.
const { Ended, AVOID_FIRST, firstExhausted, allExhausted, HAZARDS_ALLOWED, STALEMATE } = common;
const { STILL_LIFE_USES, COST_BUFF, COST_HEAL, COST_RECOVER } = model;
const { INF } = path;
const { planCells, planReason, WAIT_HERE } = plan;
const {
  AB_SHADOWS,
  AB_MIRACLE,
  AB_POTION,
  AB_TATTOO,
  AB_STILL_LIFE,
  able,
  harmLeft,
  P_REACTIONS,
  P_SUPPORT,
  P_TACTICS,
} = unit;

export { R_WIN, R_STALEMATE, R_DRAW, OUTCOME_WORD, EFFECTS, Ended } from './sim/common.js';
export type { AttackOpts, EffectName, TGSink } from './sim/common.js';
export { X_BACKSTAB, X_CORNER, X_CHARGE, X_LINEUP, X_HIGH, TACTIC_NAMES } from './tactics.js';
export type { Plan } from './plan.js';
export { planOrder, planPath } from './plan.js';

/** No plan (turnStart's Bolster test that did not run). */
const NO_PLANS: Plan[] = [];

export class TGSim extends TGOffers {
  /** turnStart plans the turn after a Bolster afresh, not from the Bolster's test (the twins' test). */
  plainBolster = false;
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
  protected sideTurn(s: number): void {
    this.turnSerial++;
    const pick = this.pickActor(s);
    if (pick === null) return;
    let u = pick.u;
    // issue 33: a side with GM rules asks them who acts (never a Command's pick: its reaction is paid)
    const ruled = this.scriptedSide[s] === true && u.exhausted !== true ? this.actorByRules(s, u) : null;
    if (ruled !== null) u = ruled.u;
    if (this.control !== null)
      u = this.decideActor(s, u, ruled !== null ? this.ruleKey(ruled.by, ruled.choice) : undefined);
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
        reason: ruled !== null && ruled.u === u ? 'by a GM rule' : pick.reason,
      });
    if (ruled !== null && ruled.u === u) this.ruleLine(ruled.by, ruled.choice, true);
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
    // TG-Y3 TG-V8: Bolster when +1 speed (else +1 range) gives the actor a plan it lacks. Issue 32 item 5: the test's
    // plan is the turn's after the Bolster (the same speed, range and squares; the reactor's reactions, all the
    // Bolster changes besides, are read by no plan of u), so it is kept as the scored plan; the plain twin,
    // `plainBolster`, plans the turn afresh (test/systems/tactical-grid/planner-twins.test.ts holds them equal)
    if (r !== null) this.bolsterTest(u, r);
    return true;
  }
  /**
   * turnStart's Bolster test (TG-Y3 TG-V8) with reactor r, unless u's plan is kept. A method apart, called whenever a
   * reactor stands by (issue 32 item 5): its body, first reached after turnStart was optimized, sent the turn back to
   * be compiled again in every worker.
   */
  protected bolsterTest(u: Unit, r: Unit): void {
    if (this.keptPlan(u) !== null) return;
    u.speed++;
    const withSpeed = this.bestPlans(u);
    u.speed--;
    u.range++;
    // a melee member's plans never read its range (reach 1, TG-L5): +1 range finds none it lacks now
    const withRange = withSpeed.length === 0 && u.melee !== true ? this.bestPlans(u) : NO_PLANS;
    u.range--;
    let given: Plan[] = NO_PLANS;
    if (withSpeed.length > 0) {
      if (this.bolster(r, u, 'speed', '+1 speed gives it an attack')) given = withSpeed;
    } else if (withRange.length > 0 && this.bolster(r, u, 'range', '+1 range gives it an attack')) given = withRange;
    if (given.length > 0 && this.plainBolster !== true) {
      this.keepScored(u, given);
      this.early[u.idx] = 1; // (made before support, which may change what it is worth)
    }
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
    // (every field read and written at every call: a read or a store first made after this was optimized sent it back
    // to be compiled again in every worker; issue 32 item 5)
    const over = u.hinderUntil <= u.turns && u.hinderKind !== 0;
    u.hinder = over ? null : u.hinder;
    u.hinderKind = over ? 0 : u.hinderKind;
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
  protected refresh(s: number): void {
    const members = this.sideMembers[s];
    for (let i = 0; i < members.length; i++) members[i].exhausted = false;
    if (this.note()) this.emit({ type: 'refresh', round: this.round, side: this.sideNames[s] });
  }
  /** The actor's turn after its start: support, attack or approach (TG-V4 … V7). */
  protected takeTurn(u: Unit): void {
    this.waited = false;
    try {
      this.turnBody(u);
    } finally {
      // TGS-40: a side's run of waiting turns ends with any other turn
      if ((this.waited as boolean) !== true) this.waitRun[u.side] = 0;
    }
  }
  /** takeTurn's body: support, then the plan or TG-V7. */
  protected turnBody(u: Unit): void {
    this.support(u);
    let plan = this.currentPlan(u);
    // TGS-44 (issue 32): a sheet does not charge alone into the enemies' reach for a blow unlikely to put its target
    // OUT: it waits where it stands, Readied for the first enemy to come (TG-T6)
    // TGS-48 (issue 32): nor through Readied enemies' attacks that cost it more than its blow is worth
    const charge = plan !== null && this.loneCharge(u, plan);
    const gauntlet = plan !== null && !charge && this.gauntlet(u, plan);
    const lone = charge || gauntlet;
    // issue 32: the control's choice; issue 33: the GM's rules (only a combatant that has them)
    let attackAfter = true;
    if (this.control !== null || u.tactics !== null) {
      const p = this.decideAction(u, plan, lone);
      if (p === WAIT_HERE) {
        this.waitCounted(u, gauntlet);
        return;
      }
      if (p === undefined) {
        this.flushRule(); // (holding still shows no line of its own)
        return; // the control or a rule chose to hold (no attack, no move)
      }
      // "no attack" taken over a plan: the approach does not end in an attack either (TGS-24 is for no plan)
      if (p === null && plan !== null) attackAfter = false;
      plan = p;
    } else if (lone) {
      this.waitCounted(u, gauntlet);
      return;
    }
    if (plan !== null) {
      this.executePlan(u, plan);
      return;
    }
    if (this.healerMove(u)) return; // (called for every actor: see healerMove)
    this.noPlan(u, attackAfter);
  }
  /** TG-V6: carries out a plan: the move, Still Life, the attack, then the step to fewer threats. */
  protected executePlan(u: Unit, p: Plan): void {
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
      // the first plan from here (policy/planner.ts attackHere: plans(u)'s first of cost 0)
      const again = this.attackHere(u);
      if (again !== null)
        this.attack(u, this.units[again.target], {
          deadeye: again.deadeye,
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
  protected reasonOf(p: Plan): string {
    return planReason((c) => this.sq(c), p);
  }
  /** TG-V7: no plan — Ready, Recover, or approach (move, then Dash). */
  protected noPlan(u: Unit, attackAfter = true): void {
    // TG-T6: `hold` waits where it stands, whatever its target and field would be (issue 32 item 5: neither is sought;
    // the big map's Skeleton Archer asked two thirds of its new approach fields for nothing)
    if (u.ai === 'hold') {
      this.readyHere(u, 'hold: waits for an enemy to come into reach (TG-T6)');
      // TGS-53 (issue 32): a hold's Ready does not end its side's run of waiting turns (TGS-40's count), nor is one of
      // them: a member that never comes must not keep its side's waiters (TGS-44, TGS-46, TGS-48) waiting for ever
      this.waited = true;
      return;
    }
    const target = this.approachTarget(u);
    // issue 32 item 5: a turn that keeps its high ground (TGS-46, below) reads only whether an attack square is within
    // reach, not the field (reachesAttack; its plain twin buildField, always under `plainFields`)
    const keeps =
      target >= 0 &&
      u.speed !== 0 &&
      this.plainFields !== true &&
      !(firstExhausted(u) && this.threats(u, u.cell) > 0) &&
      this.keepsHeight(u);
    const reachable =
      target >= 0 && (keeps ? this.reachesAttack(u, this.units[target]) : this.buildField(u, this.units[target]));
    if (!reachable && target >= 0) {
      // TG-V7: cut off by a Still Life obstacle: its main action removes an adjacent one (TG-V3 order)
      for (let d = 0; d < this.board.nDirs; d++) {
        const c = this.board.nb[u.cell * this.board.nDirs + d];
        if (c >= 0 && this.stillOwner[c] >= 0 && this.removeStillLife(u, c)) return;
      }
    }
    if (!reachable || u.speed === 0) {
      this.readyHere(u, 'no path to any enemy (TG-T6)');
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
    const toward =
      this.sink !== null ? `toward ${t.name}, nearest enemy${u.ai === 'focus-weakest' ? ' (weakest)' : ''}` : '';
    // TGS-40 (issue 32): from a square no enemy could attack next turn, a combatant with no attack goes no nearer than
    // the squares no enemy could attack (the edge of their reach) and waits there (Ready); it crosses that edge, with
    // no attack this turn, only from the edge and once its side has closed up (sideTogether): a side arrives together
    // instead of feeding itself one by one into the enemies' reach
    // TGS-46 (issue 32): on high ground over every enemy, with no attack, it keeps the height and waits (Ready) for
    // the enemy to come, unless its side has already waited a turn per member (policy/no-attack.ts decides)
    if (this.keepsHeight(u)) {
      this.readyHere(u, 'on high ground with no attack: keeps it and waits for the enemy to come (TG-T6, TGS-46)');
      this.countWait(u);
      return;
    }
    this.dangerFrom(u);
    if (this.dangerAt(u.cell) === 0) {
      const moved = this.approach(u, 'move', toward, true);
      if (!able(u) || this.result >= 0) return;
      if (moved || !this.sideTogether(u)) {
        if (
          !(moved && this.approach(u, 'dash', this.sink !== null ? `toward ${t.name} (Dash)` : '', true)) &&
          able(u)
        ) {
          u.readying = true;
          if (!moved) this.countWait(u);
          if (this.note())
            this.emit({
              type: 'ready',
              round: this.round,
              who: u.name,
              reason: moved
                ? "at the edge of the enemies' reach with no attack: waits there (TG-T6, TGS-40)"
                : "at the edge of the enemies' reach: waits for its side to close up (TG-T6, TGS-40)",
            });
        }
        this.mainUsed = true;
        return;
      }
    }
    // TGS-56 (issue 32): from behind its side's front, neither the move nor the Dash goes past that front
    // (policy/no-attack.ts decides, frontBound)
    const front = this.frontBound(u);
    this.approach(u, 'move', toward, false, front);
    if (!able(u) || this.result >= 0) return;
    // the move itself brought a target into reach: the main action attacks (TGS-24)
    const p = attackAfter ? this.attackHere(u) : null;
    if (p !== null) {
      this.attack(u, this.units[p.target], { deadeye: p.deadeye, reason: 'in reach after moving' });
      this.mainUsed = true;
      return;
    }
    if (!this.approach(u, 'dash', this.sink !== null ? `toward ${t.name} (Dash)` : '', false, front) && able(u)) {
      // TGS-39 (issue 32): no Dash ends next to an enemy (its main action spent, it could not attack, and would be attacked
      // first): where every square nearer is such, it Readies for the enemy to come (TG-T6)
      u.readying = true;
      if (this.note())
        this.emit({
          type: 'ready',
          round: this.round,
          who: u.name,
          reason:
            front >= 0
              ? "with no attack left, no Dash: it would end next to an enemy or past its side's front; waits here (TG-T6, TGS-39, TGS-56)"
              : 'a Dash would end next to an enemy with no attack left: waits for it instead (TG-T6, TGS-39)',
        });
    }
    this.mainUsed = true;
  }
  /**
   * Moves (or Dashes) to the reachable square nearest the field's sources; hazards avoided if possible. A Dash never
   * ends next to an enemy (TGS-39: it would stand in reach with no attack left). Returns whether it moved.
   */
  protected approach(u: Unit, kind: 'move' | 'dash', reason: string, safe = false, front = -1): boolean {
    const left = u.speed - (kind === 'move' ? this.moveUsed : this.dashUsed);
    if (left <= 0) return false;
    const dash = kind === 'dash';
    // TGS-47 (issue 32): nor a move next to an enemy it could not harm there (it would stand in reach for nothing:
    // policy/no-attack.ts decides, approachMayEnd)
    const harmless = !dash && this.harmlessFoes(u);
    const pf = this.pf,
      field = this.field;
    let best = -1;
    this.fieldCovers(u.cell, left);
    for (const avoid of this.avoidFirst === true ? AVOID_FIRST : HAZARDS_ALLOWED) {
      this.searchFrom(pf, u, left, avoid);
      best = u.cell;
      // the squares the search reached, in its order: the least (field, cost, square) wins, whatever the order (the
      // order of the tests is the cheapest first: most squares are no better than the best so far)
      const reached = pf.touched,
        cost = pf.cost;
      for (let i = 0, n = pf.nTouched; i < n; i++) {
        const c = reached[i];
        if (
          cost[c] <= left &&
          (field[c] < field[best] ||
            (field[c] === field[best] && (cost[c] < cost[best] || (cost[c] === cost[best] && c < best)))) &&
          this.canEnd(u, c) &&
          this.approachMayEnd(u, c, dash, harmless, front) &&
          (!safe || this.dangerAt(c) === 0)
        )
          best = c;
      }
      if (best !== u.cell) break;
    }
    if (best === u.cell) return false;
    this.walk(u, pf.path(best), kind, reason);
    return true;
  }
  support(u: Unit): void {
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
    // pool is tested again after each Heal, the only one of them that lowers it here). TGS-41 (issue 32): a Potion
    // Seller may pay from the ally's pool too (TG-B3), so its own pool alone does not stop it (payerFor chooses).
    const potion = (u.abil & AB_POTION) !== 0;
    if (potion || u.pools[P_SUPPORT] >= COST_HEAL) {
      for (let i = 0; i < allies.length; i++) {
        const v = allies[i];
        if (
          able(v) &&
          harmLeft(v) === 1 &&
          (v.npc === true ? v.health < v.health0 : v.stress > 0) &&
          this.supportable(u, v)
        ) {
          this.heal(u, v, 'one harm from OUT (TG-V4)', this.payerFor(u, v, COST_HEAL));
          if (!potion && u.pools[P_SUPPORT] < COST_HEAL) break;
        }
      }
    }
    if (u.ai !== 'healer') return;
    if (potion || u.pools[P_SUPPORT] >= COST_HEAL)
      for (;;) {
        let best: Unit | null = null;
        for (let vAt = 0, vList = allies; vAt < vList.length; vAt++) {
          const v = vList[vAt];
          if (!able(v) || !this.supportable(u, v)) continue;
          const hurt = v.npc === true ? v.health0 - v.health : v.stress;
          if (hurt > 0 && (!best || hurt > (best.npc === true ? best.health0 - best.health : best.stress))) best = v;
        }
        if (!best || !this.heal(u, best, 'healer: the most stressed ally (TG-V4)', this.payerFor(u, best, COST_HEAL)))
          break;
      }
    // one Recover and one Buff per turn (TG-V4 "Recovers for an ally", "Buffs one"), placement order
    if (potion || u.pools[P_SUPPORT] >= COST_RECOVER) {
      for (let i = 0; i < allies.length; i++) {
        const v = allies[i];
        if (
          able(v) &&
          v.npc !== true &&
          v.tags.length &&
          allExhausted(v) &&
          this.supportable(u, v) &&
          this.recoverSupport(u, v, 'healer: every tag exhausted (TG-V4)', this.payerFor(u, v, COST_RECOVER))
        )
          break;
      }
    }
    if (potion || u.pools[P_SUPPORT] >= COST_BUFF) {
      for (let i = 0; i < allies.length; i++) {
        const v = allies[i];
        if (
          able(v) &&
          v.npc !== true &&
          v.drive === 0 &&
          v !== u && // TGS-38 (issue 32): not itself (its drive serves only its own decisive rolls; the pool heals)
          this.supportable(u, v) &&
          this.buff(u, v, 'healer: no drive left (TG-V4)', this.payerFor(u, v, COST_BUFF))
        )
          break;
      }
    }
  }
  /** TG-V4: a healer with no attack plan moves toward an OUT ally it can revive, else the most stressed ally out of range. */
  protected healerMove(u: Unit): boolean {
    // (the `healer` test here, not at the call: a call first made after the turn was optimized sent the turn back to
    // be compiled again in every worker; issue 32 item 5)
    if (u.ai !== 'healer') return false;
    const goal = this.healerGoal(u); // the policy's choice (policy/no-attack.ts)
    if (goal === null) return false;
    const b = this.board,
      src: number[] = [];
    const r = goal.out === true ? 1 : u.range;
    // the squares within r of the goal (its box, in map order: as a pass over the whole map)
    const gx = b.x(goal.cell),
      gy = b.y(goal.cell);
    const x0 = Math.max(0, gx - r - 1),
      x1 = Math.min(b.w - 1, gx + r + 1),
      y1 = Math.min(b.h - 1, gy + r + 1);
    for (let y = Math.max(0, gy - r - 1); y <= y1; y++)
      for (let c = y * b.w + x0, e = y * b.w + x1; c <= e; c++)
        if (this.canEnd(u, c) && b.dist(c, goal.cell) <= r && (goal.out === true || this.los(c, goal.cell)))
          src.push(c);
    if (!src.length) return false;
    this.fieldFor(u, src, this.fillPass(u, false));
    if (this.field[u.cell] >= INF) return false;
    this.avoidFirst = true;
    this.approach(u, 'move', `toward ${goal.name} to ${goal.out === true ? 'revive' : 'heal'} (TG-V4)`);
    if (able(u) && goal.out === true && this.board.dist(u.cell, goal.cell) === 1) this.miracle(u, goal);
    return true;
  }
}
