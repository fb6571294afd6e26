// Arcana's simulator, part 3 of 5 (sim.ts has the map): an attack (AR-A1…A7) and its damage (AR-D1…D4): the flips
// (the opposition card where it serves, AR-O3; Aim's card, AR-T5), the acting side's cheat then the answering
// side's (AR-C4, ARS-12), the totals, the damage and a take-out.

import { STATS, STAT_LABEL } from '../../model.js';
import { NO_CARD, value } from '../deck.js';
import { attackClass } from '../odds.js';
import { AGILITY, defenseBase } from '../decisions.js';
import { O_ALL, O_OFF } from './state.js';
import { ArCheats, PICK_ATTACK, PICK_DEFENSE } from './cheats.js';

export abstract class ArAttacks extends ArCheats {
  /** AR-A1…A7, AR-D1…D4: i attacks t; `aim` is the aim card (AR-T5) or NO_CARD. */
  protected attack(i: number, t: number, aim: number): void {
    const aOpp = this.opp[i] === 1 && this.oppMode === O_ALL;
    let aCard = aOpp ? NO_CARD : this.flip();
    const dOpp = this.opp[t] === 1 && this.oppMode !== O_OFF;
    let dCard = dOpp ? NO_CARD : this.flip();
    const aimV = value(aim);
    const statV = this.stat(i, this.atkStat[i]);
    // the attack's numbers in the simulator's one scratch spec (no object a fight: an attack never nests)
    const spec = this.spec;
    spec.attack = statV + this.wBonus[i] + this.atkEdge[i];
    spec.defense = defenseBase(this, t);
    spec.damageBonus = this.wBonus[i] + this.dmgEdge[i];
    spec.toughness = this.toughness[t];
    spec.health = this.hp[t];
    // the card values in play, read again after each cheat (a cheat may replace the opposition card, AR-C5)
    let av = Math.max(aimV, value(aOpp ? this.oppCard : aCard));
    let dv = value(dOpp ? this.oppCard : dCard);
    if (this.sink) {
      this.emit({
        type: 'attack',
        round: this.round,
        who: this.names[i],
        target: this.names[t],
        weapon: this.wName[i],
        flip: aOpp ? this.oppCard : aCard,
        opposition: aOpp,
        aim: aim === NO_CARD && !this.wRanged[i] ? null : aim,
        used: av,
        statName: STAT_LABEL[STATS[this.atkStat[i]]],
        stat: statV,
        bonus: this.wBonus[i],
        edge: this.atkEdge[i],
        total: spec.attack + av,
        defense: {
          card: dOpp ? this.oppCard : dCard,
          opposition: dOpp,
          agility: this.stat(t, AGILITY),
          armor: this.armor[t],
          edge: this.defEdge[t],
          total: spec.defense + dv,
        },
      });
    }
    // AR-C4: the acting side may cheat, then the answering side on the totals after it (ARS-12), each once; each
    // weighs the card against keeping it (ARS-21, ARS-19). A cheat replaces the attack's own flip, never the aim card
    // (ARS-4).
    const now = attackClass(spec, av, dv);
    if (now < 2) {
      this.setCheat(now, aimV, av, dv);
      const c = this.cheat(i, t, aOpp, aCard, PICK_ATTACK, 'cheat');
      if (c >= 0 && !aOpp) aCard = c;
      av = Math.max(aimV, value(aOpp ? this.oppCard : aCard));
      dv = value(dOpp ? this.oppCard : dCard);
    }
    const mid = attackClass(spec, av, dv);
    if (mid > 0) {
      this.setCheat(mid, aimV, av, dv);
      const c = this.cheat(t, i, dOpp, dCard, PICK_DEFENSE, 'answer-cheat');
      if (c >= 0 && !dOpp) dCard = c;
      av = Math.max(aimV, value(aOpp ? this.oppCard : aCard));
      dv = value(dOpp ? this.oppCard : dCard);
    }
    const A = spec.attack + av,
      D = spec.defense + dv;
    const hit = A > D; // AR-A5: equal totals fail
    const start = A - D;
    const raw = start + spec.damageBonus - spec.toughness;
    const dmg = hit ? Math.max(1, raw) : 0;
    const before = this.hp[t];
    const after = Math.max(0, before - dmg);
    this.hp[t] = after;
    // the policy's memos key on Health and Taken Out: a miss (or a hit on 0 Health) changes neither
    if (after !== before) this.stamps[this.side[t]] = ++this.stamp;
    this.dmgDealt[i] += before - after; // ARS-15: the Health actually removed
    this.dmgTaken[t] += before - after;
    if (this.sink) {
      this.emit({
        type: 'hit',
        round: this.round,
        who: this.names[i],
        target: this.names[t],
        hit,
        attack: A,
        defense: D,
        start,
        bonus: this.wBonus[i],
        edge: this.dmgEdge[i],
        toughness: spec.toughness,
        raw,
        damage: dmg,
        before,
        after,
      });
    }
    if (hit && after === 0) this.takeOut(t);
  }
}
