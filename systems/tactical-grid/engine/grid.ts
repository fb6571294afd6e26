// Grid geometry (TG-G, TG-F, TG-L): square names, neighbours, distance, facing
// sectors, behind squares and line of sight, on squares and pointy-top hexes.
// Cells are indexed y * w + x (x = column, y = row, 0-based, a1 = 0). Every
// angle test is in integers (TG-F4) so results never depend on rounding.

import { terrainOf, type Facing, type GridKind, type GridMap } from '../model.js';

/** TG-V3 neighbour order on squares: N NE E SE S SW W NW (dx, dy). */
export const SQ_DX = [0, 1, 1, 1, 0, -1, -1, -1];
export const SQ_DY = [-1, -1, 0, 1, 1, 1, 0, -1];
/** TG-V3 neighbour order on hexes: E NE NW W SW SE, as axial (dq, dr). */
export const HEX_DQ = [1, 1, 0, -1, -1, 0];
export const HEX_DR = [0, -1, -1, 0, 1, 1];

/** Facings by grid, in TG-V9's tie order, with their vectors (square: dx, dy; hex: dq, dr). */
export const SQ_FACINGS: readonly Facing[] = ['north', 'east', 'south', 'west'];
const SQ_FX = [0, 1, 0, -1];
const SQ_FY = [-1, 0, 1, 0];
export const HX_FACINGS: readonly Facing[] = ['east', 'north-east', 'north-west', 'west', 'south-west', 'south-east'];

