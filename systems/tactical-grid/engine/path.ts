// Paths (TG-V3): Dijkstra from a mover with step costs TG-M2 … TG-M4, key
// (cost, diagonal steps), equal keys expanded row-major, neighbours in TG-V3
// order, first found wins; and the reverse field (distance to a set of
// squares) the simulator uses to approach far targets. Arrays are reused.

import type { Board } from './grid.js';
import * as pathMemo from './path-memo.js';

/** A queue's column twice as long, its contents kept (the heaps below grow by doubling). */
function grow(a: Int32Array): Int32Array<ArrayBuffer> {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}

export const INF = 0x3fffffff;
/** INF for the code below: a local copy, as an exported constant is checked for the dead zone at every use (see "Imports" in sim.ts). */
const UNREACHED = INF;
/** Bucket keys: diagonal steps above the cell index (cells < 2^14 = 16384 > 100 × 100, TG-G1). */
const KEY_BITS = 14;
const KEY_MASK = (1 << KEY_BITS) - 1;
// Module constants, not live imported bindings, for the hot code: see "Imports" in sim.ts.
const { BALL_MAX, keptFieldMemo, keptSearches, MEMO_CELLS, onesAsBits, PASS_KEYS } = pathMemo;
type RunMemo = pathMemo.RunMemo;
type FieldMemo = pathMemo.FieldMemo;
export { onesAsBits } from './path-memo.js';

/** A binary min-heap of (cost, diagonal steps, cell) triples in parallel integer arrays. */
class Heap {
  private c: Int32Array<ArrayBuffer> = new Int32Array(256);
  private d: Int32Array<ArrayBuffer> = new Int32Array(256);
  private v: Int32Array<ArrayBuffer> = new Int32Array(256);
  size = 0;
  clear(): void {
    this.size = 0;
  }
  private less(i: number, c: number, d: number, v: number): boolean {
    const ci = this.c[i];
    return ci < c || (ci === c && (this.d[i] < d || (this.d[i] === d && this.v[i] < v)));
  }
  push(c: number, d: number, v: number): void {
    if (this.size === this.c.length) {
      this.c = grow(this.c);
      this.d = grow(this.d);
      this.v = grow(this.v);
    }
    let i = this.size++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (this.less(p, c, d, v)) break;
      this.c[i] = this.c[p];
      this.d[i] = this.d[p];
      this.v[i] = this.v[p];
      i = p;
    }
    this.c[i] = c;
    this.d[i] = d;
    this.v[i] = v;
  }
  /** Pops the least triple into topC / topD / topV. */
  topC = 0;
  topD = 0;
  topV = 0;
  pop(): void {
    this.topC = this.c[0];
    this.topD = this.d[0];
    this.topV = this.v[0];
    const n = --this.size;
    if (n === 0) return;
    const c = this.c[n],
      d = this.d[n],
      v = this.v[n];
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) break;
      const r = l + 1;
      const k = r < n && this.less(r, this.c[l], this.d[l], this.v[l]) ? r : l;
      if (!this.less(k, c, d, v)) break;
      this.c[i] = this.c[k];
      this.d[i] = this.d[k];
      this.v[i] = this.v[k];
      i = k;
    }
    this.c[i] = c;
    this.d[i] = d;
    this.v[i] = v;
  }
}

