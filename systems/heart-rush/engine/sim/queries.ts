// Read-only questions about the fight (reach, distance, the weapon in hand,
// threat, whose square is free, whether a maneuver may be made: HR-P*, HR-C*,
// HR-M1), the few writes every rule shares (a step on the grid, the weapon in
// hand, a climber carried: HR-P3, HR-T6), and the end of the fight (HR-X1, X2).

import { zob } from '../position-memo.js';
import type { HREvent } from '../events.js';
import * as state from './state.js';
import { HRState } from './state.js';

// Module constants, not live imported bindings, for the hot code: see "Imports" in sim.ts.
const { DIRS_X, DIRS_Y, M_CLIMB, M_GRAPPLE, M_TRIP, OUTCOME_WORD, R_DRAW, R_VICTORY, S_AGI, beats, canAttack } = state;

export abstract class HRQueries extends HRState {
  // ───────────── small queries ─────────────
  up(i: number): boolean {
    return this.live[i] === 1;
  }
  dist(a: number, b: number): number {
    return Math.max(Math.abs(this.x[a] - this.x[b]), Math.abs(this.y[a] - this.y[b]));
  }
  protected weapon(i: number): number {
    return this.wStart[i] + this.wIn[i];
  }
  protected reachOf(i: number): number {
    return this.reachNow[i];
  }
  protected isRanged(i: number): boolean {
    return this.rangedNow[i] === 1;
  }
  /** Puts weapon w (0-based among i's) in i's hand. */
  protected hold(i: number, w: number): void {
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
  protected inReachAt(i: number, t: number, d: number): boolean {
    if (this.isRanged(i) && this.cover[t] >= 99) return false;
    return d <= this.reachOf(i);
  }
  /** HR-P2: threatens t with a melee weapon in hand (opportunity attacks a–c). */
  protected threatens(i: number, xx: number, yy: number): boolean {
    if (this.isRanged(i)) return false;
    return Math.max(Math.abs(this.x[i] - xx), Math.abs(this.y[i] - yy)) <= this.reachOf(i);
  }
  /** Which of i's eight neighbour squares someone else stands on: bit NB_BIT[k] for direction k (as `occupied`). */
  protected neighbours(i: number): number {
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
  protected occupied(xx: number, yy: number, except: number): boolean {
    const g = this.occ;
    if (g !== null) return g[this.cell(xx, yy)] > (this.x[except] === xx && this.y[except] === yy ? 1 : 0);
    for (let j = 0; j < this.n; j++) if (j !== except && this.x[j] === xx && this.y[j] === yy) return true;
    return false;
  }
  protected cell(xx: number, yy: number): number {
    return (yy / 5 + 1) * this.gw + xx / 5 + 1;
  }
  /** Puts i on (nx, ny). */
  protected moveTo(i: number, nx: number, ny: number): void {
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
  protected moveStep(i: number, k: number): void {
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
  protected canPay(i: number): boolean {
    return this.actionUsed[i] === 0 || this.rush[i] > 0;
  }
  /** HR-O1: action first, then a rush point (the default tactic's order). */
  protected payOA(i: number): 'action' | 'rush' {
    if (this.actionUsed[i] === 0) {
      this.actionUsed[i] = 1;
      return 'action';
    }
    this.rush[i]--;
    return 'rush';
  }
  protected emit(e: HREvent): void {
    this.sink!.push(e);
  }

  // ───────────── decisions as data (issue 32) ─────────────
  /**
   * Offers i's decision of `kind` to the control, the options listed by `opt` since `options()` (sim/rules.ts), the policy's
   * choice being the option of code `chosen`; returns the code taken. A point of fewer than two options, or whose
   * policy choice is not among them, is not offered. An override with `reseed` re-derives every stream from it
   * (Dice.reseedStreams): the same continuation's randomness for every option tried at this point.
   */
  protected offer(i: number, kind: string, chosen: number, rule?: string): number {
    const codes = this.optCodes;
    const at = codes.indexOf(chosen);
    if (codes.length < 2 || at < 0) return chosen;
    const o = this.control!.decide(
      {
        actor: i,
        kind,
        round: this.round,
        options: this.optLabels.slice(),
        chosen: at,
        ...(rule !== undefined ? { rule } : {}),
      },
      this.decisions++,
    );
    if (o === undefined) return chosen;
    if (o.reseed !== undefined) {
      this.dice.reseedStreams(o.reseed);
      this.reseeds++;
    }
    return o.option !== undefined && o.option >= 0 && o.option < codes.length ? codes[o.option] : chosen;
  }

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
    // one call of finish for a victory and a draw: a draw's own call, met first after the engagement was optimized,
    // threw that code away in every worker (issue 32 item 5)
    if (sides === 1) this.winner = last;
    this.finish(sides === 1 ? R_VICTORY : R_DRAW);
    return true;
  }
  /** Ends the combat with outcome r (R_*); r < 0: it goes on, nothing changes. */
  protected finish(r: number): void {
    if (r < 0) return;
    this.result = r;
    this.endRound = this.round;
    if (this.sink) {
      this.emit({
        type: 'end',
        round: this.round,
        outcome: OUTCOME_WORD[r],
        winner: r === R_VICTORY ? this.enc.sides[this.winner].name : null,
      });
    }
  }

  protected inEnemyReach(i: number, xx: number, yy: number): boolean {
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

  /** HR-T6: climbers move with their host. */
  protected carry(i: number): void {
    if (this.climbers === 0) return;
    for (let j = 0; j < this.n; j++) {
      if (this.climbing[j] === i) this.moveTo(j, this.x[i], this.y[i]);
    }
  }
  /** A climber leaves its host: to the first free neighbour square (file order of directions), prone if thrown. */
  protected dismount(j: number, prone: boolean): boolean {
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
  protected occupiedBy(xx: number, yy: number, except: number): boolean {
    return this.occupied(xx, yy, except);
  }
  protected grappleLvl(i: number): number {
    return this.grapples > 0 && (this.grappledBy[i] >= 0 || this.grappling[i] >= 0) ? 1 : 0;
  }
  /** HR-T6: +3 on a climber's attack on its host, −3 on the host's on its climber (asked only while someone climbs). */
  protected climbLvl(i: number, t: number): number {
    return (this.climbing[i] === t ? 3 : 0) - (this.climbing[t] === i ? 3 : 0);
  }
  protected validTarget(i: number, t: number, p: number): boolean {
    return this.side[t] !== this.side[i] && this.up(t) && canAttack(p, this.stance[t]);
  }
  /** Whether i's maneuver in phase p may be made on t (a method, not a closure per call: nothing allocated). */
  protected maneuverOk(i: number, t: number, p: number, nm: number): boolean {
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
  protected queuedIn(nm: number, m: number, x: number, either: boolean): boolean {
    for (let q = 0; q < nm; q++) {
      const a = this.mq[q * 2];
      if (this.maneuver[a] === m && (this.mq[q * 2 + 1] === x || (either && a === x))) return true;
    }
    return false;
  }

  /** Can i reach t in stance s this engagement (the agility sidestep adds 5 ft, HR-E8)? */
  protected reachFor(i: number, t: number, s: number): boolean {
    if (this.isRanged(i) && this.cover[t] >= 99) return false;
    const extra = s === S_AGI ? this.agiExtra(i) : 0;
    return this.dist(i, t) <= this.reachOf(i) + extra;
  }
  /** HR-E8: the feet the agility sidestep adds to i's reach (none while grappling, grappled or climbing). */
  protected agiExtra(i: number): number {
    return this.grappleLvl(i) === 0 && (this.climbers === 0 || this.climbing[i] < 0) ? 5 : 0;
  }
}
