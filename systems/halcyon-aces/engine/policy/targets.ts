// Targets and options (docs/TACTICS.md, "Targets"): whose threat an action removes most of, what each foe threatens,
// the best option against a target by expected damage per action, a turn's worth over the actions left, and the
// second targets of Dual techniques, Sweeping weapons and falls. Read-only on the fight.

import type { CombatQueries } from '../sim/queries.js';
import * as codes from '../codes.js';
import * as compiled from '../compile.js';
import * as S from './shared.js';
import * as V from './view.js';

// Module constants, not live imported bindings, for the hot code: see "Imports" in sim.ts.
const { A_SCATTER, A_STRIKE, A_TECHNIQUE } = codes;
const { INF, SLOTS, SLOT_MAIN, SLOT_OFF, T_SIZE, W_SCATTER, W_QUICK, inBand, tIndex } = compiled;
const { ALT, OPT, W_ATTACK, checkMod, chosenSecond, num, scratch, techCell } = S;
const { gainCellOf, hitCellOf, vFoe, view } = V;

/** focus-weakest and nearest pick among the foes whose share (attackShare) is at least this part of the best one's. */
export const PICK_SHARE = 0.5;
/** Scratch for the picks' candidates (decisions never nest): one per foe, at most the roster's limit (model/roster.ts). */
export const potFoe = new Int32Array(256);
export const potVal = new Float64Array(256);
export const potKey = new Int32Array(256);
/** decide()'s foes in reach, in file order (scratch, as the picks'). */
export const inFoe = new Int32Array(256);

/**
 * The share of e's Vitality one action of c removes, in expectation: over c's options against e (Strike with the
 * main weapon, the off-hand on the 2nd Strike, each technique per action of its cost), the best of
 * min(expected damage, P(hit) × Vitality) / (Vitality × cost). `now`: as c stands (reach, the Strike penalty,
 * actions left); else once in reach at the start of a turn (no penalty, three actions).
 */
export const attackShare = (s: CombatQueries, c: number, e: number, now: boolean): number => {
  shareInto(s, c, e, now);
  return R[0];
};

/**
 * The hot scorers' result (shareInto, threatInto, tvInto write it, the caller reads it at once): a double returned
 * from a call the JIT does not inline is boxed, a heap allocation — ≈ 2 KB a fight of the Warlord's Hall before
 * (issue 32 item 5). attackShare, threatOf and turnValueAt are their plain twins, returning it.
 */
export const R = new Float64Array(1);

/** attackShare into R[0]. */
export const shareInto = (s: CombatQueries, c: number, e: number, now: boolean): void => {
  const k = s.k;
  const v = s.vit[e] > 0 ? s.vit[e] : 1;
  const cm = checkMod(s, c);
  const d = s.dist(c, e);
  const ms = s.mainSlot(c);
  const w = c * SLOTS + ms;
  let best = 0;
  if (!now || inBand(d, k.wReach[w])) {
    const ti = tIndex(s.guardOf(e), (now ? s.strikePenalty(c, ms) : 0) + cm);
    best = Math.min(k.edW[w * T_SIZE + ti], k.phW[w * T_SIZE + ti] * v);
  }
  if (now && s.strikes === 1 && s.dualWield(c) && ms === SLOT_MAIN && inBand(d, k.wReach[c * SLOTS + SLOT_OFF])) {
    const wo = c * SLOTS + SLOT_OFF;
    const ti = tIndex(s.guardOf(e), cm);
    const x = Math.min(k.edW[wo * T_SIZE + ti], k.phW[wo * T_SIZE + ti] * v);
    if (x > best) best = x;
  }
  for (let t = k.tStart[c]; t < k.tStart[c + 1]; t++) {
    if (now && (k.tCost[t] > s.actions || !inBand(d, k.tReach[t]))) continue;
    const cell = techCell(s, t, e, cm);
    const x = Math.min(k.edT[cell], k.phT[cell] * v) / k.tCost[t];
    if (x > best) best = x;
  }
  R[0] = best / v;
};

/**
 * What e threatens: the expected damage of its first action against c (its main weapon's Strike, or its best
 * technique per action of its cost; its Weakened −1 counted), two thirds of it while Prone (HA-T2: standing costs an
 * action), plus 1 so that a harmless foe still counts (it must fall for the fight to end, HA-I6).
 */
export const threatOf = (s: CombatQueries, e: number, c: number): number => {
  threatInto(s, e, c);
  return R[0];
};