/** A bucket queue of (cell, g) entries by a whole-number key, each bucket a chain (fieldToward's A*). */
class BucketQueue {
  cell: Int32Array<ArrayBuffer> = new Int32Array(1024);
  g: Int32Array<ArrayBuffer> = new Int32Array(1024);
  private next: Int32Array<ArrayBuffer> = new Int32Array(1024);
  private head: Int32Array<ArrayBuffer> = new Int32Array(256).fill(-1);
  private n = 0;
  min = 0;
  max = -1;
  reset(): void {
    for (let f = this.min; f <= this.max; f++) this.head[f] = -1;
    this.n = 0;
    this.min = UNREACHED;
    this.max = -1;
  }
  push(f: number, cell: number, g: number): void {
    if (this.n === this.cell.length) {
      this.cell = grow(this.cell);
      this.g = grow(this.g);
      this.next = grow(this.next);
    }
    if (f >= this.head.length) {
      const h = new Int32Array(Math.max(f + 1, this.head.length * 2)).fill(-1);
      h.set(this.head);
      this.head = h;
    }
    const e = this.n++;
    this.cell[e] = cell;
    this.g[e] = g;
    this.next[e] = this.head[f];
    this.head[f] = e;
    if (f < this.min) this.min = f;
    if (f > this.max) this.max = f;
  }
  /** An entry of bucket f, taken out of it (−1: empty). */
  take(f: number): number {
    const e = this.head[f];
    if (e >= 0) this.head[f] = this.next[e];
    return e;
  }
}

