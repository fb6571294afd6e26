// Paths (TG-V3): Dijkstra from a mover with step costs TG-M2 … TG-M4, key
// (cost, diagonal steps), equal keys expanded row-major, neighbours in TG-V3
// order, first found wins; and the reverse field (distance to a set of
// squares) the simulator uses to approach far targets. Arrays are reused.

import type { Board } from './grid.js';

export const INF = 0x3fffffff;
const CELLS = 10240; // > 100 × 100 (TG-G1)
const DIAG = 20001;

/** A binary min-heap of numeric keys. */
class Heap {
  private a: number[] = [];
  get size(): number {
    return this.a.length;
  }
  clear(): void {
    this.a.length = 0;
  }
  push(k: number): void {
    const a = this.a;
    let i = a.length;
    a.push(k);
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (a[p] <= k) break;
      a[i] = a[p];
      i = p;
    }
    a[i] = k;
  }
  pop(): number {
    const a = this.a;
    const top = a[0];
    const last = a.pop()!;
    if (a.length) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= a.length) break;
        const r = l + 1;
        const c = r < a.length && a[r] < a[l] ? r : l;
        if (a[c] >= last) break;
        a[i] = a[c];
        i = c;
      }
      a[i] = last;
    }
    return top;
  }
}

export class Pathfinder {
  readonly cost: Int32Array;
  readonly diag: Int32Array;
  readonly prev: Int32Array;
  private readonly heap = new Heap();
  constructor(readonly board: Board) {
    this.cost = new Int32Array(board.size);
    this.diag = new Int32Array(board.size);
    this.prev = new Int32Array(board.size);
  }

  /** TG-M2: entering cell c costs 1, +1 if difficult (TG-K1). */
  enterCost(c: number): number {
    return 1 + this.board.difficult[c];
  }

  /** TG-M4: a diagonal step from a in direction d crosses a corner between two walls. */
  cornerBlocked(a: number, d: number, wall: Uint8Array): boolean {
    const b = this.board;
    if (b.hex || (d & 1) === 0) return false;
    const w1 = b.step(a, (d + 7) & 7), w2 = b.step(a, (d + 1) & 7);
    return (w1 < 0 || wall[w1] === 1) && (w2 < 0 || wall[w2] === 1);
  }

  /**
   * TG-V3: costs from `from` up to `budget`. `pass[c]` = 1 if the mover may step into c (TG-M3);
   * `wall` = obstacles for TG-M4. Unreached cells cost INF.
   */
  run(from: number, budget: number, pass: Uint8Array, wall: Uint8Array): void {
    const b = this.board, cost = this.cost, diag = this.diag, prev = this.prev, heap = this.heap;
    cost.fill(INF);
    diag.fill(INF);
    prev.fill(-1);
    heap.clear();
    cost[from] = 0;
    diag[from] = 0;
    heap.push(from);
    const nd = b.nDirs;
    while (heap.size) {
      const k = heap.pop();
      const u = k % CELLS;
      const kd = Math.floor(k / CELLS);
      if (Math.floor(kd / DIAG) !== cost[u] || kd % DIAG !== diag[u]) continue; // stale
      for (let d = 0; d < nd; d++) {
        const v = b.nb[u * nd + d];
        if (v < 0 || pass[v] !== 1) continue;
        if (this.cornerBlocked(u, d, wall)) continue;
        const c = cost[u] + this.enterCost(v);
        if (c > budget) continue;
        const dg = diag[u] + (b.isDiagonal(d) ? 1 : 0);
        if (c < cost[v] || (c === cost[v] && dg < diag[v])) {
          cost[v] = c;
          diag[v] = dg;
          prev[v] = u;
          heap.push((c * DIAG + dg) * CELLS + v);
        }
      }
    }
  }

  /** The path from the last run's origin to `to` (excluding the origin). */
  path(to: number): number[] {
    const out: number[] = [];
    for (let c = to; c >= 0 && this.prev[c] >= 0; c = this.prev[c]) out.push(c);
    return out.reverse();
  }

  /** TG-V3: the reverse field, cost from each cell to the nearest of `sources`, into `out`. */
  field(sources: readonly number[], pass: Uint8Array, wall: Uint8Array, out: Int32Array): void {
    const b = this.board, heap = this.heap;
    out.fill(INF);
    heap.clear();
    for (const s of sources) {
      out[s] = 0;
      heap.push(s);
    }
    const nd = b.nDirs;
    while (heap.size) {
      const k = heap.pop();
      const v = k % CELLS;
      const c0 = Math.floor(k / CELLS / DIAG);
      if (c0 !== out[v]) continue;
      const ev = this.enterCost(v);
      for (let d = 0; d < nd; d++) {
        const u = b.nb[v * nd + d];
        if (u < 0 || pass[u] !== 1) continue;
        // the step u → v goes in the opposite direction; the corner test is symmetric
        if (this.cornerBlocked(v, d, wall)) continue;
        const c = c0 + ev;
        if (c < out[u]) {
          out[u] = c;
          heap.push(c * DIAG * CELLS + u);
        }
      }
    }
  }
}
