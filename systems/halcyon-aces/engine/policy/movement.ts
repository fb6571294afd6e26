// Movement (HA-A1, HA-A2, HA-R2, HA-F2): where to Stride or Dash, when a Stride into an enemy's zone is worth the
// Braces waiting there, and the kite's step back. Read-only on the fight: a move is written into the decision
// record (s.dZone, s.dSteps, s.mGoal, s.mBand) for the turn loop to carry out.

import type { CombatQueries } from '../sim/queries.js';
import * as codes from '../codes.js';
import * as compiled from '../compile.js';
import * as S from './shared.js';
import * as TG from './targets.js';
import * as V from './view.js';

// Module constants, not live imported bindings, for the hot code: see "Imports" in sim.ts.
const { A_MOVE } = codes;
const { INF, SLOTS, T_SIZE, T_SUPPORT, fallBase, inBand, tIndex } = compiled;
const {
  FINISH_SHARE,
  WHY,
  W_APPROACH,
  W_DROP,
  W_KITE,
  W_REGROUP,
  W_TO_FRIEND,
  checkChance,
  checkMod,
  num,
  scratch,
  set,
} = S;
const { R, potInto, stamp, threatInto, tvBoundInto, tvInto } = TG;
const { gainCellOf, hitCellOf, vFoe, view } = V;

/** Brace Strikes (HA-R2) awaiting c in zone z: the expected damage of each able enemy there with its Reaction unused. */
export const braceCost = (s: CombatQueries, c: number, z: number): number => braceCostAt(s, c, z, s.guardOf(c));

/**
 * The decision's zone table (issue 32 item 5): for the decider c, per zone z, ztBrace[z] = braceCost(s, c, z) (the
 * Braces waiting there against c's Guard now, summed in the foes' order as braceCostAt sums them), ztGain[z] = c's
 * best main-weapon Strike on an able foe there (entryPays' gain) and ztOwn[z] = ownBrace(s, c, z) (that Strike on the
 * foes there who fight only Engaged) — one scan of the foes, made at the decision's first need and kept for its other
 * rules (strideFirst, toBrokenFriend, strideIn, entryPays each scanned the foes again per zone). Keyed by the decision's
 * stamp and c: a decision reads the fight and changes nothing. Plain twins: braceCost, ownBrace and entryPays' gain
 * (the gain over the foes in the zone); fast-paths.test.ts holds them equal at every decision of the samples.
 */
export const zoneTable = (s: CombatQueries, c: number): void => {
  if (zt.stamp === stamp[0] && zt.c === c && ztOn.on) return;
  zt.stamp = stamp[0];
  zt.c = c;
  const k = s.k;
  const zone = s.zone,
    edW = k.edW;
  for (let z = 0; z < k.nz; z++) {
    ztBrace[z] = 0;
    ztGain[z] = 0;
    ztOwn[z] = 0;
  }
  // the able foes and their Strike cells both ways: the decision's view (view.ts)
  for (let j = 0; j < view.n; j++) {
    const r = vFoe[j];
    const z = zone[r];
    if (!s.reactionUsed[r]) ztBrace[z] += edW[hitCellOf(s, r, c)];
    const x = edW[gainCellOf(s, c, r)];
    if (x > ztGain[z]) ztGain[z] = x;
    if (k.maxBand[r] === 0 && x > ztOwn[z]) ztOwn[z] = x;
  }
};
/** The zone table's key (the decision's stamp, the decider) and its columns, by zone. */
const zt = { stamp: -1, c: -1 };
export const ztBrace = new Float64Array(256);
export const ztGain = new Float64Array(256);
export const ztOwn = new Float64Array(256);
/** The zone table kept through a decision (the tests turn it off: every read then scans afresh, as its twins). */
export const ztOn = { on: true };

/**
 * braceCost against Guard g: a combatant that moves on its own next turn meets the Braces with its passive Guard (HA-N2),
 * its Active Guard gone when that turn starts (HA-A5).
 */
const braceCostAt = (s: CombatQueries, c: number, z: number, g: number): number => {
  const k = s.k;
  let cost = 0;
  for (let i = k.foeStart[c]; i < k.foeStart[c + 1]; i++) {
    const r = k.foes[i];
    if (!s.able(r) || s.zone[r] !== z || s.reactionUsed[r]) continue;
    const wr = r * SLOTS + s.mainSlot(r);
    cost += k.edW[wr * T_SIZE + tIndex(g, checkMod(s, r))];
  }
  return cost;
};

