// The policy's choices for a combatant with no attack this turn (TACTICAL-GRID.md "The simulator", TG-V7) beside the
// approach's field (approach.ts): TGS-46, whether it keeps its high ground, Readied, and the squares an approach may end
// on (TGS-39: no Dash beside an enemy; TGS-47: no move beside an enemy it cannot harm), and TG-V4's healer goal.
// sim.ts's noPlan, approach and healerMove ask these and carry the choice out (Ready, the walk). It reads the fight
// and writes only attackValue's scratch slot.
// Split from sim.ts, planner.ts and approach.ts (issue 32: rules, the turn loop and decisions apart).

import type { Unit } from '../unit.js';
import * as unit from '../unit.js';
import { TGActor } from './actor.js';

// Module constants, not live imported bindings, for the hot code: see "Imports" in sim.ts.
const { AB_MIRACLE, able } = unit;

export abstract class TGNoAttack extends TGActor {
  /**
   * TGS-46 (issue 32): whether u, with no attack this turn, keeps its square: it stands at least one height level above
   * every able enemy (High Ground on whoever comes to it, TG-X6, and none for them), and its side has not yet waited a
   * turn per member in a row (TGS-40's count: a side that only waits goes in).
   */
  keepsHeight(u: Unit): boolean {
    const b = this.board,
      h = b.height[u.cell];
    if (h === 0 || this.waitRun[u.side] >= this.sideMembers[u.side].length) return false;
    for (let vAt = 0, vList = this.sideFoes[u.side]; vAt < vList.length; vAt++) {
      const v = vList[vAt];
      if (able(v) && v.cell >= 0 && b.height[v.cell] >= h) return false;
    }
    return true;
  }
  /** TGS-47 (issue 32): whether u has an able enemy its attack cannot harm (no tactic met: TG-A4's clash it cannot win). */
  harmlessFoes(u: Unit): boolean {
    const k = this.n * 32; // attackValue's scratch slot
    for (let vAt = 0, vList = this.sideFoes[u.side]; vAt < vList.length; vAt++) {
      const v = vList[vAt];
      if (!able(v)) continue;
      this.attackValue(u, v, 0, k);
      if (this.valueHarm[k] === 0) return true;
    }
    return false;
  }
  /** TGS-47: whether square c is next to an able enemy of u that u's attack cannot harm (no tactic met). */
  nextToHarmless(u: Unit, c: number): boolean {
    const b = this.board,
      k = this.n * 32;
    for (let vAt = 0, vList = this.sideFoes[u.side]; vAt < vList.length; vAt++) {
      const v = vList[vAt];
      if (!able(v) || v.cell < 0 || b.dist(c, v.cell) !== 1) continue;
      this.attackValue(u, v, 0, k);
      if (this.valueHarm[k] === 0) return true;
    }
    return false;
  }
  /**
   * Whether an approach (a move, or a Dash when `dash`) may end on square c: a Dash never beside an enemy (TGS-39: it
   * would stand in reach with no attack left), a move never beside an enemy u cannot harm when `harmless`
   * (harmlessFoes(u), asked once an approach: TGS-47).
   */
  approachMayEnd(u: Unit, c: number, dash: boolean, harmless: boolean, front: number): boolean {
    return (
      (!dash || !this.adjacentEnemy(u, c)) &&
      (!harmless || !this.nextToHarmless(u, c)) &&
      (front < 0 || this.nearestFoeDist(u, c) >= front)
    );
  }
  /**
   * TGS-56 (issue 32): how near its nearest enemy an approach with no attack (the move and the Dash, in the enemies'
   * reach) may take u: no nearer than the able ally of its side that stands nearest the enemy, when that ally stands
   * nearer than u at the turn's start (−1: no bound, u is its side's front or alone). A member behind its side closes
   * up to the line and stops there, Readied; it does not run past its friends to stand before every enemy with its
   * action spent (the probe: Bridge Toll's Bone Priest Dashing from the back of its side to the heroes' line while they
   * wait for it, 33–36 points). The side's front advances as before, so the rest follow it.
   */
  frontBound(u: Unit): number {
    const members = this.sideMembers[u.side];
    const du = this.nearestFoeDist(u, u.cell);
    let front = du;
    for (let vAt = 0; vAt < members.length; vAt++) {
      const v = members[vAt];
      if (v === u || !able(v) || v.cell < 0) continue;
      const d = this.nearestFoeDist(v, v.cell);
      if (d < front) front = d;
    }
    return front < du ? front : -1;
  }
  /**
   * TG-V4: whom a healer with no attack plan goes to (sim.ts healerMove walks there): an OUT ally it can revive
   * (Miracle Worker unspent, the ally not dead and its square free), else the most stressed able PC ally it cannot
   * support from where it stands; null: none.
   */
  protected healerGoal(u: Unit): Unit | null {
    const allies = this.units.filter((v) => v !== u && !this.enemies(u, v));
    let goal: Unit | null = null;
    if ((u.abil & AB_MIRACLE) !== 0 && u.usedMiracle !== true)
      goal = allies.find((v) => v.out === true && v.dead !== true && this.occ[v.cell] < 0) ?? null;
    if (!goal) {
      for (const v of allies) {
        if (!able(v) || v.npc === true || v.stress === 0 || this.supportable(u, v)) continue;
        if (!goal || v.stress > goal.stress) goal = v;
      }
    }
    return goal;
  }
}
