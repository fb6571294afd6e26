// The board's questions (TACTICAL-GRID.md "The grid", "Line of sight", "Tactics"): sides, sight (TG-L1..L5),
// reach and speed this turn (TG-M1, TG-E5), where a turn may end (TG-G3), tactic conditions (TG-X1..X5), threat
// counts (TG-V3). Read-only: nothing here changes the fight.

import * as model from '../../model.js';
import * as tactics from '../tactics.js';
import * as unit from '../unit.js';
import type { Unit } from '../unit.js';
import { TGState } from './state.js';

// Module constants, not live imported bindings, for the hot code: see "Imports" in sim.ts.
const { PVP_BASE } = model;
const { X_BACKSTAB, X_CORNER, X_CHARGE, X_LINEUP, X_HIGH } = tactics;
const { able, H_RANGE, H_SPEED } = unit;

export abstract class TGBoard extends TGState {
  // ── small queries ──
  enemies(a: Unit, b: Unit): boolean {
    return a.side !== b.side;
  }
  /** TG-D3 TG-B2: b may be targeted by a (able, and not hidden from an enemy). */
  targetable(a: Unit, b: Unit): boolean {
    return able(b) && !(b.stealth === true && this.enemies(a, b));
  }
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
  protected speedWith(u: Unit, nextTurn: number, adjacent: boolean): number {
    if (u.speed0 === 0) return 0;
    // (both tests made at every call: a test first reached after the function was optimized, as a Hinder's are, sends
    // it back to the interpreter to be compiled again, in every worker: issue 32 item 5)
    const hindered = u.hinderKind === H_SPEED,
      holds = u.hinderUntil >= nextTurn;
    if (adjacent || (hindered && holds)) return 1;
    return Math.max(1, u.speed0 + this.enc.rules.speed);
  }
  turnRange(u: Unit, nextTurn: number): number {
    const hindered = u.hinderKind === H_RANGE,
      holds = u.hinderUntil >= nextTurn; // (both at every call: speedWith)
    if (hindered && holds) return 1;
    return Math.max(1, u.range0 + this.enc.rules.range);
  }
  /** TG-M3: where u may stand at the end of a move. */
  canEnd(u: Unit, c: number): boolean {
    return c >= 0 && this.solid[c] === 0 && (this.occ[c] < 0 || this.occ[c] === u.idx) && this.markers[c] === 0;
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
   * threats(u, s) as of the last change of a combatant's square or OUT state (`posVersion`): on boards with distance
   * tables the kept counts (threats.ts) brought up to date, else counted once per side and square.
   */
  protected threatsAt(u: Unit, s: number): number {
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
  /** The cells of the straight run from `from` in direction d up to `to` (TG-X4). */
  protected chargeRun(from: number, d: number, to: number): number[] {
    const b = this.board,
      run: number[] = [];
    for (let c = from; c !== to;) {
      c = b.nb[c * b.nDirs + d];
      run.push(c);
    }
    return run;
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
}
