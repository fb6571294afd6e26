// One Arcana combat (ARCANA.md "The simulator"), written once for both paths:
// with a sink attached every step builds a typed event (log, step-through,
// tests); with sink = null (Monte Carlo, runChunk) the very same code runs and
// builds none, so the two can never disagree.
//
// Flow: build and shuffle the shared Fate deck (AR-F1); deal hands (AR-F5);
// flip initiative once per holder and fix the order (AR-I1…I3); then each
// round (AR-R1) flip the opposition card (AR-O2), give every holder its turn
// in order, each able group member a whole turn (AR-G2), check concession
// after every action (AR-E1), discard the opposition card at the round's end,
// and stop at the cap (AR-E2).
//
// Combatant index = expanded file order (sides in order, placements in order).
// hands[i] is character i's own hand (players' side only, AR-H1); hands[n] is
// the GM's Hand of Fate (AR-H2).
//
// The simulator, by concern (issue 32 item 4), each file a class the next extends:
//   sim/state.ts     the combat's state: cards, hands, aspects, take-outs (AR-F, AR-H, AR-S, AR-D4), the
//                    decision points offered to a control (issue 32) and the GM-rule log line (issue 33)
//   sim/cheats.ts    Cheating Fate (AR-C1…C6)
//   sim/attack.ts    an attack and its damage (AR-A1…A7, AR-D1…D4)
//   sim/maneuver.ts  a maneuver (AR-M1…M6, AR-S2)
//   sim.ts           this file: the combat, round and turn loop (AR-F5, AR-I1…I3, AR-R1, AR-O2, AR-T1, AR-E1,
//                    AR-E2) and a turn's declaration (ARS-7 target, the action, issue 33's rules)
// The choices are the policy's (policy/), never made here.

import { probeRuleKey } from '../../../model/priority-run.js';
import type { ActionKind } from './actions.js';
import { NO_CARD, value } from './deck.js';
import { MT_SCENE, MT_SELF, actionOptions, targetOptions, type CManeuver } from './decisions.js';
import { choose, pickTarget, targetReason } from './policy/index.js';
import { type RuledTurn } from './rules.js';
import { ArManeuvers } from './sim/maneuver.js';
import { O_OFF, R_STALEMATE, R_VICTORY } from './sim/state.js';

export { R_STALEMATE, R_VICTORY, type ArSink, type Holder, type SimOptions } from './sim/state.js';

export class ArSim extends ArManeuvers {
  // ───────────── one combat ─────────────
  /** Prepare a combat seeded `seed`: deck, hands, initiative (AR-F1, AR-F5, AR-I1…I3). */
  begin(seed: number): void {
    // no field keeps the seed: three seeds in four are no small integer (2^30 and up), and a field that first held
    // one would change the simulator's shape a few combats in and throw away every function optimized for it
    const n = this.n;
    this.stamps[0] = this.stamps[1] = this.outStamps[0] = this.outStamps[1] = ++this.stamp;
    this.deck.reset(seed);
    this.round = 0;
    this.result = -1;
    this.winner = -1;
    this.endRound = 0;
    this.inRound = false;
    this.turns = 0;
    this.outCount[0] = this.outCount[1] = 0;
    for (let i = 0; i < n; i++) {
      this.hp[i] = this.hpMax[i];
      this.out[i] = 0;
      this.dmgDealt[i] = 0;
      this.dmgTaken[i] = 0;
      this.cheats[i] = 0;
      this.placed[i] = 0;
      this.actedIn[i] = 0;
      this.aimedAt[i] = -1;
    }
    for (const h of this.hands) while (h.length > 0) h.pop();
    this.temps = [];
    this.nextTemp = 0;
    this.oppCard = NO_CARD;
    this.setAside = NO_CARD;
    this.setAsideNow = false;
    while (this.table.length > 0) this.table.pop();
    this.decisions = 0;
    if (this.sink)
      this.emit({
        type: 'start',
        encounter: this.enc.name,
        seed,
        cap: this.cap,
        oppositionCard: this.enc.oppositionCard,
      });
    // AR-F5 (1): players'-side hands in file order, each whole, then the Hand of Fate
    for (let i = 0; i < n; i++) {
      const k = Math.min(this.hand0[i], this.limit);
      for (let j = 0; j < k; j++) this.drawInto(i, this.draw());
    }
    const hof = Math.min(this.enc.handOfFate, this.limit);
    for (let j = 0; j < hof; j++) this.drawInto(n, this.draw());
    if (this.sink) {
      const hands = [];
      for (let i = 0; i < n; i++) if (!this.opp[i]) hands.push({ who: this.names[i], cards: this.hands[i].slice() });
      hands.push({ who: 'Hand of Fate', cards: this.hands[n].slice() });
      this.emit({ type: 'deal', hands });
    }
    // AR-F5 (2), AR-I1…I3: one flip per holder in file order; never cheated (AR-C3); the order holds all combat
    // the order and scores are the simulator's own two arrays, filled in place: a new array each combat would come
    // back from Array.map a different kind of array now and then and throw away the turn loop's optimized code
    const scores = this.scores,
      idx = this.order;
    scores.length = 0;
    idx.length = 0;
    for (let k = 0; k < this.holders.length; k++) {
      const h = this.holders[k];
      const c = this.draw();
      scores.push(value(c) + h.alertness);
      this.deck.toDiscard(c);
      if (this.sink)
        this.emit({ type: 'initiative', holder: h.label, card: c, alertness: h.alertness, score: scores[k] });
      idx.push(k);
    }
    idx.sort(
      (a, b) =>
        scores[b] - scores[a] ||
        this.holders[b].alertness - this.holders[a].alertness ||
        Number(this.holders[b].players) - Number(this.holders[a].players) ||
        a - b,
    );
    if (this.sink)
      this.emit({ type: 'order', order: idx.map((k) => ({ holder: this.holders[k].label, score: scores[k] })) });
  }

