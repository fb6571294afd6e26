// Arcana's simulator, part 4 of 5 (sim.ts has the map): a maneuver (AR-M1…M6): its test against a TN or an
// opposed flip, each side's cheat (AR-C4, AR-C6), the temporary aspect it places (AR-S2) and the Fate Card it draws
// on an opponent or the scene (AR-M5, AR-H3, AR-H4).

import { STATS, STAT_LABEL } from '../../model.js';
import { NO_CARD, value } from '../deck.js';
import { MT_SCENE, MT_SELF, type CManeuver } from '../decisions.js';
import { O_ALL, O_OFF } from './state.js';
import { ArAttacks } from './attack.js';
import { PICK_MANEUVER, PICK_RESIST } from './cheats.js';

/** AR-M2: stat + flip ≥ TN; AR-M3 (opposed): strictly higher than the opponent's stat + flip. */
function succeeds(opposed: boolean, s: number, vs: number, a: number, d: number): boolean {
  return opposed ? s + a > vs + d : s + a >= vs;
}

export abstract class ArManeuvers extends ArAttacks {
  /** AR-M1…M5: i performs maneuver m; t is its target (the opponent of an opposed maneuver). */
  protected maneuver(i: number, m: CManeuver, t: number): void {
    const opposed = m.against >= 0;
    const o = opposed ? t : -1;
    const aOpp = this.opp[i] === 1 && this.oppMode === O_ALL;
    let aCard = aOpp ? NO_CARD : this.flip();
    const dOpp = opposed && this.opp[o] === 1 && this.oppMode !== O_OFF;
    let dCard = !opposed || dOpp ? NO_CARD : this.flip();
    const s = this.stat(i, m.stat);
    const vs = opposed ? this.stat(o, m.against) : m.tn;
    // the card values in play, read again after each cheat (a cheat may replace the opposition card, AR-C5)
    let av = value(aOpp ? this.oppCard : aCard);
    let dv = opposed ? value(dOpp ? this.oppCard : dCard) : 0;
    if (this.sink) {
      this.emit({
        type: 'maneuver',
        round: this.round,
        who: this.names[i],
        maneuver: m.name,
        target: m.target === MT_SELF ? 'self' : m.target === MT_SCENE ? 'scene' : 'opponent',
        opponent: opposed ? this.names[o] : null,
        statName: STAT_LABEL[STATS[m.stat]],
        stat: s,
        card: aOpp ? this.oppCard : aCard,
        opposition: aOpp,
        total: s + av,
        vs: opposed
          ? {
              kind: 'opposed',
              who: this.names[o],
              statName: STAT_LABEL[STATS[m.against]],
              stat: vs,
              card: dOpp ? this.oppCard : dCard,
              opposition: dOpp,
              total: vs + dv,
            }
          : { kind: 'tn', tn: vs },
      });
    }
    // AR-M2: stat + flip ≥ TN; AR-M3: strictly higher than the opponent's stat + flip (`succeeds`). AR-C6: the
    // lowest card that changes the outcome is the lowest at or above the card value where it changes.
    if (!succeeds(opposed, s, vs, av, dv)) {
      this.cNeed = opposed ? vs + dv - s + 1 : vs - s;
      const c = this.cheat(i, o, aOpp, aCard, PICK_MANEUVER, 'cheat');
      if (c >= 0 && !aOpp) aCard = c;
      av = value(aOpp ? this.oppCard : aCard);
      dv = opposed ? value(dOpp ? this.oppCard : dCard) : 0;
    }
    if (opposed && succeeds(opposed, s, vs, av, dv)) {
      this.cNeed = s + av - vs;
      const c = this.cheat(o, i, dOpp, dCard, PICK_RESIST, 'answer-cheat');
      if (c >= 0 && !dOpp) dCard = c;
      av = value(aOpp ? this.oppCard : aCard);
      dv = opposed ? value(dOpp ? this.oppCard : dCard) : 0;
    }
    const success = succeeds(opposed, s, vs, av, dv);
    let drew: number | null = null,
      overflow: number | null = null,
      id: number | null = null;
    const bearer = m.target === MT_SELF ? i : m.target === MT_SCENE ? -1 : t;
    const h = this.handOf(i);
    if (success) {
      // AR-S2: a temporary aspect; AR-M5: on an opponent or the scene it also draws a Fate Card
      id = this.nextTemp++;
      this.temps.push({ id, name: m.aspect, bearer, side: this.side[i] });
      this.placed[i]++;
      if (m.target !== MT_SELF) {
        const c = this.draw();
        if (c >= 0) {
          drew = c;
          const d = this.drawInto(h, c);
          if (d !== NO_CARD) overflow = d;
        }
      }
    }
    if (this.sink) {
      this.emit({
        type: 'maneuver-result',
        round: this.round,
        who: this.names[i],
        maneuver: m.name,
        success,
        total: s + av,
        against: vs + dv,
        opposed,
        aspect: success ? m.aspect : null,
        on: success ? (bearer < 0 ? 'the scene' : this.names[bearer]) : null,
        aspectId: id,
        drew,
        hand: this.hands[h].length,
        handName: this.opp[i] ? 'the Hand of Fate' : 'hand',
        overflow,
      });
    }
  }
}