/** threatOf into R[0]. */
export const threatInto = (s: CombatQueries, e: number, c: number): void => {
  const k = s.k;
  const cm = checkMod(s, e);
  let t = k.edW[hitCellOf(s, e, c)]; // its Strike on c
  for (let x = k.tStart[e]; x < k.tStart[e + 1]; x++) {
    const v = k.edT[x * T_SIZE + tIndex(k.tResolve[x] ? k.resolve[c] : s.guardOf(c), cm)] / k.tCost[x];
    if (v > t) t = v;
  }
  R[0] = 1 + (s.prone[e] ? (2 / 3) * t : t);
};

// ───────────── memos (issue 32 item 5: each was computed two to four times a decision) ─────────────
// A decision reads the fight and changes nothing, so a pure function of the fight gives one value throughout it:
// decide() opens a decision (newDecision), and the first fillShare for a foe e computes, the later ones read (keyed by e
// alone: the decider c is the decision's). Plain twin: attackShare(s, c, e, true) — fast-paths.test.ts holds them equal
// at every decision of many fights. fillThreat and potInto compute: the values they kept across decisions (for a
// combatant with techniques) cost more to compile, once per worker thread, than they saved in 10,000 fights of the
// King's Road (issue 32 item 5, the third cost pass: docs/TACTICS.md).

/** The decision's stamp; a memo entry stamped otherwise is stale (movement.ts's zone table reads it too). */
export const stamp = new Int32Array(1);
const shareMark = new Int32Array(256);
/** shareNow[e]: attackShare(s, c, e, true), once fillShare(s, c, e) ran in this decision. */
export const shareNow = new Float64Array(256);
/** threatNow[e]: threatOf(s, e, c), once fillThreat(s, e, c) ran (until the next fillThreat of e). */
export const threatNow = new Float64Array(256);

/** Opens a decision: every per-decision memo entry goes stale. */
export const newDecision = (_s: CombatQueries): void => {
  if (++stamp[0] >= 0x40000000) {
    stamp[0] = 1;
    shareMark.fill(0);
  }
};

export const fillShare = (s: CombatQueries, c: number, e: number): void => {
  if (shareMark[e] === stamp[0]) return;
  shareMark[e] = stamp[0];
  if (shareSplit.on) shareNowInto(s, c, e);
  else shareInto(s, c, e, true);
  shareNow[e] = R[0];
};

/**
 * shareInto's two halves, each for one value of `now` (issue 32 item 5): shareInto tests `now` at four places, and its
 * compiled code converts the argument to a boolean at each (the JIT does not learn that it is one), computes the
 * range and the main slot also when `now` is false (the picks) and reads the Strike penalty through a call. The same
 * arithmetic in the same order, so the same bits. Plain twin: shareInto itself (shareSplit.on = false), which
 * fast-paths.test.ts holds equal at every decision of the samples.
 */
export const shareSplit = { on: true };

/** shareInto(s, c, e, true), into R[0]. */
const shareNowInto = (s: CombatQueries, c: number, e: number): void => {
  const k = s.k;
  const ve = s.vit[e],
    v = ve > 0 ? ve : 1;
  const cm = checkMod(s, c);
  const d = k.rangeDist[s.zone[c] * k.nz + s.zone[e]]; // s.dist(c, e)
  const ms = s.mainSlot(c);
  const w = c * SLOTS + ms;
  const g = s.guardNow[e]; // s.guardOf(e)
  let best = 0;
  if (inBand(d, k.wReach[w])) {
    const ti = tIndex(g, s.strikePenalty(c, ms) + cm);
    best = Math.min(k.edW[w * T_SIZE + ti], k.phW[w * T_SIZE + ti] * v);
  }
  if (s.strikes === 1 && ms === SLOT_MAIN && s.dualWield(c) && inBand(d, k.wReach[c * SLOTS + SLOT_OFF])) {
    const wo = c * SLOTS + SLOT_OFF;
    const ti = tIndex(g, cm);
    const x = Math.min(k.edW[wo * T_SIZE + ti], k.phW[wo * T_SIZE + ti] * v);
    if (x > best) best = x;
  }
  for (let t = k.tStart[c], t1 = k.tStart[c + 1]; t < t1; t++) {
    if (k.tCost[t] > s.actions || !inBand(d, k.tReach[t])) continue;
    const cell = techCell(s, t, e, cm);
    const x = Math.min(k.edT[cell], k.phT[cell] * v) / k.tCost[t];
    if (x > best) best = x;
  }
  R[0] = best / v;
};