/**
 * HA-A1 then attack: the best turn from the zone of an adjacent enemy (one action less, the Braces there paid)
 * against the best turn from here (turnValue: expected damage over the actions left). Sets the Stride when moving
 * first deals more; false otherwise.
 */
export const strideFirst = (s: CombatQueries, c: number): boolean => {
  const k = s.k;
  const nz = k.nz;
  // the arrays in locals (issue 32 item 5): one load each per call, not one per foe and loop — less code for the JIT
  // to compile in a cold process, as well as less to run; the able foes are the decision's view (view.ts)
  const zone = s.zone,
    moveDist = k.moveDist,
    stepDrop = k.stepDrop,
    rangeDist = k.rangeDist;
  const n = view.n;
  const x = zone[c];
  const a = s.actions;
  // decide() asks only with an able enemy in a zone one Stride away, no drop between (its scan's nextDoor)
  // The prune (issue 32 item 5; its plain twin: the search below without it): no turn from a zone next door beats
  // `bound` (tvBoundInto, a actions less one, any range); once the turn from here plus MOVE_MARGIN reaches it, no
  // zone can be better and nothing is searched — the same answer, false, the search would give.
  const prune = stridePrune.on;
  let bound = 0;
  for (let j = 0; j < n; j++) {
    const e = vFoe[j];
    tvBoundInto(s, c, e, a - 1);
    sfBound[e] = R[0];
    if (R[0] > bound) bound = R[0];
  }
  let here = 0;
  for (let j = 0; j < n; j++) {
    const e = vFoe[j];
    tvInto(s, c, e, rangeDist[x * nz + zone[e]], a, 0); // s.dist(c, e)
    if (R[0] > here) here = R[0];
    if (bound <= here + MOVE_MARGIN && prune) return false;
  }
  let bestZ = -1,
    bestE = -1,
    best = here + MOVE_MARGIN;
  for (let j = 0; j < n; j++) {
    const z = zone[vFoe[j]];
    if (z === x || moveDist[x * nz + z] !== 1 || stepDrop[x * nz + z] >= 0) continue;
    // the prune again (off with it): a zone searched already (an earlier foe's) finds nothing better a second time;
    // a zone, or a foe from it, whose bound less the Braces cannot beat the best so far is not searched
    if (prune && searchedBefore(s, j, z)) continue;
    zoneTable(s, c);
    const cost = ztBrace[z]; // braceCost(s, c, z)
    if (bound - cost <= best && prune) continue;
    for (let i = 0; i < n; i++) {
      const e = vFoe[i];
      if (sfBound[e] - cost <= best && prune) continue;
      tvInto(s, c, e, rangeDist[z * nz + zone[e]], a - 1, 0);
      const v = R[0] - cost;
      if (v > best) {
        best = v;
        bestZ = z;
        bestE = e;
      }
    }
  }
  if (bestZ < 0) return false;
  strideInto(s, bestZ, bestE);
  return true;
};

/** strideFirst's bound per foe (tvBoundInto), by index. */
const sfBound = new Float64Array(256);

/** An able foe of the decider listed before the j-th of the view stands in zone z (strideFirst searched z then). */
const searchedBefore = (s: CombatQueries, j: number, z: number): boolean => {
  for (let i = 0; i < j; i++) if (s.zone[vFoe[i]] === z) return true;
  return false;
};

/** HA-A1: a Stride into zone z (an enemy's: engaged there, band 0), closing on e; strideFirst's and strideIn's move. */
const strideInto = (s: CombatQueries, z: number, e: number): void => {
  s.dZone = z;
  s.dSteps = 1;
  s.mGoal = z;
  s.mBand = 0;
  s.dAct = A_MOVE;
  num[WHY] = 1;
  scratch.whyX = e;
  s.dWhy = W_APPROACH;
};

/**
 * HA-A1 then HA-B4 for every tactic (`support` goes further, tactics.ts): a Broken ally one Stride away and two actions
 * left — Stride to it, and the next action stabilizes it (issue 32: Old Hob striking on among four rowdies while Tess
 * lay Broken on the floor next door; a friend stabilized acts again, and the foes must spend a Strike on it). Only when
 * the stabilize chance is at least a third (as beside it) and the Braces waiting there are not expected to Break c.
 * The ally with the best chance (then the most Failing Draws); false when none.
 */
