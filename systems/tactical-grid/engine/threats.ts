// Threat counts kept (TG-V5 (5), TGS-10): per side and square, how many able
// enemies have it within their sheet speed + reach (terrain ignored), kept
// across steps instead of recounted. A step changes the counts only on the
// squares whose distance to the mover's old or new square crosses its reach:
// the two squares' reach masks (bit sets) differ there. The counts are bytes,
// four to a word, so a step adds to four squares at once (a nibble of the mask
// spread to bytes by a table) rather than square by square.

import type { Board } from './grid.js';
import type { Unit } from './unit.js';

/** A nibble's four bits spread to the four bytes of a word (bit b to byte b): four counts + 1 at once. */
const SPREAD = Int32Array.from({ length: 16 }, (_, x) => (x & 1) | ((x & 2) << 7) | ((x & 4) << 14) | ((x & 8) << 21));

/** The bytes of a word in memory order from its low byte up (counts are read as bytes, added as words). */
const LITTLE_ENDIAN = new Uint8Array(Int32Array.of(1).buffer)[0] === 1;

export class ThreatCounts {
  /** Whether counts can be kept for `n` combatants: a byte each (fewer than 256), on a little-endian machine. */
  static fits(n: number): boolean {
    return LITTLE_ENDIAN && n < 256;
  }
  private readonly words: number;
  /** Per combatant, its reach's mask table: row c (`words` words) holds the squares within its threat reach of c. */
  private readonly maskOf: Int32Array[];
  /**
   * Per square, the able combatants of all sides whose threat reach covers it (group 0), then those of each side
   * (group side + 1), a byte each (`bytes`; fewer than 256 combatants: `fits`), a group `stride` bytes (32 a
   * mask word); `quads` is the same memory as words, four squares each. A side's enemies are all minus its own: a
   * step adds to two groups whatever the number of sides. With two sides (`two`) they are the other side's group,
   * and group 0 is not kept.
   */
  private readonly quads: Int32Array;
  private readonly bytes: Uint8Array;
  private readonly stride: number;
  private readonly two: boolean;
  /** Per combatant, the square it is counted on (−1: not counted, i.e. OUT). */
  private readonly countedAt: Int32Array;
  /** The counts and squares of the placements (a new simulator's units stand on them, none OUT). */
  private readonly startQuads: Int32Array;
  private readonly startAt: Int32Array;

  constructor(board: Board, units: readonly Unit[], nSides: number) {
    const n = board.size;
    this.words = (n + 31) >> 5;
    // one table per distinct reach (a map with tables has at most 256 cells: 8 words per cell)
    const byReach = new Map<number, Int32Array>();
    this.maskOf = units.map((u) => {
      let t = byReach.get(u.threatReach);
      if (!t) byReach.set(u.threatReach, (t = this.reachMasks(board, u.threatReach)));
      return t;
    });
    this.two = nSides === 2;
    this.stride = 32 * this.words;
    this.quads = new Int32Array(((nSides + 1) * this.stride) >> 2);
    this.bytes = new Uint8Array(this.quads.buffer);
    this.view0 = this.bytes.subarray(2 * this.stride, 3 * this.stride);
    this.view1 = this.bytes.subarray(this.stride, 2 * this.stride);
    this.countedAt = new Int32Array(units.length).fill(-1);
    // every field set before the first sync: a call from a half-built object would pass sync another hidden class
    // than every later call, and deoptimize it where a thread builds its second simulator (bench/README.md)
    this.startQuads = this.quads;
    this.startAt = this.countedAt;
    // every combat starts from the placements: their counts kept, so a start is a copy, not every mover shifted back
    this.sync(units);
    this.startQuads = this.quads.slice();
    this.startAt = this.countedAt.slice();
  }

  /** At a combat's start (every combatant back on its placement, none OUT): the placements' counts. */
  restart(): void {
    this.quads.set(this.startQuads);
    this.countedAt.set(this.startAt);
  }

  /** For every cell c, the squares s with dist(c, s) ≤ reach, as bits. */
  private reachMasks(board: Board, reach: number): Int32Array {
    const n = board.size,
      W = this.words,
      t = new Int32Array(n * W);
    for (let c = 0; c < n; c++)
      for (let s = 0; s < n; s++) if (board.dist(c, s) <= reach) t[c * W + (s >> 5)] |= 1 << (s & 31);
    return t;
  }

  /** Brings the counts to the combatants' squares and OUT states now (only those that changed since cost anything). */
  sync(units: readonly Unit[]): void {
    const at = this.countedAt;
    for (let i = 0; i < units.length; i++) {
      const u = units[i];
      const now = u.out === true || u.cell < 0 ? -1 : u.cell;
      if (now === at[i]) continue;
      this.shift(i, u.side, at[i], now);
      at[i] = now;
    }
  }

  /**
   * With two sides, side `side`'s enemy counts per square (count(side, s) is its byte s), a view made once; else null.
   * For a caller reading many squares' counts (the step to fewer threats), so the group's offset is not taken per read.
   */
  enemyCounts(side: number): Uint8Array | null {
    if (this.two !== true) return null;
    return side === 0 ? this.view0 : this.view1;
  }
  private readonly view0: Uint8Array;
  private readonly view1: Uint8Array;

  /** The able enemies of `side` threatening square s (as of the last sync). */
  count(side: number, s: number): number {
    if (this.two === true) return this.bytes[(2 - side) * this.stride + s];
    return this.bytes[s] - this.bytes[(side + 1) * this.stride + s];
  }

  /** Combatant i of side `side` moves its threat from square `from` to `to` (−1: none): −1 where only the old mask holds, +1 where only the new. */
  private shift(i: number, side: number, from: number, to: number): void {
    const W = this.words,
      masks = this.maskOf[i];
    for (let w = 0; w < W; w++) {
      const old = from >= 0 ? masks[from * W + w] : 0,
        neu = to >= 0 ? masks[to * W + w] : 0;
      const minus = old & ~neu,
        plus = neu & ~old;
      if ((minus | plus) === 0) continue;
      this.addWord((side + 1) * (this.stride >> 2) + 8 * w, minus, plus);
      if (this.two !== true) this.addWord(8 * w, minus, plus);
    }
  }

  /**
   * +1 on the squares of `plus`, −1 on those of `minus` (disjoint bits of one mask word), four squares a word from
   * `q` on. Each byte's result is a count (0 … 255), so adding the spread nibbles as whole words never carries or
   * borrows across bytes. A mask byte (two words) a pass, a byte with no change skipped: a pass per nibble paid its counter,
   * shifts and test eight times a word.
   */
  private addWord(q: number, minus: number, plus: number): void {
    const quads = this.quads;
    for (let k = 0; k < 32; k += 8, q += 2) {
      const p = (plus >>> k) & 255,
        m = (minus >>> k) & 255;
      if ((p | m) === 0) continue;
      quads[q] = (quads[q] + SPREAD[p & 15] - SPREAD[m & 15]) | 0;
      quads[q + 1] = (quads[q + 1] + SPREAD[p >>> 4] - SPREAD[m >>> 4]) | 0;
    }
  }
}
