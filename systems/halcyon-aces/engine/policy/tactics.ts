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
import * as S from './shared.js';
import * as TG from './targets.js';
import * as MV from './movement.js';
import * as TW from './teamwork.js';
import * as V from './view.js';

export { chosenSecond } from './shared.js';
export { landingTarget, secondTarget, splashTarget } from './targets.js';
export { nextStep } from './movement.js';
export { canSupport, linkPartner, wantsBrace, wantsSeize } from './teamwork.js';

// Module constants, not live imported bindings, for the hot code: see "Imports" in sim.ts.
const {
  A_ASSIST,
  A_GUARD,
  A_INTERACT,
  A_MOVE,
  A_PASS,
  A_RECOVER,
  A_SCATTER,
  A_STABILIZE,
  A_STAND,
  A_STRIKE,
  A_TECHNIQUE,
} = codes;
const { BAND_NEAR, INF, SLOTS, SLOT_MAIN, SLOT_OFF, T_DEFENSIVE, T_FOCUS, T_KITE, T_NEAREST, T_SUPPORT, inBand } =
  compiled;
const {
  ALT,
  GUARD_E,
  OPT,
  SEL_LOWEST,
  SEL_NEAREST,
  SEL_WEAKEST,
  WHY,
  W_APPROACH,
  W_ASSIST,
  W_ATTACK,
  W_DEF_GUARD,
  W_FALLBACK_GUARD,
  W_KITE,
  W_LINK,
  W_NOTHING,
  W_RECOVER,
  W_SEIZE,
  W_STABILIZE,
  W_TO_BROKEN,
  W_TO_FRIEND,
  W_REGROUP,
  W_DROP,
  W_HELP,
  W_ULTIMATE,
  W_WEAPON,
  EPS,
  FINISH_SHARE,
  activeGuardRaises,
  checkChance,
  checkMod,
  num,
  scratch,
  set,
  threatened,
} = S;
const {
  PICK_SHARE,
  R,
  assistGain,
  chooseOption,
  fillShare,
  fillThreat,
  inFoe,
  newDecision,
  potFoe,
  potKey,
  potVal,
  shareInto,
  shareNow,
  sharePotInto,
  shareSplit,
  threatNow,
} = TG;
const {
  dropOnto,
  entryPays,
  entrySurvives,
  moveBand,
  approachPick,
  nearestByMoves,
  planMove,
  regroup,
  strideFirst,
  strideIn,
  strideInFirst,
  toBrokenFriend,
  tryKite,
} = MV;
const { assistIdle, tryLink, tryUltimate } = TW;
const { gainCellOf, openView, vFoe, view } = V;

/** decide()'s gate before tendFriends on (the tests turn it off: tendFriends is then called as before, its plain twin). */
export const friendGate = { on: true };

/** The picks scored once the rules before the attack have passed (the tests turn it off: scored in the foes' scan). */
export const pickLate = { on: true };

/** focus-weakest and nearest walk to a pick out of reach, past a foe in reach, when its threat share is this many times that foe's. */
const PICK_MOVE = 3;

/** E-P1: able foes in c's zone that fight only Engaged (k.maxBand 0). */
const meleeCrowd = (s: CombatQueries, c: number): number => {
  const k = s.k;
  const z = s.zone[c];
  let n = 0;
  for (let j = 0; j < view.n; j++) {
    const e = vFoe[j]; // able (the view)
    if (s.zone[e] === z && k.maxBand[e] === 0) n++;
  }
  return n;
};