export const toBrokenFriend = (s: CombatQueries, c: number, inReach: boolean): boolean => {
  const k = s.k;
  const nz = k.nz;
  const x = s.zone[c];
  let best = -1,
    bp = 0,
    worth = -1; // E-P7: the walk toward the threat's score, computed at the first friend that asks
  for (let j = k.allyStart[c], end = k.allyStart[c + 1]; j < end; j++) {
    const b = k.allies[j];
    if (s.broken[b] === 0 || s.defeated[b] !== 0) continue;
    const z = s.zone[b];
    if (z === x || k.moveDist[x * nz + z] !== 1) continue;
    const p = checkChance(s, c, 0, 10 + 2 * s.failing[b]);
    if (p < FRIEND_CHANCE || p < bp || (p === bp && s.failing[b] <= s.failing[best])) continue;
    // not through Braces, or off a drop (HA-F1/F2), expected to Break it on the way (issue 32: a 1-Vitality Cutpurse
    // leaping off the 30-ft ridge to its Broken friend below, Broken by the fall)
    zoneTable(s, c);
    if (ztBrace[z] + fallCost(s, c, x, z) >= s.vit[c]) continue; // braceCost(s, c, z)
    // E-P7 (issue 32): nothing in reach, a walk toward the threat (E-P5's pick, approachBest) against the friend: not
    // when the threat an action there removes (attackShare × threatOf) beats the threat the stabilize restores (its
    // chance × the friend's threatOf on its worst foe) — Chapel Vault's Gaoler strode to a Broken Hound on the stair
    // where dashing on to the Priest won 44 points
    if (!inReach) {
      if (worth < 0) {
        approachBest(s, c, moveBand(s, c));
        worth = R[0];
      }
      if (p * friendThreat(s, b) < worth) continue;
    }
    best = b;
    bp = p;
  }
  if (best < 0) return false;
  strideInto(s, s.zone[best], best);
  num[WHY] = bp;
  s.dWhy = W_TO_FRIEND;
  return true;
};

/**
 * HA-A1 with the last action, then HA-R2 for the side (issue 32: two Patrons throwing their third punch, at −4, at Old
 * Hob, his Chair Breaking one a hit, while their Thugs stood on the floor next door): beside an enemy that fights only
 * Engaged and whose one Strike is expected to take half of c's Vitality, with one action left (the caller's test:
 * most decisions are not the last action, and skip the scan) and no Break of its own
 * in sight (its turn on `low`, its best target, takes less than `weak` of that foe's Vitality), c joins able friends
 * one Stride away — the brute, acting before c's next turn, must come through all their Braces for it, or find one
 * target fewer here — whatever waits there (measured: the Patrons won more stepping into Tess's Bottle than staying).
 * The zone with the most friends; false when none.
 */
export const regroup = (s: CombatQueries, c: number, low: number, weak: number): boolean => {
  const k = s.k;
  const nz = k.nz;
  const x = s.zone[c];
  const vc = s.vit[c];
  let brute = -1;
  for (let j = 0; j < view.n && brute < 0; j++) {
    const e = vFoe[j]; // able (the view); its Strike on c (hitOn) the view's cell
    if (s.zone[e] === x && k.maxBand[e] === 0 && k.edW[hitCellOf(s, e, c)] >= REGROUP_HIT * vc) brute = e;
  }
  if (brute < 0) return false;
  tvInto(s, c, low, s.dist(c, low), s.actions, s.strikes);
  if (R[0] >= weak * s.vit[low]) return false;
  let bestY = -1,
    most = 0;
  for (let y = 0; y < nz; y++) {
    if (y === x || k.moveDist[x * nz + y] !== 1 || k.stepDrop[x * nz + y] >= 0) continue;
    let friends = 0;
    for (let j = k.allyStart[c]; j < k.allyStart[c + 1]; j++) {
      const a = k.allies[j];
      if (s.able(a) && s.zone[a] === y) friends++;
    }
    if (friends <= most) continue;
    most = friends;
    bestY = y;
  }
  if (bestY < 0) return false;
  strideInto(s, bestY, brute);
  num[WHY] = most;
  s.dWhy = W_REGROUP;
  return true;
};

/**
 * HA-F1/F2: the expected damage of the fall that ends a Stride from zone x to y (0 when the step is no drop): 1 per 10
 * ft, halved first on a soft surface, halved (rounded down) again on c's Body check against DC 8 + 1 per 10 ft (its
 * chance from the full deck, as every check the tactics weigh).
 */
