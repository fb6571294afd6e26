// Moving between zones (HA-A1/A2): each step, the falls along drops (HA-F1/F2)
// and the Brace Strikes of enemies in the zone entered (HA-R2/R3).

import type { CheckDraw } from '../events.js';
import * as T from '../policy/tactics.js';
import * as D from '../decisions.js';
import * as G from '../gm-rules.js';
import type { RuleChoice } from '../../../../model/priority-run.js';
import { CombatAttacks } from './attack.js';
import * as compiled from '../compile.js';

// Module constants, not live imported bindings, for the hot code: see "Imports" in sim.ts.
const { explain, landingTarget, nextStep, wantsBrace } = T;
const { fallBase } = compiled;
const { offerBrace } = D;
const { RuleLineSink, ruleBrace, ruleEvent, ruleKey } = G;

export class CombatMovement extends CombatAttacks {
  /** HA-A1/A2 + HA-R2 Brace + HA-F2 drops. */
  protected move(c: number): void {
    this.quietRound = false;
    const k = this.k;
    const steps = this.dSteps;
    this.actions -= steps === 2 ? 2 : 1;
    const from = this.zone[c];
    const path: string[] | null = this.sink ? [] : null; // event mode only: filled as the steps happen
    const reason = this.sink ? explain(this) : '';
    if (this.sink && path)
      this.sink.push({
        type: 'move',
        actor: k.ids[c],
        action: steps === 2 ? 'dash' : 'stride',
        cost: steps === 2 ? 2 : 1,
        from: k.zoneNames[from],
        path,
        reason,
      });
    for (let s = 0; s < steps && this.able(c); s++) {
      const x = this.zone[c];
      let y: number;
      if (s === 0) y = this.dZone;
      else {
        // continue toward the same destination the tactics aimed at
        y = nextStep(this, c);
        if (y < 0 || y === x) break;
      }
      this.zone[c] = y;
      if (path) path.push(k.zoneNames[y]);
      // HA-F2: a step along a drop is a Stride that ends with a fall (and ends the move).
      const feet = k.stepDrop[x * k.nz + y];
      if (feet >= 0) this.fall(c, y, feet, k.stepSoft[x * k.nz + y] === 1);
      if (!this.able(c)) break;
      this.brace(c, y);
      if (feet >= 0) break;
    }
  }

  /** HA-F1: 1 per 10 ft, soft halves first, Body check DC 8 + 1 per 10 ft halves; lands on an enemy (half). */
  protected fall(c: number, z: number, feet: number, soft: boolean): void {
    const k = this.k;
    const base = fallBase(feet, soft);
    let dmg = base;
    const dc = 8 + Math.floor(feet / 10);
    let halved = false;
    let chk: CheckDraw | null = null;
    if (base > 0) {
      const m = this.checkMod(c);
      const got = this.drawHand(c, k.draws[c * 4 + 1]);
      const pi = got ? this.pickLowestMaking(c, 1, m, dc) : -1;
      const card = pi >= 0 ? this.hand[c * this.H + pi] : -1;
      const ev = card >= 0 ? this.cardEv(c, card, 1) + m : 0;
      if (this.sink) chk = this.snap(c, 1, pi, this.mods(c, 0, '', 0));
      this.assist[c] = 0;
      this.settleHand(c, pi, false);
      if (card >= 0 && ev >= dc) {
        halved = true;
        dmg = dmg >> 1;
      }
    }
    // Falling onto a creature: it takes half as well.
    const under = base > 0 ? landingTarget(this, c, z) : -1;
    const landed = under >= 0 ? base >> 1 : 0;
    const vb = this.vit[c];
    this.hurt(c, dmg, -1);
    if (under >= 0) this.hurt(under, landed, c);
    if (this.sink) {
      this.sink.push({
        type: 'fall',
        actor: k.ids[c],
        into: k.zoneNames[z],
        feet,
        soft,
        base,
        check: chk,
        dc,
        halved,
        damage: dmg,
        vitalityBefore: vb,
        vitalityAfter: this.vit[c],
        landedOn: under >= 0 ? k.ids[under] : null,
        landedDamage: landed,
      });
    }
    this.breakIfZero(c, -1);
    if (under >= 0) this.breakIfZero(under, c);
  }

  /** HA-R2/R3: each enemy in the zone entered may spend its Reaction on a free Strike. */
  protected brace(mover: number, z: number): void {
    const k = this.k;
    const n = k.n;
    for (let i = 0; i < n && this.able(mover); i++) {
      const r = this.fixedOrder[i];
      if (k.side[r] === k.side[mover] || !this.able(r) || this.zone[r] !== z || this.reactionUsed[r]) continue;
      let bracing = wantsBrace(this, r, mover);
      let gm: RuleChoice | undefined;
      if (k.gm !== null) {
        gm = ruleBrace(this, r, mover, bracing); // issue 33
        if (gm !== undefined) bracing = gm.option === 0;
      }
      if (this.control !== null) {
        const asked = offerBrace(this, r, mover, bracing, ruleKey(this, r, gm));
        if (asked !== bracing) gm = undefined;
        bracing = asked;
      }
      if (!bracing) {
        if (gm !== undefined && this.sink) this.sink.push(ruleEvent(this, r, gm)); // a rule kept the Reaction
        continue;
      }
      this.reactionUsed[r] = 1;
      if (gm !== undefined && this.sink) {
        const real = this.sink;
        const sink = new RuleLineSink(real, ruleEvent(this, r, gm));
        this.sink = sink;
        try {
          this.strike(r, this.mainSlot(r), mover, 'brace');
        } finally {
          this.sink = real;
        }
        sink.flush();
      } else this.strike(r, this.mainSlot(r), mover, 'brace');
    }
  }
}
