// The path searches and approach fields kept across combats (TG-V3; issue 32 item 5): the tables a fast-path
// Pathfinder (path.ts) answers a search or a field from when an earlier combat of the encounter asked it. Memos of
// path.ts's searches, each with its plain twin there (Pathfinder.run's search, fieldToward); the twins' tests:
// test/systems/tactical-grid/kept-searches.test.ts and planner-twins.test.ts. Split from path.ts by concern.

/** Bucket keys: diagonal steps above the cell index (cells < 2^14 = 16384 > 100 × 100, TG-G1); path.ts's own. */
const KEY_BITS = 14;

/**
 * Path searches kept across combats: fights of one encounter start from one formation and search from the same
 * squares over the same open squares again and again (the crypt asks 34 searches a combat, 93% of them asked in an
 * earlier combat; Mill Road 99.6%). A search reads only the board, its origin, its budget, the `pass` array and the
 * walls, so one table serves every fast-path simulator of a thread on one map while the walls are the map's own
 * (`keptSearches`): a sweep's variants and the encounters an edit rebuilds start warm. Keyed by the origin, the
 * budget and the `pass` array's open squares within the budget's reach (all the search reads; hashed and compared word
 * by word), so a collision costs a search, never a wrong answer. A result takes a word a cell on boards up to MEMO_CELLS
 * cells, two on bigger ones (issue 32 item 5: the 48 × 48 bench asks ~108 searches a combat, 84% of them asked in an
 * earlier combat), whose keys hold all the open squares (no `balls`: they would take megabytes); a table turns over
 * (RunMemo) when three quarters of its slots or all of its pool are used.
 */
export const MEMO_CELLS = 256;
const MEMO_SLOTS = 16384;
const MEMO_POOL = 1 << 19;
/**
 * The pool of a table on a board above MEMO_CELLS (two words a cell, and every open square in the key: a record of the
 * 48 × 48 bench takes ≈ 250 words, so MEMO_POOL kept ≈ 2,000 and turned over every ≈ 100 fights; four times as much
 * asks 14.5 searches a fight instead of 21, issue 32 item 5).
 */
const MEMO_POOL_WIDE = 1 << 21;
/** The largest budget whose searches are kept by the open squares within reach only (Pathfinder.ballKey); above it, all. */
export const BALL_MAX = 12;
/** Pass arrays whose memo key a Pathfinder keeps (a simulator has one per side and hazard choice). */
export const PASS_KEYS = 4;

/** One generation of kept searches: an open-addressing table of MEMO_SLOTS slots and the pool of their records. */
class MemoTable {
  /**
   * Per slot, two words side by side: 1 + where its record starts in `pool` (0: free), and the key's hash. Small
   * (128 KB), so a probe mostly stays in the core's own cache; the key itself is compared in the record, which a hit
   * reads next anyway.
   */
  readonly slots = new Int32Array(2 * MEMO_SLOTS);
  /**
   * Per kept search, one record: origin, budget, the key's pass bits (`words` words), then the result (RunMemo.put):
   * the number of cells and the cells.
   */
  readonly pool: Int32Array;
  poolUsed = 0;
  fill = 0;
  constructor(
    readonly words: number,
    readonly poolSize: number,
  ) {
    this.pool = new Int32Array(poolSize);
  }
  clear(): void {
    this.slots.fill(0);
    this.poolUsed = 0;
    this.fill = 0;
  }
  /** Room for a result of `need` words (with its key) and one more slot. */
  fits(need: number): boolean {
    return this.fill < (MEMO_SLOTS * 3) >> 2 && this.poolUsed + 2 + this.words + need <= this.poolSize;
  }
}

/**
 * The kept searches in two generations: when the current table is full it becomes the old one and the old one,
 * emptied, the current. A search found only in the old table is copied into the current one, so the searches still
 * asked survive every turnover (emptying the one table threw them all away, and a few thousand combats after each
 * turnover searched again what had been kept).
 */
export class RunMemo {
  private cur: MemoTable;
  /** The previous generation, made at the first turnover (most tables never fill). */
  private old: MemoTable | null = null;
  private readonly words: number;
  /** Words a cell of a result takes: 1 up to MEMO_CELLS cells, else 2 (`wide`: cell and cost, predecessor + 1). */
  readonly per: number;
  constructor(size: number) {
    this.words = (size + 31) >> 5;
    this.per = size > MEMO_CELLS ? 2 : 1;
    this.cur = new MemoTable(this.words, this.per === 2 ? MEMO_POOL_WIDE : MEMO_POOL);
    this.data = this.cur.pool;
  }
  /** The current table's slot of the last probe that missed there. */
  private slot = 0;
  private hash = 0;
  /** The pool holding the result find() answered. */
  data: Int32Array;

