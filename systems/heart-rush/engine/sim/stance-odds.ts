// The exact exchange odds the stance tactic reads (odds.ts's roll
// distributions), and their memos: roll keys interned to small ids, a mean
// cache by pair of ids, the 4 × 4 exchange matrix of a pair kept by its row in a
// table shared by every simulator of an alike encounter, and the kept answers
// of expectedHitKept. Plain twins: `expectedHit` (one cell from the exact
// distributions) is what `matrix` keeps, and `expectedHitKept` keeps
// `expectedHit`; test/systems/heart-rush/stance-table.test.ts holds each memo
// equal to its twin.

import { meanDamage, rollProbs, type Probs } from '../odds.js';
import type { StanceTable } from './state.js';
import * as state from './state.js';
import { HRRolls } from './rolls.js';

// Module constants, not live imported bindings, for the hot code: see "Imports" in sim.ts.
const {
  KEPT_FULL,
  KEPT_SLOTS,
  MIX_AT,
  NO_EXCHANGE_AT,
  SLOT_TAIL,
  S_CUN,
  S_DEF,
  S_MIGHT,
  canAttack,
  keptSlot,
  lv5,
  stanceTable,
} = state;

export abstract class HRStanceOdds extends HRRolls {
  /**
   * expectedHit(i, t, s, ts) into eh[0], kept in the stance table (packed rows only): a pure function of the pair, the
   * stances, i's heart and weapon, t's heart (and weapon, in a contest, and whether t reaches i: HR-C2's foiled attack)
   * and the two clamped levels the rolls take.
   */
  protected expectedHitKept(i: number, t: number, s: number, ts: number): void {
    if (!this.packed) return this.expectedHit(i, t, s, ts);
    const tb = (this.table ??= stanceTable(this.tableKey()));
    const st = this.st,
      si = i * 4,
      sf = t * 4,
      contest = ts === s;
    const a = this.attackLevel(i, t, this.help[i]) - st[si + s];
    // in a contest t rolls an attack with no target (engagementAttack's rollAttack(t, …, −1)), else a defense
    const d =
      (contest ? this.attackLevel(t, -1, this.help[t]) : this.defenseLevel(t, this.rangedNow[i] === 1, this.help[t])) -
      st[sf + s];
    const w0 = this.kind[i] | (this.kind[t] << 8) | (this.wIn[i] << 16) | (this.heart[i] << 24);
    // in a contest, whether t reaches i (HR-C2 ruling: else it only foils the attack)
    const back = contest && this.inReach(t, i) ? 1 : 0;
    const w1 =
      this.heart[t] |
      ((contest ? this.wIn[t] : 0) << 5) |
      (s << 13) |
      (ts << 15) |
      (lv5(a) << 18) |
      (lv5(d) << 22) |
      (back << 26);
    if (tb.ehKeys.length === 0 || tb.ehUsed >= KEPT_FULL) {
      if (tb.ehKeys.length === 0) {
        tb.ehKeys = new Int32Array(2 * KEPT_SLOTS);
        tb.ehVals = new Float64Array(KEPT_SLOTS);
      }
      tb.ehKeys.fill(-1);
      tb.ehUsed = 0;
    }
    const keys = tb.ehKeys;
    const slot = keptSlot(keys, w0, w1);
    if (keys[slot * 2] !== -1) {
      this.eh[0] = tb.ehVals[slot];
      return;
    }
    this.expectedHit(i, t, s, ts);
    keys[slot * 2] = w0;
    keys[slot * 2 + 1] = w1;
    tb.ehVals[slot] = this.eh[0];
    tb.ehUsed++;
  }
  /** Key of a roll for the odds cache: up to 4 dice, extra die, level, flat. */
  protected static key(
    d0: number,
    d1: number,
    d2: number,
    d3: number,
    extra: number,
    level: number,
    flat: number,
  ): number {
    const lv = (level > 5 ? 5 : level < -5 ? -5 : level) + 5;
    const fl = Math.max(0, Math.min(63, flat + 32));
    return ((((((d0 >> 1) * 8 + (d1 >> 1)) * 8 + (d2 >> 1)) * 8 + (d3 >> 1)) * 8 + (extra >> 1)) * 16 + lv) * 64 + fl;
  }
  // Roll keys (below 2^25) are interned to small ids so the mean cache is keyed by a small integer: an open
  // addressing table of keys and ids (key −1 = empty), doubled when half full.
  protected static idKeys = new Int32Array(1024).fill(-1);
  protected static idVals = new Int32Array(1024);
  protected static readonly probsById: Probs[] = [];
  protected static readonly meanById = new Map<number, number>();
  protected static idSlot(keys: Int32Array, key: number): number {
    const mask = keys.length - 1;
    let s = (Math.imul(key, 0x9e3779b1) >>> 16) & mask;
    while (keys[s] !== -1 && keys[s] !== key) s = (s + 1) & mask;
    return s;
  }
  /** The distribution of the roll of key `key` (interned: the same array every time). */
  protected static probs(key: number): Probs {
    return HRStanceOdds.probsById[HRStanceOdds.id(key)];
  }
  protected static id(key: number): number {
    let s = HRStanceOdds.idSlot(HRStanceOdds.idKeys, key);
    if (HRStanceOdds.idKeys[s] === key) return HRStanceOdds.idVals[s];
    let k = key;
    const fl = (k % 64) - 32;
    k = Math.floor(k / 64);
    const lv = (k % 16) - 5;
    k = Math.floor(k / 16);
    const extra = (k % 8) * 2;
    k = Math.floor(k / 8);
    const ds: number[] = [];
    for (let j = 0; j < 4; j++) {
      ds.unshift((k % 8) * 2);
      k = Math.floor(k / 8);
    }
    const id = HRStanceOdds.probsById.length;
    HRStanceOdds.probsById.push(
      rollProbs(
        ds.filter((x) => x > 0),
        extra,
        lv,
        fl,
      ),
    );
    if (2 * (id + 1) > HRStanceOdds.idKeys.length) {
      const keys = new Int32Array(HRStanceOdds.idKeys.length * 2).fill(-1),
        vals = new Int32Array(keys.length);
      for (let t = 0; t < HRStanceOdds.idKeys.length; t++) {
        if (HRStanceOdds.idKeys[t] === -1) continue;
        const u = HRStanceOdds.idSlot(keys, HRStanceOdds.idKeys[t]);
        keys[u] = HRStanceOdds.idKeys[t];
        vals[u] = HRStanceOdds.idVals[t];
      }
      HRStanceOdds.idKeys = keys;
      HRStanceOdds.idVals = vals;
      s = HRStanceOdds.idSlot(keys, key);
    }
    HRStanceOdds.idKeys[s] = key;
    HRStanceOdds.idVals[s] = id;
    return id;
  }
  /**
   * Where `mean` leaves its answer, and `expectedHit` its own: a double returned from a call that is not inlined is
   * boxed (a heap number per call), one written to a Float64Array is not.
   */
  protected static readonly m1 = new Float64Array(1);
  /** Mean cache: a flat table for the first 512 roll ids (NaN = not computed), a Map beyond. */
  protected static readonly meanTable = new Float64Array(512 * 512 * 2).fill(NaN);
  protected static mean(ka: number, kd: number, halved: boolean): void {
    const a = HRStanceOdds.id(ka),
      d = HRStanceOdds.id(kd);
    const h = halved ? 1 : 0;
    if (a < 512 && d < 512) {
      const slot = (a * 512 + d) * 2 + h;
      let m = HRStanceOdds.meanTable[slot];
      if (m !== m)
        m = HRStanceOdds.meanTable[slot] = meanDamage(HRStanceOdds.probsById[a], HRStanceOdds.probsById[d], halved);
      HRStanceOdds.m1[0] = m;
      return;
    }
    const key = (a * 1048576 + d) * 2 + h;
    let m = HRStanceOdds.meanById.get(key);
    if (m === undefined) {
      m = meanDamage(HRStanceOdds.probsById[a], HRStanceOdds.probsById[d], halved);
      HRStanceOdds.meanById.set(key, m);
    }
    HRStanceOdds.m1[0] = m;
  }
  protected attackKey(i: number, s: number, ts: number, t: number): number {
    const w = this.weapon(i);
    const mb = s === S_MIGHT && ts === S_CUN;
    const die = mb && Number.isNaN(this.wMB[w]) ? this.wDie[w] : 0;
    const flat = mb && !Number.isNaN(this.wMB[w]) ? this.wMB[w] : 0;
    return HRStanceOdds.key(
      this.heart[i],
      this.abil[i * 3 + s],
      this.wDie[w],
      die,
      this.abil[i * 3 + s],
      this.attackLevel(i, t, this.help[i]) - this.st[i * 4 + s],
      flat,
    );
  }
  /** Expected damage of i's attack in stance s on t in stance ts (exact odds, before shrugging). */
  expectedHit(i: number, t: number, s: number, ts: number): void {
    const ka = this.attackKey(i, s, ts, t);
    if (ts === s) {
      const kb = this.attackKey(t, s, s, -1);
      HRStanceOdds.mean(ka, kb, false);
      const dealt = HRStanceOdds.m1[0];
      // HR-C2 ruling: a target out of its reach of i only foils the attack, it deals i nothing
      if (!this.inReach(t, i)) {
        this.eh[0] = dealt;
        return;
      }
      HRStanceOdds.mean(kb, ka, false);
      this.eh[0] = dealt - HRStanceOdds.m1[0];
      return;
    }
    const kd = HRStanceOdds.key(
      this.heart[t],
      this.abil[t * 3 + s],
      0,
      0,
      this.abil[t * 3 + s],
      this.defenseLevel(t, this.isRanged(i), this.help[t]) - this.st[t * 4 + s],
      this.armor[t],
    );
    HRStanceOdds.mean(ka, kd, ts === S_DEF);
    this.eh[0] = HRStanceOdds.m1[0];
  }
  /**
   * The row of the matrix table for the pair (i, f): the pair's kinds kind[i] * n + kind[f], then everything its 4 × 4 exchange matrix
   * depends on that can change in a fight. Packed into 4 words when every field fits its bits (`packed`, most
   * encounters: a smaller table misses the processor's cache less), else one word a field (20). Returns the row's
   * reach bits (who reaches whom in which stance; 0: neither reaches the other, and every cell of the matrix is 0).
   */
  protected row(i: number, f: number, out: Int32Array): number {
    // reachFor(i, f, s) and reachFor(f, i, s) for the three stances, from one distance: might and cunning
    // reach alike, agility adds its sidestep (HR-E8)
    const d = this.dist(i, f);
    let m = 0;
    // (within plain reach, the sidestep's reach holds too: its 5 ft are asked only beyond it)
    if (!(this.rangedNow[i] === 1 && this.cover[f] >= 99)) {
      if (d <= this.reachNow[i]) m |= 0b111;
      else if (d <= this.reachNow[i] + this.agiExtra(i)) m |= 0b010;
    }
    if (!(this.rangedNow[f] === 1 && this.cover[i] >= 99)) {
      if (d <= this.reachNow[f]) m |= 0b111000;
      else if (d <= this.reachNow[f] + this.agiExtra(f)) m |= 0b010000;
    }
    if (this.climbers > 0) {
      if (this.climbing[i] === f) m |= 64; // HR-T6 ±3 levels change the odds
      if (this.climbing[f] === i) m |= 128;
    }
    const pair = this.kind[i] * this.n + this.kind[f],
      prone = this.prone[i] * 2 + this.prone[f],
      grapple = this.grappleLvl(i) * 2 + this.grappleLvl(f);
    const si = i * 4,
      sf = f * 4,
      st = this.st;
    if (this.packed) {
      // word 0 stays ≥ 0 (−1 marks an empty slot): pair < 2^16, covers ≤ 99 < 2^7
      out[0] = pair | (this.cover[i] << 16) | (this.cover[f] << 23);
      out[1] = this.heart[i] | (this.heart[f] << 5) | (prone << 10) | (grapple << 12) | (m << 14);
      // statuses are capped at 5 (HR-T1): 3 bits each
      out[2] =
        st[si] |
        (st[si + 1] << 3) |
        (st[si + 2] << 6) |
        (st[si + 3] << 9) |
        (st[sf] << 12) |
        (st[sf + 1] << 15) |
        (st[sf + 2] << 18) |
        (st[sf + 3] << 21);
      out[3] = this.wIn[i] | (this.wIn[f] << 8) | (this.help[i] << 16) | (this.help[f] << 24);
      return m;
    }
    out[0] = pair;
    out[1] = this.heart[i];
    out[2] = this.heart[f];
    out[3] = this.wIn[i];
    out[4] = this.wIn[f];
    out[5] = this.help[i];
    out[6] = this.help[f];
    for (let k = 0; k < 4; k++) {
      out[7 + k] = st[si + k];
      out[11 + k] = st[sf + k];
    }
    out[15] = prone;
    out[16] = grapple;
    out[17] = this.cover[i];
    out[18] = this.cover[f];
    out[19] = m;
    return m;
  }
  /**
   * The matrix table starts at 2^6 slots and doubles when 5/8 full, up to 2^15; full at that size, it is emptied. It
   * starts small so its first doubling comes within a worker's first fights, while `matrix` still runs unoptimized:
   * from 2^10 it came after, with no type feedback for the doubling's reads, and threw matrix's optimized code away in
   * every worker (node --trace-deopt; issue 32 item 5). The rows, and so every answer, are the same at any size.
   */
  protected static readonly MIN_SLOTS = 1 << 6;
  protected static readonly MAX_SLOTS = 1 << 15;
  /** Where `row` (R ints of sigNow or of a table) lives in a table of `slots` slots, or the empty slot it would take. */
  protected static find(sigs: Int32Array, slots: number, row: Int32Array, o: number, R: number): number {
    let h = 0x811c9dc5;
    for (let k = 0; k < R; k++) h = Math.imul(h ^ row[o + k], 0x01000193);
    h ^= h >>> 15;
    let slot = h & (slots - 1);
    const S = R + SLOT_TAIL;
    for (;;) {
      const p = slot * S;
      if (sigs[p] === -1) return slot;
      let same = true;
      for (let k = 0; k < R; k++)
        if (sigs[p + k] !== row[o + k]) {
          same = false;
          break;
        }
      if (same) return slot;
      slot = (slot + 1) & (slots - 1);
    }
  }
  protected static resizeTable(tb: StanceTable, slots: number, R: number): void {
    const oldSigs = tb.sigs,
      oldSlots = tb.slots,
      S = R + SLOT_TAIL;
    const buf = new ArrayBuffer(slots * S * 4);
    tb.sigs = new Int32Array(buf).fill(-1);
    tb.mats = new Float64Array(buf);
    tb.slots = slots;
    tb.epoch++;
    for (let s = 0; s < oldSlots; s++) {
      if (oldSigs[s * S] === -1) continue;
      const t = HRStanceOdds.find(tb.sigs, slots, oldSigs, s * S, R);
      tb.sigs.set(oldSigs.subarray(s * S, s * S + S), t * S);
    }
  }
  /**
   * The exchange matrix V[ms * 4 + ts] = expected dealt − taken of i (stance ms) against f (stance ts).
   * A pure function of the pair and its row, so one table (open addressing, linear probing) serves
   * every combat of every simulator of an alike encounter in this thread (`tableKey`): most rounds of most
   * combats repeat a state seen before, and a sweep or an edit makes a new simulator per batch.
   * Returns the matrix's offset in `mats`, or NO_EXCHANGE_AT when neither reaches the other (then every cell is 0: no
   * need to keep or find one).
   */
  protected matrix(i: number, f: number): number {
    const R = this.R;
    const tb = (this.table ??= stanceTable(this.tableKey()));
    if (tb.slots === 0) HRStanceOdds.resizeTable(tb, HRStanceOdds.MIN_SLOTS, R);
    else if (tb.used > (tb.slots >> 3) * 5) {
      if (tb.slots < HRStanceOdds.MAX_SLOTS) HRStanceOdds.resizeTable(tb, tb.slots * 2, R);
      else {
        tb.sigs.fill(-1);
        tb.used = 0;
        tb.epoch++;
      }
    }
    const now = this.sigNow,
      pair = i * this.n + f;
    if ((this.row(i, f, now) & 63) === 0) return NO_EXCHANGE_AT;
    // the pair's last slot first: a pair's state often holds from one round to the next
    if (this.lastSlot.length !== this.n * this.n) this.lastSlot = new Int32Array(this.n * this.n);
    const last = this.lastSlot[pair],
      S = R + SLOT_TAIL;
    if (last < tb.slots) {
      let same = true;
      for (let k = 0; k < R; k++)
        if (tb.sigs[last * S + k] !== now[k]) {
          same = false;
          break;
        }
      if (same) return (last * S + R) >> 1;
    }
    const slot = HRStanceOdds.find(tb.sigs, tb.slots, now, 0, R);
    this.lastSlot[pair] = slot;
    if (tb.sigs[slot * S] !== -1) return (slot * S + R) >> 1;
    tb.used++;
    tb.sigs.set(now, slot * S);
    const base = (slot * S + R) >> 1;
    for (let ms = 0; ms < 4; ms++) {
      for (let ts = 0; ts < 4; ts++) {
        let x = 0;
        if (ms < 3 && canAttack(ms, ts) && this.reachFor(i, f, ms)) {
          this.expectedHit(i, f, ms, ts);
          x += this.eh[0];
        }
        if (ts < 3 && canAttack(ts, ms) && this.reachFor(f, i, ts)) {
          this.expectedHit(f, i, ts, ms);
          x -= this.eh[0];
        }
        tb.mats[base + ms * 4 + ts] = x;
      }
    }
    tb.mats[base + MIX_AT] = NaN; // its game not solved yet (chooseStance)
    return base;
  }
  /**
   * What a matrix reads besides its row, combatant by combatant: abilities, armor, and each weapon's die, might
   * bonus, reach and kind (the row holds which weapon is in hand); with the row's width and the count. Two
   * encounters with the same key have the same matrix for every row (a sweep of HP, an edit elsewhere).
   */
  protected tableKey(): string {
    const parts: (number | string)[] = [this.R, this.n];
    for (let i = 0; i < this.n; i++) parts.push(this.statsKey(i));
    return parts.join(',');
  }
}