  /** Whole combat, no events unless a sink is set. Returns R_*. */
  run(seed: number): number {
    this.begin(seed);
    while (this.result < 0) this.playRound();
    return this.result;
  }

  /** Step unit "round": the rest of the current round (or a whole new one). */
  playRound(): void {
    do this.playTurn();
    while (this.inRound && this.result < 0);
  }

  /** Step unit "turn": one actor's turn (opening the round first, closing it after its last turn, ARS-14). */
  playTurn(): void {
    if (this.result >= 0) return;
    if (!this.inRound) this.startRound();
    const i = this.nextActor();
    if (i >= 0) {
      this.mi++;
      this.turn(i);
    }
    if (this.result < 0 && this.nextActor() < 0) this.closeRound();
  }

  /** The next able actor in initiative order (members of a group in order, AR-G2), without consuming it; −1 at the round's end. */
  private nextActor(): number {
    while (this.hi < this.order.length) {
      const m = this.holders[this.order[this.hi]].members;
      while (this.mi < m.length) {
        if (this.out[m[this.mi]] === 0) return m[this.mi];
        this.mi++;
      }
      this.hi++;
      this.mi = 0;
    }
    return -1;
  }

  /** AR-R1 step 2, AR-O2: the opposition card for the whole round (none with `opposition-card off`, AR-O3). */
  private startRound(): void {
    this.round++;
    this.inRound = true;
    this.hi = 0;
    this.mi = 0;
    if (this.oppMode !== O_OFF) this.oppCard = this.draw();
    if (this.sink) this.emit({ type: 'round', round: this.round, card: this.oppMode === O_OFF ? null : this.oppCard });
  }

  /** AR-R1 step 5: the opposition card goes to the discard pile; AR-E2 at the cap. */
  private closeRound(): void {
    this.inRound = false;
    const c = this.oppMode === O_OFF ? null : this.oppCard;
    this.deck.toDiscard(this.oppCard);
    this.oppCard = NO_CARD;
    if (this.sink) {
      const health = [];
      for (let i = 0; i < this.n; i++) health.push({ who: this.names[i], hp: this.hp[i], max: this.hpMax[i] });
      this.emit({ type: 'round-end', round: this.round, card: c, health });
    }
    if (this.round >= this.cap) this.finish(R_STALEMATE, -1);
  }

  private finish(r: number, loser: number): void {
    this.result = r;
    this.endRound = this.round;
    this.winner = loser < 0 ? -1 : 1 - loser;
    // AR-O2: the opposition card is discarded when combat ends; AR-S2: temporary aspects go
    let card: number | null = null;
    if (this.inRound) {
      card = this.oppMode === O_OFF ? null : this.oppCard;
      this.deck.toDiscard(this.oppCard);
      this.oppCard = NO_CARD;
      this.inRound = false;
    }
    this.temps = [];
    if (this.sink) {
      this.emit({
        type: 'end',
        round: this.round,
        outcome: r === R_VICTORY ? 'victory' : 'stalemate',
        winner: loser < 0 ? null : this.sideNames[1 - loser],
        loser: loser < 0 ? null : this.sideNames[loser],
        out: loser < 0 ? 0 : this.outCount[loser],
        of: loser < 0 ? 0 : this.sideSize[loser],
        cap: this.cap,
        card,
      });
    }
  }