export const fallCost = (s: CombatQueries, c: number, x: number, y: number): number => {
  const k = s.k;
  const feet = k.stepDrop[x * k.nz + y];
  if (feet < 0) return 0;
  const base = fallBase(feet, k.stepSoft[x * k.nz + y] === 1);
  if (base <= 0) return 0;
  return base - checkChance(s, c, 1, 8 + Math.floor(feet / 10)) * (base - (base >> 1));
};

/**
 * HA-F1 + HA-F2: a Stride off a drop onto zone z, whose landing (half the fall, before any check) Breaks the weakest
 * foe there — taken unless the fall and the Braces of the other foes there (the one landed on is Broken before it can
 * Brace: the fall comes first) are expected to take half of c's Vitality. False when it is not taken.
 */
export const dropOnto = (s: CombatQueries, c: number, z: number): boolean => {
  const k = s.k;
  const x = s.zone[c];
  let t = -1;
  for (let j = 0; j < view.n; j++) {
    const e = vFoe[j]; // able (the view)
    if (s.zone[e] === z && (t < 0 || s.vit[e] < s.vit[t])) t = e;
  }
  if (t < 0) return false;
  let cost = fallCost(s, c, x, z);
  for (let j = 0; j < view.n; j++) {
    const r = vFoe[j];
    if (r === t || s.zone[r] !== z || s.reactionUsed[r]) continue;
    cost += k.edW[hitCellOf(s, r, c)]; // its Brace against c's Guard now
  }
  if (cost >= DROP_SHARE * s.vit[c]) return false;
  strideInto(s, z, t);
  num[WHY] = k.stepLand[x * k.nz + z];
  s.dWhy = W_DROP;
  return true;
};

/** dropOnto leaps only when the fall and the Braces below are expected to take less than this part of the faller. */
const DROP_SHARE = 0.5;

/** regroup's brute: one Strike expected to take this part of c's Vitality. */
const REGROUP_HIT = 0.5;

/** E-P7: a Broken friend's threatOf once back up, on the foe of the decider's view it threatens most. */
const friendThreat = (s: CombatQueries, b: number): number => {
  let t = 0;
  for (let j = 0; j < view.n; j++) {
    threatInto(s, b, vFoe[j]);
    if (R[0] > t) t = R[0];
  }
  return t;
};

/** toBrokenFriend's least stabilize chance (HA-B4), as beside a Broken ally (tactics.ts). */
const FRIEND_CHANCE = 1 / 3;

/** strideFirst's prune on (the tests turn it off to hold it equal to its plain twin). */
export const stridePrune = { on: true };

/** A move first must promise this much more expected damage than attacking from here. */
export const MOVE_MARGIN = 1;

/**
 * HA-A1 with an action to spare: Stride into the zone of an able enemy one move away when the first Strike it
 * saves next turn (expected damage with the main weapon) beats the expected damage of the Braces (HA-R2) of the
 * enemies there whose Reaction is unused, and, when any Brace waits, its own Brace forgone (ownBrace: they would come
 * to it) — none of this when an ally would walk into them after it (allyFollows). The best such zone by that difference; false when none.
 */
export const strideIn = (s: CombatQueries, c: number): boolean => {
  const k = s.k;
  const nz = k.nz;
  const x = s.zone[c];
  let bestZ = -1,
    bestNet = 0,
    bestE = -1;
  for (let j = 0; j < view.n; j++) {
    const e = vFoe[j]; // able (the view)
    const z = s.zone[e];
    if (z === x || k.moveDist[x * nz + z] !== 1 || k.stepDrop[x * nz + z] >= 0) continue;
    const gain = k.edW[gainCellOf(s, c, e)];
    zoneTable(s, c);
    let cost = ztBrace[z]; // braceCost(s, c, z)
    if (cost > 0) {
      // letThemCome last (issue 32 item 5): a zone whose Braces and own Brace forgone (ownBrace: ztOwn) leave no more
      // than bestNet, with no ally following (allyFollows), is passed over whatever letThemCome says — 99.5% of its
      // calls here on the samples. Both are pure reads of the fight, so the order changes no answer; its plain twin,
      // strideInFirst.on = false, asks letThemCome first, as before.
      let follows = false,
        asked = false;
      if (strideInFirst.on && gain - (cost + ztOwn[z]) <= bestNet) {
        follows = cost < s.vit[c] && allyFollows(s, c, z);
        if (!follows) continue;
        asked = true;
      }
      if (holdBack(s, c, z, z)) continue; // letThemCome(s, c, z, cost): a Stride's zone is its first and last
      if (!asked) follows = cost < s.vit[c] && allyFollows(s, c, z);
      cost = follows ? 0 : cost + ztOwn[z]; // ownBrace(s, c, z)
    }
    if (gain - cost > bestNet) {
      bestNet = gain - cost;
      bestZ = z;
      bestE = e;
    }
  }
  if (bestZ < 0) return false;
  strideInto(s, bestZ, bestE);
  return true;
};

