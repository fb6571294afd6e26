// Tactics: who does what, to whom, and why. The rules live in sim.ts and
// sim/; this file only chooses among legal actions, reading the combat through
// its state and queries (sim/queries.ts), never acting on it. Decisions are deterministic (no
// randomness) and allocation-free; `explain` turns the last decision into the
// `reason` text of an event (event mode only). See docs/TACTICS.md.
//
// Odds used here come from compile.ts tables computed on the deck's full
// composition (not the cards left), a fast estimate good enough to choose.

import type { CombatQueries } from '../sim/queries.js';
import * as codes from '../codes.js';
import * as compiled from '../compile.js';

// Module constants, not live imported bindings, for the hot code: see "Imports" in sim.ts.
const {
  A_ASSIST,
  A_GUARD,
  A_INTERACT,
  A_LINK,
  A_MOVE,
  A_PASS,
  A_RECOVER,
  A_SCATTER,
  A_STABILIZE,
  A_STAND,
  A_STRIKE,
  A_TECHNIQUE,
  A_ULTIMATE,
} = codes;
const {
  BAND_NEAR,
  EV_SIZE,
  INF,
  SLOTS,
  SLOT_MAIN,
  SLOT_OFF,
  T_DEFENSIVE,
  T_FOCUS,
  T_KITE,
  T_NEAREST,
  T_SIZE,
  T_SUPPORT,
  W_BRUTAL,
  W_IMPROVISED,
  W_KEEN,
  W_SCATTER,
  W_QUICK,
  W_UNARMED,
  inBand,
  tIndex,
} = compiled;

// reason codes
const W_WEAPON = 1;
const W_ULTIMATE = 2;
const W_STABILIZE = 3;
const W_TO_BROKEN = 4;
const W_ASSIST = 5;
const W_DEF_GUARD = 6;
const W_KITE = 7;
const W_ATTACK = 8;
const W_LINK = 9;
const W_APPROACH = 10;
const W_FALLBACK_GUARD = 11;
const W_RECOVER = 12;
const W_NOTHING = 13;
const W_SEIZE = 14;

// target selection codes (scratch.selCode: why this target, for the log's reason)
const SEL_LOWEST = 0;
const SEL_WEAKEST = 1;
const SEL_NEAREST = 2;

/**
 * Per-decision scratch (module level: decisions never nest). Fields of one constant object, not module
 * `let`s: V8 checks a `let` for the dead zone at every read and write.
 */
const scratch = {
  selCode: 0,
  whyX: -1, // a combatant index for the text
  targetVit: 0, // the target's Vitality when chosen
  /** The last idle decision had an enemy in reach (the reason then says no option was worth it). */
  idleInReach: false,
};
/**
 * The decision's fractional numbers, in a Float64Array: a module `let` holding a non-integer boxes it
 * (a heap allocation) on every store, and chooseOption stores two per call.
 */
const num = new Float64Array(4);
/**
 * HA-M1: with a Dual technique chosen, its second target as the decision chose it (−1: none); the technique's
 * resolution reads it (sim/attack.ts technique()) on the same state. Here, not a field of the combat: as one field
 * more on the simulator it measured +2–4% instructions per warm combat (callgrind, two runs; the layout changed).
 */
export const chosenSecond = new Int32Array(1);
const OPT = 0; // expected damage per action of the option chosen
const ALT = 1; // of the next best option
const WHY = 2; // a number for the text
const GUARD_E = 3; // expected Guard of an Active Guard (HA-A5)

const set = (s: CombatQueries, act: number, why: number): void => {
  s.dAct = act;
  s.dWhy = why;
};

