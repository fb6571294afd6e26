// The combat state machine: every rule of RULES.md that applies in a fight.
// Flat typed arrays, no per-draw allocation. Events are built only when a sink
// is attached (runCombat); Monte Carlo runs with sink = null through the same
// code (simulate / montecarlo) with one exception: a one-target weapon Strike
// or Brace without events takes strikeOne (sim/attack.ts), a fast-only copy of
// resolveAttack's steps for one target. That copy can drift from its twin, so
// a test holds them equal: test/systems/halcyon-aces/engine/rules.test.ts,
// "the fast path is the same machine" (simulate() against the event stream's
// outcome, combat by combat, on the 3v3, options-on and duel fixtures).
//
// The hot path (sink = null) allocates nothing per combat: begin() resets the
// arrays and reseeds each deck's generator in place (reseedRng). Per action,
// policy/tactics.decide chooses from tables compiled once per encounter (expected
// damage per weapon/technique × defence, reach per actions left, the Active
// Guard's expected EV) and the action resolves; resolveAttack serves every
// attack (strikeOne, its one-target copy without events, most of them). Where
// a 3v3 combat's time goes, phase by phase, and what would make it faster:
// bench/README.md.
//
// This file is the turn loop (initiative, rounds, turns, and the decisions
// wired to the actions that perform them). The rules beneath it are layers in
// sim/, each a class extending the one below, bottom to top:
//   state.ts       every field, allocated once per encounter; begin() resets them per combat
//   queries.ts     read-only questions (able, weapon in hand, Strike penalty, distance); all the tactics see
//   decks.ts       the ring-buffer decks with the lazy shuffle (HA-C3..C6): the hottest code
//   card-checks.ts a check's cards: best card, EV, modifiers, the hand afterwards (HA-K*)
//   conditions.ts  damage, Broken, stabilised, Defeated (HA-B*)
//   attack.ts      Strike, technique, and resolveAttack that serves every attack
//   movement.ts    moves, falls, Brace
//   actions.ts     stand, interact, Active Guard, Assist, Recover, stabilise an ally
//   teamwork.ts    Link Strike, Team Ultimate
//   ending.ts      when and how the fight ends, the outcome
// One class chain, one instance per encounter: every call stays monomorphic (a
// method found up the prototype chain is as cheap as one on the class), and
// every field is declared in state.ts, so the object has one shape. Measured:
// the split left the instructions per 3v3 combat as they were (bench/README.md).
//
// Imports: the hot modules (this file, sim/*.ts, policy/tactics.ts) copy the
// constants and functions they import into module constants (`const { SLOTS }
// = compiled`). An imported binding is live, so V8's optimizing compiler
// re-reads it and checks it for the temporal dead zone at every use; a module
// constant it folds. Measured: ×0.95 CPU per 3v3 combat (bench/README.md).

import * as cards from './cards.js';
import * as T from './policy/tactics.js';
import * as D from './decisions.js';
import * as G from './gm-rules.js';
import type { RuleChoice } from '../../../model/priority-run.js';
import * as codes from './codes.js';
import * as state from './sim/state.js';
import { CombatEnding } from './sim/ending.js';

// Module constants, not live imported bindings, for the hot code: see "Imports" in sim.ts.
const { decide, explain, wantsSeize } = T;
const { offerAction, offerSeize } = D;
const { RuleLineSink, ruleAction, ruleEvent, ruleKey, ruleSeize } = G;
const { cardSuit, cardValue } = cards;
const {
  A_ASSIST,
  A_GUARD,
  A_INTERACT,
  A_LINK,
  A_MOVE,
  A_PASS,
  A_RECOVER,
  A_SCATTER,
  A_STABILIZE,
  A_STAND,
  A_STRIKE,
  A_TECHNIQUE,
  A_ULTIMATE,
  R_STALEMATE,
} = codes;
const { P_ACT, P_DONE, P_INIT, P_ROUND, P_TURN } = state;

export class CombatSim extends CombatEnding {
  /** Runs a whole combat without events; returns R_VICTORY / R_STALEMATE / R_DRAW. */
  run(seed: number): number {
    this.begin(seed, null);
    while (this.phase !== P_DONE) this.step();
    return this.result;
  }

