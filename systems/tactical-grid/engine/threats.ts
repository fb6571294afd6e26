// Threat counts kept (TG-V5 (5), TGS-10): per side and square, how many able
// enemies have it within their sheet speed + reach (terrain ignored), kept
// across steps instead of recounted. A step changes the counts only on the
// squares whose distance to the mover's old or new square crosses its reach:
// the two squares' reach masks (bit sets) differ there, so a step costs a few
// word operations and an ask is a load.

import type { Board } from './grid.js';
import type { Unit } from './unit.js';

export class ThreatCounts {
  private readonly size: number;
  private readonly words: number;
  /** Per combatant, its reach's mask table: row c (`words` words) holds the squares within its threat reach of c. */
  private readonly maskOf: Int32Array[];
  /**
   * Per square, the able combatants of all sides whose threat reach covers it (entries 0 … size − 1), then those of
   * each side ((side + 1) × size + square): a side's enemies are the difference, so a step adds to two counts
   * whatever the number of sides. With two sides (`two`) a side's enemies are the other side: the all-sides count is
   * not kept, and a step adds to one count a square.
   */
  private readonly counts: Int32Array;
  private readonly two: boolean;
  /** Per combatant, the square it is counted on (−1: not counted, i.e. OUT). */
  private readonly countedAt: Int32Array;
  /** The counts and squares of the placements (a new simulator's units stand on them, none OUT). */
  private readonly startCounts: Int32Array;
  private readonly startAt: Int32Array;

  constructor(board: Board, units: readonly Unit[], nSides: number) {
    const n = board.size;
    this.size = n;
    this.words = (n + 31) >> 5;
    // one table per distinct reach (a map with tables has at most 256 cells: 8 words per cell)
    const byReach = new Map<number, Int32Array>();
    this.maskOf = units.map((u) => {
      let t = byReach.get(u.threatReach);
      if (!t) byReach.set(u.threatReach, (t = this.reachMasks(board, u.threatReach)));
      return t;
    });
    this.two = nSides === 2;
    this.counts = new Int32Array((nSides + 1) * n);
    this.countedAt = new Int32Array(units.length).fill(-1);
    // every combat starts from the placements: their counts kept, so a start is a copy, not every mover shifted back
    this.sync(units);
    this.startCounts = this.counts.slice();
    this.startAt = this.countedAt.slice();
  }

  /** At a combat's start (every combatant back on its placement, none OUT): the placements' counts. */
  restart(): void {
    this.counts.set(this.startCounts);
    this.countedAt.set(this.startAt);
  }

  /** For every cell c, the squares s with dist(c, s) ≤ reach, as bits. */
  private reachMasks(board: Board, reach: number): Int32Array {
    const n = this.size, W = this.words, t = new Int32Array(n * W);
    for (let c = 0; c < n; c++) for (let s = 0; s < n; s++) if (board.dist(c, s) <= reach) t[c * W + (s >> 5)] |= 1 << (s & 31);
    return t;
  }

  /** Brings the counts to the combatants' squares and OUT states now (only those that changed since cost anything). */
  sync(units: readonly Unit[]): void {
    const at = this.countedAt;
    for (let i = 0; i < units.length; i++) {
      const u = units[i];
      const now = u.out || u.cell < 0 ? -1 : u.cell;
      if (now === at[i]) continue;
      this.shift(i, u.side, at[i], now);
      at[i] = now;
    }
  }

  /** The able enemies of `side` threatening square s (as of the last sync). */
  count(side: number, s: number): number {
    if (this.two) return this.counts[(2 - side) * this.size + s];
    return this.counts[s] - this.counts[(side + 1) * this.size + s];
  }

  /** Combatant i of side `side` moves its threat from square `from` to `to` (−1: none): −1 where only the old mask holds, +1 where only the new. */
  private shift(i: number, side: number, from: number, to: number): void {
    const W = this.words, masks = this.maskOf[i];
    for (let w = 0; w < W; w++) {
      const old = from >= 0 ? masks[from * W + w] : 0, neu = to >= 0 ? masks[to * W + w] : 0;
      this.addBits(side, w, old & ~neu, -1);
      this.addBits(side, w, neu & ~old, 1);
    }
  }

  /** Adds `delta` to the counts of all sides (unless `two`) and of `side` on the squares of word w's bits. */
  private addBits(side: number, w: number, bits: number, delta: number): void {
    const counts = this.counts, own = (side + 1) * this.size;
    if (this.two) {
      for (let m = bits, top = own + (w << 5) + 31; m; m &= m - 1) counts[top - Math.clz32(m & -m)] += delta;
      return;
    }
    for (let m = bits; m; m &= m - 1) {
      const s = (w << 5) + 31 - Math.clz32(m & -m);
      counts[s] += delta;
      counts[own + s] += delta;
    }
  }
}