/** Chooses c's next action into s.dAct / dTarget / dSlot / dTech / dZone / dSteps. */
export const decide = (s: CombatQueries, c: number): void => {
  const k = s.k;
  s.dTarget = -1;
  s.dTech = -1;
  s.dZone = -1;
  s.dSteps = 1;
  s.dSlot = SLOT_MAIN;
  // HA-T2: standing first.
  if (s.prone[c]) {
    set(s, A_STAND, 0);
    return;
  }
  // HA-A6 / HA-W6: pick the dropped weapon back up.
  if (s.lost[c * SLOTS] === 1 || s.lost[c * SLOTS + 1] === 1) {
    for (let sl = 0; sl < 2; sl++) {
      if (s.lost[c * SLOTS + sl] === 1 && s.dropZone[c * SLOTS + sl] === s.zone[c]) {
        s.dSlot = sl;
        set(s, A_INTERACT, W_WEAPON);
        return;
      }
    }
  }
  const tac = k.tactic[c];
  // HA-U1: the Team Ultimate at the first opportunity.
  if (k.teamUltimates && s.actions >= 2 && k.player[c] && !s.ultimateUsed && tryUltimate(s, c)) return;

  // Scans: Broken allies (only when its side has any), then enemies in reach and the tactic's target.
  const n = k.n,
    nz = k.nz,
    myZ = s.zone[c],
    mySide = k.side[c];
  const ms = s.mainSlot(c);
  // the main weapon's band, or a technique's it can afford now (compiled per actions left, 1..3)
  const reach = k.reachBy[(c * SLOTS + ms) * 4 + (s.actions > 3 ? 3 : s.actions)];
  let brokenHere = -1,
    bf = -1,
    brokenNear = -1,
    bnd = INF;
  if (s.brokenBySide[mySide] > 0) {
    // allies only, in index order (the compiled list skips the enemies and c itself)
    for (let j = k.allyStart[c], end = k.allyStart[c + 1]; j < end; j++) {
      const i = k.allies[j];
      if (s.broken[i] === 0 || s.defeated[i] !== 0) continue;
      if (s.zone[i] === myZ) {
        if (s.failing[i] > bf) {
          bf = s.failing[i];
          brokenHere = i;
        }
      } else {
        const md = k.moveDist[myZ * nz + s.zone[i]];
        if (md < bnd) {
          bnd = md;
          brokenNear = i;
        }
      }
    }
  }
  // The target in reach: the one whose threat an action removes most of (attackShare: expected damage, capped at its
  // Vitality, per action and per point of Vitality, × threatOf: the damage it would deal; issue 32: not a Prone,
  // Weakened 1-Vitality foe, or one it can hardly hit, while a 7-Vitality one stands free); ties as before: the
  // lower Vitality, then the lower Guard (file order last).
  let low = -1,
    lowS = -1,
    lowV = INF,
    lowG = INF;
  let pick = -1,
    pickV = INF,
    potMax = 0,
    nPot = 0;
  // the arrays in locals: one field load each per decision, not one per foe (the JIT keeps them in registers)
  const foes = k.foes,
    broken = s.broken,
    zone = s.zone,
    vit = s.vit,
    guardNow = s.guardNow;
  const rangeRow = myZ * nz,
    picking = tac === T_FOCUS || tac === T_NEAREST;
  for (let j = k.foeStart[c], end = k.foeStart[c + 1]; j < end; j++) {
    const i = foes[j];
    if (broken[i] !== 0) continue; // s.able(i)
    const zi = zone[i];
    const d = k.rangeDist[rangeRow + zi];
    const inR = reach === 2 ? d < INF : d <= reach;
    if (inR) {
      const sc = attackShare(s, c, i, true) * threatOf(s, i, c);
      const v = vit[i],
        g = guardNow[i]; // guardNow[i] = s.guardOf(i)
      if (sc > lowS + EPS || (sc > lowS - EPS && (v < lowV || (v === lowV && g < lowG)))) {
        lowS = sc;
        lowV = v;
        lowG = g;
        low = i;
      }
    }
    if (picking) {
      if (!inR && k.moveDist[rangeRow + zi] >= INF) continue;
      // its share once in reach: a pick it can hardly hurt is no pick (issue 32: focus-weakest wasting actions)
      const pot = attackShare(s, c, i, false) * threatOf(s, i, c);
      potFoe[nPot] = i;
      potVal[nPot] = pot;
      potKey[nPot++] = tac === T_FOCUS ? vit[i] : d;
      if (pot > potMax) potMax = pot;
    }
  }
  for (let j = 0; j < nPot; j++) {
    if (potVal[j] < PICK_SHARE * potMax) continue;
    if (potKey[j] < pickV) {
      pickV = potKey[j];
      pick = potFoe[j];
    }
  }
  // HA-B4: stabilize a Broken ally in the zone.
  if (brokenHere >= 0) {
    const dc = 10 + 2 * s.failing[brokenHere];
    const p = checkChance(s, c, 0, dc);
    if (tac === T_SUPPORT ? p > 0 : p >= 1 / 3) {
      s.dTarget = brokenHere;
      num[WHY] = p;
      set(s, A_STABILIZE, W_STABILIZE);
      return;
    }
  }
  if (tac === T_SUPPORT) {
    // go to the nearest Broken ally
    if (brokenNear >= 0 && bnd < INF && planMove(s, c, s.zone[brokenNear], 0)) {
      scratch.whyX = brokenNear;
      s.dWhy = W_TO_BROKEN;
      return;
    }
    // HA-A7: assist an ally in the zone who acts later this round, when the +1 on its next attack is worth more
    // than this action's own attack (issue 32: not a Spirit 5 caster spending its turns on Assist)
    const own = low >= 0 && chooseOption(s, c, low) ? num[OPT] : 0;
    for (let j = s.turnIdx + 1; j < n; j++) {
      const a = s.roundOrder[j];
      if (k.side[a] !== mySide || !s.able(a) || s.zone[a] !== myZ || s.assist[a]) continue;
      if (assistGain(s, a) <= own) continue;
      s.dTarget = a;
      set(s, A_ASSIST, W_ASSIST);
      return;
    }
  }
  const inReach = low >= 0;
  if (
    tac === T_DEFENSIVE &&
    !s.guarded &&
    s.actions >= 2 &&
    (s.actions === 2 || !inReach) &&
    threatened(s, c) &&
    activeGuardRaises(s, c)
  ) {
    set(s, A_GUARD, W_DEF_GUARD);
    return;
  }
  if (tac === T_KITE && !s.kiteMoved && k.wReach[c * SLOTS + ms] >= BAND_NEAR && tryKite(s, c)) return;
  // A turn not yet begun on attacks: Stride first when the rest of the turn deals more from an enemy's zone next door
  // than the whole turn from here (issue 32: a greatsword's Strikes up close beat a Near technique from afar).
  if (inReach && s.strikes === 0 && s.actions >= 2 && tac !== T_KITE && strideFirst(s, c)) return;
  // Attack: default → the most threat removed per action in reach (low above); focus-weakest / nearest → their pick wherever it is.
  let target = low;
  scratch.selCode = SEL_LOWEST;
  if (pick >= 0) {
    target = pick;
    scratch.selCode = tac === T_FOCUS ? SEL_WEAKEST : SEL_NEAREST;
  }
  if (target >= 0 && inBand(k.rangeDist[myZ * nz + s.zone[target]], reach)) {
    if (chooseOption(s, c, target)) {
      if (k.linkStrikes && s.actions === 1 && s.dAct === A_STRIKE) tryLink(s, c, target);
      return;
    }
    // out of luck against the pick: the default choice then
    if (target !== low && low >= 0 && chooseOption(s, c, low)) {
      scratch.selCode = SEL_LOWEST;
      return;
    }
  }
  // Move toward the target (or, failing that, the nearest enemy reachable by moving).
  const band = tac === T_KITE ? k.wReach[c * SLOTS + ms] : moveBand(s, c);
  if (target >= 0 && target !== low && planMove(s, c, s.zone[target], band)) {
    scratch.whyX = target;
    s.dWhy = W_APPROACH;
    return;
  }
  if (!inReach) {
    const alt = nearestByMoves(s, c, band);
    if (alt >= 0 && planMove(s, c, s.zone[alt], band)) {
      scratch.whyX = alt;
      s.dWhy = W_APPROACH;
      return;
    }
  }
  // An action left, nothing to hit from here: a Stride into an adjacent enemy's zone saves next turn's first action,
  // when that action's expected damage beats the Braces waiting there (issue 32: no action left unused while an able
  // enemy is one Stride away).
  if (!inReach && strideIn(s, c)) return;
  scratch.idleInReach = inReach;
  idle(s, c);
};