/**
 * shareInto(s, c, e, false) into R[0], with cm = checkMod(s, c) given and c's Strike on e as its cell (gainCellOf: no
 * Strike penalty once in reach at a turn's start) — the picks' scan (tactics.ts scorePicks) reads it from the view.
 */
export const sharePotInto = (s: CombatQueries, c: number, e: number, cm: number, cell: number): void => {
  const k = s.k;
  const ve = s.vit[e],
    v = ve > 0 ? ve : 1;
  let best = Math.min(k.edW[cell], k.phW[cell] * v);
  for (let t = k.tStart[c], t1 = k.tStart[c + 1]; t < t1; t++) {
    const cell = techCell(s, t, e, cm);
    const x = Math.min(k.edT[cell], k.phT[cell] * v) / k.tCost[t];
    if (x > best) best = x;
  }
  R[0] = best / v;
};

/** threatOf(s, e, c) into threatNow[e]. */
export const fillThreat = (s: CombatQueries, e: number, c: number): void => {
  threatInto(s, e, c);
  threatNow[e] = R[0];
};

/** attackShare(s, c, e, false) into R[0]. */
export const potInto = (s: CombatQueries, c: number, e: number): void => {
  if (shareSplit.on) sharePotInto(s, c, e, checkMod(s, c), gainCellOf(s, c, e));
  else shareInto(s, c, e, false);
};

/** HA-A7: expected damage an Assist (+1 EV) adds to ally a's next attack, on the foe in its reach it hurts most. */
export const assistGain = (s: CombatQueries, a: number): number => {
  const k = s.k;
  const w = a * SLOTS + s.mainSlot(a);
  const cm = checkMod(s, a);
  let gain = 0;
  for (let j = k.foeStart[a]; j < k.foeStart[a + 1]; j++) {
    const e = k.foes[j];
    if (!s.able(e)) continue;
    const d = s.dist(a, e);
    if (inBand(d, k.wReach[w])) {
      const g = s.guardOf(e);
      const x = k.edW[w * T_SIZE + tIndex(g, cm + 1)] - k.edW[w * T_SIZE + tIndex(g, cm)];
      if (x > gain) gain = x;
    }
    for (let t = k.tStart[a]; t < k.tStart[a + 1]; t++) {
      if (!inBand(d, k.tReach[t])) continue;
      const x = (k.edT[techCell(s, t, e, cm + 1)] - k.edT[techCell(s, t, e, cm)]) / k.tCost[t];
      if (x > gain) gain = x;
    }
  }
  return gain;
};

/**
 * Best option against target e (Strike, off-hand Strike, Scatter, technique) by expected damage per action;
 * false when none does any (a boolean: a returned double would be boxed when the call is not inlined). Asked for the
 * decider c, once decide() has opened the decision's view (view.ts): Scatter and Sweep read its able foes.
 */
