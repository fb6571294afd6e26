// The greedy step and the detours round blockers (HR-P3, RULINGS.md HRS-5,
// HRS-25). Fast path: `detourStep` follows a kept path and `detourSearch`'s
// answers are kept in a PositionMemo (position-memo.ts), keyed by everyone's
// square; their plain twin is the breadth-first search itself, and
// test/systems/heart-rush/detour.test.ts holds the two equal.

import { MISS } from '../position-memo.js';
import * as state from './state.js';
import { HROpportunity } from './opportunity.js';

// Module constants, not live imported bindings, for the hot code: see "Imports" in sim.ts.
const { DIRS_X, DIRS_Y, DX5, DY5, KOF, NBI, PATH_LEN_SHIFT, PATH_MAX, PATH_STEPS } = state;

export abstract class HRPaths extends HROpportunity {
  /** The free neighbour square of i that brings it nearest to (tx, ty) (Chebyshev, then straight line, then y, x); −1 if none is nearer. */
  protected bestStep(i: number, tx: number, ty: number, away: boolean): number {
    // HRS-25: once round an obstacle, the greedy step would often lead straight back into the pocket it left
    if (!away && this.goingRound[i] === 1) return this.detourStep(i, tx, ty);
    const cx = this.x[i],
      cy = this.y[i];
    const cur = Math.max(Math.abs(cx - tx), Math.abs(cy - ty));
    let bestD = cur,
      bestE = 0,
      best = -1;
    let occ = -1; // the occupied neighbour squares, found the first time one would win
    const ox = cx - tx,
      oy = cy - ty;
    if (!away && (ox !== 0 || oy !== 0)) {
      // toward: the square a step nearer on each axis that is not yet level is nearer both ways than any other (the
      // least |dx| and |dy| at once: the least Chebyshev and the least straight-line distance, the latter unique), so
      // the loop below would pick it whenever it is free
      const sx = ox > 0 ? -1 : ox < 0 ? 1 : 0,
        sy = oy > 0 ? -1 : oy < 0 ? 1 : 0;
      const k = KOF[(sy + 1) * 3 + sx + 1],
        nx = cx + sx * 5,
        ny = cy + sy * 5;
      if (this.inField(nx, ny)) {
        const g = this.occ;
        if (g !== null ? g[this.pc[i] + this.dcell[k]] === 0 : (this.neighbours(i) & NBI[k]) === 0) return k;
      }
    }
    for (let k = 0; k < 8; k++) {
      // the square's offset from the target, its Chebyshev distance d and squared straight-line distance e
      const ex = ox + DX5[k],
        ey = oy + DY5[k];
      const ax = ex < 0 ? -ex : ex,
        ay = ey < 0 ? -ey : ey;
      const d = ax > ay ? ax : ay;
      if (away ? d < bestD : d > bestD) continue; // cannot win
      const e = ex * ex + ey * ey;
      const better = away
        ? d > bestD || (d === bestD && best >= 0 && e > bestE)
        : d < bestD || (d === bestD && best >= 0 && e < bestE);
      const nx = cx + DX5[k],
        ny = cy + DY5[k];
      // only a square that would win is checked for room (finding the occupied ones walks every combatant)
      if (better && this.inField(nx, ny)) {
        if (occ < 0) occ = this.neighbours(i);
        if ((occ & NBI[k]) !== 0) continue;
        bestD = d;
        bestE = e;
        best = k;
      }
    }
    if (best < 0 && !away) {
      const k = this.detourStep(i, tx, ty);
      if (k >= 0) this.goingRound[i] = 1;
      return k;
    }
    return best;
  }

