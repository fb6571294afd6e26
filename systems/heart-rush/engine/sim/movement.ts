// Movement in the action phase (HR-A1…A4, HR-P3, HR-O1, HR-O2, HR-T4…T6): the
// approach, the kite, the support move, sidesteps, standing, dashes and the
// opportunity attacks and free Trips they provoke, and the dash's log segments.

import * as state from './state.js';
import { HRPaths } from './paths.js';

// Module constants, not live imported bindings, for the hot code: see "Imports" in sim.ts.
const { DIRS_X, DIRS_Y, DX5, DY5, ST_OFFBAL, T_HOLD } = state;

/**
 * canPay(j) (HR-O1: the action, else a rush point) on the dash's locals. Every test of it in `dash` calls this one
 * function, so HR-O2 b's rarely reached test (a second step inside a reach) reads the type feedback the reactors'
 * listing gathers at every dash: a read first met after `dash` was optimized threw its optimized code away, to be
 * compiled again in every worker (node --trace-deopt; issue 32 item 5).
 */
const pays = (actionUsed: Uint8Array, rush: Int32Array, j: number): boolean => actionUsed[j] === 0 || rush[j] > 0;

export abstract class HRMovement extends HRPaths {
  /** i moves toward its focus f, d = dist(i, f) away. */
  protected approach(i: number, f: number, d: number): boolean {
    const reach = this.reachOf(i);
    // one 5-ft step suffices and i stands in an enemy's reach: sidestep (rush first, then action) — HR-A4
    if (d - 5 <= reach && this.canPay(i) && this.inEnemyReach(i, this.x[i], this.y[i])) {
      const k = this.bestStep(i, this.x[f], this.y[f], false);
      // HRS-37: only a step that brings f into reach (one round an obstacle would spend the rush point for nothing)
      if (k >= 0 && this.stepReaches(i, k, f, reach)) {
        this.sidestep(i, k, this.sink ? `toward ${this.names[f]}` : '');
        return true;
      }
    }
    return this.dash(i, f, false, this.sink ? `toward ${this.names[f]}` : '');
  }

  /** Whether f is within `reach` of the square one step from i in direction k. */
  protected stepReaches(i: number, k: number, f: number, reach: number): boolean {
    return Math.max(Math.abs(this.x[i] + DX5[k] - this.x[f]), Math.abs(this.y[i] + DY5[k] - this.y[f])) <= reach;
  }

  protected kiteAway(i: number): boolean {
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
    // issue 32: a dash out of a reach provokes (HR-O1); while a threat can pay for that attack, stay and shoot
    if (this.provokes(i)) return false;
    return this.dash(i, t, true, this.sink ? `away from ${this.names[t]} (kite)` : '');
  }

  /** Whether an enemy threatening i's square could make an opportunity attack on it now (HR-O1, HRS-7, HRS-8). */
  protected provokes(i: number): boolean {
    const foes = this.foes,
      s = this.side[i];
    for (let q = this.foeAt[s], e = this.foeAt[s + 1]; q < e; q++) {
      const j = foes[q];
      if (!this.up(j) || this.tactic[j] === T_HOLD || (this.round === 1 && this.surprised[j])) continue;
      if (this.threatens(j, this.x[i], this.y[i]) && this.canPay(j)) return true;
    }
    return false;
  }