export const chooseOption = (s: CombatQueries, c: number, e: number): boolean => {
  const k = s.k;
  const d = s.dist(c, e);
  const cm = checkMod(s, c);
  let best = 0,
    second = 0;
  const ms = s.mainSlot(c);
  // Strike with the main weapon (HA-S4/S5 penalty)
  if (inBand(d, k.wReach[c * SLOTS + ms])) {
    const w = c * SLOTS + ms;
    const sm = s.strikePenalty(c, ms) + cm;
    const ti = tIndex(s.guardOf(e), sm);
    const v = k.edW[w * T_SIZE + ti];
    if (v > best) {
      second = best;
      best = v;
      s.dAct = A_STRIKE;
      s.dSlot = ms;
      s.dTarget = e;
    }
    if (k.wFlags[w] & W_SCATTER) {
      // HA-W3: one draw against every enemy in the zone, −1 bonus damage
      let sum = 0,
        cntz = 0;
      for (let j = 0; j < view.n; j++) {
        const o = vFoe[j]; // able (the decision's view: chooseOption is asked for the decider)
        if (s.zone[o] !== s.zone[e]) continue;
        const tj = tIndex(s.guardOf(o), sm);
        sum += Math.max(0, k.edW[w * T_SIZE + tj] - k.phW[w * T_SIZE + tj]);
        cntz++;
      }
      if (cntz >= 2 && sum > best) {
        second = best;
        best = sum;
        s.dAct = A_SCATTER;
        s.dSlot = ms;
        s.dTarget = e;
      }
    }
  }
  // HA-S6: the off-hand on the 2nd Strike
  if (s.strikes === 1 && s.dualWield(c) && ms === SLOT_MAIN && inBand(d, k.wReach[c * SLOTS + SLOT_OFF])) {
    const w = c * SLOTS + SLOT_OFF;
    const v = k.edW[w * T_SIZE + tIndex(s.guardOf(e), cm)];
    if (v > best) {
      second = best;
      best = v;
      s.dAct = A_STRIKE;
      s.dSlot = SLOT_OFF;
      s.dTarget = e;
    }
  }
  // Techniques (HA-A4, HA-M1/M2), per action spent
  for (let t = k.tStart[c]; t < k.tStart[c + 1]; t++) {
    if (k.tCost[t] > s.actions || !inBand(d, k.tReach[t])) continue;
    let sum = k.edT[techCell(s, t, e, cm)];
    let o2 = -1;
    if (k.tTargets[t] === 2) {
      sum = 0;
      for (let j = 0; j < view.n; j++) {
        const o = vFoe[j]; // able (the view)
        if (s.zone[o] === s.zone[e]) sum += k.edT[techCell(s, t, o, cm)];
      }
    } else if (k.tTargets[t] === 1) {
      o2 = secondTarget(s, c, t, e);
      if (o2 >= 0) sum += k.edT[techCell(s, t, o2, cm)];
    }
    const v = sum / k.tCost[t];
    if (v > best) {
      second = best;
      best = v;
      s.dAct = A_TECHNIQUE;
      s.dTech = t;
      s.dTarget = e;
      chosenSecond[0] = o2;
    }
  }
  num[OPT] = best;
  num[ALT] = second;
  scratch.targetVit = s.vit[e];
  if (best > 0) s.dWhy = W_ATTACK;
  return best > 0;
};

/** HA-M1: the second target of a Dual technique: best expected damage among other enemies in reach. */
export const secondTarget = (s: CombatQueries, c: number, t: number, primary: number): number => {
  const k = s.k;
  const cm = checkMod(s, c);
  let best = -1,
    bv = -1;
  for (let j = k.foeStart[c]; j < k.foeStart[c + 1]; j++) {
    const o = k.foes[j];
    if (o === primary || !s.able(o) || !inBand(s.dist(c, o), k.tReach[t])) continue;
    const v = k.edT[techCell(s, t, o, cm)];
    if (v > bv) {
      bv = v;
      best = o;
    }
  }
  return best;
};

/** The able enemy of c in zone `z` with the lowest Vitality (the first listed on a tie), `except` aside; −1: none. */
const weakestFoeIn = (s: CombatQueries, c: number, z: number, except: number): number => {
  const k = s.k;
  let best = -1,
    bv = INF;
  for (let j = k.foeStart[c]; j < k.foeStart[c + 1]; j++) {
    const o = k.foes[j];
    if (o === except || !s.able(o) || s.zone[o] !== z) continue;
    if (s.vit[o] < bv) {
      bv = s.vit[o];
      best = o;
    }
  }
  return best;
};

/** HA-W2 Sweeping: the other enemy in the target's zone with the lowest Vitality. */
export const splashTarget = (s: CombatQueries, c: number, t: number): number => weakestFoeIn(s, c, s.zone[t], t);

/** HA-F1: a faller lands on the able enemy with the lowest Vitality in the zone, if any. */
export const landingTarget = (s: CombatQueries, c: number, z: number): number => weakestFoeIn(s, c, z, -1);

/**
 * The most expected damage `a` actions deal e from where c stands (HA-S4 Strikes at 0/−2/−4, Quick's free 2nd, each
 * technique it can afford): a search over at most three actions. `strikes`: Strikes already made.
 */
export const turnValue = (s: CombatQueries, c: number, e: number, a: number, strikes: number): number =>
  turnValueAt(s, c, e, s.dist(c, e), a, strikes);

/** turnValue at range distance d from e (HA-Z2), as if c stood there. */
export const turnValueAt = (s: CombatQueries, c: number, e: number, d: number, a: number, strikes: number): number => {
  tvInto(s, c, e, d, a, strikes);
  return R[0];
};

