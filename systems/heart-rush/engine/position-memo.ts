// Answers that are pure functions of where everyone stands, kept across the
// combats of one simulator (HRS-25's detours): fights of one encounter start
// from one formation and meet the same blockages again and again (the Mill
// Road ambush looked a detour up 25 times a combat in the eighth pass; over 2,000 combats 96% of the detours
// asked had been asked before). Its greedy steps repeat as often (94%), but a step costs
// about what a lookup does, so they are not kept. An open-addressing table keyed by four small integers and
// where everyone stands: each combatant's x and y (two arrays), or its square's number when the caller keeps one
// (one array: a hit compares every word, so half the words are cheaper); the whole key is stored and compared, so a
// collision costs a recomputation, never a wrong answer. Emptied when three quarters full.

/** One combatant's share of a position hash: j standing on (x, y) (any integers), well mixed. */
export function zob(j: number, x: number, y: number): number {
  let h = Math.imul(x, 0x9e3779b1) ^ Math.imul(y ^ 0x5bd1e995, 0x85ebca77) ^ Math.imul(j + 1, 0xc2b2ae3d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x27d4eb2f);
  h ^= h >>> 13;
  return h;
}
/** The XOR of `zob(j, x[j], y[j])` over the first n: what a caller keeps up to date move by move (XOR out, XOR in). */
export function positionHash(x: Int32Array, y: Int32Array, n: number): number {
  let z = 0;
  for (let j = 0; j < n; j++) z ^= zob(j, x[j], y[j]);
  return z;
}

/** What `find` returns when the key is not kept. */
export const MISS = -0x40000000;

export class PositionMemo {
  private readonly L: number;
  private readonly keys: Int32Array;
  private readonly vals: Int32Array;
  private readonly used: Uint8Array;
  private fill = 0;
  /** The slot `find` stopped at: where `put` writes its key. */
  private slot = 0;
  private hash = 0;

  /** `n` combatants, their positions in one array (`two` false: a square's number each) or two (x and y); `slots` a power of two. */
  constructor(
    private readonly n: number,
    private readonly two: boolean,
    private readonly slots = 4096,
  ) {
    this.L = (two ? 2 * n : n) + 4;
    this.keys = new Int32Array(slots * this.L);
    this.vals = new Int32Array(slots);
    this.used = new Uint8Array(slots);
  }

  /**
   * The answer kept for (a, b, c, d) with everyone where p (and q, with `two`) say, else MISS (then `put` keeps one
   * for that key). `zpos` is a hash of where everyone stands, the same for the same positions (positionHash, kept by
   * the caller as positions change: a Zobrist hash).
   */
  find(a: number, b: number, c: number, d: number, p: Int32Array, q: Int32Array, zpos: number): number {
    const n = this.n,
      L = this.L,
      keys = this.keys,
      used = this.used,
      mask = this.slots - 1;
    // FNV-1a over the four small integers, then the positions' hash mixed in
    let h = Math.imul(0x811c9dc5 ^ a, 16777619);
    h = Math.imul(h ^ b, 16777619);
    h = Math.imul(h ^ c, 16777619);
    h = Math.imul(h ^ d, 16777619);
    h ^= zpos;
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    this.hash = h;
    for (let s = (h >>> 0) & mask; ; s = (s + 1) & mask) {
      if (used[s] === 0) {
        this.slot = s;
        return MISS;
      }
      const o = s * L;
      if (keys[o] !== a || keys[o + 1] !== b || keys[o + 2] !== c || keys[o + 3] !== d) continue;
      let same = true;
      for (let j = 0; same && j < n; j++) same = keys[o + 4 + j] === p[j];
      if (this.two) for (let j = 0; same && j < n; j++) same = keys[o + 4 + n + j] === q[j];
      if (same) return this.vals[s];
    }
  }

  /** Keeps `value` for the key the last `find` missed (the same a, b, c, d, p and q must be passed). */
  put(a: number, b: number, c: number, d: number, p: Int32Array, q: Int32Array, value: number): void {
    if (this.fill >= (this.slots * 3) >> 2) {
      this.used.fill(0);
      this.fill = 0;
      this.slot = (this.hash >>> 0) & (this.slots - 1);
    }
    const s = this.slot,
      o = s * this.L,
      keys = this.keys;
    keys[o] = a;
    keys[o + 1] = b;
    keys[o + 2] = c;
    keys[o + 3] = d;
    const n = this.n;
    for (let j = 0; j < n; j++) keys[o + 4 + j] = p[j];
    if (this.two) for (let j = 0; j < n; j++) keys[o + 4 + n + j] = q[j];
    this.vals[s] = value;
    this.used[s] = 1;
    this.fill++;
  }
}
