// The actions of one combatant that are neither an attack nor a move: stand
// (HA-T2), pick up a weapon (HA-A6), Active Guard (HA-A5), Assist (HA-A7),
// Recover (HA-A9), stabilise an ally (HA-B4/A10).

import type { Card } from '../../model.js';
import * as cards from '../cards.js';
import type { CheckDraw } from '../events.js';
import * as compiled from '../compile.js';
import * as T from '../policy/tactics.js';
import { CombatMovement } from './movement.js';

// Module constants, not live imported bindings, for the hot code: see "Imports" in sim.ts.
const { explain } = T;
const { cardValue } = cards;
const { SLOTS } = compiled;

export class CombatActions extends CombatMovement {
  /** HA-T2. */
  protected stand(c: number): void {
    this.actions--;
    this.prone[c] = 0;
    if (this.sink) {
      this.sink.push({ type: 'stand', actor: this.k.ids[c], reason: 'Prone: standing comes before any other action' });
      this.sink.push({ type: 'status', target: this.k.ids[c], status: 'prone', on: false, cause: 'stood up' });
    }
  }

  /** HA-A6: pick up the dropped weapon (HA-W6). */
  protected interact(c: number): void {
    this.actions--;
    const s = this.dSlot;
    this.lost[c * SLOTS + s] = 0;
    if (this.sink)
      this.sink.push({
        type: 'interact',
        actor: this.k.ids[c],
        weapon: this.k.wName[c * SLOTS + s],
        reason: explain(this),
      });
  }

  /** HA-A5. */
  protected activeGuardAction(c: number): void {
    const k = this.k;
    this.actions -= 2;
    this.guarded = 1;
    const m = this.checkMod(c);
    const got = this.drawHand(c, k.draws[c * 4 + 1]);
    const pi = got ? this.pickBest(c, 1) : -1;
    const card = pi >= 0 ? this.hand[c * this.H + pi] : -1;
    const ev = card >= 0 ? this.cardEv(c, card, 1) + m : k.guard[c];
    let chk: CheckDraw | null = null;
    if (this.sink) chk = this.snap(c, 1, pi, this.mods(c, 0, '', 0));
    this.assist[c] = 0;
    this.settleHand(c, pi, false); // only the played card to fatigue
    this.setActiveGuard(c, ev);
    if (this.sink && chk)
      this.sink.push({
        type: 'active-guard',
        actor: k.ids[c],
        check: chk,
        guard: ev,
        passive: k.guard[c],
        reason: explain(this),
      });
  }

  /** HA-A7. */
  protected assistAction(c: number, ally: number): void {
    this.actions--;
    this.assist[ally] = 1;
    if (this.sink)
      this.sink.push({ type: 'assist', actor: this.k.ids[c], ally: this.k.ids[ally], reason: explain(this) });
  }

  /** HA-A9: the highest-value fatigue cards, as many as the highest stat, back in; then shuffle. */
  protected recover(c: number): void {
    const k = this.k;
    this.actions -= 2;
    const off = this.dOff[c];
    let want = Math.min(k.maxStat[c], this.fatN[c]);
    const moved: Card[] = [];
    while (want-- > 0) {
      let bi = 0;
      for (let i = 1; i < this.fatN[c]; i++) if (cardValue(this.fat[off + i]) > cardValue(this.fat[off + bi])) bi = i;
      const card = this.fat[off + bi];
      // remove keeping order
      for (let i = bi; i < this.fatN[c] - 1; i++) this.fat[off + i] = this.fat[off + i + 1];
      this.fatN[c]--;
      this.putBottom(c, card);
      if (this.sink) moved.push(card);
    }
    this.shuffleDeck(c);
    if (this.sink) {
      this.sink.push({ type: 'recover', actor: k.ids[c], cards: moved, reason: explain(this) });
      this.sink.push({ type: 'reshuffle', owner: k.ids[c], cards: moved.length, cause: 'recover' });
    }
  }

  /** HA-B4 / HA-A10: Heart check DC 10 + 2 × Failing Draws. */
  protected stabilizeAlly(c: number, ally: number): void {
    const k = this.k;
    this.actions--;
    const dc = 10 + 2 * this.failing[ally];
    const m = this.checkMod(c);
    const got = this.drawHand(c, k.draws[c * 4 + 0]);
    const pi = got ? this.pickLowestMaking(c, 0, m, dc) : -1;
    const card = pi >= 0 ? this.hand[c * this.H + pi] : -1;
    const ev = card >= 0 ? this.cardEv(c, card, 0) + m : -99;
    let chk: CheckDraw | null = null;
    if (this.sink) chk = this.snap(c, 0, pi, this.mods(c, 0, '', 0));
    this.assist[c] = 0;
    this.settleHand(c, pi, false);
    const ok = card >= 0 && ev >= dc;
    if (this.sink && chk)
      this.sink.push({
        type: 'stabilize-ally',
        actor: k.ids[c],
        ally: k.ids[ally],
        check: chk,
        dc,
        success: ok,
        reason: explain(this),
      });
    if (ok && this.broken[ally] && !this.defeated[ally]) this.stabilize(ally, false, c);
  }
}