const EPS = 1e-9;
/** focus-weakest and nearest pick among the foes whose share (attackShare) is at least this part of the best one's. */
const PICK_SHARE = 0.5;
/** Scratch for the picks' candidates (decisions never nest): one per foe, at most the roster's limit (model/roster.ts). */
const potFoe = new Int32Array(256);
const potVal = new Float64Array(256);
const potKey = new Int32Array(256);

/**
 * The share of e's Vitality one action of c removes, in expectation: over c's options against e (Strike with the
 * main weapon, the off-hand on the 2nd Strike, each technique per action of its cost), the best of
 * min(expected damage, P(hit) × Vitality) / (Vitality × cost). `now`: as c stands (reach, the Strike penalty,
 * actions left); else once in reach at the start of a turn (no penalty, three actions).
 */
const attackShare = (s: CombatQueries, c: number, e: number, now: boolean): number => {
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
  return best / v;
};

/**
 * What e threatens: the expected damage of its first action against c (its main weapon's Strike, or its best
 * technique per action of its cost; its Weakened −1 counted), two thirds of it while Prone (HA-T2: standing costs an
 * action), plus 1 so that a harmless foe still counts (it must fall for the fight to end, HA-I6).
 */
const threatOf = (s: CombatQueries, e: number, c: number): number => {
  const k = s.k;
  const cm = checkMod(s, e);
  const w = e * SLOTS + s.mainSlot(e);
  let t = k.edW[w * T_SIZE + tIndex(s.guardOf(c), cm)];
  for (let x = k.tStart[e]; x < k.tStart[e + 1]; x++) {
    const v = k.edT[x * T_SIZE + tIndex(k.tResolve[x] ? k.resolve[c] : s.guardOf(c), cm)] / k.tCost[x];
    if (v > t) t = v;
  }
  return 1 + (s.prone[e] ? (2 / 3) * t : t);
};

