// Exact odds of single Heart Rush exchanges (HEART-RUSH.md "Exact odds").
// A roll's distribution is built by dynamic programming over its dice: with
// (dis)advantage (HR-D3) the state is the sorted tuple of the dice kept so
// far; without it a plain convolution. Counts are integers: one roll has at
// most 12^10 outcomes, exact in a double; products of two rolls go through
// BigInt so the fractions the spec prints are asserted exactly.

import { frac, type Frac } from '../../../engine/fraction.js';

export { frac, fracNum, fracStr, type Frac } from '../../../engine/fraction.js';

export interface RollSpec {
  /** Die sizes of the normal pool, canonical order (heart, ability, weapon, might-bonus die). */
  readonly dice: readonly number[];
  /** Size of the extra dice (dis)advantage adds: the roll's ability die (HR-D3). */
  readonly extraDie: number;
  /** Net advantage level, clamped to −5…+5 (HR-D3). */
  readonly level: number;
  /** Flat modifiers added after keeping (armor, flat might bonus). */
  readonly flat: number;
}

/**
 * counts[v] = number of outcomes with total v + lo; total = product of die sizes. `lo` is 0 unless a negative flat
 * modifier (armor below 0, HR-N4) can push a total below 0, and then the lowest total: a total is never clamped, the
 * simulator subtracts the rolls as they fall (HR-C1's minimum 0 is the damage's, not a roll's).
 */
export interface Dist {
  readonly counts: readonly number[];
  readonly total: number;
  readonly lo: number;
}

export function clampLevel(l: number): number {
  return l > 5 ? 5 : l < -5 ? -5 : l;
}

const dists = new Map<string, Dist>();
/** HR-D2/D3: the exact distribution of one roll (remembered: a report or a hover asks for the same rolls again). */
export function rollDist(r: RollSpec): Dist {
  const key = `${r.dice.join(',')}|${r.extraDie}|${clampLevel(r.level)}|${r.flat}`;
  let d = dists.get(key);
  if (!d) {
    if (dists.size >= 10_000) dists.clear();
    dists.set(key, (d = computeDist(r)));
  }
  return d;
}

function computeDist(r: RollSpec): Dist {
  const level = clampLevel(r.level);
  const dice = r.dice.slice();
  for (let i = 0; i < Math.abs(level); i++) dice.push(r.extraDie);
  const k = r.dice.length;
  let total = 1;
  for (const d of dice) total *= d;
  let sums: Map<number, number>;
  if (level === 0) {
    // plain convolution
    let cur = new Map<number, number>([[0, 1]]);
    for (const d of dice) {
      const next = new Map<number, number>();
      for (const [s, c] of cur) for (let f = 1; f <= d; f++) next.set(s + f, (next.get(s + f) ?? 0) + c);
      cur = next;
    }
    sums = cur;
  } else if (k <= 5) {
    sums = thresholdSums(dice, k, level > 0);
  } else {
    // state: the kept dice as a sorted tuple (best first), encoded base 13 in a number key
    const high = level > 0;
    let cur = new Map<number, number>([[0, 1]]); // key → count; key digits = kept faces, best first
    let len = 0; // dice seen so far
    const tuple = new Array<number>(k + 1);
    for (const d of dice) {
      const next = new Map<number, number>();
      const kept = Math.min(len, k);
      for (const [key, c] of cur) {
        // decode
        let x = key;
        for (let j = kept - 1; j >= 0; j--) {
          tuple[j] = x % 13;
          x = Math.floor(x / 13);
        }
        for (let f = 1; f <= d; f++) {
          const nk = insertKept(tuple, kept, k, f, high);
          next.set(nk, (next.get(nk) ?? 0) + c);
        }
      }
      cur = next;
      len++;
    }
    sums = new Map();
    for (const [key, c] of cur) {
      let s = 0,
        x = key;
      while (x > 0) {
        s += x % 13;
        x = Math.floor(x / 13);
      }
      sums.set(s, (sums.get(s) ?? 0) + c);
    }
  }
  let max = 0,
    lo = 0;
  for (const s of sums.keys()) {
    if (s + r.flat > max) max = s + r.flat;
    if (s + r.flat < lo) lo = s + r.flat;
  }
  const counts = new Array<number>(max - lo + 1).fill(0);
  for (const [s, c] of sums) counts[s + r.flat - lo] += c;
  return { counts, total, lo };
}