  /**
   * HRS-25: when no free neighbour is nearer as the crow flies (fallen bodies or allies in the way), the
   * step that starts the shortest way round: a breadth-first search over free squares from the target,
   * in a box 60 ft beyond mover and target. −1 when no way round exists. Greedy steps are kept wherever
   * they exist, so fights that never get blocked log exactly as before.
   */
  protected detourStep(i: number, tx: number, ty: number): number {
    let k: number;
    if (
      this.pathLeft > 0 &&
      this.pathOwner === i &&
      this.pathMoves === this.moves &&
      this.pathTx === tx &&
      this.pathTy === ty &&
      this.pathX === this.x[i] &&
      this.pathY === this.y[i]
    ) {
      // the mover took the path's last step and nobody else moved since: the search from here would take its next
      k = this.pathSteps & 7;
      this.pathSteps >>>= 3;
      this.pathLeft--;
    } else {
      // a pure function of (i, tx, ty) and every position, asked again within a combat and across them
      const p = this.occ !== null ? this.pc : this.x,
        q = this.y; // the memo's positions (detourMemo)
      let path = this.detourKept.find(i, tx, ty, 0, p, q, this.zpos);
      if (path === MISS) {
        path = this.detourSearch(i, tx, ty);
        this.detourKept.put(i, tx, ty, 0, p, q, path);
      }
      if (path < 0) return -1;
      k = path & 7;
      this.pathSteps = (path & PATH_STEPS) >>> 3;
      this.pathLeft = (path >>> PATH_LEN_SHIFT) - 1;
    }
    this.pathOwner = i;
    this.pathTx = tx;
    this.pathTy = ty;
    this.pathX = this.x[i] + DIRS_X[k] * 5;
    this.pathY = this.y[i] + DIRS_Y[k] * 5;
    this.pathMoves = this.moves + 1;
    return k;
  }
  /**
   * The first step of the shortest way round from i's square to (tx, ty), then (PATH_LEN_SHIFT up) how many steps
   * are known and (3 bits a step from bit 3) the steps after it: from each square the path reaches, the step a search
   * from there would take were nobody else to move — the same free squares, the same box (the path ends where the box
   * would change), so the same distances, and every square nearer the target than the mover is labelled by either
   * search. −1 when no way round exists.
   */
  protected detourSearch(i: number, tx: number, ty: number): number {
    const cx = this.x[i],
      cy = this.y[i];
    const x0 = this.boxLo(cx, tx),
      y0 = this.boxLo(cy, ty);
    const x1 = this.boxHi(cx, tx, this.fieldW),
      y1 = this.boxHi(cy, ty, this.fieldH);
    const w = Math.floor((x1 - x0) / 5) + 1,
      h = Math.floor((y1 - y0) / 5) + 1;
    if (w <= 0 || h <= 0 || w * h > 40_000) return -1;
    const size = w * h;
    // scratch reused between calls: a square is seen in this search when its stamp is this search's number
    // (no clearing of the whole box per search); its distance then, −2 blocked; the queue of squares
    if (this.bfsDist.length < size) {
      this.bfsDist = new Int32Array(size);
      this.bfsStamp = new Int32Array(size);
      this.bfsQueue = new Int32Array(size);
      this.bfsGen = 0;
    }
    if (this.bfsGen >= 0x3fffffff) {
      this.bfsStamp.fill(0);
      this.bfsGen = 0;
    }
    const gen = ++this.bfsGen;
    const dist = this.bfsDist,
      stamp = this.bfsStamp,
      queue = this.bfsQueue;
    for (let j = 0; j < this.n; j++) {
      if (j === i) continue;
      const jx = this.x[j],
        jy = this.y[j];
      if (jx >= x0 && jx <= x1 && jy >= y0 && jy <= y1) {
        const b = ((jy - y0) / 5) * w + (jx - x0) / 5;
        stamp[b] = gen;
        dist[b] = -2;
      }
    }
    const mover = ((cy - y0) / 5) * w + (cx - x0) / 5;
    stamp[mover] = 0; // the mover's own square (a climber may share it) is always its own
    // breadth first from the target: squares are labelled layer by layer, so when the mover's square is
    // labelled every square nearer the target already is, and the search may stop there (the labels are
    // the true distances whatever the order neighbours are visited in)
    const inBox = cx >= x0 && cx <= x1 && cy >= y0 && cy <= y1;
    let head = 0,
      tail = 0;
    const start = ((ty - y0) / 5) * w + (tx - x0) / 5;
    stamp[start] = gen;
    dist[start] = 0;
    queue[tail++] = start;
    let found = inBox && start === mover;
    while (head < tail && !found) {
      const c = queue[head++];
      const cyq = Math.floor(c / w),
        cxq = c - cyq * w,
        dc = dist[c] + 1;
      for (let k = 0; k < 8; k++) {
        const nx = cxq + DIRS_X[k],
          ny = cyq + DIRS_Y[k];
        if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
        const m = ny * w + nx;
        if (stamp[m] === gen) continue;
        stamp[m] = gen;
        dist[m] = dc;
        queue[tail++] = m;
        if (m === mover && inBox) {
          found = true;
          break;
        }
      }
    }
    if (stamp[mover] !== gen) return -1;
    const here = dist[mover];
    if (here < 0) return -1;
    const first = this.downhill(cx, cy, here, x0, y0, x1, y1, w, start, gen);
    if (first < 0) return -1;
    let path = first,
      len = 1,
      px = cx,
      py = cy,
      d = here,
      k = first;
    while (len < PATH_MAX) {
      px += DIRS_X[k] * 5;
      py += DIRS_Y[k] * 5;
      d--;
      if (
        this.boxLo(px, tx) !== x0 ||
        this.boxLo(py, ty) !== y0 ||
        this.boxHi(px, tx, this.fieldW) !== x1 ||
        this.boxHi(py, ty, this.fieldH) !== y1
      )
        break;
      k = this.downhill(px, py, d, x0, y0, x1, y1, w, start, gen);
      if (k < 0) break;
      path |= k << (3 * len++);
    }
    return path | (len << PATH_LEN_SHIFT);
  }
  /** The detour search's box: 60 ft beyond mover and target, on the field. */
  protected boxLo(c: number, t: number): number {
    return Math.max(0, Math.min(c, t) - 60);
  }
  protected boxHi(c: number, t: number, size: number): number {
    return Math.min(size - 5, Math.max(c, t) + 60);
  }
  /** Of the labelled neighbours of (cx, cy) (its distance `here`), the first nearest the target and nearer than it, or −1. */
  protected downhill(
    cx: number,
    cy: number,
    here: number,
    x0: number,
    y0: number,
    x1: number,
    y1: number,
    w: number,
    start: number,
    gen: number,
  ): number {
    const dist = this.bfsDist,
      stamp = this.bfsStamp;
    let best = -1,
      bestD = here;
    for (let k = 0; k < 8; k++) {
      const nx = cx + DIRS_X[k] * 5,
        ny = cy + DIRS_Y[k] * 5;
      if (nx < x0 || ny < y0 || nx > x1 || ny > y1) continue;
      const b = ((ny - y0) / 5) * w + (nx - x0) / 5;
      // the search starts on the target's own square, which the target fills (HR-P1): never a step
      const d = stamp[b] === gen && b !== start ? dist[b] : -1;
      if (d >= 0 && d < bestD) {
        bestD = d;
        best = k;
      }
    }
    return best;
  }