/** turnValueAt into R[0]. Nothing in band (no Strike, no technique): 0 at once, as the search would find. */
export const tvInto = (s: CombatQueries, c: number, e: number, d: number, a: number, strikes: number): void => {
  R[0] = 0;
  if (a <= 0) return;
  const k = s.k;
  const cm = checkMod(s, c);
  const w = c * SLOTS + s.mainSlot(c);
  // the Strikes' expected damage by Strike number (none when out of the weapon's reach), then each technique's
  const g = s.guardOf(e);
  const strikeOk = inBand(d, k.wReach[w]);
  tvStrike[0] = strikeOk ? k.edW[w * T_SIZE + tIndex(g, cm)] : -1;
  tvStrike[1] = strikeOk ? k.edW[w * T_SIZE + tIndex(g, (k.wFlags[w] & W_QUICK ? 0 : -2) + cm)] : -1;
  tvStrike[2] = strikeOk ? k.edW[w * T_SIZE + tIndex(g, cm - 4)] : -1;
  let nt = 0;
  for (let t = k.tStart[c]; t < k.tStart[c + 1] && nt < 8; t++) {
    if (k.tCost[t] > a || !inBand(d, k.tReach[t])) continue;
    tvCost[nt] = k.tCost[t];
    tvTech[nt++] = k.edT[techCell(s, t, e, cm)];
  }
  if (!strikeOk && nt === 0) return;
  if (nt === 0 && a <= 3 && tvFast.on) {
    // Strikes alone (the fast path, issue 32 item 5; its plain twin: the search below): every Strike adds expected
    // damage (≥ 0), so the best turn strikes with every action, at the Strike numbers from `strikes` on — summed in the
    // search's order (the last Strike first), to the same bits
    const m0 = strikes < 2 ? strikes : 2,
      m1 = m0 < 2 ? m0 + 1 : 2,
      m2 = m1 < 2 ? m1 + 1 : 2;
    R[0] =
      a === 1 ? tvStrike[m0] : a === 2 ? tvStrike[m0] + tvStrike[m1] : tvStrike[m0] + (tvStrike[m1] + tvStrike[m2]);
    return;
  }
  // best[r][m]: the most expected damage of r actions after m Strikes (r ≤ 3, m ≤ 2), bottom-up
  for (let m = 0; m < 3; m++) tvBest[m] = 0;
  for (let r = 1; r <= a; r++)
    for (let m = 0; m < 3; m++) {
      let b = tvBest[(r - 1) * 3 + m]; // an action not spent (ending early is allowed)
      if (tvStrike[m] >= 0) {
        const x = tvStrike[m] + tvBest[(r - 1) * 3 + (m < 2 ? m + 1 : 2)];
        if (x > b) b = x;
      }
      for (let i = 0; i < nt; i++)
        if (tvCost[i] <= r) {
          const x = tvTech[i] + tvBest[(r - tvCost[i]) * 3 + m];
          if (x > b) b = x;
        }
      tvBest[r * 3 + m] = b;
    }
  R[0] = tvBest[a * 3 + (strikes < 2 ? strikes : 2)];
};

/**
 * An upper bound of turnValueAt(s, c, e, d, a, 0) at any d: a × the best expected damage per action of any Strike
 * (by number) or technique of cost ≤ a against e, as if all were in band — each action of a turn deals at most that
 * (a technique, its value per action of its cost), so no d can beat it. Into R[0], with a relative 1e-9 to spare for
 * the rounding of a value per action. strideFirst's prune (issue 32 item 5).
 */
export const tvBoundInto = (s: CombatQueries, c: number, e: number, a: number): void => {
  const k = s.k;
  const cm = checkMod(s, c);
  const w = c * SLOTS + s.mainSlot(c);
  const g = s.guardOf(e);
  let rate = k.edW[w * T_SIZE + tIndex(g, cm)];
  const r1 = k.edW[w * T_SIZE + tIndex(g, (k.wFlags[w] & W_QUICK ? 0 : -2) + cm)];
  const r2 = k.edW[w * T_SIZE + tIndex(g, cm - 4)];
  if (r1 > rate) rate = r1;
  if (r2 > rate) rate = r2;
  for (let t = k.tStart[c]; t < k.tStart[c + 1]; t++) {
    if (k.tCost[t] > a) continue;
    const x = k.edT[techCell(s, t, e, cm)] / k.tCost[t];
    if (x > rate) rate = x;
  }
  R[0] = a * rate * (1 + 1e-9) + 1e-9;
};
/** tvInto's fast path (Strikes alone) on; the tests turn it off to hold it equal to the search, its plain twin. */
export const tvFast = { on: true };
/** turnValueAt's scratch: Strike values by number, techniques' costs and values (8 at most), the table best[r][m]. */
const tvStrike = new Float64Array(3);
const tvCost = new Int32Array(8);
const tvTech = new Float64Array(8);
const tvBest = new Float64Array(12);