/**
 * The key (base 13, best first) of the kept faces `tuple[0..kept)` with face f inserted in order and the worst
 * beyond k dropped: one step of both dynamic programmes below.
 */
function insertKept(tuple: ArrayLike<number>, kept: number, k: number, f: number, high: boolean): number {
  let nk = 0,
    placed = false,
    m = 0;
  for (let j = 0; j < kept && m < k; j++) {
    if (!placed && (high ? f > tuple[j] : f < tuple[j])) {
      nk = nk * 13 + f;
      placed = true;
      m++;
      if (m >= k) break;
    }
    nk = nk * 13 + tuple[j];
    m++;
  }
  if (!placed && m < k) nk = nk * 13 + f;
  return nk;
}

/**
 * The totals of the k kept dice of `dice` (the highest when `high`, else the lowest; HR-D3), by face threshold: a
 * faster exact programme than `keptSums` (its plain twin; test/systems/heart-rush/odds.test.ts holds the two equal on
 * every pool the simulator rolls). With N_t the number of dice showing t or more, the k highest sum to
 * Σ_t min(k, N_t) and the k lowest to Σ_t max(0, N_t − (n − k)). Going down from the largest face, a die not yet
 * counted at threshold t (so showing t or less) whose size is t or more shows exactly t in 1 of its t faces left,
 * whatever its size; so the m such dice of N counted so far (m = A_t − N, A_t the dice of size t or more) add j of
 * them at t in C(m, j) ways, and the state is only (N, the sum so far): at most 10 × 109 states a threshold, where the
 * tuple's programme walks hundreds of sorted tuples times every face of every die. Counts are integers below 2^53:
 * the very same sums.
 */
export function thresholdSums(dice: readonly number[], k: number, high: boolean): Map<number, number> {
  const n = dice.length;
  let top = 0;
  for (let q = 0; q < n; q++) if (dice[q] > top) top = dice[q];
  const S = top * k + 1; // sums 0 … top·k
  const W = (n + 1) * S;
  if (TH_CUR.length < W) {
    TH_CUR = new Float64Array(W);
    TH_NEXT = new Float64Array(W);
  }
  let cur = TH_CUR,
    next = TH_NEXT;
  cur.fill(0, 0, W);
  cur[0] = 1;
  const drop = n - k;
  for (let t = top; t >= 1; t--) {
    let a = 0; // A_t: dice of size t or more
    for (let q = 0; q < n; q++) if (dice[q] >= t) a++;
    next.fill(0, 0, W);
    for (let N = 0; N <= a; N++) {
      const m = a - N;
      for (let s = 0; s < S; s++) {
        const c = cur[N * S + s];
        if (c === 0) continue;
        // at t = 1 every die left shows 1: all m are counted
        for (let j = t === 1 ? m : 0; j <= m; j++) {
          const M = N + j;
          // both counts at every turn, so neither compare is met first after this was optimized (issue 32 item 5)
          const hi = M < k ? M : k,
            lo = M > drop ? M - drop : 0;
          const add = high ? hi : lo;
          next[M * S + s + add] += c * BINOM[m * 16 + j];
        }
      }
    }
    const tmp = cur;
    cur = next;
    next = tmp;
  }
  const sums = new Map<number, number>();
  for (let s = 0; s < S; s++) if (cur[n * S + s] !== 0) sums.set(s, cur[n * S + s]);
  return sums;
}
let TH_CUR = new Float64Array(0),
  TH_NEXT = new Float64Array(0);
/** BINOM[m * 16 + j] = C(m, j), m < 16. */
const BINOM = new Float64Array(16 * 16);
for (let m = 0; m < 16; m++) {
  BINOM[m * 16] = 1;
  for (let j = 1; j <= m; j++)
    BINOM[m * 16 + j] = BINOM[(m - 1) * 16 + j - 1] + (j <= m - 1 ? BINOM[(m - 1) * 16 + j] : 0);
}