/** TG-G1: a…z, aa, ab… (bijective base 26). */
export function colName(x: number): string {
  let s = '';
  let n = x + 1;
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(97 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

/** `c3` → [2, 2]; null if malformed. */
export function parseSquare(name: string): [number, number] | null {
  const m = /^([a-z]+)(\d+)$/.exec(name.trim().toLowerCase());
  if (!m) return null;
  let x = 0;
  for (const ch of m[1]) x = x * 26 + (ch.charCodeAt(0) - 96);
  return [x - 1, Number(m[2]) - 1];
}

/** TG-G2: offset (x, y) → axial q. */
export function axialQ(x: number, y: number): number {
  return x - ((y - (y & 1)) >> 1);
}

/** Maps up to this many cells keep distance and back-sector tables (Board.tables): 2 and 4–6 bytes per cell pair. */
const TABLE_CELLS = 256;

/** The static board of one map: terrain per cell and geometry helpers. */
export class Board {
  readonly grid: GridKind;
  readonly hex: boolean;
  readonly w: number;
  readonly h: number;
  readonly size: number;
  readonly obstacle: Uint8Array;
  readonly enterable: Uint8Array;
  readonly difficult: Uint8Array;
  readonly hazard: Uint8Array;
  readonly height: Int32Array;
  /** The highest height level on the map (TG-K4). */
  readonly maxHeight: number;
  /** The hazard cells, ascending. */
  readonly hazardCells: Int32Array;
  /** Per cell: vector coordinates (square x, y; hex axial q, r). */
  readonly vx: Int32Array;
  readonly vy: Int32Array;
  /** Neighbours per cell in TG-V3 order (−1 = off the map), nDirs per cell. */
  readonly nDirs: number;
  readonly nb: Int32Array;
  readonly facings: readonly Facing[];
  /**
   * A simulator's maps of at most TABLE_CELLS cells keep dist() and inBack() as tables (a load instead of the arithmetic: the
   * plan search asks them ~10⁵ times a combat); `tables` says whether they are filled. The tables hold exactly
   * what the arithmetic gives (built from it).
   */
  readonly tables: boolean;
  readonly distT: Uint16Array;
  /** inBack(t, f, s) as bits (read directly by the plan search, sim.ts scanBoxes): row (f × size + t) of `backWords` words, bit s (an eighth of a byte table: 8 KB on the crypt, in L1). */
  readonly backT: Int32Array;
  readonly backWords: number;
  /** The facings f (bit f) with s in the back sector of t, at t × size + s (a facing choice counts enemies behind for every facing at once). */
  readonly backMask: Uint8Array;
  /** behind(t, f) at t × facings + f (Corner, TG-X3, is asked for every target of every plan). */
  private readonly behindT: Int32Array;

  /** `tables`: fill the distance and back-sector tables (the simulator's board; a hover's or the checker's need not). */
  constructor(m: GridMap, tables = false) {
    this.grid = m.grid;
    this.hex = m.grid === 'hex';
    this.h = m.rows.length;
    this.w = m.rows.reduce((a, r) => Math.max(a, r.length), 0);
    this.size = this.w * this.h;
    const n = this.size;
    this.obstacle = new Uint8Array(n);
    this.enterable = new Uint8Array(n);
    this.difficult = new Uint8Array(n);
    this.hazard = new Uint8Array(n);
    this.height = new Int32Array(n);
    this.vx = new Int32Array(n);
    this.vy = new Int32Array(n);
    for (let y = 0; y < this.h; y++) {
      for (let x = 0; x < this.w; x++) {
        const i = y * this.w + x;
        const t = terrainOf(m, m.rows[y][x] ?? '.');
        this.obstacle[i] = t.obstacle ? 1 : 0;
        this.enterable[i] = t.enterable ? 1 : 0;
        this.difficult[i] = t.difficult ? 1 : 0;
        this.hazard[i] = t.hazard ? 1 : 0;
        this.height[i] = t.height;
        this.vx[i] = this.hex === true ? axialQ(x, y) : x;
        this.vy[i] = y;
      }
    }
    this.maxHeight = this.height.reduce((a, v) => Math.max(a, v), 0);
    this.hazardCells = Int32Array.from(this.hazard.keys()).filter((c) => this.hazard[c] === 1);
    this.nDirs = this.hex ? 6 : 8;
    this.nb = new Int32Array(n * this.nDirs);
    for (let i = 0; i < n; i++) for (let d = 0; d < this.nDirs; d++) this.nb[i * this.nDirs + d] = this.step(i, d);
    this.facings = this.hex ? HX_FACINGS : SQ_FACINGS;
    this.tables = tables && n <= TABLE_CELLS;
    this.distT = new Uint16Array(this.tables ? n * n : 0);
    this.backWords = (n + 31) >> 5;
    this.backT = new Int32Array(this.tables ? this.facings.length * n * this.backWords : 0);
    this.backMask = new Uint8Array(this.tables ? n * n : 0);
    const nf = this.facings.length;
    this.behindT = new Int32Array(this.tables ? n * nf : 0);
    if (this.tables === true)
      for (let t = 0; t < n; t++) for (let f = 0; f < nf; f++) this.behindT[t * nf + f] = this.behindOf(t, f);
    if (this.tables === true) {
      for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) this.distT[a * n + b] = this.distOf(a, b);
      for (let f = 0; f < this.facings.length; f++)
        for (let t = 0; t < n; t++)
          for (let c = 0; c < n; c++) {
            if (!this.inBackOf(t, f, c)) continue;
            this.backT[(f * n + t) * this.backWords + (c >> 5)] |= 1 << (c & 31);
            this.backMask[t * n + c] |= 1 << f;
          }
    }
  }

  x(i: number): number {
    return i % this.w;
  }
  y(i: number): number {
    return (i / this.w) | 0;
  }
  name(i: number): string {
    return colName(this.x(i)) + String(this.y(i) + 1);
  }
  /** Cell index of a square name, or −1 off the map / malformed (TG-G1). */
  index(name: string): number {
    const p = parseSquare(name);
    if (!p || p[0] < 0 || p[1] < 0 || p[0] >= this.w || p[1] >= this.h) return -1;
    return p[1] * this.w + p[0];
  }
  /** The cell at vector coordinates, or −1 off the map. */
  at(vx: number, vy: number): number {
    if (vy < 0 || vy >= this.h) return -1;
    const x = this.hex === true ? vx + ((vy - (vy & 1)) >> 1) : vx;
    if (x < 0 || x >= this.w) return -1;
    return vy * this.w + x;
  }
  /** Direction vector d (TG-V3 order). */
  dirX(d: number): number {
    return this.hex === true ? HEX_DQ[d] : SQ_DX[d];
  }
  dirY(d: number): number {
    return this.hex === true ? HEX_DR[d] : SQ_DY[d];
  }
  /** The neighbour of i in direction d (TG-V3 order), −1 off the map. */
  step(i: number, d: number): number {
    return this.at(this.vx[i] + this.dirX(d), this.vy[i] + this.dirY(d));
  }
  /** TG-G5 */
  dist(a: number, b: number): number {
    return this.tables === true ? this.distT[a * this.size + b] : this.distOf(a, b);
  }
  private distOf(a: number, b: number): number {
    const dx = this.vx[b] - this.vx[a];
    const dy = this.vy[b] - this.vy[a];
    const ax = dx < 0 ? -dx : dx,
      ay = dy < 0 ? -dy : dy;
    if (this.hex !== true) return ax > ay ? ax : ay;
    const s = dx + dy < 0 ? -(dx + dy) : dx + dy;
    return Math.max(ax, ay, s);
  }
  isDiagonal(d: number): boolean {
    return this.hex !== true && (d & 1) === 1;
  }
  /** Facing vector of facing index f (index into `facings`). */
  facingX(f: number): number {
    return this.hex === true ? HEX_DQ[f] : SQ_FX[f];
  }
  facingY(f: number): number {
    return this.hex === true ? HEX_DR[f] : SQ_FY[f];
  }
  facingIndex(f: Facing): number {
    return this.facings.indexOf(f);
  }
  /** TG-F4: is cell s in the back sector of a combatant at t facing f? */
  inBack(t: number, f: number, s: number): boolean {
    return this.tables === true
      ? ((this.backT[(f * this.size + t) * this.backWords + (s >> 5)] >>> (s & 31)) & 1) === 1
      : this.inBackOf(t, f, s);
  }
  /** The facings of a combatant at t with s in its back sector, as bits (bit f: inBack(t, f, s)). */
  backFacings(t: number, s: number): number {
    if (this.tables === true) return this.backMask[t * this.size + s];
    let m = 0;
    for (let f = 0; f < this.facings.length; f++) if (this.inBackOf(t, f, s)) m |= 1 << f;
    return m;
  }
  private inBackOf(t: number, f: number, s: number): boolean {
    const vx = this.vx[s] - this.vx[t],
      vy = this.vy[s] - this.vy[t];
    if (vx === 0 && vy === 0) return false;
    const fx = this.facingX(f),
      fy = this.facingY(f);
    if (this.hex !== true) {
      const d = vx * fx + vy * fy;
      return d < 0 && 2 * d * d >= vx * vx + vy * vy;
    }
    const a1 = 2 * fx + fy,
      b1 = fy,
      a2 = 2 * vx + vy,
      b2 = vy;
    const d = a1 * a2 + 3 * b1 * b2;
    return d < 0 && 4 * d * d >= 3 * (a1 * a1 + 3 * b1 * b1) * (a2 * a2 + 3 * b2 * b2);
  }
  /** TG-F5: the behind square of t facing f: −1 off the map. */
  behind(t: number, f: number): number {
    return this.tables === true ? this.behindT[t * this.facings.length + f] : this.behindOf(t, f);
  }
  private behindOf(t: number, f: number): number {
    return this.at(this.vx[t] - this.facingX(f), this.vy[t] - this.facingY(f));
  }
  /**
   * Cosine-order key of the angle between facing f at t and the offset to s: larger = closer in angle
   * (TG-V9). Returned as a fraction num/den compared by cross-multiplication by the caller via `angleCmp`.
   */
  angleCmp(t: number, f: number, g: number, s: number): number {
    // compare cos(angle(f, v)) with cos(angle(g, v)); both facing vectors have equal length on one grid
    const vx = this.vx[s] - this.vx[t],
      vy = this.vy[s] - this.vy[t];
    return this.facingDot(f, vx, vy) - this.facingDot(g, vx, vy);
  }

  /** The dot product of facing f's vector with (vx, vy), in the grid's metric (hex: axial). */
  private facingDot(f: number, vx: number, vy: number): number {
    const fx = this.facingX(f),
      fy = this.facingY(f);
    return this.hex === true ? (2 * fx + fy) * (2 * vx + vy) + 3 * fy * vy : fx * vx + fy * vy;
  }

  /** TG-L2 / TG-L3 TGS-20: line of sight between two cells, `blocks(cell)` = an obstacle there. */
  los(a: number, b: number, blocks: (cell: number) => boolean): boolean {
    if (a === b) return true;
    return this.hex === true ? this.losHex(a, b, blocks) : this.losSquare(a, b, blocks);
  }

  private losSquare(a: number, b: number, blocks: (cell: number) => boolean): boolean {
    // doubled coordinates: centres odd, corners even (TG-L2)
    const ax = 2 * this.x(a) + 1,
      ay = 2 * this.y(a) + 1,
      bx = 2 * this.x(b) + 1,
      by = 2 * this.y(b) + 1;
    const dx = bx - ax,
      dy = by - ay;
    const side = (px: number, py: number): number => dx * (py - ay) - dy * (px - ax);
    const x0 = Math.min(this.x(a), this.x(b)),
      x1 = Math.max(this.x(a), this.x(b));
    const y0 = Math.min(this.y(a), this.y(b)),
      y1 = Math.max(this.y(a), this.y(b));
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const c = y * this.w + x;
        if (c === a || c === b || !blocks(c)) continue;
        let pos = false,
          neg = false;
        for (const [px, py] of [
          [2 * x, 2 * y],
          [2 * x + 2, 2 * y],
          [2 * x, 2 * y + 2],
          [2 * x + 2, 2 * y + 2],
        ]) {
          const v = side(px, py);
          if (v > 0) pos = true;
          else if (v < 0) neg = true;
        }
        if (pos && neg) return false;
      }
    }
    // two obstacles meeting at a corner the segment passes exactly through (TG-L2)
    if (dx !== 0 && dy !== 0) {
      for (let y = y0 + 1; y <= y1; y++) {
        for (let x = x0 + 1; x <= x1; x++) {
          if (side(2 * x, 2 * y) !== 0) continue;
          // the corner (x, y) joins cells (x−1, y−1) (x, y−1) (x−1, y) (x, y); the line only touches two of them
          const same = dx > 0 === dy > 0;
          const c1 = same ? (y - 1) * this.w + x : (y - 1) * this.w + x - 1;
          const c2 = same ? y * this.w + x - 1 : y * this.w + x;
          if (blocks(c1) && blocks(c2)) return false;
        }
      }
    }
    return true;
  }

  private losHex(a: number, b: number, blocks: (cell: number) => boolean): boolean {
    const n = this.dist(a, b);
    const line = (e: number): boolean => {
      const q0 = this.vx[a] + 1e-6 * e,
        r0 = this.vy[a] + 2e-6 * e;
      const q1 = this.vx[b] + 1e-6 * e,
        r1 = this.vy[b] + 2e-6 * e;
      for (let i = 1; i < n; i++) {
        const t = i / n;
        const q = q0 + (q1 - q0) * t,
          r = r0 + (r1 - r0) * t,
          s = -q - r;
        let rq = Math.round(q),
          rr = Math.round(r);
        const rs = Math.round(s);
        const dq = Math.abs(rq - q),
          dr = Math.abs(rr - r),
          ds = Math.abs(rs - s);
        if (dq > dr && dq > ds) rq = -rr - rs;
        else if (dr > ds) rr = -rq - rs;
        const c = this.at(rq, rr);
        if (c >= 0 && c !== a && c !== b && blocks(c)) return false;
      }
      return true;
    };
    // ε = (1e-6, 2e-6, −3e-6) on (q, r, s): s follows from q and r (TG-L3)
    return line(1) || line(-1);
  }
}
