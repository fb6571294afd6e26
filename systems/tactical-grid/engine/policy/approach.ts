// The policy's approach (TACTICAL-GRID.md "The simulator", TG-V3, TG-V7, TGS-40): where a combatant with no attack
// goes — the enemies' reach (dangerAt), whether its side has closed up (sideTogether), its target (approachTarget)
// and the reverse field toward that target's attack squares (buildField, fieldFor: Pathfinder.fieldKept, with its
// plain twin Pathfinder.field under `plainFields`; test/systems/tactical-grid/planner-twins.test.ts holds them equal).
// It reads the fight and writes only its own scratch. Split from planner.ts by concern (issue 32 item 5).

import * as path from '../path.js';
import * as unit from '../unit.js';
import type { Unit } from '../unit.js';
import { TGSupport } from '../sim/support.js';

// Module constants, not live imported bindings, for the hot code: see "Imports" in sim.ts.
const { INF } = path;
const { AB_DEADEYE, able, harmLeft, P_REACTIONS } = unit;

export abstract class TGApproach extends TGSupport {
  /** dangerFrom's scratch: the enemies' squares and attack distances (TGS-40), and how many. */
  protected dgCell = new Int32Array(0);
  protected dgFar = new Int32Array(0);
  protected dgN = 0;
  /** Approach fields in full (Pathfinder.field), not only as far as the mover reads them: the twins' test. */
  plainFields = false;
  /** fieldFor's sources, pass, goal and exactness bound (fieldCovers); fieldLimit INF: the whole field is exact. */
  protected fieldSrc: readonly number[] = [];
  protected fieldPass = new Uint8Array(0);
  /** fieldPass's open squares as bits (fillPass's passBits), when `fieldBitsOk`. */
  protected fieldBits = new Int32Array(0);
  protected fieldBitsOk = false;
  protected fieldGoal = -1;
  protected fieldLimit = INF;
  /** reachesAttack's scratch: squares met (= rcStamp), and its queue. */
  protected rcSeen = new Int32Array(0);
  protected rcQueue = new Int32Array(0);
  protected rcStamp = 0;
  /**
   * TGS-40 (issue 32): how many able enemies of u could attack square c at their next turn: within their sheet speed +
   * reach (Deadeye +2; one that holds or cannot move: its reach alone), +1 where an ally of theirs could Bolster it
   * (TG-Y3), terrain ignored. dangerFrom(u) first gathers u's enemies.
   */
  dangerAt(c: number): number {
    const b = this.board,
      cells = this.dgCell,
      far = this.dgFar;
    let n = 0;
    for (let i = 0, m = this.dgN; i < m; i++) if (b.dist(c, cells[i]) <= far[i]) n++;
    return n;
  }
  /** dangerAt's enemies of u: their squares and how far each could attack at its next turn. */
  dangerFrom(u: Unit): void {
    let m = 0;
    const foes = this.sideFoes[u.side];
    if (this.dgCell.length < foes.length) {
      this.dgCell = new Int32Array(foes.length);
      this.dgFar = new Int32Array(foes.length);
    }
    for (let vAt = 0; vAt < foes.length; vAt++) {
      const v = foes[vAt];
      if (!able(v) || v.cell < 0) continue;
      const reach = v.melee === true ? 1 : v.range0 + ((v.abil & AB_DEADEYE) !== 0 ? 2 : 0);
      let bolster = 0;
      for (let wAt = 0; wAt < foes.length && bolster === 0; wAt++) {
        const w = foes[wAt];
        if (w !== v && w.side === v.side && able(w) && w.pools[P_REACTIONS] > 0) bolster = 1;
      }
      this.dgCell[m] = v.cell;
      this.dgFar[m] = (v.ai === 'hold' || v.speed0 === 0 ? reach : v.speed0 + reach) + bolster;
      m++;
    }
    this.dgN = m;
  }
  /** The grid distance from square c to u's nearest able enemy (INF: none). */
  nearestFoeDist(u: Unit, c: number): number {
    let best = INF;
    for (let vAt = 0, vList = this.sideFoes[u.side]; vAt < vList.length; vAt++) {
      const v = vList[vAt];
      if (!able(v) || v.cell < 0) continue;
      const d = this.board.dist(c, v.cell);
      if (d < best) best = d;
    }
    return best;
  }
  /**
   * TGS-40 (issue 32): whether u's side has closed up: every other able member that moves (not `hold`, speed above 0)
   * stands at most one square farther from its nearest enemy than u does, or the side has already waited as many
   * turns in a row as it has members (someone is held back for good: it goes in rather than wait for ever).
   */
  sideTogether(u: Unit): boolean {
    const members = this.sideMembers[u.side];
    if (this.waitRun[u.side] >= members.length) return true;
    const du = this.nearestFoeDist(u, u.cell);
    for (let vAt = 0; vAt < members.length; vAt++) {
      const v = members[vAt];
      if (v === u || !able(v) || v.speed0 === 0 || v.ai === 'hold') continue;
      if (this.nearestFoeDist(v, v.cell) > du + 1) return false;
    }
    return true;
  }
  /** TG-V7: the nearest enemy by distance (focus-weakest: least harm left), placement order on ties. */
  protected approachTarget(u: Unit): number {
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
   * TG-V3: the reverse field from `src` into `field`, as far as u's approach this turn reads it (Pathfinder.fieldToward,
   * slack: a move up to its speed, which covers the Dash from where the move ends too when the move follows the field;
   * fieldCovers rebuilds it for a square it does not cover: 0.1 a big-map fight, issue 32 item 5); the whole
   * field (its plain twin, Pathfinder.field) when `plainFields` is set (test/systems/tactical-grid/planner-twins.test.ts).
   */
  protected fieldFor(u: Unit, src: readonly number[], pass: Uint8Array): void {
    if (this.plainFields === true) {
      this.pf.field(src, pass, this.wall, this.field);
      this.fieldLimit = INF;
      return;
    }
    this.fieldSrc = src;
    if (this.fieldPass.length !== pass.length) this.fieldPass = new Uint8Array(pass.length);
    this.fieldPass.set(pass);
    // the pass array's open squares as bits, as fillPass built them (the kept fields' key, Pathfinder.fieldKept)
    const k = this.passBufs.indexOf(pass);
    this.fieldBitsOk = k >= 0 && this.passStamp[k] === this.posVersion;
    if (this.fieldBitsOk === true) {
      if (this.fieldBits.length !== this.passBits[k].length) this.fieldBits = new Int32Array(this.passBits[k].length);
      this.fieldBits.set(this.passBits[k]);
    }
    this.fieldToward(u.cell, Math.max(1, u.speed));
  }
  /** fieldFor's search toward `goal` with `slack`, and the bound of f = F + dist(·, goal) below which it is exact. */
  protected fieldToward(goal: number, slack: number): void {
    this.pf.fieldKept(
      this.fieldSrc,
      this.fieldPass,
      this.wall,
      this.field,
      goal,
      slack,
      this.fieldBitsOk === true ? this.fieldBits : null,
      this.wallVersion,
    );
    this.fieldGoal = goal;
    // (no way to the goal: the search ran out, every square is exact)
    this.fieldLimit = this.field[goal] < INF ? this.field[goal] + slack : INF;
  }
  /**
   * Before an approach from square c with `left` movement: the field is exact for every square within `left` of c
   * whose F is at most F(c) when F(c) + left + dist(c, goal) stays within the bound it was searched to (fieldToward);
   * else it is searched again toward c (a walk stopped short on a square off the way: TGS-5, a Hinder).
   */
  protected fieldCovers(c: number, left: number): void {
    if (this.fieldLimit >= INF) return;
    const f = this.field[c];
    if (f < INF && f + left + this.board.dist(c, this.fieldGoal) <= this.fieldLimit) return;
    this.fieldToward(c, left);
  }
  /** TG-V3: the squares u may attack t from (its reach, in line of sight, where it may end), in map order. */
  protected attackSquares(u: Unit, t: Unit): number[] {
    const b = this.board,
      src: number[] = [];
    const r = this.reach(u);
    // the squares within r of t (its box, rows in order: the same sources, in the same order, as a pass over the map)
    const tx = b.x(t.cell),
      ty = b.y(t.cell);
    const x0 = Math.max(0, tx - r - 1),
      x1 = Math.min(b.w - 1, tx + r + 1),
      y0 = Math.max(0, ty - r - 1),
      y1 = Math.min(b.h - 1, ty + r + 1);
    for (let y = y0; y <= y1; y++)
      for (let c = y * b.w + x0, e = y * b.w + x1; c <= e; c++) {
        if (!this.canEnd(u, c) || b.dist(c, t.cell) > r || !this.los(c, t.cell)) continue;
        src.push(c);
      }
    return src;
  }
  /**
   * buildField's answer alone (issue 32 item 5): whether u could reach an attack square of t (attackSquares'), by a
   * walk back from u's square over the squares it may pass (hazards crossed: a way that avoids them crosses them too),
   * stopping at the first attack square met; no field is built, and a square is tested as an attack square only when
   * the walk meets it. noPlan asks it where the turn keeps its high ground (TGS-46) and reads nothing else of the
   * field (four of the Mill Road's eight turns without an attack). Plain twin: buildField;
   * test/systems/tactical-grid/planner-twins.test.ts holds them equal.
   */
  protected reachesAttack(u: Unit, t: Unit): boolean {
    const b = this.board,
      size = b.size;
    if (this.rcSeen.length !== size) {
      this.rcSeen = new Int32Array(size);
      this.rcQueue = new Int32Array(size);
      this.rcStamp = 0;
    }
    // attackSquares' test, square by square: within r of t (in its box), one u may end on, in line of sight
    const r = this.reach(u),
      tc = t.cell,
      tx = b.x(tc),
      ty = b.y(tc);
    const x0 = tx - r - 1,
      x1 = tx + r + 1,
      y0 = ty - r - 1,
      y1 = ty + r + 1;
    const g = u.cell;
    const gx = b.x(g),
      gy = b.y(g);
    if (gx >= x0 && gx <= x1 && gy >= y0 && gy <= y1 && b.dist(g, tc) <= r && this.canEnd(u, g) && this.los(g, tc))
      return true;
    const pass = this.fillPass(u, false),
      wall = this.wall;
    // the field's steps read backwards (Pathfinder.fieldToward: a step from y into x needs x open, TG-M3, and no
    // TG-M4 corner, whose two squares are the same seen from either end)
    if (pass[g] !== 1) return false;
    const stamp = ++this.rcStamp,
      seen = this.rcSeen,
      queue = this.rcQueue;
    const nd = b.nDirs,
      nb = b.nb,
      hex = b.hex === true;
    let head = 0,
      tail = 0;
    queue[tail++] = g;
    seen[g] = stamp;
    while (head < tail) {
      const x = queue[head++],
        row = x * nd;
      for (let d = 0; d < nd; d++) {
        const y = nb[row + d];
        if (y < 0 || seen[y] === stamp) continue;
        if (!hex && (d & 1) === 1) {
          const w1 = nb[row + ((d + 7) & 7)],
            w2 = nb[row + ((d + 1) & 7)];
          if ((w1 < 0 || wall[w1] === 1) && (w2 < 0 || wall[w2] === 1)) continue;
        }
        seen[y] = stamp;
        const yx = b.x(y),
          yy = b.y(y);
        if (yx >= x0 && yx <= x1 && yy >= y0 && yy <= y1 && b.dist(y, tc) <= r && this.canEnd(u, y) && this.los(y, tc))
          return true;
        if (pass[y] === 1) queue[tail++] = y;
      }
    }
    return false;
  }
  /**
   * TG-V3: the reverse field from all attack squares of t; false if u cannot reach any. TGS-34: the field avoids
   * hazards when some way to an attack square does, so the move and the Dash both follow it; only when none
   * does are hazards crossed, from the move on.
   */
  protected buildField(u: Unit, t: Unit): boolean {
    const src = this.attackSquares(u, t);
    if (!src.length) return false;
    const safe = this.fillPass(u, true);
    const safeSrc = src.filter((c) => safe[c] === 1);
    if (safeSrc.length) {
      this.fieldFor(u, safeSrc, safe);
      if (this.field[u.cell] < INF) {
        this.avoidFirst = true;
        return true;
      }
    }
    this.fieldFor(u, src, this.fillPass(u, false));
    this.avoidFirst = false;
    return this.field[u.cell] < INF;
  }
}