/**
 * The same dynamic programme as computeDist's (the kept faces as a sorted tuple, best first, base 13), its states in
 * typed arrays indexed by their key rather than in Maps: k ≤ 5 kept dice, 13^5 keys at most. Counts are integers
 * below 2^53, so adding them in any order gives the very same sums.
 */
export function keptSums(dice: readonly number[], k: number, high: boolean): Map<number, number> {
  const size = 13 ** k;
  // the tables are kept between calls (all zero again on return): a fresh set of four 13^k tables a call cost more
  // than the programme itself (k = 4: 685 kB to allocate and clear for each of a worker's first few hundred rolls)
  // (up to 13^4 kept: k = 5 tables, 9 MB, are made for the call alone)
  let t = keptScratch;
  if (t.size < size) {
    t = {
      size,
      a: new Float64Array(size),
      b: new Float64Array(size),
      ka: new Int32Array(size),
      kb: new Int32Array(size),
    };
    if (size <= 13 ** 4) keptScratch = t;
  }
  let cur = t.a,
    next = t.b;
  let keys = t.ka,
    nkeys = t.kb;
  let nCur = 1;
  cur[0] = 1;
  keys[0] = 0;
  const tuple = new Int32Array(k + 1);
  let len = 0;
  for (const d of dice) {
    const kept = Math.min(len, k);
    let nNext = 0;
    for (let q = 0; q < nCur; q++) {
      const key = keys[q],
        c = cur[key];
      cur[key] = 0;
      let x = key;
      for (let j = kept - 1; j >= 0; j--) {
        tuple[j] = x % 13;
        x = (x - tuple[j]) / 13;
      }
      for (let f = 1; f <= d; f++) {
        const nk = insertKept(tuple, kept, k, f, high);
        if (next[nk] === 0) nkeys[nNext++] = nk;
        next[nk] += c;
      }
    }
    [cur, next] = [next, cur];
    [keys, nkeys] = [nkeys, keys];
    nCur = nNext;
    len++;
  }
  const sums = new Map<number, number>();
  for (let q = 0; q < nCur; q++) {
    const key = keys[q];
    let s = 0,
      x = key;
    while (x > 0) {
      const r = x % 13;
      s += r;
      x = (x - r) / 13;
    }
    sums.set(s, (sums.get(s) ?? 0) + cur[key]);
    cur[key] = 0;
  }
  return sums;
}
let keptScratch = {
  size: 0,
  a: new Float64Array(0),
  b: new Float64Array(0),
  ka: new Int32Array(0),
  kb: new Int32Array(0),
};

/** How raw damage becomes damage that gets through: HR-E10 halving, rounded up (HR-C3). */
export function halve(raw: number): number {
  return Math.ceil(raw / 2);
}

/**
 * Distribution (BigInt counts over total A.total·D.total) of the damage an attack deals:
 * max(A − D, 0) (HR-C1), halved when the target is defensive (HR-E10, HR-C3).
 */
export function damageCounts(att: Dist, def: Dist, halved: boolean): { counts: bigint[]; total: bigint } {
  const total = BigInt(att.total) * BigInt(def.total);
  // the largest raw damage: the highest attack total less the lowest defense total
  const rawTop = Math.max(0, att.counts.length - 1 + att.lo - def.lo);
  const top = halved ? halve(rawTop) : rawTop;
  const shift = att.lo - def.lo; // damage of counts index pair (a, d) = a − d + shift
  if (exactInDoubles(att, def, 1)) {
    // every partial sum is an integer below 2^53: add in doubles, then make each count a BigInt once
    const acc = new Float64Array(top + 1);
    let len = 0;
    for (let a = 0; a < att.counts.length; a++) {
      const ca = att.counts[a];
      if (!ca) continue;
      for (let d = 0; d < def.counts.length; d++) {
        const cd = def.counts[d];
        if (!cd) continue;
        let dmg = a - d + shift;
        if (dmg < 0) dmg = 0;
        if (halved) dmg = halve(dmg);
        if (dmg >= len) len = dmg + 1;
        acc[dmg] += ca * cd;
      }
    }
    const counts: bigint[] = [];
    for (let v = 0; v < len; v++) counts.push(BigInt(acc[v]));
    return { counts, total };
  }
  const counts: bigint[] = [];
  for (let a = 0; a < att.counts.length; a++) {
    const ca = att.counts[a];
    if (!ca) continue;
    for (let d = 0; d < def.counts.length; d++) {
      const cd = def.counts[d];
      if (!cd) continue;
      let dmg = a - d + shift;
      if (dmg < 0) dmg = 0;
      if (halved) dmg = halve(dmg);
      while (counts.length <= dmg) counts.push(0n);
      counts[dmg] += BigInt(ca) * BigInt(cd);
    }
  }
  return { counts, total };
}

