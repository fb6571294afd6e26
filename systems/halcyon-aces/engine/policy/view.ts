// The decision's view (issue 32 item 5): one scan of the fight per decision, shared by the rules. decide() (tactics.ts)
// opens it first: the decider's able foes in file order, which the rules after it (strideFirst, strideIn, regroup,
// dropOnto, the zone table, scorePicks, tryKite, nearestByMoves, chooseOption, tryUltimate) read instead of scanning
// all its foes again and skipping the Broken; and the two Strike cells every weighing starts from (hitCellOf,
// gainCellOf), written once here for the rules that wrote the formula out again. Read-only on the fight, like all of
// policy/; valid from decide()'s first line to the end of that decision, for its decider alone (a rule asking about
// another combatant — allyFollows' ally — scans for it as before). The cells are computed where a rule reads them, not
// kept in the view: kept for every foe at the top, they cost more than the reads they replaced (docs/TACTICS.md, the
// eighth cost pass).

import type { CombatQueries } from '../sim/queries.js';
import * as compiled from '../compile.js';
import { checkMod } from './shared.js';

// Module constants, not live imported bindings, for the hot code: see "Imports" in sim.ts.
const { SLOTS, T_SIZE, tIndex } = compiled;

/** The decider (`c`) and how many able foes it has (`n`, the length of vFoe). */
export const view = { c: -1, n: 0 };
/**
 * The decider's able foes (neither Broken nor Defeated), in file order: vFoe[0..view.n); one per foe, at most the
 * roster's limit (model/roster.ts), as the policy's other scratch arrays.
 */
export const vFoe = new Int32Array(256);

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
 * Opens the decision's view for decider c (decide() calls it first): its able foes in file order — the one scan of
 * the foes the rules share.
 */
export const openView = (s: CombatQueries, c: number): void => {
  const k = s.k;
  const broken = s.broken;
  let n = 0;
  for (let j = k.foeStart[c], end = k.foeStart[c + 1]; j < end; j++) {
    const e = k.foes[j];
    if (broken[e] === 0) vFoe[n++] = e; // s.able(e)
  }
  view.c = c;
  view.n = n;
};
