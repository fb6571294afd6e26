// The decision's view (issue 32 item 5): one scan of the fight per decision, shared by the rules. decide() (tactics.ts)
// scans the decider's foes once, at its top, and writes here what the rules after it read again and again: the able
// foes in file order, and for each the two Strike cells every weighing starts from — the foe's Strike on the decider
// (a Brace waiting for it, the threat it poses, a brute's blow) and the decider's Strike on the foe (the Strike a
// Stride in saves, its own Brace, the picks' share). Before it, each rule (strideFirst, strideIn, regroup, dropOnto,
// the zone table, scorePicks, the threats) scanned the foes again, skipping the Broken, and computed the cells again.
// Read-only on the fight, like all of policy/; valid from decide()'s scan to the end of that decision, for its
// decider alone (a rule asking about another combatant — allyFollows' ally — scans for it as before).

import type { CombatQueries } from '../sim/queries.js';
import * as compiled from '../compile.js';
import { checkMod } from './shared.js';

// Module constants, not live imported bindings, for the hot code: see "Imports" in sim.ts.
const { SLOTS, T_SIZE, tIndex } = compiled;

/** The decider (`c`) and how many able foes it has (`n`, the length of vFoe). */
export const view = { c: -1, n: 0 };
/** The decider's able foes (neither Broken nor Defeated), in file order: vFoe[0..view.n). */
export const vFoe = new Int32Array(256);
/** By foe index e: hitCellOf(s, e, c), the cell of e's Strike on the decider in k.edW / k.phW. */
export const vHit = new Int32Array(256);
/** By foe index e: gainCellOf(s, c, e), the cell of the decider's Strike on e (no multi-Strike penalty). */
export const vGain = new Int32Array(256);

/**
 * The view read by the rules (the tests turn it off: every cell is then computed where a rule needs it, by
 * hitCellOf and gainCellOf, its plain twins; fast-paths.test.ts holds the two equal at every decision of the samples,
 * and the fights byte-identical).
 */
export const viewOn = { on: true };

/**
 * HA-A3: the cell (row × T_SIZE + tIndex) of e's Strike with its weapon in hand on c — c's Guard now (Active Guard while
 * it holds, HA-A5), e's Weakened −1 and Assist +1 (HA-T3, HA-A7) counted, no multi-Strike penalty: a Brace (HA-R2) or
 * a turn's first Strike.
 */
export const hitCellOf = (s: CombatQueries, e: number, c: number): number =>
  (e * SLOTS + s.mainSlot(e)) * T_SIZE + tIndex(s.guardOf(c), checkMod(s, e));

/** HA-A3: the cell of c's Strike with its weapon in hand on e, no multi-Strike penalty (hitCellOf the other way). */
export const gainCellOf = (s: CombatQueries, c: number, e: number): number =>
  (c * SLOTS + s.mainSlot(c)) * T_SIZE + tIndex(s.guardOf(e), checkMod(s, c));

/**
 * Opens the decision's view for decider c (decide() calls it first): its able foes in file order, and each one's Strike
 * cells both ways (hitCellOf, gainCellOf) — the one scan of the foes the rules share.
 */
export const openView = (s: CombatQueries, c: number): void => {
  const k = s.k;
  const broken = s.broken,
    guardNow = s.guardNow; // guardNow[x] = s.guardOf(x)
  const gainRow = (c * SLOTS + s.mainSlot(c)) * T_SIZE,
    cm = checkMod(s, c),
    g = guardNow[c];
  let n = 0;
  for (let j = k.foeStart[c], end = k.foeStart[c + 1]; j < end; j++) {
    const e = k.foes[j];
    if (broken[e] !== 0) continue; // s.able(e)
    vFoe[n++] = e;
    vHit[e] = (e * SLOTS + s.mainSlot(e)) * T_SIZE + tIndex(g, checkMod(s, e)); // hitCellOf(s, e, c)
    vGain[e] = gainRow + tIndex(guardNow[e], cm); // gainCellOf(s, c, e)
  }
  view.c = c;
  view.n = n;
};

/** hitCellOf(s, e, c) for the decider c, from the view (its plain twin when the view is off). */
export const hitAt = (s: CombatQueries, e: number, c: number): number => (viewOn.on ? vHit[e] : hitCellOf(s, e, c));

/** gainCellOf(s, c, e) for the decider c, from the view (its plain twin when the view is off). */
export const gainAt = (s: CombatQueries, c: number, e: number): number => (viewOn.on ? vGain[e] : gainCellOf(s, c, e));