  /**
   * HRS-37: the shortest way from i's square to a free square within `r` feet of (tx, ty) on which no square between
   * (neither the first nor the last) lies in the reach of a reactor (`cand[c0…c1)`: the enemies that may make an
   * opportunity attack on this dash): its steps in `planSteps`, their number returned; −1 when none within `limit`
   * steps (a breadth-first search over free squares, in the detour's box).
   */
  protected safePath(i: number, tx: number, ty: number, r: number, c0: number, c1: number, limit: number): number {
    const cx = this.x[i],
      cy = this.y[i];
    const x0 = this.boxLo(cx, tx),
      y0 = this.boxLo(cy, ty);
    const x1 = this.boxHi(cx, tx, this.fieldW),
      y1 = this.boxHi(cy, ty, this.fieldH);
    const w = Math.floor((x1 - x0) / 5) + 1,
      h = Math.floor((y1 - y0) / 5) + 1;
    if (w <= 0 || h <= 0 || w * h > 40_000 || cx < x0 || cx > x1 || cy < y0 || cy > y1) return -1;
    const size = w * h;
    if (this.bfsDist.length < size) {
      this.bfsDist = new Int32Array(size);
      this.bfsStamp = new Int32Array(size);
      this.bfsQueue = new Int32Array(size);
      this.bfsGen = 0;
    }
    if (this.bfsFrom.length < this.bfsDist.length) this.bfsFrom = new Int8Array(this.bfsDist.length);
    if (this.bfsGen >= 0x3fffffff) {
      this.bfsStamp.fill(0);
      this.bfsGen = 0;
    }
    const gen = ++this.bfsGen;
    const dist = this.bfsDist,
      stamp = this.bfsStamp,
      queue = this.bfsQueue,
      from = this.bfsFrom;
    for (let j = 0; j < this.n; j++) {
      const jx = this.x[j],
        jy = this.y[j];
      if (j !== i && jx >= x0 && jx <= x1 && jy >= y0 && jy <= y1) {
        const b = ((jy - y0) / 5) * w + (jx - x0) / 5;
        stamp[b] = gen;
        dist[b] = -2;
      }
    }
    // the reactors able to attack (up, and the action or a rush point to pay with), their squares and reaches: the
    // same for the whole search (nobody moves or spends anything in it), so read once, not at every square
    if (this.bfsThreat.length < 3 * this.n) this.bfsThreat = new Int32Array(3 * this.n);
    const threat = this.bfsThreat;
    let nt = 0;
    for (let q = c0; q < c1; q++) {
      const j = this.cand[q];
      if (this.live[j] !== 1 || (this.actionUsed[j] !== 0 && this.rush[j] <= 0)) continue;
      threat[nt++] = this.x[j];
      threat[nt++] = this.y[j];
      threat[nt++] = this.reachNow[j];
    }
    const start = ((cy - y0) / 5) * w + (cx - x0) / 5;
    stamp[start] = gen;
    dist[start] = 0;
    let head = 0,
      tail = 0,
      goal = -1;
    queue[tail++] = start;
    while (head < tail && goal < 0) {
      const c = queue[head++];
      const qy = Math.floor(c / w),
        qx = c - qy * w,
        dc = dist[c] + 1;
      if (dc > limit) break;
      const px = x0 + qx * 5,
        py = y0 + qy * 5;
      // a square in a reactor's reach is a place to end, not to go on from (the start aside: i stands there)
      if (c !== start) {
        let threatened = false;
        for (let q = 0; q < nt; q += 3) {
          if (Math.max(Math.abs(threat[q] - px), Math.abs(threat[q + 1] - py)) <= threat[q + 2]) {
            threatened = true;
            break;
          }
        }
        if (threatened) continue;
      }
      for (let k = 0; k < 8; k++) {
        const nx = qx + DIRS_X[k],
          ny = qy + DIRS_Y[k];
        if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
        const m = ny * w + nx;
        if (stamp[m] === gen) continue;
        const sx = x0 + nx * 5,
          sy = y0 + ny * 5;
        const dt = Math.max(Math.abs(sx - tx), Math.abs(sy - ty));
        // no way from here reaches a goal within `limit` steps (an exact bound: the search finds what it found)
        if (dc + (dt > r ? Math.ceil((dt - r) / 5) : 0) > limit) continue;
        stamp[m] = gen;
        dist[m] = dc;
        from[m] = k;
        queue[tail++] = m;
        if (dt <= r) {
          goal = m;
          break;
        }
      }
    }
    if (goal < 0) return -1;
    const len = dist[goal];
    if (len > this.planSteps.length) return -1;
    // back from the goal: each square's step came from the square one step against it
    for (let m = goal, s = len - 1; s >= 0; s--) {
      const k = from[m];
      this.planSteps[s] = k;
      m -= DIRS_Y[k] * w + DIRS_X[k];
    }
    return len;
  }
}
