// Movement (TACTICAL-GRID.md "Movement"): walking a path square by square (TG-M1..M4), Ready reactions that fire
// on a move (TG-Y2), pushes and collisions (TG-Z1, TG-Z2).

import * as unit from '../unit.js';
import type { Unit } from '../unit.js';
import type { AttackOpts } from './common.js';
import * as common from './common.js';
import { TGHarm } from './harm.js';

// Module constants, not live imported bindings, for the hot code: see "Imports" in sim.ts.
const { collideKind } = common;
const { AB_GURNEY, able } = unit;

export abstract class TGMovement extends TGHarm {
  /**
   * walk()'s scratch (issue 32 item 5: no list a step): the readiers watching the mover at a step's start
   * (readyWatchers), and of those the ones whose attack fires after it (firing). walk() is never re-entered (an attack
   * walks no one), so one pair serves every walk.
   */
  private watchers = new Int32Array(0);
  private firers = new Int32Array(0);
  /** TGS-40: whether this turn ended waiting at the edge of the enemies' reach (takeTurn). */
  protected waited = false;
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
      const before = anyReady ? this.readyWatchers(u) : 0;
      const left = u.cell;
      if (this.occ[u.cell] === u.idx) this.occ[u.cell] = -1; // an ally's square keeps its ally (TG-M3)
      u.cell = c;
      this.moved();
      if (this.occ[c] < 0) this.occ[c] = u.idx;
      // TG-B6 TGS-26: Combat Gurney may drag an ally beside the square it left into it (the policy's choice)
      // (only where every square left of the path is one u may end on: a walk stopped early backs up along its path
      // (TGS-5), which must not meet a dragged ally)
      if ((u.abil & AB_GURNEY) !== 0 && this.endableFrom(u, cells, i)) {
        const g = this.gurneyPick(u, left);
        if (g !== null) this.gurney(u, g, left);
      }
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
      const fire = before > 0 ? this.firing(before, u) : 0;
      if (fire > 0) {
        this.walkFlush(u, kind, from, cost, steps, via, reason);
        from = u.cell;
        cost = steps = 0;
        const firers = this.firers;
        for (let k = 0; k < fire; k++) {
          const r = this.units[firers[k]];
          if (able(r) && able(u) && r.readying === true) {
            r.readying = false;
            this.attack(r, u, { ready: true, reason: `readied: ${u.name} stepped into reach and sight (TG-T6)` });
          }
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
  protected pathStep(c: number): void {
    this.turnPath[this.turnLen++] = c;
  }
  /** Whether u may end on each of cells[i…] (TG-M3: no ally's square, no marker). */
  protected endableFrom(u: Unit, cells: readonly number[], i: number): boolean {
    for (let k = i; k < cells.length; k++) if (!this.canEnd(u, cells[k])) return false;
    return true;
  }
  /** TG-B6: the ally Combat Gurney u drags into `left`, the square it just left (null: none); the policy decides. */
  protected abstract gurneyPick(u: Unit, left: number): Unit | null;
  abstract gurney(u: Unit, ally: Unit, left: number): boolean;
  /** walk()'s move event for the steps since the last one (from `from`, `steps` of them costing `cost`), if any. */
  protected walkFlush(
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
  protected anyReadying(): boolean {
    for (let i = 0; i < this.units.length; i++) if (this.units[i].readying === true) return true;
    return false;
  }
  /**
   * Enemy readiers of mover m that do not yet have it in reach and LOS (TG-T6; own steps only, TGS-30), placement
   * order, into `watchers`; returns how many.
   */
  protected readyWatchers(m: Unit): number {
    const units = this.units;
    if (this.watchers.length < units.length) {
      this.watchers = new Int32Array(units.length);
      this.firers = new Int32Array(units.length);
    }
    const out = this.watchers;
    let n = 0;
    for (let i = 0; i < units.length; i++) {
      const r = units[i];
      if (r.readying === true && able(r) && this.enemies(r, m) && !this.canHit(r, m, m.cell)) out[n++] = i;
    }
    return n;
  }
  /** Of the first n of `watchers`, the readiers whose readied attack fires at m now, in order, into `firers`; how many. */
  protected firing(n: number, m: Unit): number {
    const w = this.watchers,
      f = this.firers;
    let k = 0;
    for (let j = 0; j < n; j++) if (this.readyFires(this.units[w[j]], m)) f[k++] = w[j];
    return k;
  }
  protected readyFires(r: Unit, m: Unit): boolean {
    return able(r) && r.readying === true && able(m) && this.canHit(r, m, m.cell);
  }
  /** TG-A1: r could attack m standing at `cell` from r's square. */
  canHit(r: Unit, m: Unit, cell: number): boolean {
    return this.targetable(r, m) && this.board.dist(r.cell, cell) <= this.reach(r) && this.los(r.cell, cell);
  }
  // ── forced movement (TG-Z) ──
  /** TG-Z2: src already collided by a push of this kind this turn. */
  protected hasCollided(src: Unit, kind: 'move' | 'knockback' | 'bane'): boolean {
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

  // ── asked of the layers above ──
  abstract attack(a: Unit, t: Unit, o?: AttackOpts): void;
  /** TGS-44: a lone charge refused: no move, the main action Readied for the first enemy to come into reach (TG-T6). */
  waitHere(u: Unit, gauntlet = false): void {
    this.readyHere(
      u,
      gauntlet
        ? 'its way to its blow runs past Readied enemies for more than the blow is worth: waits for them here (TG-T6, TGS-48)'
        : "its attack would be a lone charge into the enemies' reach: waits for them here (TG-T6, TGS-44)",
    );
  }
  /** u waits where it stands (TGS-44, TGS-48): one of its side's waiting turns (TGS-50: TGS-40's count). */
  protected waitCounted(u: Unit, gauntlet: boolean): void {
    this.waitHere(u, gauntlet);
    this.countWait(u);
  }
  /** One of u's side's waiting turns (TGS-40's count, TGS-50): takeTurn does not end the side's run of them. */
  protected countWait(u: Unit): void {
    this.waitRun[u.side]++;
    this.waited = true;
  }
  /** TG-T6: the main action Readied where u stands, for the first enemy to come into reach; `why` is the log's reason. */
  readyHere(u: Unit, why: string): void {
    u.readying = true;
    this.mainUsed = true;
    if (this.note()) this.emit({ type: 'ready', round: this.round, who: u.name, reason: why });
  }
}