  /** Advances one unit: initiative, a round start, a turn start, or one action. */
  step(): void {
    switch (this.phase) {
      case P_INIT:
        this.initiative();
        this.phase = P_ROUND;
        return;
      case P_ROUND: {
        if (this.endIfOver()) return;
        // E-P2: the calm rounds in a row, the one just ended counted (round 0 is no round). The count read and added to at
        // every round (issue 32 item 5): read only after a calm round, its first read came after step() was optimized,
        // had no type feedback and deoptimized step() (the Warlord's Hall, the King's Road), which the JIT compiled again
        const calm = this.calmRounds + 1;
        this.calmRounds = this.round > 0 && this.quietRound ? calm : 0;
        this.quietRound = true;
        this.round++;
        this.startRound();
        this.turnIdx = 0;
        this.phase = P_TURN;
        return;
      }
      case P_TURN: {
        const n = this.k.n;
        // the Defeated skipped (HA-B3): an increment made at every turn start, so that the first Defeated does not meet
        // one without type feedback in an optimized step() (issue 32 item 5: it deoptimized step(), compiled again)
        let t = this.turnIdx - 1;
        do t++;
        while (t < n && this.defeated[this.roundOrder[t]]);
        this.turnIdx = t;
        if (this.turnIdx >= n) {
          this.endRound_();
          this.phase = P_ROUND;
          return;
        }
        const c = this.roundOrder[this.turnIdx];
        this.cur = c;
        // a Broken combatant's turn is its stabilization draw (HA-B2); a turn that cannot start ends as that one does —
        // one path for both (issue 32 item 5: the second, reached first after step() was optimized, deoptimized it)
        let acts = false;
        if (this.broken[c]) this.stabilizationDraw(c);
        else acts = this.startTurn(c);
        if (acts) this.phase = P_ACT;
        else {
          this.endTurn(c);
          this.turnIdx++;
        }
        this.checkEnd();
        return;
      }
      case P_ACT: {
        const c = this.cur;
        let over = false;
        if (this.actions <= 0 || !this.able(c) || ++this.decisions > 12) over = true;
        else {
          const kiteMoved = this.kiteMoved;
          decide(this, c);
          // issue 33: a combatant with GM rules (gm-rules.ts); null for a fight nobody scripted
          let gm: RuleChoice | undefined;
          if (this.k.gm !== null) gm = ruleAction(this, c, kiteMoved);
          if (this.control !== null && offerAction(this, c, kiteMoved, ruleKey(this, c, gm))) gm = undefined;
          if (this.dAct === A_PASS) {
            if (this.sink) {
              this.sink.push({ type: 'pass', actor: this.k.ids[c], actionsLeft: this.actions, reason: explain(this) });
              if (gm !== undefined) this.sink.push(ruleEvent(this, c, gm));
            }
            over = true;
          } else {
            if (gm !== undefined && this.sink) this.performByRule(c, gm);
            else this.perform(c);
            if (this.actions <= 0 || !this.able(c)) over = true;
          }
        }
        if (over) {
          this.endTurn(c);
          this.turnIdx++;
          this.phase = P_TURN;
        }
        this.checkEnd();
        return;
      }
      default:
        return;
    }
  }

  /**
   * The round cap (the encounter's `rounds`), then ruling E-I6b: a round in which nobody moved or was hurt is checked
   * for a dead end — no able combatant can ever reach an able enemy — and either ends the fight as a stalemate at once.
   * Returns true when it did. Its own method, called at every round start, so that step() does not inline the rarely
   * reached deadlocked() call: reached first after step() was optimized, that call deoptimized step() and made the
   * JIT compile it again (a cold process's first odds pay for every compile; bench/README.md, speed-ha3). The round
   * cap's stalemate too (issue 32 item 5: on the Rusty Flagon, 30 rounds, the first came after step() was optimized and
   * deoptimized it — its finish() call had no type feedback —, and step() was compiled twice in every worker).
   */
  protected endIfOver(): boolean {
    if (this.round >= this.k.roundCap) {
      this.finish(R_STALEMATE, -1, this.k.roundCap);
      return true;
    }
    if (this.round > 0 && this.quietRound && this.deadlocked()) {
      this.stalledAt = this.round;
      this.finish(R_STALEMATE, -1, this.round);
      return true;
    }
    return false;
  }