/** HA-A7: expected damage an Assist (+1 EV) adds to ally a's next attack, on the foe in its reach it hurts most. */
const assistGain = (s: CombatQueries, a: number): number => {
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

/** Brace Strikes (HA-R2) awaiting c in zone z: the expected damage of each able enemy there with its Reaction unused. */
const braceCost = (s: CombatQueries, c: number, z: number): number => {
  const k = s.k;
  let cost = 0;
  for (let i = k.foeStart[c]; i < k.foeStart[c + 1]; i++) {
    const r = k.foes[i];
    if (!s.able(r) || s.zone[r] !== z || s.reactionUsed[r]) continue;
    const wr = r * SLOTS + s.mainSlot(r);
    cost += k.edW[wr * T_SIZE + tIndex(s.guardOf(c), checkMod(s, r))];
  }
  return cost;
};

/**
 * HA-A1 then attack: the best turn from the zone of an adjacent enemy (one action less, the Braces there paid)
 * against the best turn from here (turnValue: expected damage over the actions left). Sets the Stride when moving
 * first deals more; false otherwise.
 */
const strideFirst = (s: CombatQueries, c: number): boolean => {
  const k = s.k;
  const nz = k.nz;
  const x = s.zone[c];
  const a = s.actions;
  let next = false; // an able enemy in a zone one Stride away (most decisions have none: then nothing is searched)
  for (let j = k.foeStart[c]; j < k.foeStart[c + 1] && !next; j++) {
    const e = k.foes[j];
    const z = s.zone[e];
    next = s.able(e) && z !== x && k.moveDist[x * nz + z] === 1 && k.stepDrop[x * nz + z] < 0;
  }
  if (!next) return false;
  let here = 0;
  for (let j = k.foeStart[c]; j < k.foeStart[c + 1]; j++) {
    const e = k.foes[j];
    if (!s.able(e)) continue;
    const v = turnValueAt(s, c, e, s.dist(c, e), a, 0);
    if (v > here) here = v;
  }
  let bestZ = -1,
    bestE = -1,
    best = here + MOVE_MARGIN;
  for (let j = k.foeStart[c]; j < k.foeStart[c + 1]; j++) {
    const e0 = k.foes[j];
    if (!s.able(e0)) continue;
    const z = s.zone[e0];
    if (z === x || k.moveDist[x * nz + z] !== 1 || k.stepDrop[x * nz + z] >= 0) continue;
    const cost = braceCost(s, c, z);
    for (let i = k.foeStart[c]; i < k.foeStart[c + 1]; i++) {
      const e = k.foes[i];
      if (!s.able(e)) continue;
      const v = turnValueAt(s, c, e, k.rangeDist[z * nz + s.zone[e]], a - 1, 0) - cost;
      if (v > best) {
        best = v;
        bestZ = z;
        bestE = e;
      }
    }
  }
  if (bestZ < 0) return false;
  s.dZone = bestZ;
  s.dSteps = 1;
  s.mGoal = bestZ;
  s.mBand = 0;
  s.dAct = A_MOVE;
  num[WHY] = 1;
  scratch.whyX = bestE;
  s.dWhy = W_APPROACH;
  return true;
};

/** A move first must promise this much more expected damage than attacking from here. */
const MOVE_MARGIN = 1;

/**
 * HA-A1 with an action to spare: Stride into the zone of an able enemy one move away when the first Strike it
 * saves next turn (expected damage with the main weapon) beats the expected damage of the Braces (HA-R2) of the
 * enemies there whose Reaction is unused. The best such zone by that difference; false when none.
 */
const strideIn = (s: CombatQueries, c: number): boolean => {
  const k = s.k;
  const nz = k.nz;
  const x = s.zone[c];
  const w = c * SLOTS + s.mainSlot(c);
  const cm = checkMod(s, c);
  let bestZ = -1,
    bestNet = 0,
    bestE = -1;
  for (let j = k.foeStart[c]; j < k.foeStart[c + 1]; j++) {
    const e = k.foes[j];
    if (!s.able(e)) continue;
    const z = s.zone[e];
    if (z === x || k.moveDist[x * nz + z] !== 1 || k.stepDrop[x * nz + z] >= 0) continue;
    const gain = k.edW[w * T_SIZE + tIndex(s.guardOf(e), cm)];
    const cost = braceCost(s, c, z);
    if (gain - cost > bestNet) {
      bestNet = gain - cost;
      bestZ = z;
      bestE = e;
    }
  }
  if (bestZ < 0) return false;
  s.dZone = bestZ;
  s.dSteps = 1;
  s.mGoal = bestZ;
  s.mBand = 0;
  s.dAct = A_MOVE;
  num[WHY] = 1;
  scratch.whyX = bestE;
  s.dWhy = W_APPROACH;
  return true;
};

/**
 * Nothing to hit this turn: refill a thin deck (HA-A9), else guard if threatened and it raises Guard (HA-A5), else
 * pass. The reason says whether an enemy was in reach (then no option was worth an action) or not.
 * A function of its own, reached in ≈3% of decisions and so not inlined into decide(): its Recover and Guard tests
 * run first with two actions left long after decide() is optimized, and a test that never ran has no type feedback:
 * inside decide() it deoptimized the whole function, which a cold process then compiled again (bench/README.md,
 * "The first Monte Carlo of a process"). Its call runs from the first idle turn on.
 */
const idle = (s: CombatQueries, c: number): void => {
  if (s.actions >= 2 && s.fatN[c] > s.cnt[c] && s.cnt[c] < 2 * s.k.maxDraw) {
    set(s, A_RECOVER, W_RECOVER);
    return;
  }
  if (s.actions >= 2 && !s.guarded && threatened(s, c) && activeGuardRaises(s, c)) {
    set(s, A_GUARD, W_FALLBACK_GUARD);
    return;
  }
  set(s, A_PASS, W_NOTHING);
};

/** P(success) of a plain check of stat st against dc for c (full-deck estimate). */
const checkChance = (s: CombatQueries, c: number, st: number, dc: number): number => {
  const m = (s.weakTurns[c] > 0 ? -1 : 0) + s.assist[c];
  return 1 - cdfAt(s, c, st, dc - m - 1);
};

const cdfAt = (s: CombatQueries, c: number, st: number, x: number): number => {
  if (x < 0) return 0;
  if (x >= EV_SIZE) return 1;
  return s.k.cdf[(c * 4 + st) * EV_SIZE + x];
};

/**
 * HA-A5: Active Guard replaces passive Guard with the played card's EV, which can be lower. The tactics take
 * it only when the expected EV of the Body check beats the passive Guard (kept in num[GUARD_E] for the reason).
 */
const activeGuardRaises = (s: CombatQueries, c: number): boolean => {
  const e = s.k.guardEv[c] + checkMod(s, c);
  num[GUARD_E] = e;
  return e > s.k.guard[c];
};

const checkMod = (s: CombatQueries, c: number): number => {
  return (s.weakTurns[c] > 0 ? -1 : 0) + s.assist[c];
};

/** Band used to approach: the main weapon's, or a technique's it can afford after one move. */
const moveBand = (s: CombatQueries, c: number): number => {
  return s.k.reachBy[(c * SLOTS + s.mainSlot(c)) * 4 + 2];
};

const nearestByMoves = (s: CombatQueries, c: number, band: number): number => {
  const k = s.k;
  let best = -1,
    bd = INF,
    bv = INF;
  for (let j = k.foeStart[c]; j < k.foeStart[c + 1]; j++) {
    const e = k.foes[j];
    if (!s.able(e)) continue;
    const d = k.approachDist[(band * k.nz + s.zone[c]) * k.nz + s.zone[e]];
    if (d < bd || (d === bd && s.vit[e] < bv)) {
      bd = d;
      bv = s.vit[e];
      best = e;
    }
  }
  return bd < INF ? best : -1;
};

/** Sets a Stride (or a Dash when 2+ zones are needed and affordable) toward zone y's band. */
const planMove = (s: CombatQueries, c: number, y: number, band: number): boolean => {
  const k = s.k;
  const x = s.zone[c];
  const i = (band * k.nz + x) * k.nz + y;
  const d = k.approachDist[i];
  if (d <= 0 || d >= INF) return false;
  const next = k.approachNext[i];
  if (next < 0 || next === x) return false;
  s.dZone = next;
  // Dash when 2+ zones are needed — but a drop is always a Stride (HA-F2: the fall ends the move).
  s.dSteps =
    d >= 2 &&
    s.actions >= 2 &&
    k.stepDrop[x * k.nz + next] < 0 &&
    k.stepDrop[next * k.nz + k.approachNext[(band * k.nz + next) * k.nz + y]] < 0
      ? 2
      : 1;
  s.mGoal = y;
  s.mBand = band;
  s.dAct = A_MOVE;
  num[WHY] = d;
  return true;
};

/** Continuation of a Dash: the next zone toward the same goal (−1 when there). */
export const nextStep = (s: CombatQueries, c: number): number => {
  const k = s.k;
  const i = (s.mBand * k.nz + s.zone[c]) * k.nz + s.mGoal;
  if (s.mGoal < 0 || k.approachDist[i] <= 0 || k.approachDist[i] >= INF) return -1;
  return k.approachNext[i];
};

/** An able enemy could attack c next turn (its farthest attack, after up to two zones of movement). */
const threatened = (s: CombatQueries, c: number): boolean => {
  const k = s.k;
  for (let j = k.foeStart[c]; j < k.foeStart[c + 1]; j++) {
    const e = k.foes[j];
    if (!s.able(e)) continue;
    if (k.approachDist[(k.maxBand[e] * k.nz + s.zone[e]) * k.nz + s.zone[c]] <= 2) return true;
  }
  return false;
};

/**
 * Best option against target e (Strike, off-hand Strike, Scatter, technique) by expected damage per action;
 * false when none does any (a boolean: a returned double would be boxed when the call is not inlined).
 */
const chooseOption = (s: CombatQueries, c: number, e: number): boolean => {
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
      for (let j = k.foeStart[c]; j < k.foeStart[c + 1]; j++) {
        const o = k.foes[j];
        if (!s.able(o) || s.zone[o] !== s.zone[e]) continue;
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
      for (let j = k.foeStart[c]; j < k.foeStart[c + 1]; j++) {
        const o = k.foes[j];
        if (s.able(o) && s.zone[o] === s.zone[e]) sum += k.edT[techCell(s, t, o, cm)];
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

/** Expected damage of technique t on e: k.edT[techCell(…)]. The cell (an integer) is returned, not the value: a returned double is boxed when the call is not inlined. */
const techCell = (s: CombatQueries, t: number, e: number, cm: number): number => {
  const k = s.k;
  const def = k.tResolve[t] ? k.resolve[e] : s.guardOf(e);
  return t * T_SIZE + tIndex(def, cm);
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

/** HA-W2 Sweeping: the other enemy in the target's zone with the lowest Vitality. */
export const splashTarget = (s: CombatQueries, c: number, t: number): number => {
  const k = s.k;
  let best = -1,
    bv = INF;
  for (let j = k.foeStart[c]; j < k.foeStart[c + 1]; j++) {
    const o = k.foes[j];
    if (o === t || !s.able(o) || s.zone[o] !== s.zone[t]) continue;
    if (s.vit[o] < bv) {
      bv = s.vit[o];
      best = o;
    }
  }
  return best;
};

/** HA-F1: a faller lands on the able enemy with the lowest Vitality in the zone, if any. */
export const landingTarget = (s: CombatQueries, c: number, z: number): number => {
  const k = s.k;
  let best = -1,
    bv = INF;
  for (let j = k.foeStart[c]; j < k.foeStart[c + 1]; j++) {
    const o = k.foes[j];
    if (!s.able(o) || s.zone[o] !== z) continue;
    if (s.vit[o] < bv) {
      bv = s.vit[o];
      best = o;
    }
  }
  return best;
};

/** Kite: leave a zone holding an enemy for an adjacent one with none, from which an enemy is still in reach. */
const tryKite = (s: CombatQueries, c: number): boolean => {
  const k = s.k;
  const x = s.zone[c];
  let threat = -1;
  for (let j = k.foeStart[c]; j < k.foeStart[c + 1]; j++) {
    const e = k.foes[j];
    if (s.able(e) && s.zone[e] === x) {
      threat = e;
      break;
    }
  }
  if (threat < 0) return false;
  const reach = k.wReach[c * SLOTS + s.mainSlot(c)];
  let best = -1,
    bscore = -1;
  for (let y = 0; y < k.nz; y++) {
    const i = x * k.nz + y;
    if (k.rangeDist[i] !== 1 || k.moveDist[i] !== 1 || k.stepDrop[i] >= 0) continue;
    let minD = INF,
      target = false,
      clear = true;
    for (let j = k.foeStart[c]; j < k.foeStart[c + 1]; j++) {
      const e = k.foes[j];
      if (!s.able(e)) continue;
      const de = k.rangeDist[y * k.nz + s.zone[e]];
      if (de === 0) {
        clear = false;
        break;
      }
      if (de < minD) minD = de;
      if (inBand(de, reach)) target = true;
    }
    if (!clear || !target) continue;
    if (minD > bscore) {
      bscore = minD;
      best = y;
    }
  }
  if (best < 0) return false;
  s.dZone = best;
  s.dSteps = 1;
  s.mGoal = -1;
  s.kiteMoved = 1;
  scratch.whyX = threat;
  set(s, A_MOVE, W_KITE);
  return true;
};

// ───────────────────────── Link Strike (HA-L1) ─────────────────────────

/** The combatant acting right after c this round, when it is an able ally; else −1. Defeated combatants take no turn. */
export const linkPartner = (s: CombatQueries, c: number): number => {
  const k = s.k;
  for (let j = s.turnIdx + 1; j < k.n; j++) {
    const p = s.roundOrder[j];
    if (s.defeated[p]) continue;
    return k.side[p] === k.side[c] && s.able(p) && s.linkTarget[p] < 0 ? p : -1;
  }
  return -1;
};

/** Declares a Link when its expected damage beats both allies striking alone with that action. */
const tryLink = (s: CombatQueries, c: number, e: number): boolean => {
  const k = s.k;
  const p = linkPartner(s, c);
  if (p < 0) return false;
  const ps = s.mainSlot(p);
  const as = s.mainSlot(c);
  if (!inBand(s.dist(p, e), k.wReach[p * SLOTS + ps]) || !inBand(s.dist(c, e), k.wReach[c * SLOTS + as])) return false;
  const D = s.guardOf(e);
  const wa = c * SLOTS + as,
    wp = p * SLOTS + ps;
  const solo =
    k.edW[wa * T_SIZE + tIndex(D, s.strikePenalty(c, as) + checkMod(s, c))] +
    k.edW[wp * T_SIZE + tIndex(D, checkMod(s, p))];
  const sta = k.wStat[wa],
    stp = k.wStat[wp];
  // HA-L1 + HA-S4: the Link is a Strike of c now (its current penalty) and the partner's first of its turn
  const sha =
    (k.brawler[c] && k.wFlags[wa] & (W_UNARMED | W_IMPROVISED) ? 2 : 0) + s.strikePenalty(c, as) + checkMod(s, c);
  const shp = (k.brawler[p] && k.wFlags[wp] & (W_UNARMED | W_IMPROVISED) ? 2 : 0) + checkMod(s, p);
  const bonus = Math.max(k.wBonus[wa], k.wBonus[wp]) + 3;
  const critAt = k.wFlags[wa] & k.wFlags[wp] & W_KEEN ? 5 : 6;
  const critAdd = k.stats[c * 4 + sta] * (k.wFlags[wa] & W_BRUTAL ? 2 : 1) + k.stats[p * 4 + stp];
  let link = 0,
    prev = 0;
  for (let y = -12; y < EV_SIZE + 12; y++) {
    const F = cdfAt(s, c, sta, y - sha) * cdfAt(s, p, stp, y - shp);
    const pm = F - prev;
    prev = F;
    if (pm <= 0) continue;
    const margin = y + 2 - D;
    if (margin < 0) continue;
    link += pm * (margin + bonus + (margin >= critAt ? critAdd : 0));
  }
  if (link <= solo) return false;
  s.dTarget = e;
  scratch.whyX = p;
  num[WHY] = link;
  num[OPT] = solo;
  set(s, A_LINK, W_LINK);
  return true;
};

// ───────────────────────── Team Ultimate (HA-U1) ─────────────────────────

export const canSupport = (s: CombatQueries, lead: number, i: number): boolean => {
  const k = s.k;
  return i !== lead && k.side[i] === k.side[lead] && k.player[i] === 1 && s.able(i) && s.reactionUsed[i] === 0;
};

const tryUltimate = (s: CombatQueries, c: number): boolean => {
  const k = s.k;
  let ns = 0;
  for (let i = 0; i < k.n; i++) if (canSupport(s, c, i)) ns++;
  if (ns < 2) return false;
  const reach = k.wReach[c * SLOTS + s.mainSlot(c)];
  // a zone with 2+ able enemies in reach, else one enemy (lowest Vitality)
  let bz = -1,
    bcount = 1,
    single = -1,
    bv = INF;
  for (let z = 0; z < k.nz; z++) {
    if (!inBand(k.rangeDist[s.zone[c] * k.nz + z], reach)) continue;
    let cnt = 0;
    for (let j = k.foeStart[c]; j < k.foeStart[c + 1]; j++) {
      const e = k.foes[j];
      if (!s.able(e) || s.zone[e] !== z) continue;
      cnt++;
      if (s.vit[e] < bv) {
        bv = s.vit[e];
        single = e;
      }
    }
    if (cnt > bcount) {
      bcount = cnt;
      bz = z;
    }
  }
  if (single < 0) return false;
  s.dZone = bz;
  s.dTarget = bz >= 0 ? -1 : single;
  num[WHY] = ns;
  scratch.whyX = bz >= 0 ? -1 : single;
  set(s, A_ULTIMATE, W_ULTIMATE);
  return true;
};

// ───────────────────────── reactions & initiative ─────────────────────────

/** HA-R2: always Brace — except a player character saving its Reaction for the combat's still unused Team Ultimate (HA-U1). */
export const wantsBrace = (s: CombatQueries, r: number, _mover: number): boolean => {
  const k = s.k;
  if (k.teamUltimates && k.player[r] && !s.ultimateUsed) {
    let pcs = 0;
    for (let i = 0; i < k.n; i++) if (k.side[i] === k.side[r] && k.player[i] && s.able(i)) pcs++;
    if (pcs >= 3) return false;
  }
  return true;
};

/**
 * HA-I5: seize when its initiative value is 5 or less and an enemy is already in reach (acting earlier matters).
 * Never with a deck of one card: the draw after the discard reshuffles fatigue (HA-C5) and redraws the very card
 * discarded ("discards 4♦, draws 4♦"), an action spent for nothing (issue 35, item 13).
 */
export const wantsSeize = (s: CombatQueries, c: number): boolean => {
  const k = s.k;
  const tac = k.tactic[c];
  if (tac === T_DEFENSIVE || tac === T_KITE || s.initValue[c] > 5 || k.deckSize[c] < 2) return false;
  for (let j = k.foeStart[c]; j < k.foeStart[c + 1]; j++) {
    const e = k.foes[j];
    if (s.able(e) && inBand(s.dist(c, e), k.wReach[c * SLOTS + s.mainSlot(c)])) {
      // the action it costs: not when two actions do much less than three (issue 32: a cost-3 technique)
      if (turnValue(s, c, e, 2, 0) < SEIZE_KEEP * turnValue(s, c, e, 3, 0)) return false;
      num[WHY] = s.initValue[c];
      s.dWhy = W_SEIZE;
      return true;
    }
  }
  return false;
};

/** Seize Initiative only when a turn of two actions keeps at least this part of a turn of three's expected damage. */
const SEIZE_KEEP = 0.75;

/**
 * The most expected damage `a` actions deal e from where c stands (HA-S4 Strikes at 0/−2/−4, Quick's free 2nd, each
 * technique it can afford): a search over at most three actions. `strikes`: Strikes already made.
 */
const turnValue = (s: CombatQueries, c: number, e: number, a: number, strikes: number): number =>
  turnValueAt(s, c, e, s.dist(c, e), a, strikes);

/** turnValue at range distance d from e (HA-Z2), as if c stood there. */
const turnValueAt = (s: CombatQueries, c: number, e: number, d: number, a: number, strikes: number): number => {
  if (a <= 0) return 0;
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
  return tvBest[a * 3 + (strikes < 2 ? strikes : 2)];
};
/** turnValueAt's scratch: Strike values by number, techniques' costs and values (8 at most), the table best[r][m]. */
const tvStrike = new Float64Array(3);
const tvCost = new Int32Array(8);
const tvTech = new Float64Array(8);
const tvBest = new Float64Array(12);

// ───────────────────────── reasons (event mode only) ─────────────────────────

const f1 = (x: number) => (Math.round(x * 10) / 10).toFixed(1);

export const explain = (s: CombatQueries): string => {
  const k = s.k;
  const id = (i: number) => (i >= 0 ? k.ids[i] : '?');
  switch (s.dWhy) {
    case W_WEAPON:
      return 'its dropped weapon lies here: pick it up before fighting unarmed';
    case W_ULTIMATE:
      return (
        `Team Ultimate with ${num[WHY]} Supports, once per combat: used at the first chance` +
        (s.dZone >= 0 ? ` (zone ${k.zoneNames[s.dZone]} holds 2+ enemies)` : '')
      );
    case W_STABILIZE:
      return `${id(s.dTarget)} is Broken here (${s.failing[s.dTarget]} Failing Draws): ${Math.round(num[WHY] * 100)}% to stabilize`;
    case W_TO_BROKEN:
      return `support: going to Broken ally ${id(scratch.whyX)}`;
    case W_ASSIST:
      return `support: ${id(s.dTarget)} acts later this round`;
    case W_DEF_GUARD:
      return `defensive: an enemy can reach it next turn; Active Guard expects ${f1(num[GUARD_E])} vs passive Guard ${k.guard[s.cur]}`;
    case W_KITE:
      return `kite: ${id(scratch.whyX)} is engaged with it; backing off to keep range`;
    case W_ATTACK: {
      const sel =
        scratch.selCode === SEL_WEAKEST
          ? 'weakest enemy'
          : scratch.selCode === SEL_NEAREST
            ? 'nearest enemy'
            : 'most threat removed per action in reach';
      const what =
        s.dAct === A_TECHNIQUE
          ? k.tName[s.dTech]
          : s.dAct === A_SCATTER
            ? 'Scatter'
            : s.dSlot === SLOT_OFF
              ? 'off-hand Strike'
              : 'Strike';
      const t = s.dTarget;
      return (
        `${id(t)}: ${sel} (Vitality ${scratch.targetVit}); ${what}: ${f1(num[OPT])} expected damage per action` +
        (num[ALT] > 0 ? ` (next best ${f1(num[ALT])})` : '')
      );
    }
    case W_LINK:
      return `Link Strike with ${id(scratch.whyX)}: ${f1(num[WHY])} expected damage vs ${f1(num[OPT])} striking separately`;
    case W_APPROACH:
      return `closing on ${id(scratch.whyX)} (${num[WHY]} zone${num[WHY] === 1 ? '' : 's'} to reach)`;
    case W_FALLBACK_GUARD:
      return `${scratch.idleInReach ? 'no attack worth its expected damage' : 'no target this turn'} and an enemy can reach it next turn; Active Guard expects ${f1(num[GUARD_E])} vs passive Guard ${k.guard[s.cur]}`;
    case W_RECOVER:
      return `${scratch.idleInReach ? 'no attack worth its expected damage' : 'no target this turn'} and the deck runs thin: fatigue holds more cards than the deck`;
    case W_NOTHING:
      return scratch.idleInReach
        ? 'an enemy is in reach, but no action is worth its expected damage'
        : 'no enemy it can reach';
    case W_SEIZE:
      return `initiative ${num[WHY]} is low and an enemy is in reach`;
    default:
      return '';
  }
};
