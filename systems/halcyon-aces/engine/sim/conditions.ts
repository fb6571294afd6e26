// Vitality and the conditions it drives (HA-B1..B5): damage, Broken,
// stabilised, Defeated, and the count of able combatants per side that the end
// of the fight (ending.ts) reads without a scan.

import { CardChecks } from './card-checks.js';

export class CombatConditions extends CardChecks {
  protected ableDown(c: number): void {
    if (--this.ableCnt[this.k.side[c]] === 0) this.sidesAble--;
  }

  protected ableUp(c: number): void {
    if (this.ableCnt[this.k.side[c]]++ === 0) this.sidesAble++;
  }

  /** Damage never takes Vitality below 0 (HA-B1) and does nothing to a Broken combatant (HA-B5). */
  protected hurt(t: number, amount: number, by: number): void {
    if (this.broken[t] || this.defeated[t] || amount <= 0) return;
    this.quietRound = false;
    const before = this.vit[t];
    const after = before > amount ? before - amount : 0;
    this.vit[t] = after;
    if (by >= 0 && this.k.side[by] !== this.k.side[t]) this.dmgDealt[by] += before - after;
  }

  /** HA-B1. */
  protected breakIfZero(t: number, by: number): void {
    if (this.vit[t] !== 0 || this.broken[t] || this.defeated[t]) return;
    this.broken[t] = 1;
    this.brokenBySide[this.k.side[t]]++;
    this.ableDown(t);
    this.everBroken[t] = 1;
    this.failing[t] = 0;
    this.stunned[t] = 0;
    this.prone[t] = 0;
    this.weakTurns[t] = 0;
    this.assist[t] = 0;
    this.setActiveGuard(t, -1);
    this.linkTarget[t] = -1;
    if (this.sink) this.sink.push({ type: 'broken', target: this.k.ids[t], by: by >= 0 ? this.k.ids[by] : 'the fall' });
  }

  /** HA-B2/B4: back at 1 Vitality, conscious, Prone and Weakened. */
  /** by: the ally who stabilized c (HA-B4), or −1 for its own Ace (HA-B2); named in the events only. */
  protected stabilize(c: number, ownTurn: boolean, by: number): void {
    this.broken[c] = 0;
    this.brokenBySide[this.k.side[c]]--;
    this.ableUp(c);
    this.vit[c] = 1;
    this.failing[c] = 0;
    this.prone[c] = 1;
    this.weakTurns[c] = ownTurn ? 2 : 1;
    if (this.sink) {
      const id = this.k.ids[c];
      const cause = by >= 0 ? `stabilized by ${this.k.ids[by]}` : 'Ace drawn';
      this.sink.push({ type: 'status', target: id, status: 'prone', on: true, cause });
      this.sink.push({ type: 'status', target: id, status: 'weakened', on: true, cause });
    }
  }

  protected defeat(c: number, why: 'failing-draws' | 'empty-deck'): void {
    this.defeated[c] = 1;
    this.brokenBySide[this.k.side[c]]--;
    if (this.sink) this.sink.push({ type: 'defeated', target: this.k.ids[c], why });
  }
}