/** Chooses c's next action into s.dAct / dTarget / dSlot / dTech / dZone / dSteps. */
export const decide = (s: CombatQueries, c: number): void => {
  const k = s.k;
  newDecision(s);
  openView(s, c); // the decision's view (view.ts): its able foes, read by the rules below
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
  // HA-U1: the Team Ultimate, once the most threatening enemy (or a zone of 2+) is in reach.
  if (k.teamUltimates && s.actions >= 2 && k.player[c] && !s.ultimateUsed && tryUltimate(s, c)) return;

  // Scans: Broken allies (only when its side has any), then enemies in reach and the tactic's target.
  const nz = k.nz,
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
    nIn = 0;
  const nAble = view.n;
  // the arrays in locals: one field load each per decision, not one per foe (the JIT keeps them in registers)
  const zone = s.zone,
    vit = s.vit,
    guardNow = s.guardNow;
  const rangeRow = myZ * nz,
    picking = tac === T_FOCUS || tac === T_NEAREST;
  // an able foe in a zone one Stride away, no drop between (strideFirst searches only then: its own first test, made
  // here so that most decisions do not call it)
  let nextDoor = false,
    landZ = -1;
  for (let j = 0; j < nAble; j++) {
    const i = vFoe[j]; // able (the view)
    const zi = zone[i];
    nextDoor = nextDoor || (zi !== myZ && k.moveDist[rangeRow + zi] === 1 && k.stepDrop[rangeRow + zi] < 0);
    if (k.stepLand[rangeRow + zi] >= vit[i]) landZ = zi; // a drop below whose landing Breaks it (HA-F1)
    const d = k.rangeDist[rangeRow + zi];
    const inR = reach === 2 ? d < INF : d <= reach;
    if (inR) inFoe[nIn++] = i;
  }
  let pick = -1,
    pickPot = 0;
  if (picking && !pickLate.on) {
    pick = scorePicks(s, c, reach, false);
    pickPot = R[0];
  }
  // the foes in reach scored, in file order, when there is a choice: one foe in reach is the target, unscored (its
  // score, lowS, is read only against a pick out of reach, below)
  if (nIn === 1) low = inFoe[0];
  else if (nIn > 1) {
    let lowV = INF,
      lowG = INF;
    for (let j = 0; j < nIn; j++) {
      const i = inFoe[j];
      fillShare(s, c, i);
      fillThreat(s, i, c);
      const sc = shareNow[i] * threatNow[i];
      const v = vit[i],
        g = guardNow[i]; // guardNow[i] = s.guardOf(i)
      // every compare made at every foe, the branches then on booleans (issue 32 item 5): a compare first reached after
      // decide() was optimized (a tie) has no type feedback, and deoptimized decide(), which the JIT compiled again
      const above = sc > lowS + EPS,
        near = sc > lowS - EPS,
        lower = v < lowV,
        same = v === lowV,
        lowerG = g < lowG;
      if (above || (near && (lower || (same && lowerG)))) {
        lowS = sc;
        lowV = v;
        lowG = g;
        low = i;
      }
    }
  }
  // HA-F1/F2: a drop below whose landing Breaks a foe, for one Stride, before any friend is tended (issue 32, Quarry
  // Ledge: bandits stabilizing their Slinger beside the Warden while the Tracker, at 1 Vitality, stood alone below)
  if (landZ >= 0 && k.maxBand[c] === 0 && dropOnto(s, c, landZ)) return;
  // tendFriends decides only for a Broken ally here, a `support`, or a Broken friend one Stride away with two actions
  // left (its last rule, toBrokenFriend): a Broken ally farther off, or one action left, is not called for (issue 32
  // item 5: a call per decision of every fight with a Broken combatant, for nothing; its plain twin: the call made
  // whenever a Broken ally stands anywhere, which fast-paths.test.ts holds equal). The compares made every time.
  const friendNext = bnd === 1 && s.actions >= 2 && tac !== T_KITE;
  if (
    (brokenHere >= 0 || tac === T_SUPPORT || (brokenNear >= 0 && (friendNext || !friendGate.on))) &&
    tendFriends(s, c, low, nAble, brokenHere, brokenNear, bnd)
  )
    return;
  const inReach = low >= 0;
  // `defensive`: Active Guard with its last two actions — never a whole turn of guarding while a boss roars from its
  // dais, nor right after a Stride brought a foe into reach (issue 32: "Bram: Active Guard" where closing in and
  // striking won), nor while one action is expected to take half a foe's Vitality (it finishes the foe first).
  // s.dAct still holds this turn's previous action when it is not the turn's first decision.
  if (tac === T_DEFENSIVE && !s.guarded && s.actions === 2 && !(inReach && s.decisions > 1 && s.dAct === A_MOVE)) {
    if (defensiveGuard(s, c, low)) return;
  }
  if (tac === T_KITE && !s.kiteMoved && k.wReach[c * SLOTS + ms] >= BAND_NEAR && tryKite(s, c)) return;
  // E-P1: a turn not yet begun, a weapon that reaches Near, two or more foes here that fight only Engaged: step out to a
  // zone with no enemy from which it still reaches one, and let them come through its Brace (issue 32, the Rusty Flagon:
  // Tess throwing her Bottle at the Thugs around her where stepping up the stairs won 23–31 points).
  if (
    tac !== T_KITE &&
    tac !== T_SUPPORT &&
    s.actions === 3 &&
    s.strikes === 0 &&
    !s.kiteMoved &&
    k.wReach[c * SLOTS + ms] >= BAND_NEAR &&
    meleeCrowd(s, c) >= 2 &&
    tryKite(s, c)
  )
    return;
  // Beside a brute whose one Strike takes half its Vitality, with no Break of its own in sight: join friends next door
  // and let the brute come through their Braces (movement.ts regroup).
  if (inReach && s.actions === 1 && tac !== T_KITE && tac !== T_DEFENSIVE && regroup(s, c, low, FINISH_SHARE)) return;
  // A turn not yet begun on attacks: Stride first when the rest of the turn deals more from an enemy's zone next door
  // than the whole turn from here (issue 32: a greatsword's Strikes up close beat a Near technique from afar).
  if (nextDoor && inReach && s.strikes === 0 && s.actions >= 2 && tac !== T_KITE && strideFirst(s, c)) return;
  // Attack: default → the most threat removed per action in reach (low above); focus-weakest / nearest → their pick
  // wherever it is (pickTarget).
  scratch.selCode = SEL_LOWEST;
  const target = picking ? pickTarget(s, c, reach, nIn, low, lowS, pick, pickPot) : low;
  if (target >= 0 && inBand(k.rangeDist[myZ * nz + s.zone[target]], reach)) {
    // the target, then, out of luck against the pick (no option expected to deal damage), the default choice: one call
    // site and its compares made every time (issue 32 item 5: the fallback, first reached after decide() was optimized,
    // had no type feedback and deoptimized it)
    const other = target !== low,
      lowIn = low >= 0;
    let t = target,
      again = other && lowIn;
    for (;;) {
      const ok = chooseOption(s, c, t);
      const first = t === target;
      scratch.selCode = ok && !first ? SEL_LOWEST : scratch.selCode;
      if (ok) {
        if (first && k.linkStrikes && s.actions === 1 && s.dAct === A_STRIKE) tryLink(s, c, t);
        return;
      }
      if (!again) break;
      again = false;
      t = low;
    }
  }
  // Move toward the target (or, failing that, the nearest enemy reachable by moving); else a Stride in, else idle.
  moveOrIdle(s, c, target, low, nextDoor);
};