export class Pathfinder {
  readonly cost: Int32Array;
  /** TG-V3's tie key per cell, read by the search only where it set the cost (never reset). */
  private readonly diag: Int32Array;
  readonly prev: Int32Array;
  private readonly heap = new Heap();
  /** The cells the last run reached (each once, in no useful order), so the next run resets only those and callers scan only those. */
  readonly touched: Int32Array;
  nTouched = 0;
  private lastToken = -1;
  private lastFrom = -1;
  private lastBudget = -1;
  private lastPass: Uint8Array | null = null;
  private lastWall: Uint8Array | null = null;
  private readonly ring: Int32Array[] = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];
  private readonly ringLen = new Int32Array(3);
  /**
   * Per cell and direction (TG-V3 order): the neighbour a step may enter as far as the map and TG-M4 go (−1: off the
   * map, or a diagonal between two walls), for the walls `stepWall` held when `stepToken` was passed.
   */
  private readonly steps: Int32Array;
  private stepWall: Uint8Array | null = null;
  private stepToken = -1;
  /** 1 for a diagonal direction (squares), counted by TG-V3's key. */
  private readonly diagDir: Int32Array;
  /** Searches kept across combats and simulators (small boards, and only where the caller says the walls are the map's). */
  private readonly memo: RunMemo | null;
  /**
   * The memo key of a pass array: its open squares (pass[c] = 1, all the search reads) as a bit set, and its hash,
   * for the last PASS_KEYS arrays asked with a token (the caller's promise that the array is unchanged while the token
   * stands), so a search asked again over the same array and token builds neither again.
   */
  private readonly passWords: Int32Array;
  private readonly pkArray: (Uint8Array | null)[] = [null, null, null, null];
  private readonly pkToken = new Float64Array(PASS_KEYS).fill(-1);
  private readonly pkHash = new Int32Array(PASS_KEYS);
  private pkNext = 0;
  private pkSlot = 0;
  /**
   * `keepKey`: keep searches across combats in the thread's table for that key (RunMemo; a Monte Carlo simulator's,
   * worth its few megabytes). The key names the map exactly (every simulator passing it searches the same board).
   */
  /**
   * The memo key's open squares within a search's reach only (`ballKey`): per origin and budget up to BALL_MAX, the
   * squares within that grid distance as bits (`balls`, filled when first asked, `ballMade`), and the scratch the key is
   * masked into.
   */
  private readonly balls: Int32Array;
  private readonly ballMade: Uint8Array;
  private readonly ballWords: Int32Array;
  constructor(
    readonly board: Board,
    keepKey: string | null = null,
  ) {
    this.memo = keepKey !== null ? keptSearches(keepKey, board.size) : null;
    this.fieldMemo = keepKey !== null && board.size > MEMO_CELLS ? keptFieldMemo(keepKey) : null;
    const W = (board.size + 31) >> 5,
      nb = this.memo && board.size <= MEMO_CELLS ? board.size * (BALL_MAX + 1) : 0;
    this.balls = new Int32Array(nb * W);
    this.ballMade = new Uint8Array(nb);
    this.ballWords = new Int32Array(W);
    this.passWords = new Int32Array(PASS_KEYS * ((board.size + 31) >> 5));
    this.cost = new Int32Array(board.size).fill(INF);
    this.diag = new Int32Array(board.size).fill(INF);
    this.prev = new Int32Array(board.size).fill(-1);
    this.touched = new Int32Array(board.size);
    this.steps = new Int32Array(board.size * board.nDirs);
    this.diagDir = Int32Array.from({ length: board.nDirs }, (_, d) => (board.isDiagonal(d) ? 1 : 0));
  }

  /** The step table for `wall`, rebuilt unless `wallToken` (≥ 0) promises the walls of the last build. */
  stepTable(wall: Uint8Array, wallToken: number): Int32Array {
    if (wallToken >= 0 && wallToken === this.stepToken && wall === this.stepWall) return this.steps;
    this.stepToken = wallToken;
    this.stepWall = wall;
    const b = this.board,
      nd = b.nDirs,
      nb = b.nb,
      st = this.steps;
    for (let c = 0, k = 0; c < b.size; c++)
      for (let d = 0; d < nd; d++, k++) st[k] = nb[k] >= 0 && !this.cornerBlocked(c, d, wall) ? nb[k] : -1;
    return st;
  }

  /** TG-M2: entering cell c costs 1, +1 if difficult (TG-K1). */
  enterCost(c: number): number {
    return 1 + this.board.difficult[c];
  }

  /** TG-M4: a diagonal step from a in direction d crosses a corner between two walls. */
  cornerBlocked(a: number, d: number, wall: Uint8Array): boolean {
    const b = this.board;
    if (b.hex === true || (d & 1) === 0) return false;
    const w1 = b.nb[a * 8 + ((d + 7) & 7)],
      w2 = b.nb[a * 8 + ((d + 1) & 7)];
    return (w1 < 0 || wall[w1] === 1) && (w2 < 0 || wall[w2] === 1);
  }

  /**
   * TG-V3: costs from `from` up to `budget`. `pass[c]` = 1 if the mover may step into c (TG-M3);
   * `wall` = obstacles for TG-M4. Unreached cells cost INF. `token` (≥ 0): a caller's promise that `pass` and
   * `wall` hold what they held the last time it passed that token with these arrays, so an identical last run stands;
   * `wallToken` (≥ 0) the same promise for `wall` alone, so the step table (TG-M4's corners) stands. `ownWalls`: `wall`
   * holds the map's obstacles as drawn, so a kept search may answer (and this one is kept). `keyBits` and `keyHash`:
   * the caller's memo key of `pass` (its open squares as bits, and their hash, built as it filled `pass`), else it is
   * built here (passKey).
   */
  run(
    from: number,
    budget: number,
    pass: Uint8Array,
    wall: Uint8Array,
    token = -1,
    wallToken = -1,
    ownWalls = false,
    keyBits: Int32Array | null = null,
    keyHash = 0,
  ): void {
    if (
      token >= 0 &&
      token === this.lastToken &&
      from === this.lastFrom &&
      budget === this.lastBudget &&
      pass === this.lastPass &&
      wall === this.lastWall
    )
      return;
    const steps = this.stepTable(wall, wallToken);
    this.lastToken = token;
    this.lastFrom = from;
    this.lastBudget = budget;
    this.lastPass = pass;
    this.lastWall = wall;
    const cost = this.cost,
      prev = this.prev;
    // reset only what the last run touched (`diag` needs none: the search reads it only where it set the cost)
    const touched = this.touched;
    for (let i = 0, n = this.nTouched; i < n; i++) {
      const c = touched[i];
      cost[c] = UNREACHED;
      prev[c] = -1;
    }
    const memo = ownWalls === true ? this.memo : null;
    let ph = 0,
      po = 0,
      pw = this.passWords;
    if (memo !== null) {
      if (keyBits !== null) {
        pw = keyBits;
        ph = keyHash;
      } else {
        ph = this.passKey(pass, token);
        po = this.pkSlot * ((this.board.size + 31) >> 5);
      }
      if (budget <= BALL_MAX && this.ballMade.length > 0) {
        ph = this.ballKey(from, budget, pw, po);
        pw = this.ballWords;
        po = 0;
      }
      const at = memo.find(from, budget, pw, po, ph);
      if (at >= 0) {
        this.keptHits++;
        // the same search in an earlier combat: its cells, in the order it reached them
        const data = memo.data,
          n = data[at];
        if (memo.per === 2) {
          for (let i = 0, p = at + 1; i < n; i++, p += 2) {
            const w = data[p],
              c = w & KEY_MASK;
            touched[i] = c;
            prev[c] = data[p + 1] - 1;
            cost[c] = w >>> KEY_BITS;
          }
          this.nTouched = n;
          return;
        }
        for (let i = 0, p = at + 1; i < n; i++, p++) {
          const w = data[p],
            c = w & 255;
          touched[i] = c;
          prev[c] = ((w >>> 8) & 511) - 1;
          cost[c] = w >>> 17;
        }
        this.nTouched = n;
        return;
      }
    }
    this.search(from, budget, pass, steps);
    if (memo !== null) memo.put(from, budget, pw, po, ph, this.nTouched, touched, cost, prev);
  }

  /**
   * The memo key pw[po …] masked to the squares within `budget` of `from` (into `ballWords`), and its hash. The search
   * reads `pass` only there (it tests a square when stepping into it from one costing less than the budget, and a
   * step moves one square), so searches that differ only in squares out of reach — an enemy far away — share one
   * kept result: fewer searches and a smaller table.
   */
  private ballKey(from: number, budget: number, pw: Int32Array, po: number): number {
    const W = this.ballWords.length,
      b = from * (BALL_MAX + 1) + budget,
      balls = this.balls,
      out = this.ballWords;
    if (this.ballMade[b] === 0) {
      this.ballMade[b] = 1;
      const board = this.board;
      for (let c = 0; c < board.size; c++) if (board.dist(from, c) <= budget) balls[b * W + (c >> 5)] |= 1 << (c & 31);
    }
    let h = 0x811c9dc5;
    for (let k = 0; k < W; k++) {
      const w = pw[po + k] & balls[b * W + k];
      out[k] = w;
      h = Math.imul(h ^ w, 16777619);
    }
    return h;
  }

  /** The memo key of `pass` (see passWords) into slot `pkSlot`; returns its hash. */
  private passKey(pass: Uint8Array, token: number): number {
    const W = (this.board.size + 31) >> 5;
    for (let k = 0; k < PASS_KEYS; k++) {
      if (token >= 0 && this.pkArray[k] === pass && this.pkToken[k] === token) {
        this.pkSlot = k;
        return this.pkHash[k];
      }
    }
    const k = this.pkNext;
    this.pkNext = (k + 1) % PASS_KEYS;
    this.pkSlot = k;
    this.pkArray[k] = pass;
    this.pkToken[k] = token;
    const pw = this.passWords,
      o = k * W,
      n = this.board.size;
    let h = 0x811c9dc5;
    for (let w = 0; w < W; w++) {
      let bits = 0;
      for (let c = w << 5, e = Math.min(n, c + 32), i = 0; c < e; c++, i++) bits |= (((pass[c] ^ 1) - 1) >>> 31) << i; // 1 where pass[c] = 1, without a branch
      pw[o + w] = bits;
      h = Math.imul(h ^ bits, 16777619);
    }
    this.pkHash[k] = h;
    return h;
  }

  /** TG-V3's search proper (run() after its resets), filling cost, diag, prev and touched. */
  private search(from: number, budget: number, pass: Uint8Array, steps: Int32Array): void {
    const b = this.board,
      cost = this.cost,
      diag = this.diag,
      prev = this.prev,
      touched = this.touched,
      diagDir = this.diagDir;
    let nt = 0;
    touched[nt++] = from;
    cost[from] = 0;
    diag[from] = 0;
    // Dial's buckets by cost: every step costs 1 or 2, so three rotating buckets suffice and bucket c is
    // complete when reached; sorting it by (diagonals, cell) gives exactly the (cost, diagonals,
    // row-major) expansion order of TG-V3.
    const ring = this.ring,
      len = this.ringLen;
    len[0] = len[1] = len[2] = 0;
    this.ringPush(0, from);
    const nd = b.nDirs,
      difficult = b.difficult;
    // a square costing the whole budget leads nowhere within it: its bucket is final as pushed, never expanded
    for (let c0 = 0; c0 < budget && len[0] + len[1] + len[2] > 0; c0++) {
      const r = c0 % 3;
      const n = len[r];
      if (!n) continue;
      const keys = ring[r];
      // insertion sort: buckets are small
      for (let i = 1; i < n; i++) {
        const k = keys[i];
        let j = i - 1;
        while (j >= 0 && keys[j] > k) {
          keys[j + 1] = keys[j];
          j--;
        }
        keys[j + 1] = k;
      }
      for (let i = 0; i < n; i++) {
        const key = keys[i];
        const u = key & KEY_MASK;
        const du = key >>> KEY_BITS;
        if (cost[u] !== c0 || diag[u] !== du) continue; // stale
        for (let d = 0, k = u * nd; d < nd; d++, k++) {
          const v = steps[k]; // off the map and TG-M4's corners already out
          if (v < 0 || pass[v] !== 1) continue;
          const c = c0 + 1 + difficult[v];
          if (c > budget) continue;
          const dg = du + diagDir[d];
          if (c < cost[v] || (c === cost[v] && dg < diag[v])) {
            if (cost[v] === UNREACHED) touched[nt++] = v;
            cost[v] = c;
            diag[v] = dg;
            prev[v] = u;
            this.ringPush(c % 3, (dg << KEY_BITS) | v);
          }
        }
      }
      len[r] = 0; // new keys only ever go to the other two buckets (costs c0 + 1, c0 + 2)
    }
    this.nTouched = nt;
  }

  private ringPush(r: number, key: number): void {
    const n = this.ringLen[r];
    if (n === this.ring[r].length) {
      const g = new Int32Array(n * 2);
      g.set(this.ring[r]);
      this.ring[r] = g;
    }
    this.ring[r][n] = key;
    this.ringLen[r] = n + 1;
  }

  /** The path from the last run's origin to `to` (excluding the origin). */
  path(to: number): number[] {
    // counted first, then filled from the end: a list of its own length (a pushed one grew a backing store of 17
    // elements a plan, the largest share of the fast path's garbage; issue 32 item 5), and no reverse
    const prev = this.prev;
    let len = 0;
    for (let c = to; c >= 0 && prev[c] >= 0; c = prev[c]) len++;
    const out = new Array<number>(len);
    for (let c = to, i = len; i > 0; c = prev[c]) out[--i] = c;
    return out;
  }

  /**
   * field's fast path toward one square (issue 32, big maps): the same reverse distances, but only as far as a mover at
   * `goal` can use them. An A* from the sources with h(c) = grid distance to `goal` (consistent: a step costs at least
   * 1 and moves the grid distance by at most 1) settles every square c with F(c) + dist(c, goal) ≤ F(goal) + slack
   * exactly, and stops there; the rest keep an upper bound of F (or UNREACHED), each above F(goal) + slack − dist(c,
   * goal). So a mover at `goal` choosing, among squares within `slack / 2` of it, the one of least F below its own
   * (approach: TG-V3, TG-V7) chooses as on the full field. Without a way to `goal` the search runs out, as field does.
   * Plain twin: field; test/systems/tactical-grid/planner-twins.test.ts holds them equal where settled.
   */
  fieldToward(
    sources: readonly number[],
    pass: Uint8Array,
    wall: Uint8Array,
    out: Int32Array,
    goal: number,
    slack: number,
  ): void {
    const b = this.board;
    out.fill(UNREACHED);
    // a bucket queue on f = g + h (whole numbers, and the order within a bucket does not matter to A*): entries
    // (cell, g) chained per bucket; a stale entry (g above the cell's best) is skipped when met
    const q = this.fq;
    q.reset();
    for (const s of sources) {
      out[s] = 0;
      q.push(b.dist(s, goal), s, 0);
    }
    const nd = b.nDirs,
      nb = b.nb,
      vx = b.vx,
      vy = b.vy,
      difficult = b.difficult,
      hex = b.hex === true;
    const gx = vx[goal],
      gy = vy[goal];
    let limit = UNREACHED;
    for (let f = q.min; f <= q.max && f <= limit; f++) {
      // (entries pushed into this same bucket while it is read are met too: a step costs at least 1 and h drops by at
      // most 1, so f never drops, and one that stays equal is chained at the head, read next)
      for (let e = q.take(f); e >= 0; e = q.take(f)) {
        const v = q.cell[e],
          c0 = q.g[e];
        if (c0 !== out[v]) continue;
        if (v === goal) limit = c0 + slack;
        const c = c0 + 1 + difficult[v]; // enterCost(v)
        const row = v * nd;
        for (let d = 0; d < nd; d++) {
          const u = nb[row + d];
          if (u < 0 || pass[u] !== 1 || c >= out[u]) continue;
          // TG-M4 (cornerBlocked, inline): a diagonal between two walls or off-map squares
          if (!hex && (d & 1) === 1) {
            const w1 = nb[row + ((d + 7) & 7)],
              w2 = nb[row + ((d + 1) & 7)];
            if ((w1 < 0 || wall[w1] === 1) && (w2 < 0 || wall[w2] === 1)) continue;
          }
          out[u] = c;
          // h(u): the grid distance to the goal (Board.dist, inline)
          const dx = gx - vx[u],
            dy = gy - vy[u];
          const ax = dx < 0 ? -dx : dx,
            ay = dy < 0 ? -dy : dy;
          let h = ax > ay ? ax : ay;
          if (hex) {
            const sxy = dx + dy < 0 ? -(dx + dy) : dx + dy;
            if (sxy > h) h = sxy;
          }
          q.push(c + h, u, c);
        }
      }
    }
  }
  /** Approach fields kept across combats (FieldMemo: big boards, a kept Pathfinder only). */
  private readonly fieldMemo: FieldMemo | null;
  /** FieldMemo's key and result scratch. */
  private fieldKey = new Int32Array(0);
  private fieldOut = new Int32Array(0);
  /** How many of run's searches the kept searches answered (the tests read it). */
  keptHits = 0;
  /** How many of fieldKept's calls the kept fields answered (the twins' test reads it). */
  fieldHits = 0;
  /** fieldKept's wall squares as bits, for the walls `fwWall` held when `fwToken` was passed. */
  private fwBits = new Int32Array(0);
  private fwWall: Uint8Array | null = null;
  private fwToken = -1;
  /**
   * fieldToward, answered from the fields kept across combats when the same field was asked before (FieldMemo); the
   * same `out` either way. `passBits`: the caller's open squares of `pass` as bits (else built here); `wallToken` (≥ 0):
   * the caller's promise that `wall` holds what it held the last time it passed that token (its bits stand). Plain
   * twin: fieldToward.
   */
  fieldKept(
    sources: readonly number[],
    pass: Uint8Array,
    wall: Uint8Array,
    out: Int32Array,
    goal: number,
    slack: number,
    passBits: Int32Array | null = null,
    wallToken = -1,
  ): void {
    const memo = this.fieldMemo;
    if (memo === null) {
      this.fieldToward(sources, pass, wall, out, goal, slack);
      return;
    }
    const size = this.board.size,
      W = (size + 31) >> 5,
      n = 3 + sources.length + 2 * W;
    if (this.fieldKey.length < n) this.fieldKey = new Int32Array(n * 2);
    const key = this.fieldKey;
    key[0] = goal;
    key[1] = slack;
    key[2] = sources.length;
    let k = 3;
    for (let i = 0; i < sources.length; i++) key[k++] = sources[i];
    if (passBits !== null) key.set(passBits.subarray(0, W), k);
    else onesAsBits(pass, key, k);
    if (wallToken < 0 || wallToken !== this.fwToken || wall !== this.fwWall) {
      if (this.fwBits.length !== W) this.fwBits = new Int32Array(W);
      onesAsBits(wall, this.fwBits, 0);
      this.fwToken = wallToken;
      this.fwWall = wall;
    }
    key.set(this.fwBits, k + W);
    let h = 0x811c9dc5;
    for (let i = 0; i < n; i++) h = Math.imul(h ^ key[i], 16777619);
    const res = memo.find(key, n, h);
    if (res !== null) {
      this.fieldHits++;
      out.fill(UNREACHED);
      for (let i = 0; i < res.length; i++) {
        const r = res[i];
        out[r & KEY_MASK] = r >>> KEY_BITS;
      }
      return;
    }
    this.fieldToward(sources, pass, wall, out, goal, slack);
    if (this.fieldOut.length < size) this.fieldOut = new Int32Array(size);
    const sc = this.fieldOut;
    let m = 0;
    for (let c = 0; c < size; c++) {
      const v = out[c];
      if (v >= UNREACHED) continue;
      if (v >= 1 << (32 - KEY_BITS)) return; // (not kept: a value too large for a word)
      sc[m++] = c | (v << KEY_BITS);
    }
    memo.put(key, n, h, sc.slice(0, m));
  }
  /** fieldToward's bucket queue (kept: its arrays grow once). */
  private readonly fq = new BucketQueue();
  /**
   * Issue 32 item 5 (prefix.ts): what a snapshot of the simulator need not put back each fight. `scratch`: read only
   * after it is written in the same call (the bucket queue, fieldKept's key and result, `diag`: the search reads it
   * only where it set the cost); `walls`: the step table, a function of the walls alone (to put back only after the
   * walls changed: TGSim.runFromPrefix); `results`: the last search's cost, predecessors and reached squares, left as
   * the last fight left them and made the last search's again by keepResults (the next run searches afresh).
   */
  snapshotParts(): { scratch: object[]; walls: Int32Array[]; results: Int32Array[] } {
    return {
      scratch: [this.fq, this.diag, this.fieldKey, this.fieldOut],
      walls: [this.steps],
      results: [this.cost, this.prev, this.touched],
    };
  }
  /**
   * After a snapshot put the rest back (TGSim.runFromPrefix): `nTouched` as it was before (`n`: the squares `cost`,
   * `prev` and `touched` still hold, the next run resets them), and no last run to stand for the next (`lastToken`).
   */
  keepResults(n: number): void {
    this.nTouched = n;
    this.lastToken = -1;
  }
  /** TG-V3: the reverse field, cost from each cell to the nearest of `sources`, into `out`. */
  field(sources: readonly number[], pass: Uint8Array, wall: Uint8Array, out: Int32Array): void {
    const b = this.board,
      heap = this.heap;
    out.fill(UNREACHED);
    heap.clear();
    for (const s of sources) {
      out[s] = 0;
      heap.push(0, 0, s);
    }
    const nd = b.nDirs;
    while (heap.size) {
      heap.pop();
      const v = heap.topV;
      const c0 = heap.topC;
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
          heap.push(c, 0, u);
        }
      }
    }
  }
}
