// The actor choice (TG-V2) kept across the combats of one fast-path simulator.
//
// pickActor's answer is a pure function of what its plans read: every
// combatant's square and OUT/dead state; of the side's members their
// exhausted/stunned state, a Hinder holding at the next turn, difficulty,
// tactics pool, attack bonus and Taunt; of their enemies facing, hiding, harm
// taken, difficulty and defence bonus — with the walls as the map drew them
// (TGSim.pickKey says why the rest is left out). Many side turns start from a
// state an earlier combat already met (every combat's first, and 40–60% of all
// on the bundled grid samples), so the
// simulator keys that state (`PickMemo.key`, filled by TGSim.pickKey), and on a
// hit takes the kept choice (a Command with it, TG-Y6) and the plans it scored
// instead of planning again. Only the fast path keeps choices (no events, so no
// reasons to tell); a side turn after Still Life changed the walls is planned
// afresh.
//
// The table keeps the first states met, up to a bound, and never evicts: the
// states that recur most are the early ones, met first.

import type { Plan } from './plan.js';

/**
 * A kept choice, as find() answers it: the member picked, the member who commanded it (TG-Y6) or −1, and each member
 * scored on the way (its plan and its row of targets). One cursor object per table, moved by each find() (no object
 * per hit); read it before the next find().
 */
export class Kept {
  pick = -1;
  /** The member who commanded `pick` (TG-Y6), or −1. */
  reactor = -1;
  /** How many members were scored. */
  count = 0;
  /** Where the entry's members start in `memo.rec`, its plans in `memo.planArena`, its marks in `memo.marksArena`. */
  at = 0;
  planAt = 0;
  marksAt = 0;
  constructor(private readonly memo: PickMemo) {}
  member(j: number): number {
    return this.memo.rec[this.at + j];
  }
  plan(j: number): Plan | null {
    return this.memo.planArena[this.planAt + j];
  }
  /** Member j's row of n targets (TGSim.targetMarks) starts here in `memo.marksArena`. */
  marksRow(j: number, n: number): number {
    return this.marksAt + j * n;
  }
}

/** Kept choices at most, and bytes of keys and target marks at most (≈ 1 KB a choice on a 12-combatant map; a
 * huge encounter's choices are larger, so the bytes bound them first). Issue 32 item 5: 8,192 choices filled within
 * a few thousand fights of every grid sample once TGS-43 … 45 put every member's harm in the key (a thread of a
 * 10,000-fight run fights 5,000); 65,536 (≤ 32 MB) keep the crypt's first 5,000 fights whole (≈ 50,000 choices, 22
 * MB): its hits from 47% to 54% of side turns, the wolf pack's from 68% to 72%. */
const MAX_KEPT = 65536;
const MAX_BYTES = 32 << 20;
/** About what a kept plan holds (its object and its path). */
const PLAN_BYTES = 200;
/** Open addressing: twice MAX_KEPT slots (a power of two), so the table is at most half full. */
const SLOTS = 2 * MAX_KEPT;
/** A record's header: the key's length, the pick, the reactor, how many members, where their plans start in planArena. */
const HDR = 5;
/**
 * `rec`'s words when MAX_BYTES are spent: a record holds the bytes keep() counts (its key, members and marks) less its
 * plans' PLAN_BYTES, plus its header and the marks' padding (< HDR + 1 words), so a full table's records fit (one
 * record more may pass the bound: the doubling past REC_WORDS stays for it and for huge maps' records).
 */
const REC_WORDS = (MAX_BYTES >> 2) + (HDR + 1) * MAX_KEPT;
/** How much `rec` grows at a time below REC_WORDS (then straight to REC_WORDS; past it, doubling). */
const REC_GROWTH = 8;
/**
 * `rec`'s first words: small, so keep() grows it within its first few dozen calls, while it is still interpreted and
 * records what its call of grow() meets (issue 32 item 5: from 16,384 words the first growth came after keep() was
 * optimized, which then had no feedback for that call and threw its code away, in every worker, on every grid
 * sample). 1 KB, 8 KB and 64 KB copied once more: nothing beside the table.
 */
const REC_START = 1 << 8;

export class PickMemo {
  /** The state being looked up or kept; TGSim.pickKey fills key[0 .. len). */
  readonly key: Int32Array;
  /**
   * Per slot, side by side: 1 + where its record starts in `rec` (0: empty) and the key's hash; linear probing, never
   * deleted. One array, so a probe is one cache line, not two (the table is 1 MB and its probes land anywhere).
   */
  private readonly slots = new Int32Array(2 * SLOTS);
  /**
   * The entries, each one record in one arena: its header (HDR words), its key, its members, then its rows of target
   * marks as bytes (padded to a word). A hit reads one run of memory — header, key, members and marks in a few
   * adjacent cache lines — not a line in each of seven per-entry arrays and three arenas; grown by doubling.
   */
  rec: Int32Array = new Int32Array(REC_START);
  /** `rec`'s bytes: the marks are read through it (made again when `rec` grows). */
  marksArena: Uint8Array = new Uint8Array(this.rec.buffer);
  private recUsed = 0;
  readonly planArena: (Plan | null)[] = [];
  private count = 0;
  private bytes = 0;
  private hash = 0;
  private len = 0;
  private readonly cursor = new Kept(this);
  /** Choices found (tests read it: the comparisons with fresh simulators must take kept choices). */
  hits = 0;
  /** `rec` doubles as it fills (grow()'s plain twin, for the test that holds the two equal). */
  plainGrowth = false;