/**
 * focus-weakest and nearest (decide()'s target stage): its pick (scorePicks), when in reach, or nothing is, or it
 * promises PICK_MOVE times the share of the foe in reach `low` (−1: none; `lowS` its score when decide() scored 2+ foes
 * in reach, `nIn`) — issue 32: the Warlord dropping from his dais toward the weakest foe while his Dread Roar reached
 * the two below him; a Cutpurse still leaves a Guard 13 it can hardly scratch for a 1-Vitality archer. Else `low`.
 * The picks' scores are made here (issue 32 item 5: the rules before the attack never read them, and a decision they
 * make does not pay for them); `pick` and `pickPot` are read only with pickLate off, its plain twin: scored in
 * decide()'s scan of the foes, as before. Its own function: decide() reads as its stages.
 */
const pickTarget = (
  s: CombatQueries,
  c: number,
  reach: number,
  nIn: number,
  low: number,
  lowS: number,
  pick: number,
  pickPot: number,
): number => {
  if (pickLate.on) {
    pick = scorePicks(s, c, reach, nIn > 1);
    pickPot = R[0];
  }
  if (pick < 0) return low;
  if (low >= 0 && nIn === 1) {
    fillShare(s, c, low);
    if (!pickLate.on) fillThreat(s, low, c); // else the picks' scores filled it
    lowS = shareNow[low] * threatNow[low];
  }
  const k = s.k;
  if (low < 0 || pickPot > PICK_MOVE * lowS || inBand(k.rangeDist[s.zone[c] * k.nz + s.zone[pick]], reach)) {
    scratch.selCode = k.tactic[c] === T_FOCUS ? SEL_WEAKEST : SEL_NEAREST;
    return pick;
  }
  return low;
};