  /** The offset in t's pool of the result kept there for this key, or −1 (then `slot` is where it would go). */
  private probe(t: MemoTable, from: number, budget: number, pw: Int32Array, po: number, h: number): number {
    const W = this.words,
      head = t.slots,
      pool = t.pool;
    for (let s = (h >>> 0) & (MEMO_SLOTS - 1); ; s = (s + 1) & (MEMO_SLOTS - 1)) {
      const r1 = head[2 * s];
      if (r1 === 0) {
        this.slot = s;
        return -1;
      }
      if (head[2 * s + 1] !== h) continue;
      const r = r1 - 1;
      if (pool[r] !== from || pool[r + 1] !== budget) continue;
      let same = true;
      for (let k = 0, b = r + 2; same && k < W; k++) same = pool[b + k] === pw[po + k];
      if (same) return r + 2 + W;
    }
  }

  /**
   * The offset in `data` of the result kept for this search, or −1 (then `put` keeps one). `pw`: the squares open to
   * the mover as a bit set (Pathfinder.passKey), `ph` its hash.
   */
  find(from: number, budget: number, pw: Int32Array, po: number, ph: number): number {
    let h = Math.imul(ph ^ from, 16777619);
    h = Math.imul(h ^ budget, 16777619);
    h ^= h >>> 13;
    this.hash = h;
    const cur = this.cur;
    const at = this.probe(cur, from, budget, pw, po, h);
    if (at >= 0) {
      this.data = cur.pool;
      return at;
    }
    const old = this.old;
    if (old === null || old.fill === 0) return -1;
    const slot = this.slot;
    const o = this.probe(old, from, budget, pw, po, h);
    this.slot = slot;
    if (o < 0) return -1;
    // kept in the old generation: copied into the current one if it has room (else answered from the old pool)
    const src = old.pool,
      n = src[o] * this.per;
    if (!cur.fits(1 + n)) {
      this.data = src;
      return o;
    }
    const p = this.claim(from, budget, pw, po);
    cur.pool.set(src.subarray(o, o + 1 + n), p);
    cur.poolUsed = p + 1 + n;
    this.data = cur.pool;
    return p;
  }

  /**
   * Takes slot `slot` of the current table for this key (find's hash) and writes the key at the pool's end; returns
   * where its result starts in the pool.
   */
  private claim(from: number, budget: number, pw: Int32Array, po: number): number {
    const t = this.cur,
      s = this.slot,
      W = this.words,
      pool = t.pool,
      r = t.poolUsed;
    t.slots[2 * s] = r + 1;
    t.slots[2 * s + 1] = this.hash;
    pool[r] = from;
    pool[r + 1] = budget;
    for (let k = 0; k < W; k++) pool[r + 2 + k] = pw[po + k];
    t.fill++;
    t.poolUsed = r + 2 + W;
    return t.poolUsed;
  }

  /**
   * Keeps the search just run (its touched cells in order, each with its cost and predecessor in one word: cell in
   * bits 0–7, predecessor + 1 in bits 8–16, cost from bit 17; a board here has at most 256 cells, so a cost is at
   * most 512; on a bigger board two words: cell | cost << 14 (KEY_BITS), then predecessor + 1), unless it cannot fit.
   */
  put(
    from: number,
    budget: number,
    pw: Int32Array,
    po: number,
    ph: number,
    n: number,
    touched: Int32Array,
    cost: Int32Array,
    prev: Int32Array,
  ): void {
    const need = 1 + n * this.per;
    if (2 + this.words + need > this.cur.poolSize) return;
    if (!this.cur.fits(need)) {
      // the turnover: the full table becomes the old one, the old one, emptied, the current
      const t = this.old ?? new MemoTable(this.words, this.cur.poolSize);
      this.old = this.cur;
      this.cur = t;
      t.clear();
      this.find(from, budget, pw, po, ph); // the slot again, in the emptied table (and the search is not in the old one)
    }
    let p = this.claim(from, budget, pw, po);
    const pool = this.cur.pool;
    pool[p++] = n;
    if (this.per === 2)
      for (let i = 0; i < n; i++) {
        const c = touched[i];
        pool[p++] = c | (cost[c] << KEY_BITS);
        pool[p++] = prev[c] + 1;
      }
    else
      for (let i = 0; i < n; i++) {
        const c = touched[i];
        pool[p++] = c | ((prev[c] + 1) << 8) | (cost[c] << 17);
      }
    this.cur.poolUsed = p;
  }
}

