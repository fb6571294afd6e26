// Teamwork and timing: Link Strikes (HA-L1), the Team Ultimate (HA-U1), Brace (HA-R2) and Seize Initiative (HA-I5).
// Read-only on the fight.

import type { CombatQueries } from '../sim/queries.js';
import * as codes from '../codes.js';
import * as compiled from '../compile.js';
import * as S from './shared.js';
import * as TG from './targets.js';
import * as V from './view.js';

// Module constants, not live imported bindings, for the hot code: see "Imports" in sim.ts.
const { A_ASSIST, A_LINK, A_ULTIMATE } = codes;
const { EV_SIZE, SLOTS, T_DEFENSIVE, T_KITE, T_SIZE, W_BRUTAL, W_IMPROVISED, W_KEEN, W_UNARMED, inBand, tIndex } =
  compiled;
const { W_HELP, W_LINK, W_SEIZE, W_ULTIMATE, WHY, OPT, cdfAt, checkMod, num, scratch, set } = S;
const { R, assistGain, fillThreat, threatNow, tvInto } = TG;
const { vFoe, view } = V;

// ───────────────────────── Link Strike (HA-L1) ─────────────────────────

/** The combatant acting right after c this round, when it is an able ally; else −1. Defeated combatants take no turn. */
export const linkPartner = (s: CombatQueries, c: number): number => {
  const k = s.k;
  // the next turn's combatant, the Defeated skipped: the increment made at every call (issue 32 item 5: first reached
  // after tryLink() was optimized, it deoptimized it)
  let j = s.turnIdx;
  do j++;
  while (j < k.n && s.defeated[s.roundOrder[j]]);
  if (j >= k.n) return -1;
  const p = s.roundOrder[j];
  return k.side[p] === k.side[c] && s.able(p) && s.linkTarget[p] < 0 ? p : -1;
};