/**
 * Nothing to attack from here (decide()'s last stage): HA-A1/A2 toward `target` (−1: none) when it is not the foe in reach
 * `low` (−1: none), else, with nothing in reach, toward E-P5's pick or the nearest foe; a move refused (entryPays), a
 * Stride into a foe's zone next door (strideIn; `nextDoor`: decide()'s scan found an able foe one Stride away, no drop
 * between), else idle. Its own function (issue 32 item 5): decide() reads as its stages, and the moves' code compiles
 * apart from the decisions that attack.
 */
const moveOrIdle = (s: CombatQueries, c: number, target: number, low: number, nextDoor: boolean): void => {
  const k = s.k;
  const tac = k.tactic[c];
  const inReach = low >= 0,
    picking = tac === T_FOCUS || tac === T_NEAREST;
  const band = tac === T_KITE ? k.wReach[c * SLOTS + s.mainSlot(c)] : moveBand(s, c);
  const goal = s.mGoal,
    goalBand = s.mBand;
  // one call site for the approach (issue 32 item 5: the JIT inlines approachTo's planMove and entryPays once, not
  // twice): toward `target` when it is not the foe in reach; then, with nothing in reach, E-P5's pick and the nearest
  // (the nearest and the pick asked for only once the target is refused, as before)
  let e = target !== low ? target : -1,
    stage = 0,
    near = -1;
  for (;;) {
    if (approachTo(s, c, e, band)) return;
    if (stage === 0 && !inReach) {
      // E-P5: `default`, `defensive`, `support` walk toward the foe whose threat they remove most of, among those they
      // can reach with an action to spare; refused, toward the nearest as before
      near = nearestByMoves(s, c, band);
      e = picking || tac === T_KITE ? near : approachPick(s, c, band);
      stage = e !== near ? 1 : 2;
    } else if (stage === 1) {
      e = near;
      stage = 2;
    } else break;
  }
  // a move refused (entryPays): the decision record as it was
  s.dZone = -1;
  s.dSteps = 1;
  s.mGoal = goal;
  s.mBand = goalBand;
  // An action left, nothing to hit from here: a Stride into an adjacent enemy's zone saves next turn's first action,
  // when that action's expected damage beats the Braces waiting there (issue 32: no action left unused while an able
  // enemy is one Stride away).
  // (nextDoor: strideIn's own first test, an able foe in a zone one Stride away with no drop between, made in the scan
  // above: issue 32 item 5; with strideInFirst off, its plain twin, strideIn is asked as before)
  if (!inReach && (nextDoor || !strideInFirst.on) && strideIn(s, c)) return;
  scratch.idleInReach = inReach;
  idle(s, c);
};

/** HA-A1/A2 toward foe e (−1: none): planMove, then entryPays; the decision record written when it is made. */
const approachTo = (s: CombatQueries, c: number, e: number, band: number): boolean => {
  if (e < 0 || !planMove(s, c, s.zone[e], band) || !entryPays(s, c)) return false;
  scratch.whyX = e;
  s.dWhy = W_APPROACH;
  return true;
};

/**
 * focus-weakest and nearest: their pick among the able foes in reach or reachable by moving — among those whose score
 * (attackShare once in reach × threatOf: a pick it can hardly hurt is no pick, issue 32: focus-weakest wasting actions)
 * is at least PICK_SHARE of the best, the lowest Vitality (focus-weakest) or range (nearest), the first listed on a tie.
 * Returns it (−1: none), its score into R[0]. `kept`: threatNow already holds the foes in reach (decide() scored 2+ of
 * them). Its own function (issue 32 item 5), called once the rules before the attack have passed (pickLate).
 */
const scorePicks = (s: CombatQueries, c: number, reach: number, kept: boolean): number => {
  const k = s.k;
  const tac = k.tactic[c];
  const zone = s.zone,
    vit = s.vit;
  const rangeRow = s.zone[c] * k.nz;
  const split = shareSplit.on,
    cm = checkMod(s, c);
  let nPot = 0,
    potMax = 0;
  for (let j = 0; j < view.n; j++) {
    const i = vFoe[j]; // able (the view)
    const zi = zone[i];
    const d = k.rangeDist[rangeRow + zi];
    const inR = reach === 2 ? d < INF : d <= reach;
    if (!inR && k.moveDist[rangeRow + zi] >= INF) continue;
    if (split) sharePotInto(s, c, i, cm, gainCellOf(s, c, i));
    else shareInto(s, c, i, false); // attackShare(s, c, i, false)
    const share = R[0];
    if (!(kept && inR)) fillThreat(s, i, c);
    const pot = share * threatNow[i];
    potFoe[nPot] = i;
    potVal[nPot] = pot;
    potKey[nPot++] = tac === T_FOCUS ? vit[i] : d;
    if (pot > potMax) potMax = pot;
  }
  let pick = -1,
    pickV = INF;
  R[0] = 0;
  for (let j = 0; j < nPot; j++) {
    if (potVal[j] < PICK_SHARE * potMax) continue;
    if (potKey[j] < pickV) {
      pickV = potKey[j];
      pick = potFoe[j];
      R[0] = potVal[j];
    }
  }
  return pick;
};