  constructor(keyCapacity: number) {
    this.key = new Int32Array(keyCapacity);
  }

  /** FNV-1a of key[0 .. len): a hash find() may take (any function of the key's words will do, used the same way for every key). */
  static hashOf(key: Int32Array, len: number): number {
    let h = 0x811c9dc5;
    for (let i = 0; i < len; i++) h = Math.imul(h ^ key[i], 16777619);
    return h;
  }

  /**
   * The choice kept for key[0 .. len) (the table's cursor, valid until the next find), or undefined. `h`: the key's hash,
   * as the caller folded it while writing the key (TGSim.pickKey: no second pass over the words), else hashOf's.
   */
  find(len: number, h: number = PickMemo.hashOf(this.key, len)): Kept | undefined {
    const key = this.key;
    this.hash = h;
    this.len = len;
    const slots = this.slots,
      rec = this.rec;
    // (the probe advanced at the top of every pass, the first included: a step first taken after this was optimized, at
    // a slot's first collision, sent it back to be compiled again in every worker; issue 32 item 5)
    for (let i = ((h ^ (h >>> 15)) - 1) & (SLOTS - 1); ;) {
      i = (i + 1) & (SLOTS - 1);
      const e1 = slots[2 * i];
      if (e1 === 0) return undefined;
      if (slots[2 * i + 1] !== h) continue;
      const o = e1 - 1;
      if (rec[o] !== len) continue;
      const at = o + HDR;
      let j = 0;
      while (j < len && rec[at + j] === key[j]) j++;
      if (j === len) {
        this.hits++;
        const c = this.cursor;
        c.pick = rec[o + 1];
        c.reactor = rec[o + 2];
        const count = (c.count = rec[o + 3]);
        c.planAt = rec[o + 4];
        c.at = at + len;
        c.marksAt = 4 * (at + len + count);
        return c;
      }
    }
  }

  /** The table holds MAX_KEPT choices and keeps no more. */
  get full(): boolean {
    return this.count >= MAX_KEPT || this.bytes >= MAX_BYTES;
  }

  /**
   * Keeps the choice for the state of the last find() (which missed), unless the table is full: members[0 .. count)
   * with their plans, and count rows of marks (marks.length / members.length each).
   */
  keep(
    pick: number,
    reactor: number,
    members: Int32Array,
    plans: readonly (Plan | null)[],
    marks: Uint8Array,
    count = members.length,
    nMarks = marks.length,
  ): void {
    if (this.full) return;
    this.count++;
    const len = this.len;
    this.bytes += 4 * len + nMarks + 4 * count + PLAN_BYTES * count;
    const words = HDR + len + count + ((nMarks + 3) >> 2);
    while (this.recUsed + words > this.rec.length) this.grow();
    const rec = this.rec,
      o = this.recUsed;
    this.recUsed += words;
    const planAt = this.planArena.length;
    rec[o] = len;
    rec[o + 1] = pick;
    rec[o + 2] = reactor;
    rec[o + 3] = count;
    rec[o + 4] = planAt;
    // (a loop: a subarray per kept choice was half of keep())
    const key = this.key;
    for (let j = 0, b = o + HDR; j < len; j++) rec[b + j] = key[j];
    const at = o + HDR + len;
    for (let j = 0; j < count; j++) {
      rec[at + j] = members[j];
      this.planArena.push(plans[j]);
    }
    const m8 = this.marksArena;
    for (let j = 0, b = 4 * (at + count); j < nMarks; j++) m8[b + j] = marks[j];
    const h = this.hash;
    // (find()'s probe, advanced at the top of every pass as there)
    let i = ((h ^ (h >>> 15)) - 1) & (SLOTS - 1);
    do i = (i + 1) & (SLOTS - 1);
    while (this.slots[2 * i] !== 0);
    this.slots[2 * i] = o + 1;
    this.slots[2 * i + 1] = h;
  }

  /**
   * A larger `rec`, its records copied: × REC_GROWTH up to REC_WORDS, then doubling. Issue 32 item 5: doubling from
   * 64 KB to a crypt thread's 7.4 MB (48,000 choices in 5,000 fights) copied and first touched each word about twice
   * (the copies, and each array it dropped), and was keep()'s hottest line in a profile; × 8 copies about a seventh
   * of the final size, and the last array's untouched tail costs nothing until it is written (in process, 5,000 crypt
   * fights: 20,000 → 18,500 page faults, system time 275 → 220 ms, peak memory 126 → 108 MB). The same records at
   * the same offsets: what find() answers is unchanged (the plain twin `plainGrowth` doubles, as before;
   * pick-memo.test.ts holds the two equal).
   */
  private grow(): void {
    const len = this.rec.length;
    const next = this.plainGrowth ? 2 * len : len >= REC_WORDS ? 2 * len : Math.min(REC_GROWTH * len, REC_WORDS);
    const g = new Int32Array(next);
    g.set(this.rec);
    this.rec = g;
    this.marksArena = new Uint8Array(g.buffer);
  }
}