/** strideIn's early pass over a zone (its plain twin, off: letThemCome asked first); the tests turn it off. */
export const strideInFirst = { on: true };

/**
 * HA-R2 the other way: c's own Brace (its main weapon's Strike, no multi-Strike penalty) on the enemies of zone z who
 * must come to it to attack (their farthest attack Engaged: k.maxBand 0) — what ending the turn here and letting them
 * come is worth, forgone by walking in. The best such Strike; 0 when every enemy there attacks from where it stands.
 */
export const ownBrace = (s: CombatQueries, c: number, z: number): number => {
  const k = s.k;
  const w = c * SLOTS + s.mainSlot(c);
  const cm = checkMod(s, c);
  let v = 0;
  for (let j = k.foeStart[c]; j < k.foeStart[c + 1]; j++) {
    const e = k.foes[j];
    if (!s.able(e) || s.zone[e] !== z || k.maxBand[e] !== 0) continue;
    const g = k.edW[w * T_SIZE + tIndex(s.guardOf(e), cm)];
    if (g > v) v = g;
  }
  return v;
};

/**
 * HA-R2 for the team (asked only for Braces not expected to Break c: issue 32, a 5-Vitality Bram walking into the
 * Warlord's Cleaver with his last action, for a friend): an ally acting later this round, able, with nothing to hit where it stands and only Engaged
 * attacks (k.maxBand 0), within a Dash of zone z, that would not rather let them come (letThemCome) — it will walk
 * into z's Braces unless c takes them first with an action it cannot attack with (issue 32: a Thug keeping its last action while its friend then took Old Hob's Chair).
 */
const allyFollows = (s: CombatQueries, c: number, z: number): boolean => {
  const k = s.k;
  const nz = k.nz;
  for (let j = s.turnIdx + 1; j < k.n; j++) {
    const a = s.roundOrder[j];
    if (k.side[a] !== k.side[c] || !s.able(a) || k.maxBand[a] !== 0) continue;
    const za = s.zone[a];
    if (za === z || k.moveDist[za * nz + z] > 2) continue;
    let engaged = false;
    for (let i = k.foeStart[a]; i < k.foeStart[a + 1] && !engaged; i++) {
      const e = k.foes[i];
      engaged = s.able(e) && s.zone[e] === za;
    }
    if (!engaged && !letThemCome(s, a, z, braceCostAt(s, a, z, k.guard[a]))) return true;
  }
  return false;
};

/**
 * HA-A1/A2 then HA-R2: the move planMove just wrote (s.dZone, s.dSteps, s.mGoal, s.mBand) ends the turn in a zone of
 * enemies whose Braces wait (its last actions: no attack after it) — is that worth it? As strideIn weighs it: the
 * first Strike it saves next turn against the Braces of every zone it enters and its own Brace forgone (ownBrace) —
 * unless an ally would walk into those Braces after it (allyFollows). A move with an action left after it,
 * or into no Brace, always is (issue 32: "Old Hob: Stride to floor" with his last action, into two Thugs' Braces,
 * where ending the turn and letting them come won more often).
 */
export const entryPays = (s: CombatQueries, c: number): boolean => {
  const k = s.k;
  const nz = k.nz;
  // HA-F1/F2: no step off a drop whose fall is expected to Break it (issue 32: a combatant Broken by its own leap)
  if (fallCost(s, c, s.zone[c], s.dZone) >= s.vit[c]) return false;
  let end = s.dZone;
  zoneTable(s, c);
  let cost = ztBrace[end]; // braceCost(s, c, end)
  if (s.dSteps === 2) {
    const i = (s.mBand * nz + end) * nz + s.mGoal;
    if (s.mGoal >= 0 && k.approachDist[i] > 0 && k.approachDist[i] < INF && k.approachNext[i] >= 0) {
      end = k.approachNext[i];
      cost += ztBrace[end];
    }
  }
  if (cost === 0) return true;
  if (s.actions > s.dSteps) return !holdBack(s, c, s.dZone, end);
  if (cost < s.vit[c] && allyFollows(s, c, end)) return true;
  // the best first Strike it saves next turn on a foe there (its plain twin: entryGain) against the Braces and its own
  // Brace forgone (ownBrace)
  return ztGain[end] > cost + ztOwn[end];
};

