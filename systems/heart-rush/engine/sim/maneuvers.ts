// Maneuvers (HR-M1…M5): grapple, climb, dirty strike, blind, trip, shove, and
// the push of a shove (HR-P5).

import type { HitView, RollView } from '../events.js';
import * as state from './state.js';
import { HRMovement } from './movement.js';

// Module constants, not live imported bindings, for the hot code: see "Imports" in sim.ts.
const {
  MANEUVER_NAME,
  M_BLIND,
  M_CLIMB,
  M_DIRTY,
  M_GRAPPLE,
  M_SHOVE,
  M_TRIP,
  STANCE_NAMES,
  ST_BLIND,
  ST_OFFBAL,
  S_MIGHT,
} = state;

export abstract class HRManeuvers extends HRMovement {
  protected resolveManeuver(i: number, t: number, p: number): void {
    const m = this.maneuver[i];
    let mine: number, theirs: number, mineV: RollView | null;
    if (m === M_GRAPPLE) {
      // HR-M2: might check vs the target's better of might/agility; size advantage; one free hand halves
      const diff = this.size[i] - this.size[t];
      const free = this.hands[i] - this.wHands[this.weapon(i)];
      mine = this.rollCheck(i, S_MIGHT, Math.max(0, diff), free === 1);
      mineV = this.rv;
      theirs = this.rollCheck(t, this.bestContestAbility(t), Math.max(0, -diff), false);
    } else if (m === M_CLIMB) {
      // HR-M3: might or agility (each side's better mean) against might or agility
      mine = this.rollCheck(i, this.bestContestAbility(i), 0, false);
      mineV = this.rv;
      theirs = this.rollCheck(t, this.bestContestAbility(t), 0, false);
    } else {
      // HR-M4 ruling: the check in the stance's ability vs the target's same ability
      mine = this.rollCheck(i, p, 0, false);
      mineV = this.rv;
      theirs = this.rollCheck(t, p, 0, false);
    }
    const theirsV = this.rv;
    const success = mine > theirs; // resister wins ties (HR-D4)
    let effect = 'resisted';
    let hit: HitView | null = null;
    let at: readonly [number, number] | undefined;
    // the status the maneuver inflicts, added after its line (at most one): kind (−1 none), levels, reason
    let pk = -1,
      pl = 0,
      pwhy = '';
    if (success) {
      if (m === M_CLIMB) {
        this.climbing[i] = t;
        this.climbers++;
        this.moveTo(i, this.x[t], this.y[t]);
        this.cover[i] = 0;
        if (this.sink) effect = `climbs on ${this.names[t]} (HR-T6)`;
        at = [this.x[i], this.y[i]];
      } else if (m === M_GRAPPLE) {
        this.grappledBy[t] = i;
        this.grappling[i] = t;
        this.grapples++;
        if (this.sink) effect = `${this.names[t]} grappled (HR-T5)`;
      } else if (m === M_BLIND) {
        pk = ST_BLIND;
        pl = 1;
        pwhy = 'HR-M4 blind';
        effect = 'blinded';
      } else if (m === M_TRIP) {
        this.prone[t] = 1;
        effect = 'falls prone (HR-T4)';
      } else if (m === M_DIRTY) {
        const v = this.dice.roll(i, 4); // one d4, no defense roll; shrug allowed
        hit = this.applyDamage(t, i, v, false);
        pk = this.inflicts[i];
        pl = 2;
        pwhy = 'HR-M4 dirty strike';
        if (this.sink) effect = `d4 ${v}`;
      } else if (m === M_SHOVE) {
        const feet = Math.max(0, 5 + 5 * (this.size[i] - this.size[t])); // HR-M5
        const moved = this.push(t, i, feet);
        pk = ST_OFFBAL;
        pl = 2;
        pwhy = 'HR-M4 shove';
        if (this.sink) effect = `shoved ${moved} ft to ${this.x[t]},${this.y[t]}`;
        at = [this.x[t], this.y[t]];
      }
    }
    if (this.sink)
      this.emit({
        type: 'maneuver',
        round: this.round,
        stance: STANCE_NAMES[p],
        who: this.names[i],
        target: this.names[t],
        maneuver: MANEUVER_NAME[m],
        mine: mineV!,
        theirs: theirsV!,
        success,
        effect,
        hit,
        ...(at ? { at } : {}),
      });
    if (pk >= 0) this.addStatus(t, pk, pl, pwhy);
  }

  /** HR-P5 forced movement straight away from `src`, 5 ft at a time; returns feet moved. */
  protected push(t: number, src: number, feet: number): number {
    const sx = Math.sign(this.x[t] - this.x[src]),
      sy = Math.sign(this.y[t] - this.y[src]);
    let moved = 0;
    if (this.climbing[t] >= 0) return 0; // a climber holds on (ruling)
    while (moved + 5 <= feet) {
      const nx = this.x[t] + sx * 5,
        ny = this.y[t] + sy * 5;
      if (!this.inField(nx, ny) || this.occupied(nx, ny, t)) break;
      this.moveTo(t, nx, ny);
      this.carry(t);
      moved += 5;
    }
    if (moved > 0) this.cover[t] = 0;
    const g = this.grappledBy[t] >= 0 ? this.grappledBy[t] : this.grappling[t];
    if (g >= 0 && this.dist(t, g) > 5) this.release(t);
    return moved;
  }
}
