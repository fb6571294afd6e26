// The actor choice (TG-V2) kept across the combats of one fast-path simulator.
//
// pickActor's answer is a pure function of what its plans read: every
// combatant's square, facing, OUT/dead/exhausted/stunned/hidden state, harm
// taken, difficulty, tactics pool, attack and defence bonuses, Taunt and
// whether a Hinder holds at its next turn — with the walls as the map drew
// them. Many side turns start from a state an earlier combat already met (every
// combat's first, and 40–60% of all on the bundled grid samples), so the
// simulator keys that state (`PickMemo.key`, filled by TGSim.pickKey), and on a
// hit takes the kept choice (a Command with it, TG-Y6) and the plans it scored
// instead of planning again. Only the fast path keeps choices (no events, so no
// reasons to tell); a side turn after Still Life changed the walls is planned
// afresh.
//
// The table keeps the first states met, up to a bound, and never evicts: the
// states that recur most are the early ones, met first.

import type { Plan } from './plan.js';

/** One kept choice: the state, the member picked, and each member scored on the way (its plan and its targets). */
interface Kept {
  readonly key: Int32Array;
  readonly pick: number;
  /** The member who commanded `pick` (TG-Y6), or −1. */
  readonly reactor: number;
  readonly members: Int32Array;
  readonly plans: (Plan | null)[];
  /** members.length rows of n: the targets each member's scored search reached (TGSim.targetMarks). */
  readonly marks: Uint8Array;
}

/** Kept choices at most, and bytes of keys and target marks at most (≈ 1 KB a choice on a 12-combatant map; a
 * huge encounter's choices are larger, so the bytes bound them first). */
const MAX_KEPT = 8192;
const MAX_BYTES = 8 << 20;
/** About what a kept plan holds (its object and its path). */
const PLAN_BYTES = 200;
/** Open addressing: twice MAX_KEPT slots (a power of two), so the table is at most half full. */
const SLOTS = 2 * MAX_KEPT;

export class PickMemo {
  /** The state being looked up or kept; TGSim.pickKey fills key[0 .. len). */
  readonly key: Int32Array;
  /** Per slot: the key's hash and 1 + its index in `kept` (0: empty); linear probing, never deleted. */
  private readonly slotHash = new Int32Array(SLOTS);
  private readonly slotEntry = new Int32Array(SLOTS);
  private readonly kept: Kept[] = [];
  private count = 0;
  private bytes = 0;
  private hash = 0;
  private len = 0;
  /** Choices found (tests read it: the comparisons with fresh simulators must take kept choices). */
  hits = 0;

  constructor(keyCapacity: number) {
    this.key = new Int32Array(keyCapacity);
  }

  /** The choice kept for key[0 .. len), or undefined. */
  find(len: number): Kept | undefined {
    const key = this.key;
    let h = 0x811c9dc5;
    for (let i = 0; i < len; i++) h = Math.imul(h ^ key[i], 16777619);
    this.hash = h;
    this.len = len;
    const slotHash = this.slotHash, slotEntry = this.slotEntry;
    for (let i = (h ^ (h >>> 15)) & (SLOTS - 1); ; i = (i + 1) & (SLOTS - 1)) {
      const e = slotEntry[i];
      if (e === 0) return undefined;
      if (slotHash[i] !== h) continue;
      const kept = this.kept[e - 1], k = kept.key;
      if (k.length !== len) continue;
      let same = true;
      for (let j = 0; same && j < len; j++) same = k[j] === key[j];
      if (same) {
        this.hits++;
        return kept;
      }
    }
  }

  /** The table holds MAX_KEPT choices and keeps no more. */
  get full(): boolean {
    return this.count >= MAX_KEPT || this.bytes >= MAX_BYTES;
  }

  /** Keeps the choice for the state of the last find() (which missed), unless the table is full. */
  keep(pick: number, reactor: number, members: Int32Array, plans: (Plan | null)[], marks: Uint8Array): void {
    if (this.full) return;
    this.count++;
    this.bytes += 4 * this.len + marks.length + 4 * members.length + PLAN_BYTES * plans.length;
    const h = this.hash;
    this.kept.push({ key: this.key.slice(0, this.len), pick, reactor, members, plans, marks });
    let i = (h ^ (h >>> 15)) & (SLOTS - 1);
    while (this.slotEntry[i] !== 0) i = (i + 1) & (SLOTS - 1);
    this.slotHash[i] = h;
    this.slotEntry[i] = this.kept.length;
  }
}
