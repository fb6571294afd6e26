// Arcana's simulator, part 2 of 5 (sim.ts has the map): Cheating Fate (AR-C1…C6) — a side replaces a flip made for
// one of its characters with a card of its hand, naming an applicable aspect; which card is the policy's
// (policy/cheat.ts, ARS-19, ARS-21) or a GM rule's (issue 33), and a control may choose (issue 32).

import { probeRuleKey } from '../../../../model/priority-run.js';
import { value } from '../deck.js';
import { ArState } from './state.js';

export abstract class ArCheats extends ArState {
  /**
   * AR-C1…C6: side of `f` cheats the flip it made for f (opposing o) when a hand
   * card changes the outcome (`helps(v)`), with the lowest such card (ARS-2) and an
   * applicable aspect (ARS-3). `usesOpp`: the flip is the opposition card (AR-C5).
   * Returns the card that now stands in, or −2 when no cheat happened.
   */
  protected cheat(
    f: number,
    o: number,
    usesOpp: boolean,
    flipped: number,
    choosePick: (hand: readonly number[]) => number,
    reason: (v: number) => string,
    kind: 'cheat' | 'answer-cheat',
  ): number {
    const h = this.handOf(f);
    const hand = this.hands[h];
    if (hand.length === 0) return -2;
    // AR-C2: an applicable aspect, read without building its reference until a card is played
    if (!this.canInvoke(f, o)) return -2;
    let pick = choosePick(hand);
    const tac = this.rules[f];
    if (this.control === null && tac === null && pick < 0) return -2;
    // issue 33: f's GM rules after its policy (rules.ts)
    const ruled = tac === null ? undefined : this.ruled!.cheat(f, tac, kind, hand, pick);
    if (ruled !== undefined) pick = ruled.pick;
    if (this.control !== null)
      pick = this.decideCheat(f, kind, hand, pick, ruled !== undefined ? probeRuleKey(tac!, ruled.rule) : undefined);
    if (pick < 0) {
      // a rule that kept the cards (`never cheat`) says so where the cheat would have been
      if (ruled !== undefined && this.sink) this.ruleLine(f, tac!, ruled.rule);
      return -2;
    }
    const asp = this.applicable(f, o)!;
    const card = hand.splice(pick, 1)[0];
    let replaces = flipped;
    let oppKind: 'permanent' | 'temporary' | null = null;
    if (usesOpp) {
      replaces = this.oppCard;
      if (this.gmTemporary) {
        // ARS-11: tests only; the simulator's GM replaces permanently (AR-C6)
        this.setAside = this.oppCard; // back after the action (endAction)
        this.setAsideNow = true;
        oppKind = 'temporary';
      } else {
        this.deck.toDiscard(this.oppCard); // AR-C5 permanent: the replaced card is discarded at once
        oppKind = 'permanent';
      }
      this.oppCard = card;
    } else {
      const k = this.table.indexOf(flipped);
      if (k >= 0) this.table.splice(k, 1);
      this.deck.toDiscard(flipped);
      this.table.push(card);
    }
    if (asp.kind === 'temporary') this.temps = this.temps.filter((x) => x.id !== asp.id); // AR-S2: serves one invocation
    this.cheats[f]++;
    if (this.sink) {
      this.emit({
        type: 'cheat',
        round: this.round,
        side: this.side[f],
        who: this.opp[f] ? 'The GM' : this.names[f],
        flipFor: this.names[f],
        opposes: o >= 0 ? this.names[o] : null,
        aspect: asp,
        card,
        replaces,
        oppositionCard: oppKind,
        reason: ruled !== undefined ? `your rule ${ruled.rule.n}` : reason(value(card)),
      });
      if (ruled !== undefined) this.ruleLine(f, tac!, ruled.rule);
    }
    return card;
  }
}
