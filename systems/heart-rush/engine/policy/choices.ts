// The simulator's policy (HEART-RUSH.md "The simulator", RULINGS.md HRS-14,
// HRS-15): whom a combatant focuses, whom an opportunity attack or an opening
// strike hits, in which stance it reacts, whom it attacks in its phase, on whom
// it tries its maneuver, and the stance it takes in the engagement. These read
// the fight and return a choice; the rules beneath (sim/) apply it. Only the
// focus and the policy's own caches are written here, never a rule's state.

import * as state from '../sim/state.js';
import { HRStanceOdds } from '../sim/stance-odds.js';
import { mixText, solveZeroSum } from './mixed.js';
import type { Probs } from '../odds.js';

/** HRS-34: the least chance of winning its contest for which a maneuver replaces the attack (two in five). */
const MANEUVER_ODDS = 0.4;

/** P(mine > theirs) of two checks' totals (the resister wins ties, HR-D4), mine halved (rounded up) when asked. */
function contestWin(A: Probs, B: Probs, halve: boolean): number {
  const a = A.p,
    b = B.p;
  let s = 0;
  for (let x = 0; x < a.length; x++) {
    if (a[x] === 0) continue;
    const t = x + A.lo;
    const v = halve ? (t + 1) >> 1 : t;
    let below = 0;
    for (let y = 0; y < b.length && y + B.lo < v; y++) below += b[y];
    s += a[x] * below;
  }
  return s;
}

// Module constants, not live imported bindings, for the hot code: see "Imports" in sim.ts.
const {
  KEPT_FULL,
  KEPT_SLOTS,
  M_CLIMB,
  M_GRAPPLE,
  MIX_AT,
  MIX_VALUE_AT,
  NO_EXCHANGE_AT,
  STANCE_NAMES,
  S_CUN,
  S_DEF,
  S_MIGHT,
  S_NONE,
  T_WEAKEST,
  beats,
  canAttack,
  keptSlot,
  lv5,
  stanceTable,
} = state;

export abstract class HRPolicy extends HRStanceOdds {
  // ───────────── focus (the simulator's default tactic) ─────────────
  protected pickFocus(i: number): void {
    const weakest = this.tactic[i] === T_WEAKEST;
    let best = -1,
      db = 0,
      hb = 0; // dist(i, best) and hp[best], kept rather than read again for every candidate
    const foes = this.foes,
      s = this.side[i],
      live = this.live,
      hp = this.hp,
      x = this.x,
      y = this.y,
      xi = x[i],
      yi = y[i];
    for (let q = this.foeAt[s], e = this.foeAt[s + 1]; q < e; q++) {
      const j = foes[q];
      if (live[j] !== 1) continue;
      const dj = Math.max(Math.abs(x[j] - xi), Math.abs(y[j] - yi));
      // nearest first: a farther one's HP is never read (nor, for focus-weakest, asked any later than needed)
      if (!weakest && best >= 0 && dj > db) continue;
      const hj = hp[j];
      // (distance, HP), or (HP, distance) on focus-weakest, against the best's as one number's sign, both compares read
      // for every candidate: a tie's own compare, met first after this was optimized, threw that code away in every
      // worker (issue 32 item 5)
      const sd = Math.sign(dj - db),
        sh = Math.sign(hj - hb);
      if (best < 0 || (weakest ? sh * 2 + sd : sd * 2 + sh) < 0) {
        best = j;
        db = dj;
        hb = hj;
      }
    }
    const policy = best;
    // issue 33: a GM's rules may pick another (`target lowest hp`, `when a foe is prone: focus it`)
    if (this.scripted[i] === 1 && best >= 0) best = this.focusByRules(i, best);
    const changed = best !== this.focus[i];
    this.focus[i] = best;
    if (this.sink && changed && best >= 0) {
      this.emit({
        type: 'focus',
        round: this.round,
        who: this.names[i],
        target: this.names[best],
        reason: best !== policy ? 'your rule' : weakest ? 'lowest HP (focus-weakest)' : 'nearest enemy',
      });
    }
    // a rule's focus is logged when the focus changes (a focus kept is no news)
    if (this.sink && this.scripted[i] === 1) {
      if (changed) this.flushRules(i);
      else this.dropRules(i);
    }
  }
  /** The focus decision of a combatant with rules: every enemy up, the policy's being `best` (sim/rules.ts). */
  protected focusByRules(i: number, best: number): number {
    this.options();
    const foes = this.foes,
      s = this.side[i];
    for (let q = this.foeAt[s], e = this.foeAt[s + 1]; q < e; q++) {
      const j = foes[q];
      if (this.live[j] === 1) this.opt(`focus ${this.names[j]}`, j, 'focus', j);
    }
    return this.decide(i, 'focus', best);
  }