/** True when sums of count products of a and b, each weighted by up to `weight`, stay exact in a double. */
function exactInDoubles(a: Dist, b: Dist, weight: number): boolean {
  return a.total * b.total * weight <= Number.MAX_SAFE_INTEGER;
}

export interface AttackOdds {
  readonly pHit: Frac; // P(damage ≥ 1)
  readonly mean: Frac; // E[damage]
  readonly pWound: Frac; // P(damage ≥ 10), before shrugging (HR-H3)
}

/** HR-C1/C3/E10/H3: P(damage ≥ 1), E[damage], P(wound) of one attack against one defense. */
export function attackOdds(att: RollSpec, def: RollSpec, halved: boolean): AttackOdds {
  const { counts, total } = damageCounts(rollDist(att), rollDist(def), halved);
  return summarize(counts, total);
}

function summarize(counts: bigint[], total: bigint): AttackOdds {
  let hit = 0n,
    sum = 0n,
    wound = 0n;
  for (let v = 1; v < counts.length; v++) {
    hit += counts[v];
    sum += BigInt(v) * counts[v];
    if (v >= 10) wound += counts[v];
  }
  return { pHit: frac(hit, total), mean: frac(sum, total), pWound: frac(wound, total) };
}

export interface ContestOdds {
  readonly pWin: Frac; // attacker's roll higher
  readonly pTie: Frac;
  readonly pLose: Frac;
  readonly meanToTarget: Frac;
  readonly meanToAttacker: Frac;
  readonly pTargetWounded: Frac;
  readonly pAttackerWounded: Frac;
}

/** HR-C2/D4: a same-stance contest, both attack rolls, loser takes the difference, tie deals 0. */
export function contestOdds(att: RollSpec, tgt: RollSpec): ContestOdds {
  const a = rollDist(att),
    b = rollDist(tgt);
  const t = BigInt(a.total) * BigInt(b.total);
  const shift = a.lo - b.lo; // the difference of counts index pair (x, y) = x − y + shift
  let win = 0n,
    tie = 0n,
    lose = 0n,
    toT = 0n,
    toA = 0n,
    wT = 0n,
    wA = 0n;
  if (exactInDoubles(a, b, Math.max(a.counts.length, b.counts.length) + Math.abs(shift))) {
    // every partial sum (a difference times a count product at most) is an integer below 2^53
    let nw = 0,
      nt = 0,
      nl = 0,
      nT = 0,
      nA = 0,
      nwT = 0,
      nwA = 0;
    for (let x = 0; x < a.counts.length; x++) {
      const ca = a.counts[x];
      if (!ca) continue;
      for (let y = 0; y < b.counts.length; y++) {
        const cb = b.counts[y];
        if (!cb) continue;
        const c = ca * cb;
        const d = x - y + shift;
        if (d > 0) {
          nw += c;
          nT += d * c;
          if (d >= 10) nwT += c;
        } else if (d < 0) {
          nl += c;
          nA += -d * c;
          if (-d >= 10) nwA += c;
        } else nt += c;
      }
    }
    win = BigInt(nw);
    tie = BigInt(nt);
    lose = BigInt(nl);
    toT = BigInt(nT);
    toA = BigInt(nA);
    wT = BigInt(nwT);
    wA = BigInt(nwA);
  } else {
    for (let x = 0; x < a.counts.length; x++) {
      if (!a.counts[x]) continue;
      for (let y = 0; y < b.counts.length; y++) {
        if (!b.counts[y]) continue;
        const c = BigInt(a.counts[x]) * BigInt(b.counts[y]);
        const d = x - y + shift;
        if (d > 0) {
          win += c;
          toT += BigInt(d) * c;
          if (d >= 10) wT += c;
        } else if (d < 0) {
          lose += c;
          toA += BigInt(-d) * c;
          if (-d >= 10) wA += c;
        } else tie += c;
      }
    }
  }
  return {
    pWin: frac(win, t),
    pTie: frac(tie, t),
    pLose: frac(lose, t),
    meanToTarget: frac(toT, t),
    meanToAttacker: frac(toA, t),
    pTargetWounded: frac(wT, t),
    pAttackerWounded: frac(wA, t),
  };
}