  /** HA-I1..I4. */
  protected initiative(): void {
    const k = this.k;
    const n = k.n;
    for (let c = 0; c < n; c++) {
      const first = this.drawOne(c, true);
      let kept = first;
      let other = -1;
      let second = -1;
      if (k.quickDraw[c]) {
        // HA-I4 Quick Draw: draw 2, keep the better, the other to the deck bottom.
        second = other = this.drawOne(c, true);
        if (other >= 0 && initBetter(other, kept)) {
          const t = kept;
          kept = other;
          other = t;
        }
      }
      if (kept >= 0) this.toFatigue(c, kept);
      if (other >= 0) this.putBottom(c, other);
      // HA-I3: Heavy −1. No Resonance (HA-I1 ruling).
      this.initCard[c] = kept;
      this.initValue[c] = (kept >= 0 ? cardValue(kept) : 0) + k.initMod[c];
      if (this.sink) {
        this.sink.push({
          type: 'initiative',
          actor: k.ids[c],
          drawn: second >= 0 ? [first, second] : first >= 0 ? [first] : [],
          kept,
          modifier: k.initMod[c],
          value: this.initValue[c],
          toBottom: other >= 0 ? other : null,
        });
      }
    }
    for (let i = 0; i < n; i++) {
      this.roundValue[i] = this.initValue[i];
      this.roundCard[i] = this.initCard[i];
    }
    this.sortOrder(this.fixedOrder);
    if (this.sink) {
      this.sink.push({
        type: 'initiative-order',
        order: Array.from(this.fixedOrder, (c) => ({ id: k.ids[c], value: this.initValue[c], card: this.initCard[c] })),
      });
    }
  }

  /** HA-I1/I2: value desc, then suit ♠ > ♦ > ♣ > ♥, then declaration order. Uses roundValue/roundCard. */
  protected sortOrder(out: Int32Array): void {
    const n = this.k.n;
    for (let i = 0; i < n; i++) {
      let j = i;
      while (j > 0 && this.before(i, out[j - 1])) {
        out[j] = out[j - 1];
        j--;
      }
      out[j] = i;
    }
  }

  protected before(a: number, b: number): boolean {
    const va = this.roundValue[a],
      vb = this.roundValue[b];
    if (va !== vb) return va > vb;
    const sa = this.roundCard[a] >= 0 ? cardSuit(this.roundCard[a]) : -1;
    const sb = this.roundCard[b] >= 0 ? cardSuit(this.roundCard[b]) : -1;
    if (sa !== sb) return sa > sb;
    return this.k.order[a] < this.k.order[b] || (this.k.order[a] === this.k.order[b] && a < b);
  }

  protected startRound(): void {
    const k = this.k;
    const n = k.n;
    let any = false;
    for (let c = 0; c < n; c++) {
      this.seized[c] = 0;
      this.roundValue[c] = this.initValue[c];
      this.roundCard[c] = this.initCard[c];
    }
    if (this.round >= 2) {
      // HA-I5 Seize Initiative, declared before anyone acts (declaration order).
      for (let c = 0; c < n; c++) {
        if (!this.able(c)) continue;
        let seize = wantsSeize(this, c);
        let gm: RuleChoice | undefined;
        if (k.gm !== null) {
          gm = ruleSeize(this, c, seize); // issue 33
          if (gm !== undefined) seize = gm.option === 1;
        }
        if (this.control !== null) {
          const asked = offerSeize(this, c, seize, ruleKey(this, c, gm));
          if (asked !== seize) gm = undefined;
          seize = asked;
        }
        if (!seize) {
          if (gm !== undefined && this.sink) this.sink.push(ruleEvent(this, c, gm)); // a rule kept the card
          continue;
        }
        const discarded = this.drawOne(c, true);
        if (discarded >= 0) this.toFatigue(c, discarded);
        const drawn = this.drawOne(c, true);
        if (drawn >= 0) this.toFatigue(c, drawn);
        this.seized[c] = 1;
        any = true;
        this.roundCard[c] = drawn;
        this.roundValue[c] = (drawn >= 0 ? cardValue(drawn) : 0) + k.initMod[c];
        if (this.sink) {
          this.sink.push({
            type: 'seize',
            round: this.round,
            actor: k.ids[c],
            discarded: discarded >= 0 ? discarded : null,
            drawn: drawn >= 0 ? drawn : null,
            value: this.roundValue[c],
            reason: gm !== undefined ? '' : explain(this),
          });
          if (gm !== undefined) this.sink.push(ruleEvent(this, c, gm));
        }
      }
    }
    if (any) this.sortOrder(this.roundOrder);
    else for (let i = 0; i < n; i++) this.roundOrder[i] = this.fixedOrder[i];
    if (this.sink)
      this.sink.push({ type: 'round-start', round: this.round, order: Array.from(this.roundOrder, (c) => k.ids[c]) });
  }

  protected endRound_(): void {
    const n = this.k.n;
    for (let c = 0; c < n; c++) {
      this.assist[c] = 0; // HA-A7: "this round"
      this.linkTarget[c] = -1;
      this.linkFrom[c] = -1;
    }
    if (this.sink) {
      this.sink.push({
        type: 'round-end',
        round: this.round,
        vitality: this.k.ids.map((id, i) => ({
          id,
          vitality: this.vit[i],
          state: this.stateOf(i),
          deck: this.cnt[i],
          fatigue: this.fatN[i],
        })),
      });
    }
  }