/**
 * HA-R2 + HA-F1: the move planMove just wrote is not expected to Break c on the way — the fall off a drop and the
 * Braces waiting in each zone it enters (a Dash's second zone too) take less than its Vitality.
 */
export const entrySurvives = (s: CombatQueries, c: number): boolean => {
  const k = s.k;
  const nz = k.nz;
  zoneTable(s, c);
  let end = s.dZone;
  let cost = ztBrace[end] + fallCost(s, c, s.zone[c], end);
  if (s.dSteps === 2) {
    const i = (s.mBand * nz + end) * nz + s.mGoal;
    if (s.mGoal >= 0 && k.approachDist[i] > 0 && k.approachDist[i] < INF && k.approachNext[i] >= 0) {
      end = k.approachNext[i];
      cost += ztBrace[end];
    }
  }
  return cost < s.vit[c];
};

/** entryPays' gain, the zone table's ztGain[end] as a plain scan: c's best main-weapon Strike on an able foe in zone end. */
export const entryGain = (s: CombatQueries, c: number, end: number): number => {
  const k = s.k;
  const w = c * SLOTS + s.mainSlot(c);
  const cm = checkMod(s, c);
  let gain = 0;
  for (let j = k.foeStart[c]; j < k.foeStart[c + 1]; j++) {
    const e = k.foes[j];
    if (!s.able(e) || s.zone[e] !== end) continue;
    const g = k.edW[w * T_SIZE + tIndex(s.guardOf(e), cm)];
    if (g > gain) gain = g;
  }
  return gain;
};

/**
 * HA-R2 both ways, with actions left after the move (issue 32: a Thug striding into Old Hob's Chair, a Cutpurse onto a
 * road of four Braces): no move into zone `end` whose Braces (`cost`) are expected to take half of c's Vitality, when
 * an enemy there must come to c's zone anyway — it fights only Engaged and has no one to hit where it stands — and
 * would pay less of its own Vitality to the Braces waiting for it (c's and its friends') than c would pay to theirs.
 * Weighed alike from both sides: of two who must come to each other, the one who pays less comes — unless c's side
 * outshoots e's where they stand (E-P4, shotSums): then e must come whoever pays less — nor when the foes in `end`
 * attack c where it stands and out-deal c's side (E-P6): c is shot while it waits, and goes. Not after a calm
 * round (E-P2, s.calmRounds: nobody moved or lost Vitality) while this one is calm still: a foe who waits too will
 * not come, so a wait must end — the first to act comes, and the others weigh the fight again from there.
 */
const letThemCome = (s: CombatQueries, c: number, end: number, cost: number): boolean => {
  const k = s.k;
  const mine = cost / s.vit[c];
  // E-P2: no standoff — after a whole round in which nobody moved or lost Vitality, the first to act comes: nobody
  // waits for a foe to come until someone has moved or been hurt this round (issue 32, the Rusty Flagon at seed 127:
  // Old Hob at the bar and four rowdies on the floor each waited for the other from round 2 to the round cap)
  // both read at every call (issue 32 item 5): read only past the share test, their first read came after letThemCome
  // was optimized, had no type feedback and deoptimized it, and entryPays where it was inlined (the King's Road)
  const calm = s.calmRounds > 0,
    quiet = s.quietRound;
  if (mine < HOLD_SHARE || (calm && quiet)) return false;
  const x = s.zone[c];
  for (let j = k.foeStart[c]; j < k.foeStart[c + 1]; j++) {
    const e = k.foes[j];
    if (!s.able(e) || s.zone[e] !== end || k.maxBand[e] !== 0) continue;
    let busy = false;
    for (let i = k.foeStart[e]; i < k.foeStart[e + 1] && !busy; i++) {
      const o = k.foes[i];
      busy = s.able(o) && s.zone[o] === end;
    }
    // E-P8: nor the last able foe, tending a Broken friend beside it (TACTICS.md item 4: it stabilizes first), that c's
    // one Strike is expected to take half of: it will not come, and waiting lets its friend stand up
    if (busy || (lastTending(s, c, e, end) && k.edW[gainCellOf(s, c, e)] >= FINISH_SHARE * s.vit[e])) continue;
    shotSums(s, c, e, x, end);
    // E-P4: c's side outshoots e's where they stand: e must come, whoever pays less
    if (SHOT[0] > SHOT[1]) return true;
    // E-P6: the foes in zone `end` itself attack c where it stands and out-deal c's side's attacks on e: waiting does
    // not bring them, c is shot meanwhile — it goes, whoever pays less (the Warlord's Hall: the party at the gate, the
    // Warlord roaring from the hall, Kael guarding and assisting while the Shield Guard beside him was to come through
    // four Braces). A shooter elsewhere is no reason: going through `end` does not reach it (Twin Thrones' Sorceress on
    // her balcony, E-P3's Duellist).
    if (SHOT[2] <= SHOT[0] && braceCostAt(s, e, x, k.guard[e]) / s.vit[e] < mine) return true;
  }
  return false;
};