/**
 * `defensive` (its last two actions, tactics item 6): Active Guard when an enemy could attack it next turn and the draw
 * raises its Guard — not while one action is expected to take half the foe in reach's Vitality (`low`; −1: none). Its
 * own function: reached only by `defensive` combatants, its compiles and deopts stay out of decide()'s.
 */
const defensiveGuard = (s: CombatQueries, c: number, low: number): boolean => {
  if (low >= 0) {
    fillShare(s, c, low);
    if (shareNow[low] >= FINISH_SHARE) return false;
  }
  if (threatened(s, c) && activeGuardRaises(s, c)) {
    set(s, A_GUARD, W_DEF_GUARD);
    return true;
  }
  return false;
};

/**
 * Friends first (HA-B4, HA-A7): the Broken ally here stabilized, `support`'s trip to a Broken ally and its Assist, a
 * Broken friend next door gone to — each unless a foe in reach should be struck first. `low`: the target in reach (−1:
 * none); `nAble`: able foes; the Broken ally here with the most Failing Draws and the nearest elsewhere, `bnd` moves
 * away. Writes the decision and returns true when it made one.
 */
const tendFriends = (
  s: CombatQueries,
  c: number,
  low: number,
  nAble: number,
  brokenHere: number,
  brokenNear: number,
  bnd: number,
): boolean => {
  const k = s.k;
  const tac = k.tactic[c];
  // shareNow[low] (attackShare(s, c, low, true)) is read below only with the last foe or a Broken ally here
  if (low >= 0 && (nAble === 1 || brokenHere >= 0)) fillShare(s, c, low);
  // The last able foe in reach, one action expected to take half its Vitality: strike it, the fight ends when it Breaks
  // (HA-I6) — no stabilizing or assisting first (issue 32: a support stabilizing a friend while a Soul Lance would
  // have finished the Warlord). A healthy last foe still waits: a friend stabilized beside it fights on.
  const lastFoe = (brokenHere >= 0 || tac === T_SUPPORT) && nAble === 1 && low >= 0 && shareNow[low] >= FINISH_SHARE;
  // HA-B4: stabilize a Broken ally in the zone.
  if (brokenHere >= 0 && !lastFoe) {
    const dc = 10 + 2 * s.failing[brokenHere];
    const p = checkChance(s, c, 0, dc);
    // a foe in reach that this action is as likely to Break (half its Vitality expected) is struck first (issue 32: a
    // Patron stabilizing a friend while Tess, at 1 Vitality and acting next, stood beside it)
    const strikeFirst = low >= 0 && shareNow[low] >= Math.max(FINISH_SHARE, p);
    if ((tac === T_SUPPORT ? p > 0 : p >= 1 / 3) && !strikeFirst) {
      s.dTarget = brokenHere;
      num[WHY] = p;
      set(s, A_STABILIZE, W_STABILIZE);
      return true;
    }
  }
  if (tac === T_SUPPORT && !lastFoe) {
    // go to the nearest Broken ally — not through Braces (or off a drop) expected to Break it on the way (issue 32: Mira,
    // at 4 Vitality, walking into the Warlord's Cleaver for Kael)
    if (brokenNear >= 0 && bnd < INF) {
      const act = s.dAct,
        goal = s.mGoal,
        goalBand = s.mBand;
      if (planMove(s, c, s.zone[brokenNear], 0)) {
        if (entrySurvives(s, c)) {
          scratch.whyX = brokenNear;
          s.dWhy = W_TO_BROKEN;
          return true;
        }
        s.dAct = act;
        s.dZone = -1;
        s.dSteps = 1;
        s.mGoal = goal;
        s.mBand = goalBand;
      }
    }
    // HA-A7: assist an ally in the zone who acts later this round, when the +1 on its next attack is worth more
    // than this action's own attack (issue 32: not a Spirit 5 caster spending its turns on Assist)
    const own = low >= 0 && chooseOption(s, c, low) ? num[OPT] : 0;
    for (let j = s.turnIdx + 1; j < k.n; j++) {
      const a = s.roundOrder[j];
      if (k.side[a] !== k.side[c] || !s.able(a) || s.zone[a] !== s.zone[c] || s.assist[a]) continue;
      if (assistGain(s, a) <= own) continue;
      s.dTarget = a;
      set(s, A_ASSIST, W_ASSIST);
      return true;
    }
  }
  // A Broken friend next door, two actions left: Stride to it, then stabilize (movement.ts toBrokenFriend) — not while
  // one action is expected to take half the last foe's Vitality (it finishes the fight first).
  if (
    brokenNear >= 0 &&
    brokenHere < 0 &&
    bnd === 1 &&
    s.actions >= 2 &&
    tac !== T_SUPPORT &&
    tac !== T_KITE &&
    !(nAble === 1 && low >= 0 && shareNow[low] >= FINISH_SHARE) &&
    toBrokenFriend(s, c, low >= 0)
  )
    return true;
  return false;
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
  // the deck's counts read and compared at every call, and one store of the choice (issue 32 item 5): the Recover test's
  // second half, first reached after idle() was optimized (a thin deck is rare), had no type feedback and deoptimized it
  const two = s.actions >= 2,
    cnt = s.cnt[c],
    thin = s.fatN[c] > cnt,
    small = cnt < 2 * s.k.maxDraw;
  let act = A_PASS,
    why = W_NOTHING;
  if (two && thin && small) {
    act = A_RECOVER;
    why = W_RECOVER;
  } else if (two && !s.guarded && threatened(s, c) && activeGuardRaises(s, c)) {
    act = A_GUARD;
    why = W_FALLBACK_GUARD;
  }
  // HA-A7: an Assist to an ally here acting later rather than actions left unused
  if (act === A_PASS && assistIdle(s, c)) return;
  set(s, act, why);
};

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
        `Team Ultimate with ${num[WHY]} Supports, once per combat: ` +
        (s.dZone >= 0
          ? `zone ${k.zoneNames[s.dZone]} holds 2+ enemies`
          : `${id(s.dTarget)} is the most threatening enemy in reach`)
      );
    case W_STABILIZE:
      return `${id(s.dTarget)} is Broken here (${s.failing[s.dTarget]} Failing Draws): ${Math.round(num[WHY] * 100)}% to stabilize`;
    case W_TO_BROKEN:
      return `support: going to Broken ally ${id(scratch.whyX)}`;
    case W_REGROUP:
      return `${id(scratch.whyX)}'s one Strike would take half its Vitality: joining ${num[WHY]} friend${num[WHY] === 1 ? '' : 's'} next door, where it must come through their Braces`;
    case W_DROP:
      return `dropping onto ${id(scratch.whyX)}: the landing deals ${num[WHY]}, enough to Break it (HA-F1)`;
    case W_TO_FRIEND:
      return `going to Broken ally ${id(scratch.whyX)} next door: ${Math.round(num[WHY] * 100)}% to stabilize it`;
    case W_ASSIST:
      return `support: ${id(s.dTarget)} acts later this round`;
    case W_HELP:
      // the gain is its next attack's from where it stands now; none (no foe in its reach yet) says nothing: the +1
      // still goes to its next check, an Active Guard or an attack after a move
      return `${scratch.idleInReach ? 'no attack worth its expected damage' : 'no target this turn'}: ${id(s.dTarget)} acts later this round, +1 on its next check${f1(num[WHY]) === '0.0' ? '' : ` (${f1(num[WHY])} expected damage on its next attack)`}`;
    case W_DEF_GUARD:
      return `defensive: an enemy can reach it next turn; Active Guard expects ${f1(num[GUARD_E])} vs passive Guard ${k.guard[s.cur]}`;
    case W_KITE:
      return k.tactic[s.cur] === T_KITE
        ? `kite: ${id(scratch.whyX)} is engaged with it; backing off to keep range`
        : `${id(scratch.whyX)} and another foe here fight only Engaged: stepping out, in reach still, to let them come through its Brace`;
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
