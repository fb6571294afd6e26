// Opportunity attacks (HR-O1…O3): the reacting combatant's attack as a free
// reaction, paid with its action or a rush point (HRS-8).

import * as state from './state.js';
import { HRPolicy } from '../policy/choices.js';

// Module constants, not live imported bindings, for the hot code: see "Imports" in sim.ts.
const { STANCE_NAMES, S_NONE } = state;

export abstract class HROpportunity extends HRPolicy {
  protected opportunityAttack(i: number, t: number, why: string): void {
    const cost = this.payOA(i);
    const s = this.oaStance(i, t);
    const att = this.rollAttack(i, s, S_NONE, t);
    const attV = this.rv;
    const def = this.rollDefense(t, s, this.isRanged(i));
    const defV = this.rv;
    const raw = Math.max(0, att - def);
    const hit = this.applyDamage(t, i, raw, false);
    if (this.sink) {
      this.emit({
        type: 'attack',
        round: this.round,
        kind: 'opportunity',
        who: this.names[i],
        target: this.names[t],
        stance: STANCE_NAMES[s],
        targetStance: 'none',
        cost,
        reason: why,
        attack: attV!,
        defense: defV!,
        contest: false,
        hit,
        hitOn: this.names[t],
        notes: [],
      });
    }
  }
}