/** Declares a Link when its expected damage beats both allies striking alone with that action. */
export const tryLink = (s: CombatQueries, c: number, e: number): boolean => {
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

// ───────────────────────── Assist (HA-A7) ─────────────────────────

/**
 * HA-A7 instead of ending the turn with actions unused (tactics.ts idle: nothing to hit, no Recover or Active Guard
 * worth it): an Assist to an able ally in c's zone who acts later this round and is not yet Assisted — the +1 on its
 * next check costs nothing the turn would have used (issue 32: the probe found "Assist Squire" better than a Knight's
 * "end the turn" on Chapel Vault). The ally whose next attack gains most (assistGain; the first on a tie); false
 * when there is none.
 */
export const assistIdle = (s: CombatQueries, c: number): boolean => {
  const k = s.k;
  const z = s.zone[c],
    side = k.side[c];
  let best = -1,
    bg = -1;
  for (let j = s.turnIdx + 1; j < k.n; j++) {
    const a = s.roundOrder[j];
    if (k.side[a] !== side || s.broken[a] !== 0 || s.zone[a] !== z || s.assist[a] !== 0) continue;
    const g = assistGain(s, a);
    if (g > bg) {
      bg = g;
      best = a;
    }
  }
  if (best < 0) return false;
  s.dTarget = best;
  num[WHY] = bg;
  set(s, A_ASSIST, W_HELP);
  return true;
};

// ───────────────────────── Team Ultimate (HA-U1) ─────────────────────────

export const canSupport = (s: CombatQueries, lead: number, i: number): boolean => {
  const k = s.k;
  return i !== lead && k.side[i] === k.side[lead] && k.player[i] === 1 && s.able(i) && s.reactionUsed[i] === 0;
};

/** HA-U1 for the decider c, once decide() has opened the decision's view (view.ts: its able foes). */
export const tryUltimate = (s: CombatQueries, c: number): boolean => {
  const k = s.k;
  let ns = 0;
  for (let i = 0; i < k.n; i++) if (canSupport(s, c, i)) ns++;
  if (ns < 2) return false;
  const reach = k.wReach[c * SLOTS + s.mainSlot(c)];
  // nobody in reach: no Ultimate, and no threat to weigh (the search below would find no `single`)
  let any = false;
  for (let j = 0; j < view.n && !any; j++) any = inBand(s.dist(c, vFoe[j]), reach); // the able foes: the view
  if (!any) return false;
  // a zone with 2+ able enemies in reach, else the one enemy in reach that threatens most — only when no enemy out of
  // reach threatens much more (issue 32: the Ultimate spent on a guarded Shield Guard while the Warlord stood on his
  // dais: it waits for him)
  let bz = -1,
    bcount = 1,
    single = -1,
    bt = 0,
    top = 0;
  for (let j = 0; j < view.n; j++) {
    const e = vFoe[j];
    fillThreat(s, e, c); // threatOf(s, e, c), kept for decide() (tryUltimate is called from it alone)
    const th = threatNow[e];
    if (th > top) top = th;
    if (th > bt && inBand(s.dist(c, e), reach)) {
      bt = th;
      single = e;
    }
  }
  if (single < 0 || bt < ULT_SHARE * top) return false;
  for (let z = 0; z < k.nz; z++) {
    if (!inBand(k.rangeDist[s.zone[c] * k.nz + z], reach)) continue;
    let cnt = 0;
    for (let j = 0; j < view.n; j++) if (s.zone[vFoe[j]] === z) cnt++;
    if (cnt > bcount) {
      bcount = cnt;
      bz = z;
    }
  }
  s.dZone = bz;
  s.dTarget = bz >= 0 ? -1 : single;
  num[WHY] = ns;
  scratch.whyX = bz >= 0 ? -1 : single;
  set(s, A_ULTIMATE, W_ULTIMATE);
  return true;
};

/** The Team Ultimate's target (or one in its zone) threatens at least this part of the most threatening enemy. */
const ULT_SHARE = 0.8;

// ───────────────────────── reactions & initiative ─────────────────────────

/**
 * HA-R2: Brace — except a player character saving its Reaction for the combat's still unused Team Ultimate (HA-U1),
 * and except when its Strike cannot be expected to Break the mover while an enemy acting later this round, before r's
 * own turn, can only fight Engaged, stands within a Dash and would be Broken by it (keepFor: issue 32, the archers on
 * the ridge spending both Braces on a 24-Vitality knight while a 5-Vitality duellist dashed up after him).
 */
export const wantsBrace = (s: CombatQueries, r: number, mover: number): boolean => {
  const k = s.k;
  if (k.teamUltimates && k.player[r] && !s.ultimateUsed) {
    let pcs = 0;
    for (let i = 0; i < k.n; i++) if (k.side[i] === k.side[r] && k.player[i] && s.able(i)) pcs++;
    if (pcs >= 3) return false;
  }
  return !keepFor(s, r, mover);
};

/**
 * A later mover r's Brace would Break, where it would not Break this one (wantsBrace) — one that will come: not one that
 * has an able enemy in its own zone to fight where it stands (issue 32: archers keeping their Braces from a knight for
 * a page that was trading blows with a Rat on the road below, and never climbed).
 */
const keepFor = (s: CombatQueries, r: number, mover: number): boolean => {
  const k = s.k;
  const w = r * SLOTS + s.mainSlot(r);
  const cm = checkMod(s, r);
  const now = k.edW[w * T_SIZE + tIndex(s.guardOf(mover), cm)];
  if (now >= s.vit[mover]) return false;
  const nz = k.nz,
    zr = s.zone[r];
  for (let j = s.turnIdx + 1; j < k.n; j++) {
    const o = s.roundOrder[j];
    if (o === r) break; // its Reaction comes back at its turn (HA-R1)
    if (k.side[o] === k.side[r] || !s.able(o) || k.maxBand[o] !== 0 || s.zone[o] === zr) continue;
    if (k.moveDist[s.zone[o] * nz + zr] > 2) continue;
    if (k.edW[w * T_SIZE + tIndex(s.guardOf(o), cm)] >= s.vit[o] && !engagedHere(s, o)) return true;
  }
  return false;
};

/** An able enemy of o stands in o's zone (it has someone to fight where it stands). */
const engagedHere = (s: CombatQueries, o: number): boolean => {
  const k = s.k;
  const z = s.zone[o];
  for (let j = k.foeStart[o], end = k.foeStart[o + 1]; j < end; j++) {
    const e = k.foes[j];
    if (s.zone[e] === z && s.able(e)) return true;
  }
  return false;
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
      const d = s.dist(c, e);
      tvInto(s, c, e, d, 2, 0);
      const two = R[0];
      tvInto(s, c, e, d, 3, 0);
      if (two < SEIZE_KEEP * R[0]) return false;
      num[WHY] = s.initValue[c];
      s.dWhy = W_SEIZE;
      return true;
    }
  }
  return false;
};

/** Seize Initiative only when a turn of two actions keeps at least this part of a turn of three's expected damage. */
export const SEIZE_KEEP = 0.75;
