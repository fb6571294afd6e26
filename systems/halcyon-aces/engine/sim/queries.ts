// Read-only questions about a combat in progress: who can act, which weapon is
// in hand, what the next Strike's penalty is, how far apart two combatants are,
// which Guard an attack meets. The tactics (tactics.ts) read the state through
// these and nothing above them: they choose, they never act.

import * as compiled from '../compile.js';
import type { CombatantState } from '../events.js';
import { CombatState } from './state.js';

// Module constants, not live imported bindings, for the hot code: see "Imports" in sim.ts.
const { SLOTS, SLOT_MAIN, SLOT_OFF, SLOT_UNARMED, W_QUICK } = compiled;

export class CombatQueries extends CombatState {
  /** Neither Broken nor Defeated. Only a Broken combatant can be Defeated (HA-B3) and it stays Broken, so one flag tells. */
  able(c: number): boolean {
    return this.broken[c] === 0;
  }

  /** Current main weapon slot (HA-W6: unarmed when disarmed or broken). */
  mainSlot(c: number): number {
    const k = this.k;
    if (this.lost[c * SLOTS + SLOT_MAIN] === 0) return SLOT_MAIN;
    if (k.hasSlot[c * SLOTS + SLOT_OFF] && this.lost[c * SLOTS + SLOT_OFF] === 0) return SLOT_OFF;
    return SLOT_UNARMED;
  }

  /** HA-S6: the off-hand is usable for the 2nd Strike when both weapons are in hand. */
  dualWield(c: number): boolean {
    return (
      this.k.hasSlot[c * SLOTS + SLOT_OFF] === 1 &&
      this.lost[c * SLOTS + SLOT_MAIN] === 0 &&
      this.lost[c * SLOTS + SLOT_OFF] === 0
    );
  }

  /** HA-S4/S5/S6: EV penalty of the next Strike with slot s. */
  strikePenalty(c: number, s: number): number {
    const no = this.strikes + 1;
    if (no <= 1) return 0;
    if (no === 2) {
      if (s === SLOT_OFF && this.dualWield(c) && this.mainSlot(c) === SLOT_MAIN) return 0;
      if (this.k.wFlags[c * SLOTS + s] & W_QUICK) return 0;
      return -2;
    }
    return -4;
  }

  /** Defense of t against a Guard attack: Active Guard replaces passive Guard (HA-A5). */
  guardOf(t: number): number {
    return this.guardNow[t];
  }

  /** Sets (ev ≥ 0) or clears (−1) c's Active Guard, and the Guard that guardOf reads. */
  protected setActiveGuard(c: number, ev: number): void {
    this.activeGuard[c] = ev;
    this.guardNow[c] = ev >= 0 ? ev : this.k.guard[c];
  }

  dist(a: number, b: number): number {
    return this.k.rangeDist[this.zone[a] * this.k.nz + this.zone[b]];
  }

  /** Able enemies of c in zone z, in declaration order, into out; returns the count. */
  enemiesInZone(c: number, z: number, out: Int32Array): number {
    const k = this.k;
    let n = 0;
    for (let j = k.foeStart[c]; j < k.foeStart[c + 1]; j++) {
      const i = k.foes[j];
      if (this.able(i) && this.zone[i] === z) out[n++] = i;
    }
    return n;
  }

  stateOf(i: number): CombatantState {
    return this.defeated[i] ? 'defeated' : this.broken[i] ? 'broken' : 'active';
  }
}