/**
 * HR-M1/M2/D4: P(the maneuver succeeds) = P(my check > the resisting check) (the resister wins ties);
 * `halveMine`: grappling with exactly one free hand halves my result, rounded up (HR-M2).
 */
export function maneuverOdds(mine: RollSpec, theirs: RollSpec, halveMine: boolean): Frac {
  const a = rollDist(mine),
    b = rollDist(theirs);
  let win = 0n;
  for (let x = 0; x < a.counts.length; x++) {
    if (!a.counts[x]) continue;
    const mx = halveMine ? halve(x + a.lo) : x + a.lo;
    for (let y = 0; y < b.counts.length && y + b.lo < mx; y++) win += BigInt(a.counts[x]) * BigInt(b.counts[y]);
  }
  return frac(win, BigInt(a.total) * BigInt(b.total));
}

/**
 * HR-H1 shrug rule as a pure function: damage taken from `dmg` (after halving) given current HP and heart die.
 * Returns [taken, shrugged].
 */
export function shrugTaken(
  dmg: number,
  hp: number,
  heart: number,
  rule: 'auto' | 'always' | 'never',
): [number, boolean] {
  if (dmg <= 0 || heart <= 4 || rule === 'never') return [dmg, false];
  if (rule === 'always' || dmg >= 10 || hp - dmg <= 0) return [halve(dmg), true];
  return [dmg, false];
}

/** The taken-damage distribution under a shrug rule (a fixed function of raw damage and HP). */
export function takenCounts(
  dmg: { counts: bigint[]; total: bigint },
  hp: number,
  heart: number,
  rule: 'auto' | 'always' | 'never',
): { counts: bigint[]; total: bigint } {
  const out: bigint[] = [];
  for (let v = 0; v < dmg.counts.length; v++) {
    const [t] = shrugTaken(v, hp, heart, rule);
    while (out.length <= t) out.push(0n);
    out[t] += dmg.counts[v];
  }
  return { counts: out, total: dmg.total };
}

// ── floating point, cached: what the simulator's tactic reads (same DP) ──
/** Probabilities of one roll's totals: p[v] = P(total = v + lo) (lo as in Dist: below 0 only with a negative flat). */
export interface Probs {
  readonly p: Float64Array;
  readonly lo: number;
}
const distCache = new Map<string, Probs>();

/** Probabilities of one roll's totals (cached by spec). */
export function rollProbs(dice: readonly number[], extraDie: number, level: number, flat: number): Probs {
  const key = dice.join(',') + '|' + extraDie + '|' + clampLevel(level) + '|' + flat;
  let p = distCache.get(key);
  if (!p) {
    const d = rollDist({ dice, extraDie, level, flat });
    const q = new Float64Array(d.counts.length);
    for (let i = 0; i < q.length; i++) q[i] = d.counts[i] / d.total;
    distCache.set(key, (p = { p: q, lo: d.lo }));
  }
  return p;
}

/** E[max(A − D, 0)] (halved: E[⌈(A − D)/2⌉⁺]) in floating point; damageCounts' exact mean is its plain twin. */
export function meanDamage(A: Probs, D: Probs, halved: boolean): number {
  const a = A.p,
    d = D.p,
    shift = A.lo - D.lo; // A's index x less D's index y is the difference x − y + shift
  let s = 0;
  for (let x = 0; x < a.length; x++) {
    const pa = a[x];
    if (pa === 0) continue;
    const lim = Math.min(x + shift, d.length); // y < x + shift: a positive difference
    let acc = 0;
    for (let y = 0; y < lim; y++) {
      const diff = x + shift - y;
      acc += d[y] * (halved ? (diff + 1) >> 1 : diff);
    }
    s += pa * acc;
  }
  return s;
}