  /** Returns false when the turn has no action to take. */
  protected startTurn(c: number): boolean {
    const k = this.k;
    this.reactionUsed[c] = 0; // HA-R1
    this.setActiveGuard(c, -1); // HA-A5: until your next turn
    this.strikes = 0;
    this.lastStrikeSlot = -1;
    this.guarded = 0;
    this.kiteMoved = 0;
    this.decisions = 0;
    let a = 3;
    const wasStunned = this.stunned[c] === 1;
    if (wasStunned) {
      a--;
      this.stunned[c] = 0;
    } // HA-T1
    if (this.seized[c]) a--; // HA-I5: out of this round's three
    const link = this.linkTarget[c] >= 0;
    this.actions = a;
    if (this.sink) {
      this.sink.push({
        type: 'turn-start',
        round: this.round,
        actor: k.ids[c],
        actions: a,
        stunned: wasStunned,
        seized: this.seized[c] === 1,
        link,
      });
      if (wasStunned)
        this.sink.push({ type: 'status', target: k.ids[c], status: 'stunned', on: false, cause: 'lost 1 action' });
    }
    if (a <= 0) return false;
    if (link) {
      // HA-T2: standing comes before anything else.
      if (this.prone[c]) {
        this.stand(c);
        if (this.actions <= 0) return false;
      }
      this.resolveLink(c);
    }
    return this.actions > 0 && this.able(c);
  }

  protected endTurn(c: number): void {
    // HA-T3: Weakened lasts until the end of its next turn.
    if (this.weakTurns[c] > 0 && --this.weakTurns[c] === 0 && this.sink) {
      this.sink.push({ type: 'status', target: this.k.ids[c], status: 'weakened', on: false, cause: 'end of turn' });
    }
    this.linkTarget[c] = -1;
    this.cur = -1;
  }

  /** HA-B2/B3: the Broken combatant's draw on each of its later turns; no reshuffle (HA-C5). */
  protected stabilizationDraw(c: number): void {
    const card = this.drawOne(c, false);
    const k = this.k;
    let result: 'stabilized' | 'holds' | 'failing' | 'empty-deck';
    if (card < 0) {
      result = 'empty-deck';
    } else {
      this.toFatigue(c, card);
      const v = cardValue(card);
      if (v === 14) result = 'stabilized';
      else if (v >= 11) result = 'holds';
      else {
        result = 'failing';
        this.failing[c]++;
      }
    }
    if (this.sink)
      this.sink.push({
        type: 'stabilization-draw',
        actor: k.ids[c],
        card: card >= 0 ? card : null,
        result,
        failingDraws: this.failing[c],
      });
    if (result === 'stabilized') this.stabilize(c, true, -1);
    else if (result === 'empty-deck') this.defeat(c, 'empty-deck');
    else if (this.failing[c] >= 3) this.defeat(c, 'failing-draws');
  }

  /** Issue 33, the event path: the action a GM rule decided, its log line right after the action's (gm-rules.ts). */
  protected performByRule(c: number, gm: RuleChoice): void {
    const real = this.sink!;
    const sink = new RuleLineSink(real, ruleEvent(this, c, gm));
    this.sink = sink;
    try {
      this.perform(c);
    } finally {
      this.sink = real;
    }
    sink.flush();
  }

  protected perform(c: number): void {
    switch (this.dAct) {
      case A_STAND:
        this.stand(c);
        break;
      case A_INTERACT:
        this.interact(c);
        break;
      case A_STRIKE:
        this.actions--;
        this.strike(c, this.dSlot, this.dTarget, 'strike');
        break;
      case A_SCATTER:
        this.actions--;
        this.strike(c, this.dSlot, this.dTarget, 'scatter');
        break;
      case A_TECHNIQUE:
        this.actions -= this.k.tCost[this.dTech];
        this.technique(c, this.dTech, this.dTarget);
        break;
      case A_MOVE:
        this.move(c);
        break;
      case A_GUARD:
        this.activeGuardAction(c);
        break;
      case A_ASSIST:
        this.assistAction(c, this.dTarget);
        break;
      case A_RECOVER:
        this.recover(c);
        break;
      case A_STABILIZE:
        this.stabilizeAlly(c, this.dTarget);
        break;
      case A_LINK:
        this.declareLink(c, this.dTarget);
        break;
      case A_ULTIMATE:
        this.ultimate(c);
        break;
      default:
        this.actions = 0;
    }
  }
}

/** HA-I1/I2: higher value, then higher suit. */
const initBetter = (a: number, b: number): boolean => {
  const va = cardValue(a),
    vb = cardValue(b);
  return va !== vb ? va > vb : cardSuit(a) > cardSuit(b);
};