  protected supportMove(i: number): boolean {
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

  protected shakeOff(i: number, j: number): void {
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

  protected sidestep(i: number, k: number, reason: string): void {
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

  protected standUp(i: number): boolean {
    // HR-T4: a sidestep (never provokes) if payable, else half a dash (provokes, HR-O2 c)
    if (this.canPay(i)) {
      const cost = this.rush[i] > 0 ? 'rush' : 'action';
      if (cost === 'rush') this.rush[i]--;
      else this.actionUsed[i] = 1;
      this.prone[i] = 0;
      if (this.sink) this.logStand(i, cost, 'stands up (sidestep)');
      return true;
    }
    const cost = this.freeDashUsed[i] === 0 ? 'free' : this.actionUsed[i] === 0 ? 'action' : null;
    if (!cost || this.dashes[i] >= 2) return false;
    if (cost === 'free') this.freeDashUsed[i] = 1;
    else this.actionUsed[i] = 1;
    this.dashes[i]++;
    this.prone[i] = 0;
    if (this.sink) this.logStand(i, cost, 'stands up (half a dash)');
    this.oaUsed.fill(0);
    for (const j of this.order) {
      if (this.side[j] === this.side[i] || !this.up(j) || !this.up(i) || this.tactic[j] === T_HOLD) continue;
      if ((this.round === 1 && this.surprised[j]) || !this.threatens(j, this.x[i], this.y[i]) || !this.canPay(j))
        continue;
      this.opportunityAttack(j, i, 'stands up without sidestepping');
    }
    return true;
  }

  /** The log line of i standing up where it lies (HR-T4): a move of 0 ft, its cost and how it stood. */
  protected logStand(i: number, cost: 'rush' | 'action' | 'free', reason: string): void {
    this.emit({
      type: 'move',
      round: this.round,
      who: this.names[i],
      kind: 'stand',
      cost,
      from: [this.x[i], this.y[i]],
      to: [this.x[i], this.y[i]],
      feet: 0,
      reason,
    });
  }

  /**
   * HR-A3 dash toward (or away from) t: free first, then the action; stops when t is in reach
   * (or `stopAt` feet away), on no progress, at the speed limit, or when tripped or downed.
   * Opportunity attacks (HR-O2 a, b) and Trip (HR-A7) interrupt at the square where they trigger.
   */
  protected dash(i: number, t: number, away: boolean, reason: string, stopAt = -1): boolean {
    if (this.dashes[i] >= 2 || this.speed[i] < 5) return false;
    const cost = this.freeDashUsed[i] === 0 ? 'free' : this.actionUsed[i] === 0 ? 'action' : null;
    if (!cost) return false;
    // the first step: nothing below changes a position before the loop asks again, so its answer is kept
    const first0 = this.bestStep(i, this.x[t], this.y[t], away);
    if (first0 < 0) return false;
    // inside[j]: steps so far that started and ended inside j's reach (HR-O2 b ruling); it and oaUsed are cleared
    // for the reactors below, the only ones a dash reads them for
    const inside = this.stepDone;
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
    let nr = 0,
      nb = 0,
      np = 0;
    const xi = x[i],
      yi = y[i];
    // HRS-37's gate: the greedy way keeps within the box of i's and t's squares, so a reactor whose reach misses that
    // box cannot be drawn by it (nb counts those whose reach meets it: two are needed for two attacks)
    // (and within the dash's reach of i's square)
    const bx0 = Math.max(Math.min(xi, x[t]), xi - speed),
      bx1 = Math.min(Math.max(xi, x[t]), xi + speed),
      by0 = Math.max(Math.min(yi, y[t]), yi - speed),
      by1 = Math.min(Math.max(yi, y[t]), yi + speed);
    for (let q = c0; q < c1; q++) {
      const j = cand[q];
      const dj = Math.max(Math.abs(xi - x[j]), Math.abs(yi - y[j]));
      if (dj <= reachNow[j] + far) {
        near[nr] = dj - reachNow[j];
        rx[nr++] = j;
        oaUsed[j] = 0;
        inside[j] = 0;
        const jx = x[j],
          jy = y[j];
        const ox = jx < bx0 ? bx0 - jx : jx > bx1 ? jx - bx1 : 0,
          oy = jy < by0 ? by0 - jy : jy > by1 ? jy - by1 : 0;
        if ((ox > oy ? ox : oy) <= reachNow[j]) nb++;
        if (meleeR[j] >= 0 && pays(actionUsed, rush, j)) np++; // provocations counts no other
      }
    }
    // HRS-37: toward, with two or more who may react, the way that draws the fewest opportunity attacks, or a stop
    // short of the second (planLen ≥ 0: the dash follows planSteps)
    this.planLen = -1;
    let room = speed;
    if (!away && nb >= 2 && this.climbers === 0) {
      // fewer than two reactors able to pay: no way can draw two attacks, so the plan keeps the greedy way (its dry
      // run skipped; `planAlways` runs it, the plain twin)
      room = np >= 2 || this.planAlways ? this.planDash(i, t, stopAt, first0, nr, c0, c1) * 5 : this.dashMost(i) * 5;
      if (room === 0) return false;
    }
    if (cost === 'free') this.freeDashUsed[i] = 1;
    else this.actionUsed[i] = 1;
    this.dashes[i]++;
    const fx = this.x[i],
      fy = this.y[i];
    let feet = 0;
    let stopped: string | undefined;
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
    // HR-A7: whether the mover is off-balanced holds for the whole dash (statuses change only in the engagement)
    const offBal = this.st[i * 4 + ST_OFFBAL] > 0;
    const plan = this.planLen;
    while (feet + 5 <= room) {
      if (!away && (stopAt >= 0 ? this.dist(i, t) <= stopAt : this.inReach(i, t))) break;
      if (away && !this.inEnemyReach(i, x[i], y[i])) break;
      const k =
        plan >= 0
          ? feet / 5 < plan
            ? this.planSteps[feet / 5]
            : -1
          : feet === 0
            ? first0
            : this.bestStep(i, x[t], y[t], away);
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
        if (!pays(actionUsed, rush, j)) continue;
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
            pays(actionUsed, rush, j) &&
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
            pays(actionUsed, rush, j) &&
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
  /**
   * HRS-37 (issue 32): how many steps the dash toward t takes, nr ≥ 2 enemies (the reactors) able to attack it on the
   * way. When the shortest way (bestStep's, tried first on a dry run) draws two attacks or more, i goes a way round
   * that draws fewer, found by `safePath` (at most 15 ft longer than the shortest could be): planSteps, planLen of
   * them; else it stops short, before the step that would draw the second attack. The whole choice is read before the
   * dash starts: nobody else moves during it (an attack may stop it, never redirect it).
   */
  protected planDash(i: number, t: number, stopAt: number, first0: number, nr: number, c0: number, c1: number): number {
    const most = this.dashMost(i);
    const gl = this.dryGreedy(i, t, stopAt, first0, most);
    const gp = this.provocations(i, this.greedySteps, gl, nr);
    if (gp < 2) return most;
    const cut = this.provCut;
    const r = stopAt >= 0 ? stopAt : this.reachOf(i);
    const shortest = Math.ceil(Math.max(0, this.dist(i, t) - r) / 5);
    const sl = this.safePath(i, this.x[t], this.y[t], r, c0, c1, shortest + 3);
    if (sl > 0) {
      const use = Math.min(sl, most);
      const sp = this.provocations(i, this.planSteps, use, nr);
      if (sp < gp) {
        this.planLen = use;
        return Math.min(use, this.provCut);
      }
    }
    return cut;
  }
  /** The most steps a dash of i takes (its speed, at most the plan's room): the greedy way's length, unplanned. */
  protected dashMost(i: number): number {
    return Math.min(Math.floor(this.speed[i] / 5), this.greedySteps.length);
  }
  /** The steps bestStep would take toward t (at most `most`), into greedySteps: taken and undone, nothing kept. */
  protected dryGreedy(i: number, t: number, stopAt: number, first0: number, most: number): number {
    const moves = this.moves,
      going = this.goingRound[i],
      steps = this.greedySteps;
    let len = 0;
    while (len < most) {
      if (stopAt >= 0 ? this.dist(i, t) <= stopAt : this.inReach(i, t)) break;
      const k = len === 0 ? first0 : this.bestStep(i, this.x[t], this.y[t], false);
      if (k < 0) break;
      this.moveStep(i, k);
      steps[len++] = k;
    }
    for (let s = len - 1; s >= 0; s--) this.moveStep(i, 7 - steps[s]); // DIRS: 7 − k is k's opposite
    this.moves = moves;
    this.goingRound[i] = going;
    this.pathLeft = 0; // the detour path kept by the dry run's steps: asked again from the memo
    return len;
  }
  /**
   * How many opportunity attacks the steps steps[0…len) from i's square draw from the dash's reactors rx[0…nr)
   * (HR-O2 a: a step out of a reach; b: the second step inside one; at most one each, only those that can pay), as
   * the dash's loop resolves them; provCut: the steps before the one that draws the second.
   */
  protected provocations(i: number, steps: Int8Array, len: number, nr: number): number {
    if (this.provUsed.length < nr) {
      this.provUsed = new Uint8Array(this.n);
      this.provIn = new Int32Array(this.n);
    }
    const used = this.provUsed,
      ins = this.provIn,
      rx = this.reactors,
      meleeR = this.meleeR,
      x = this.x,
      y = this.y;
    used.fill(0, 0, nr);
    ins.fill(0, 0, nr);
    let px = x[i],
      py = y[i],
      count = 0,
      cut = len;
    for (let s = 0; s < len; s++) {
      const k = steps[s];
      const nx = px + DX5[k],
        ny = py + DY5[k];
      let drawn = 0;
      for (let q = 0; q < nr; q++) {
        const j = rx[q],
          r = meleeR[j];
        if (r < 0 || used[q] !== 0 || (this.actionUsed[j] !== 0 && this.rush[j] <= 0)) continue;
        if (Math.max(Math.abs(x[j] - px), Math.abs(y[j] - py)) > r) continue;
        if (Math.max(Math.abs(x[j] - nx), Math.abs(y[j] - ny)) > r || ++ins[q] >= 2) {
          used[q] = 1;
          drawn++;
        }
      }
      if (drawn > 0 && count + drawn >= 2 && cut === len) cut = s;
      count += drawn;
      px = nx;
      py = ny;
    }
    this.provCut = cut;
    return count;
  }
  /** j's opportunity attack on the dashing i, the dash's segment so far logged first; false once i is down. */
  protected dashAttack(j: number, i: number, why: string): boolean {
    this.oaUsed[j] = 1;
    if (this.sink) this.flushDash(i);
    this.opportunityAttack(j, i, why);
    return this.up(i);
  }
  /** Of the dash's reactors (melee enemies that may react), whether j may attack now: up, none yet this dash, and (xx, yy) in its reach. */
  protected reacts(j: number, xx: number, yy: number): boolean {
    return this.live[j] === 1 && this.oaUsed[j] === 0 && this.near(j, xx, yy);
  }
  /** `threatens` for one known to hold a melee weapon. */
  protected near(j: number, xx: number, yy: number): boolean {
    return Math.max(Math.abs(this.x[j] - xx), Math.abs(this.y[j] - yy)) <= this.reachNow[j];
  }
  /** Enemies of side s, in timing order, that could react to a dash this action phase: not holding, not surprised in round 1, a melee weapon in hand. */
  protected listCandidates(s: number): void {
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
  /** Logs the dash's segment so far (if it moved, or it is the first) and starts the next at i's square. */
  protected flushDash(i: number, why?: string): void {
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
}