  /** AR-E1: after every action, a side with more than half (or, `concede all`, all) of its characters Taken Out concedes. */
  private checkConcede(): boolean {
    const all = this.enc.concede === 'all';
    for (let s = 0; s < 2; s++) {
      const o = this.outCount[s],
        k = this.sideSize[s];
      if (all ? o === k : 2 * o > k) {
        this.finish(R_VICTORY, s);
        return true;
      }
    }
    return false;
  }

  // ───────────── a turn ─────────────
  /** AR-T1: Declaration, Resolution, Conclusion of i's turn. */
  private turn(i: number): void {
    this.turns++;
    let t = pickTarget(this, i);
    let why: string[] | null = this.sink ? [] : null;
    let m: CManeuver | null;
    const tac = this.rules[i];
    let ruled: RuledTurn | undefined;
    if (tac === null) {
      if (this.control !== null) t = this.decideTarget(i, t);
      m = choose(this, i, t, why);
      if (this.control !== null) m = this.decideAction(i, t, m);
    } else {
      // issue 33: the policy chooses, then the GM's rules (rules.ts), on every path
      m = choose(this, i, t, why);
      ruled = this.ruled!.turn(i, tac, t, m);
      if (ruled !== undefined) {
        m = ruled.m;
        t = ruled.t;
      }
      if (this.control !== null) {
        const key = ruled !== undefined ? probeRuleKey(tac, ruled.rule) : undefined;
        const t2 = this.decideTarget(i, t, ruled?.aimed === true ? key : undefined);
        if (t2 !== t) {
          // the control aimed elsewhere: the policy and the rules choose the action against that target
          t = t2;
          why = this.sink ? [] : null;
          m = choose(this, i, t, why);
          ruled = this.ruled!.turn(i, tac, t, m, t);
          if (ruled !== undefined) m = ruled.m;
        }
        m = this.decideAction(i, t, m, ruled !== undefined && ruled.rule.form !== 'target' ? key : undefined);
      }
    }
    const ranged = this.wRanged[i] === 1;
    this.actedIn[i] = this.round;
    this.aimedAt[i] = m === null || m.against >= 0 ? t : -1;
    if (this.sink) {
      // AR-T2/T5: a ranged attacker always declares Aim (simple) before its attack (complex)
      const actions: ActionKind[] = m ? ['maneuver'] : ranged ? ['aim', 'attack'] : ['attack'];
      const choice = m
        ? `maneuver ${m.name}${m.target === MT_SELF ? ' on itself' : m.target === MT_SCENE ? ' on the scene' : ` on ${this.names[t]}`}`
        : `${ranged ? 'aim + attack' : 'attack'} on ${this.names[t]}`;
      const byRule = ruled !== undefined ? `your rule ${ruled.rule.n}` : undefined;
      this.emit({
        type: 'declare',
        round: this.round,
        who: this.names[i],
        actions,
        target: this.names[t],
        targetReason: ruled?.aimed === true ? byRule! : targetReason(this, i, t),
        choice,
        reason: byRule !== undefined && ruled!.rule.form !== 'target' ? byRule : why!.join('; '),
      });
      if (ruled !== undefined) this.ruleLine(i, tac!, ruled.rule);
    }
    if (m) this.maneuver(i, m, t);
    else {
      let aim = NO_CARD;
      if (ranged) {
        // AR-T4/T5: Aim turns one card that resolves nothing by itself
        aim = this.flip();
        if (this.sink) this.emit({ type: 'aim', round: this.round, who: this.names[i], card: aim });
      }
      this.attack(i, t, aim);
    }
    this.endAction();
    this.checkConcede(); // AR-E1 after the action that can take someone out (ARS-10)
  }

  /** 'target': the policy (or `rule`) chose t among every able enemy. */
  private decideTarget(i: number, t: number, rule?: string): number {
    const opts = targetOptions(this, i);
    if (opts.length < 2) return t;
    return opts[
      this.offer(
        i,
        'target',
        opts.map((j) => this.names[j]),
        opts.indexOf(t),
        rule,
      )
    ];
  }

  /** 'action': the policy (or `rule`) chose m (null: attack) against t. */
  private decideAction(i: number, t: number, m: CManeuver | null, rule?: string): CManeuver | null {
    const opts = actionOptions(this, i);
    const labels = opts.map((x) =>
      x === null
        ? `${this.wRanged[i] ? 'aim + attack' : 'attack'} ${this.names[t]}`
        : `${x.name}${x.target === MT_SELF ? ' on itself' : x.target === MT_SCENE ? ' on the scene' : ` on ${this.names[t]}`}`,
    );
    return opts[this.offer(i, 'action', labels, opts.indexOf(m), rule)];
  }
}