  protected oaTarget(i: number, meleeOnly: boolean): number {
    const f = this.focus[i];
    if (f >= 0 && this.up(f) && this.inReach(i, f) && (!meleeOnly || !this.isRanged(i))) return f;
    let best = -1;
    const foes = this.foes,
      s = this.side[i];
    for (let q = this.foeAt[s], e = this.foeAt[s + 1]; q < e; q++) {
      const j = foes[q];
      if (!this.up(j) || !this.inReach(i, j)) continue;
      if (best < 0 || this.dist(i, j) < this.dist(i, best)) best = j;
    }
    return best;
  }

  // ───────────── opportunity attacks (HR-O1…O3) ─────────────
  /** The stance with the best expected damage, no stance effects (HR-O3). */
  protected oaStance(i: number, t: number): number {
    if (!this.packed) return this.oaStanceExact(i, t);
    // a pure function of the pair, i's heart and weapon in hand, t's heart, and the six levels the three stances' rolls
    // take (clamped as a roll's key clamps them; the rest is what the stance table's key holds): kept in that table
    const tb = (this.table ??= stanceTable(this.tableKey()));
    const ranged = this.rangedNow[i] === 1,
      st = this.st,
      si = i * 4,
      sf = t * 4;
    const a = this.attackLevel(i, t, this.help[i]),
      d = this.defenseLevel(t, ranged, this.help[t]);
    const w0 = this.kind[i] | (this.kind[t] << 8) | (this.wIn[i] << 16) | (this.heart[i] << 24);
    const w1 =
      this.heart[t] |
      (lv5(a - st[si]) << 5) |
      (lv5(a - st[si + 1]) << 9) |
      (lv5(a - st[si + 2]) << 13) |
      (lv5(d - st[sf]) << 17) |
      (lv5(d - st[sf + 1]) << 21) |
      (lv5(d - st[sf + 2]) << 25);
    if (tb.oaKeys.length === 0 || tb.oaUsed >= KEPT_FULL) {
      if (tb.oaKeys.length === 0) {
        tb.oaKeys = new Int32Array(2 * KEPT_SLOTS);
        tb.oaVals = new Int8Array(KEPT_SLOTS);
      }
      tb.oaKeys.fill(-1);
      tb.oaUsed = 0;
    }
    const keys = tb.oaKeys;
    const slot = keptSlot(keys, w0, w1);
    if (keys[slot * 2] !== -1) return tb.oaVals[slot];
    const best = this.oaStanceExact(i, t);
    keys[slot * 2] = w0;
    keys[slot * 2 + 1] = w1;
    tb.oaVals[slot] = best;
    tb.oaUsed++;
    return best;
  }
  protected oaStanceExact(i: number, t: number): number {
    let best = S_MIGHT,
      bestE = -1;
    for (let s = 0; s < 3; s++) {
      this.expectedHit(i, t, s, S_NONE);
      const e = this.eh[0];
      if (e > bestE) {
        bestE = e;
        best = s;
      }
    }
    return best;
  }
  /** HR-E6 target: the focus if valid and in reach, else the best expected damage (then lowest HP, file order). */
  protected pickTarget(i: number, p: number): number {
    const f = this.focus[i];
    if (f >= 0 && this.validTarget(i, f, p) && this.inReach(i, f)) return f;
    // every valid enemy in reach is a target: a same-stance contest's expectation is dealt − taken, often below −1
    let best = -1,
      bestE = -Infinity,
      bestH = 0;
    const foes = this.foes,
      s = this.side[i];
    for (let q = this.foeAt[s], e = this.foeAt[s + 1]; q < e; q++) {
      const t = foes[q];
      if (!this.up(t) || !canAttack(p, this.stance[t]) || !this.inReach(i, t)) continue;
      this.expectedHitKept(i, t, p, this.stance[t]);
      const e = this.eh[0],
        h = this.hp[t];
      // (expectation, then the lower HP) against the best's as one number's sign, both read for every target: a
      // tie's own compare, met first after this was optimized, threw that code away in every worker (issue 32 item 5)
      if (best < 0 || Math.sign(bestE - e) * 2 + Math.sign(h - bestH) < 0) {
        bestE = e;
        best = t;
        bestH = h;
      }
    }
    return best;
  }
  // ───────────── maneuvers (HR-M1…M5) ─────────────
  /** `nm` maneuvers of this phase are queued in `mq` before i's (they resolve after the phase's attacks, HR-M1). */
  protected maneuverTarget(i: number, p: number, nm: number): number {
    const t = this.maneuverFirst(i, p, nm);
    return t >= 0 && this.maneuverWorth(i, t, p) ? t : -1;
  }
  /** HRS-14: the focus if the maneuver is allowed against it, else the first allowed enemy in file order. */
  protected maneuverFirst(i: number, p: number, nm: number): number {
    const f = this.focus[i];
    if (this.maneuverOk(i, f, p, nm)) return f;
    const foes = this.foes,
      s = this.side[i],
      live = this.live,
      stance = this.stance,
      x = this.x,
      y = this.y,
      xi = x[i],
      yi = y[i];
    for (let q = this.foeAt[s], e = this.foeAt[s + 1]; q < e; q++) {
      const t = foes[q];
      // maneuverOk's first tests, without the call: up, beaten, within 5 ft
      if (live[t] !== 1 || !beats(p, stance[t])) continue;
      const dx = x[t] - xi,
        dy = y[t] - yi;
      if (dx > 5 || dx < -5 || dy > 5 || dy < -5) continue;
      if (this.maneuverOk(i, t, p, nm)) return t;
    }
    return -1;
  }
  /**
   * Issue 32: whether the maneuver on t is worth the attack it replaces (HR-M1): not when the attack is expected to
   * finish t (its expected damage reaches t's HP), nor when the contest is a long shot, won less than two times in
   * five (a 3-HP fighter does not wrestle a helped ogre; even abilities, 44% with the tie to the resister, do). Both from the exact roll distributions, as the stance tactic reads them.
   */
  protected maneuverWorth(i: number, t: number, p: number): boolean {
    let hit = 0;
    if (this.inReach(i, t) && canAttack(p, this.stance[t])) {
      this.expectedHitKept(i, t, p, this.stance[t]);
      hit = this.eh[0];
      if (hit >= this.hp[t]) return false;
    }
    const m = this.maneuver[i];
    // HRS-40: a trip instead of an attack it can make only where the fall tells in this engagement
    if (m === state.M_TRIP && hit > 0 && !this.tripTells(i, t, p)) return false;
    let ab = p,
      tb = p,
      adv = 0,
      tadv = 0,
      halve = false;
    if (m === M_GRAPPLE) {
      const diff = this.size[i] - this.size[t];
      ab = S_MIGHT;
      tb = this.bestContestAbility(t);
      adv = Math.max(0, diff);
      tadv = Math.max(0, -diff);
      halve = this.hands[i] - this.wHands[this.weapon(i)] === 1;
    } else if (m === M_CLIMB) {
      ab = this.bestContestAbility(i);
      tb = this.bestContestAbility(t);
    }
    const ka = HRStanceOdds.key(
      this.heart[i],
      this.abil[i * 3 + ab],
      0,
      0,
      this.abil[i * 3 + ab],
      this.help[i] - this.st[i * 4 + ab] + adv,
      0,
    );
    const kt = HRStanceOdds.key(
      this.heart[t],
      this.abil[t * 3 + tb],
      0,
      0,
      this.abil[t * 3 + tb],
      this.help[t] - this.st[t * 4 + tb] + tadv,
      0,
    );
    const win = HRPolicy.contestKept(ka, kt, halve);
    if (win < MANEUVER_ODDS) return false;
    // HRS-39: a Helped attack turns every level of its Help into damage, a contest only into winning; HRS-34's
    // threshold prices a maneuver won at 1 / MANEUVER_ODDS unhelped hits, so a Helped one maneuvers only when its
    // contest's chance times that price is worth the Helped attack (unhelped, the same test as above)
    if (hit > 0 && this.help[i] > 0) return win * this.unhelpedHit(i, t, p) >= MANEUVER_ODDS * hit;
    return true;
  }
  /**
   * HRS-40: whether t prone from the end of phase p (HR-M1: maneuvers resolve after the phase's attacks) still meets
   * an attack in this engagement: its own on i or an ally of i, in a later phase (at a disadvantage, HR-T4), or one
   * of i's allies' on it, in a later phase (against a prone defense). Else the fall tells nothing: t stands with a
   * sidestep before it next moves (HR-T4), and the attack the trip replaced is lost.
   */
  protected tripTells(i: number, t: number, p: number): boolean {
    const stance = this.stance;
    const st = stance[t];
    // HR-E4's phases run cunning, agility, might: stance index S_CUN 2 > S_AGI 1 > S_MIGHT 0, so a later phase is a lower index
    const later = st < p; // t's own attack comes after the fall
    const mates = this.mates,
      s = this.side[i];
    for (let q = this.mateAt[s], e = this.mateAt[s + 1]; q < e; q++) {
      const a = mates[q];
      if (!this.up(a)) continue;
      const sa = stance[a];
      if (later && canAttack(st, sa) && this.inReach(t, a)) return true;
      if (a !== i && sa < p && canAttack(sa, st) && this.inReach(a, t)) return true;
    }
    return false;
  }
  /**
   * HRS-39: the expected damage of i's attack in stance p on t (in its stance, which p beats: no contest) without
   * i's Help: `expectedHit`'s defense roll, the attack's level less the Help (the same numbers HR-A6 adds, HR-C4).
   */
  protected unhelpedHit(i: number, t: number, p: number): number {
    const ts = this.stance[t];
    const w = this.weapon(i);
    const mb = p === S_MIGHT && ts === S_CUN; // HR-E9, as attackKey
    const ka = HRStanceOdds.key(
      this.heart[i],
      this.abil[i * 3 + p],
      this.wDie[w],
      mb && Number.isNaN(this.wMB[w]) ? this.wDie[w] : 0,
      this.abil[i * 3 + p],
      this.attackLevel(i, t, 0) - this.st[i * 4 + p],
      mb && !Number.isNaN(this.wMB[w]) ? this.wMB[w] : 0,
    );
    const kd = HRStanceOdds.key(
      this.heart[t],
      this.abil[t * 3 + p],
      0,
      0,
      this.abil[t * 3 + p],
      this.defenseLevel(t, this.isRanged(i), this.help[t]) - this.st[t * 4 + p],
      this.armor[t],
    );
    HRStanceOdds.mean(ka, kd, ts === S_DEF);
    return HRStanceOdds.m1[0];
  }
  /**
   * `contestWin` of the rolls of keys ka and kt, kept by their interned ids (a pure function of the two
   * distributions): its plain twin is contestWin itself, and test/systems/heart-rush/stance-table.test.ts holds the
   * two equal.
   */
  static contestKept(ka: number, kt: number, halve: boolean): number {
    const a = HRStanceOdds.id(ka),
      t = HRStanceOdds.id(kt);
    const key = (a * 1048576 + t) * 2 + (halve ? 1 : 0);
    let w = HRPolicy.contests.get(key);
    if (w === undefined) {
      w = contestWin(HRStanceOdds.probsById[a], HRStanceOdds.probsById[t], halve);
      HRPolicy.contests.set(key, w);
    }
    return w;
  }
  /** contestKept's answers, by the pair of roll ids and the halving (every simulator of the thread shares them). */
  private static readonly contests = new Map<number, number>();
  /** The plain twin of contestKept: the exact odds from the two rolls' distributions. */
  static contestPlain(ka: number, kt: number, halve: boolean): number {
    return contestWin(HRStanceOdds.probs(ka), HRStanceOdds.probs(kt), halve);
  }
  /**
   * HRS-15 (issue 32 item 4): the stance, drawn from the optimal mixed strategy of the zero-sum game against the focus
   * (the 4 × 4 exchange matrix, expected dealt − taken), solved exactly (policy/mixed.ts) and kept beside the matrix;
   * the draw comes from i's stance stream (Dice.mixDraw), so a seed replays it and the dice never move for it. A focus
   * surprised this round stands in no stance (HR-S1): i answers that with its best pure stance.
   */
  protected chooseStance(i: number): number {
    const f = this.focus[i];
    if (f < 0 || !this.up(f)) {
      this.stanceWhy = 'no focus';
      return S_DEF;
    }
    if (this.round === 1 && this.surprised[f]) return this.stanceAgainstNone(i, f);
    // f already chose against i this engagement (mutual focus, the common case): i's game is f's transposed and
    // negated, whose optimal row mix is the column mix of f's solution
    const n = this.n;
    if (this.engAt.length !== n * n) {
      this.engAt = new Float64Array(n * n).fill(-1);
      this.engBase = new Int32Array(n * n);
      this.engEpoch = new Float64Array(n * n);
    }
    let base: number,
      mutual = false;
    const rev = f * n + i;
    if (this.engAt[rev] === this.engagements && this.engEpoch[rev] === this.table!.epoch) {
      base = this.engBase[rev];
      mutual = true;
    } else {
      base = this.matrix(i, f);
      if (this.focus[f] === i) {
        const p = i * n + f;
        this.engAt[p] = this.engagements;
        this.engBase[p] = base;
        this.engEpoch[p] = this.table!.epoch;
      }
    }
    if (base === NO_EXCHANGE_AT) {
      // neither reaches the other: every stance is worth 0, and might is the first (fist order)
      if (this.sink) this.stanceWhy = `neither reaches ${this.names[f]}: every stance 0`;
      return S_MIGHT;
    }
    // the solved game lies beside the matrix (state.ts SLOT_TAIL): the cache lines the matrix lookup just read
    const mixes = this.table!.mats,
      m0 = base + MIX_AT;
    if (mixes[m0] !== mixes[m0]) mixes[base + MIX_VALUE_AT] = solveZeroSum(mixes, base, 4, mixes, m0, mixes, m0 + 4);
    const o = mutual ? m0 + 4 : m0;
    // one draw, unless the mix is pure
    let s = 0;
    if (mixes[o] < 1 && mixes[o + 1] < 1 && mixes[o + 2] < 1 && mixes[o + 3] < 1) {
      const u = this.dice.mixDraw(i);
      let acc = 0;
      s = 3;
      for (let k = 0; k < 3; k++) {
        acc += mixes[o + k];
        if (u < acc) {
          s = k;
          break;
        }
      }
      while (mixes[o + s] <= 0 && s > 0) s--; // never a stance of weight 0 (a rounding of the sum)
    } else {
      while (mixes[o + s] < 1) s++;
    }
    if (this.sink) {
      const v = mutual ? -mixes[base + MIX_VALUE_AT] : mixes[base + MIX_VALUE_AT];
      this.stanceWhy = `against ${this.names[f]}: ${mixText(mixes, o, STANCE_NAMES)} (worth ${v >= 0 ? '+' : ''}${v.toFixed(2)})`;
    }
    return s;
  }
  /** Against a focus in no stance (surprised, HR-S1): the stance of the best expected hit (defensive: 0). */
  protected stanceAgainstNone(i: number, f: number): number {
    let best = S_DEF,
      bestE = 0;
    for (let s = 0; s < 3; s++) {
      if (!this.reachFor(i, f, s)) continue;
      this.expectedHit(i, f, s, S_NONE);
      if (this.eh[0] > bestE + 1e-12) {
        bestE = this.eh[0];
        best = s;
      }
    }
    if (this.sink)
      this.stanceWhy = `${this.names[f]} is surprised (HR-S1): best expected hit ${best === S_DEF ? 'none' : '+' + bestE.toFixed(2)}`;
    return best;
  }
}