/** Kept searches by map (and a caller's role), most recently asked last; at most MAX_TABLES in a thread (≈ 3 MB a generation, ≈ 9 MB on a board above MEMO_CELLS). */
const kept = new Map<string, RunMemo>();
const MAX_TABLES = 4;

/** The thread's kept searches for `key` (a map and a role), made if new, the least recently asked dropped if too many. */
export function keptSearches(key: string, size: number): RunMemo | null {
  if (size > 1 << KEY_BITS) return null;
  let m = kept.get(key);
  if (m) kept.delete(key);
  else {
    if (kept.size >= MAX_TABLES) kept.delete(kept.keys().next().value!);
    m = new RunMemo(size);
  }
  kept.set(key, m);
  return m;
}

/**
 * Approach fields kept across combats on big maps (issue 32 item 5): the fights of one encounter close in from one
 * formation the same way until the first roll that matters, so most approach fields are asked again in later combats
 * (the 48 × 48 bench: 69% of fieldToward's calls, 80% of its squares). Keyed by everything fieldToward reads — the goal,
 * the slack, the sources in order, and the open squares of `pass` and `wall` as bits — hashed and then compared word
 * by word, so a collision costs a search, never a wrong answer; the result is fieldToward's `out` exactly (its squares
 * below UNREACHED with their values). Boards above MEMO_CELLS only (smaller fields are cheap to search); a table is
 * emptied when it holds FIELD_WORDS words. Plain twin: fieldToward (Pathfinder.fieldKept;
 * test/systems/tactical-grid/planner-twins.test.ts holds whole fights equal with and without it).
 */
const FIELD_WORDS = 1 << 22;
export class FieldMemo {
  private readonly recs = new Map<number, { key: Int32Array; res: Int32Array }[]>();
  private words = 0;
  /** The record kept for key[0 … n) with hash h, or null. */
  find(key: Int32Array, n: number, h: number): Int32Array | null {
    const list = this.recs.get(h);
    if (list === undefined) return null;
    for (let i = 0; i < list.length; i++) {
      const k = list[i].key;
      if (k.length !== n) continue;
      let same = true;
      for (let j = 0; same && j < n; j++) same = k[j] === key[j];
      if (same) return list[i].res;
    }
    return null;
  }
  put(key: Int32Array, n: number, h: number, res: Int32Array): void {
    if (this.words + n + res.length > FIELD_WORDS) {
      this.recs.clear();
      this.words = 0;
    }
    const rec = { key: key.slice(0, n), res };
    const list = this.recs.get(h);
    if (list === undefined) this.recs.set(h, [rec]);
    else list.push(rec);
    this.words += n + res.length;
  }
}
const keptFields = new Map<string, FieldMemo>();
const LE = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
/**
 * The squares of `a` holding 1 as bits (bit c & 31 of word c >> 5) into out[o …], four squares a step where the array
 * is aligned (a little-endian machine): each byte equal to 1 found exactly, its flag gathered by one multiplication.
 */
export function onesAsBits(a: Uint8Array, out: Int32Array, o: number): void {
  const n = a.length,
    W = (n + 31) >> 5;
  if (LE && (a.byteOffset & 3) === 0 && (n & 31) === 0) {
    const q = new Uint32Array(a.buffer, a.byteOffset, n >> 2);
    for (let w = 0, j = 0; w < W; w++) {
      let bits = 0;
      for (let i = 0; i < 32; i += 4, j++) {
        const y = q[j] ^ 0x01010101; // a zero byte where a[c] = 1
        const z = ~(((y & 0x7f7f7f7f) + 0x7f7f7f7f) | y) & 0x80808080; // its high bit set there, exactly
        bits |= (Math.imul(z >>> 7, 0x10204080) >>> 28) << i;
      }
      out[o + w] = bits;
    }
    return;
  }
  for (let w = 0; w < W; w++) {
    let bits = 0;
    for (let c = w << 5, e = Math.min(n, c + 32), i = 0; c < e; c++, i++) bits |= (((a[c] ^ 1) - 1) >>> 31) << i;
    out[o + w] = bits;
  }
}

/** The thread's kept approach fields for `key` (a map and a role), made if new, the least recently asked dropped if too many. */
export function keptFieldMemo(key: string): FieldMemo {
  let m = keptFields.get(key);
  if (m) keptFields.delete(key);
  else {
    if (keptFields.size >= MAX_TABLES) keptFields.delete(keptFields.keys().next().value!);
    m = new FieldMemo();
  }
  keptFields.set(key, m);
  return m;
}