/**
 * E-P4 (issue 32): c's side outshoots e's where they stand — the attacks of c's side (c and its able allies outside
 * zone `end`) that reach e in `end` from where they stand (the weapon in hand or a technique: k.reachBy; a thrown Bottle that broke
 * no longer counts), each its first action's expected damage on e
 * (threatOf less its +1), add up to more than those of e's side (outside c's zone x) that reach c. Then e, who fights
 * only Engaged, must come through the Braces or be shot where it stands, whoever pays less: c waits (Quarry Ledge: the
 * Warden dashing up the ramp into three Braces while the Tracker shot the Bandits on the ledge from beside him).
 * Into SHOT: [0] c's side's sum, [1] e's side's, [2] the part of [1] from zone `end` itself (E-P6).
 */
const shotSums = (s: CombatQueries, c: number, e: number, x: number, end: number): void => {
  const k = s.k;
  const nz = k.nz;
  let ours = 0,
    theirs = 0,
    there = 0;
  // one call site for the reach test and threatInto, either side's (issue 32 item 5: the JIT compiles threatInto once
  // into shotSums, and into letThemCome where shotSums is inlined, not twice): c's side reaches e in `end`, e's side c in x
  for (let a = 0; a < k.n; a++) {
    if (!s.able(a)) continue;
    const za = s.zone[a];
    const mine = k.side[a] === k.side[c];
    if (!mine && k.side[a] !== k.side[e]) continue;
    const to = mine ? end : x;
    if (za === to || !inBand(k.rangeDist[za * nz + to], k.reachBy[(a * SLOTS + s.mainSlot(a)) * 4 + 3])) continue;
    threatInto(s, a, mine ? e : c);
    const t = R[0] - 1;
    if (mine) ours += t;
    else {
      theirs += t;
      if (za === end) there += t;
    }
  }
  SHOT[0] = ours;
  SHOT[1] = theirs;
  SHOT[2] = there;
};

/**
 * E-P8 (issue 32): e is c's last able foe and has a Broken (not Defeated) ally in zone z that it would stabilize there
 * (TACTICS.md item 4: a chance of at least FRIEND_CHANCE, a `support` any) — it tends that friend rather than come, and
 * a wait only lets the friend stand up (the Rusty Flagon: Thug 1, at 1 Vitality, guarding on the floor while Old Hob,
 * the last regular standing, at 3, stabilized Tess on the stairs, where striding up to strike him won 75 points). Any
 * foe tending a friend, not the last alone and whatever the Strike, was tried and dropped: the probe's four-seed sum
 * rose 38.89 -> 44.20, Chapel Vault worse at all four seeds (docs/TACTICS.md, the tenth play pass).
 */
const lastTending = (s: CombatQueries, c: number, e: number, z: number): boolean => {
  const k = s.k;
  let others = 0;
  for (let j = k.foeStart[c], end = k.foeStart[c + 1]; j < end; j++) {
    const o = k.foes[j];
    if (o !== e && s.broken[o] === 0) others++;
  }
  const sup = k.tactic[e] === T_SUPPORT;
  let t = false;
  for (let j = k.allyStart[e], end = k.allyStart[e + 1]; j < end && !t; j++) {
    const b = k.allies[j];
    const down = s.broken[b] !== 0 && s.defeated[b] === 0 && s.zone[b] === z;
    t = down && (sup || checkChance(s, e, 0, 10 + 2 * s.failing[b]) >= FRIEND_CHANCE);
  }
  return others === 0 && t;
};

/** shotSums' result (a scratch: read at once by letThemCome). */
const SHOT = new Float64Array(3);

/**
 * E-P3 (issue 32): a move with actions left after it (strideIn's Stride, planMove's Stride or Dash: entryPays) that
 * enters zone `first` and ends in zone `end` (the same zone for a Stride) holds back when letThemCome does at any zone
 * it enters, each weighed with the Braces (the zone table's ztBrace) paid up to and including that zone — so a Stride
 * and a Dash through the same zone weigh the same Braces there, and a Dash does not run through a foe that must come
 * anyway (Twin Thrones: the Duellist dashing door → floor → stair through the Ogre's Maul). Before it, the Dash asked
 * only of its last zone, with both zones' Braces; asked of its first zone with both zones' Braces too (tried and
 * dropped in the seventh play pass), a Dash refused there became a Stride into that zone, which strideIn weighed
 * with its own Braces alone (Chapel Vault's Gaoler at the stair).
 */
const holdBack = (s: CombatQueries, c: number, first: number, end: number): boolean => {
  const c1 = ztBrace[first];
  if (end === first) return c1 > 0 && letThemCome(s, c, first, c1);
  if (c1 > 0 && letThemCome(s, c, first, c1)) return true;
  const cost = c1 + ztBrace[end];
  return cost > 0 && letThemCome(s, c, end, cost);
};

/** letThemCome holds back from Braces expected to take at least this part of the mover's Vitality. */
const HOLD_SHARE = 0.5;

/** Band used to approach: the main weapon's, or a technique's it can afford after one move. */
export const moveBand = (s: CombatQueries, c: number): number => {
  return s.k.reachBy[(c * SLOTS + s.mainSlot(c)) * 4 + 2];
};

export const nearestByMoves = (s: CombatQueries, c: number, band: number): number => {
  const k = s.k;
  let best = -1,
    bd = INF,
    bv = INF;
  for (let j = 0; j < view.n; j++) {
    const e = vFoe[j]; // able (the view)
    const d = k.approachDist[(band * k.nz + s.zone[c]) * k.nz + s.zone[e]];
    if (d < bd || (d === bd && s.vit[e] < bv)) {
      bd = d;
      bv = s.vit[e];
      best = e;
    }
  }
  return bd < INF ? best : -1;
};

/**
 * E-P5 (issue 32): nothing in reach — whom to walk toward. Among the able foes it can reach this turn with an action
 * left to attack (approachDist at most actions − 1), the one whose threat an action removes most of, scored as the
 * target in reach is (attackShare once there × threatOf); none such: the nearest by moves, as before (Chapel Vault's
 * Gaoler strode to the Squire on the stair where dashing on to the Priest, whose Smite burns his Resolve, won 16–68).
 */
export const approachPick = (s: CombatQueries, c: number, band: number): number => {
  const best = approachBest(s, c, band);
  return best >= 0 ? best : nearestByMoves(s, c, band);
};

/**
 * E-P5's search: the foe approachPick walks toward (−1: none it can reach this turn with an action left to attack),
 * its score (attackShare once there × threatOf) into R[0] (0 when none). E-P7 (toBrokenFriend) weighs a Broken friend
 * against that score.
 */
export const approachBest = (s: CombatQueries, c: number, band: number): number => {
  const k = s.k;
  const row = (band * k.nz + s.zone[c]) * k.nz;
  let best = -1,
    bs = 0;
  for (let j = 0; j < view.n; j++) {
    const e = vFoe[j]; // able (the decision's view: decide() asks for its decider)
    const d = k.approachDist[row + s.zone[e]];
    if (d <= 0 || d >= INF || d > s.actions - 1) continue;
    potInto(s, c, e);
    const sh = R[0];
    threatInto(s, e, c);
    const sc = sh * R[0];
    if (sc > bs + 1e-9) {
      bs = sc;
      best = e;
    }
  }
  R[0] = bs;
  return best;
};

/** Sets a Stride (or a Dash when 2+ zones are needed and affordable) toward zone y's band. */
export const planMove = (s: CombatQueries, c: number, y: number, band: number): boolean => {
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

/** Kite: leave a zone holding an enemy for an adjacent one with none, from which an enemy is still in reach. */
export const tryKite = (s: CombatQueries, c: number): boolean => {
  const k = s.k;
  const x = s.zone[c];
  let threat = -1;
  for (let j = 0; j < view.n; j++) {
    const e = vFoe[j]; // able (the view)
    if (s.zone[e] === x) {
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
    for (let j = 0; j < view.n; j++) {
      const e = vFoe[j];
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
