// One Heart Rush combat (HEART-RUSH.md "The simulator"), written once for both
// paths: with a sink attached every step builds a typed event (the log, step
// through, tests); with sink = null (Monte Carlo, runChunk) the very same code
// runs without building any, so the two paths can never disagree.
//
// Halcyon Aces habits kept here: flat typed arrays indexed by combatant, no
// allocation per roll (Dice keeps scratch arrays), cached exact odds for the
// tactic. Combatant index = expanded file order.
//
// Round (HR-R1): start (HR-R4, T1 fading, focus; round 1 hidden and surprise
// attacks HR-R5) → action phase (HR-R3 passes) → engagement (HR-E1…E10,
// phases cunning → agility → might) → end-of-round line. HR-X1 after every
// step and phase, HR-X2 at the cap.
//
// This file is the round loop (begin, the timing order, the round's phases).
// The rules beneath it are layers, each a class extending the one below,
// bottom to top:
//   sim/state.ts        the codes, and every field, allocated once per encounter
//   sim/queries.ts      read-only questions (reach, distance, threat, free squares), steps, the end (HR-X1)
//   sim/rules.ts        a GM's priority rules at each decision point (issue 33), then the control (play)
//   sim/rolls.ts        checks, attack and defense rolls, damage, shrugs, statuses (HR-D*, HR-H*, HR-T1…T3)
//   sim/stance-odds.ts  exact exchange odds and their memos (the stance table): a fast path
//   policy/choices.ts   the policy: focus, targets, reaction stances, the stance (HRS-14, HRS-15)
//   sim/opportunity.ts  opportunity attacks (HR-O1…O3)
//   sim/paths.ts        the greedy step and the kept detours (HRS-5, HRS-25): a fast path
//   sim/movement.ts     approach, kite, support, sidestep, stand, dash (HR-A*, HR-P3, HR-O2)
//   sim/maneuvers.ts    maneuvers (HR-M1…M5)
//   sim/engagement.ts   the engagement (HR-E1…E10)
//   sim/actions.ts      the action phase's turns and round 1's openers (HR-R3…R5)
// One class chain, one instance per encounter: every call stays monomorphic (a
// method found up the prototype chain is as cheap as one on the class), and
// every field is declared in sim/state.ts, so the object has one shape.
//
// Imports: the hot modules (sim/*.ts, policy/*.ts) copy the constants they
// import into module constants (`const { S_AGI } = state`). An imported
// binding is live, so V8's optimizing compiler re-reads it and checks it for
// the temporal dead zone at every use; a module constant it folds (the
// constants were this file's own before the split).

export {
  S_MIGHT,
  S_AGI,
  S_CUN,
  S_DEF,
  S_NONE,
  S_OUT,
  STANCE_NAMES,
  canAttack,
  beats,
  ST_WEAK,
  ST_OFFBAL,
  ST_DAZED,
  ST_BLIND,
  STATUS_NAMES,
  R_VICTORY,
  R_STALEMATE,
  R_DRAW,
  OUTCOME_WORD,
  timingOrder,
} from './sim/state.js';
export type { HRSink } from './sim/state.js';

import { positionHash } from './position-memo.js';
import * as state from './sim/state.js';
import { HRActions } from './sim/actions.js';

// Module constants, not live imported bindings, for the hot code: see "Imports" in sim.ts.
const { R_STALEMATE, STATUS_NAMES, S_OUT, timingOrder } = state;

export class HRSim extends HRActions {
  // ───────────── one combat ─────────────
  /** Prepare a combat seeded `seed` (HR-D5 streams, HR-R2 order). */
  begin(seed: number): void {
    const n = this.n;
    this.dice.reset(seed);
    this.decisions = 0;
    this.ruleNotes.length = 0;
    this.ruleCites.length = 0;
    this.ruleLast.length = 0;
    this.round = 0;
    this.winner = -1;
    this.result = -1;
    this.endRound = 0;
    this.waitedAt.fill(0);
    for (let i = 0; i < n; i++) {
      this.hp[i] = this.hpMax[i];
      this.heart[i] = this.heart0[i];
      this.x[i] = this.x0[i];
      this.y[i] = this.y0[i];
      this.down[i] = 0;
      this.dead[i] = 0;
      this.live[i] = 1;
      this.everDown[i] = 0;
      this.rush[i] = this.rush0[i];
      this.hold(i, 0);
      this.prone[i] = 0;
      this.grappledBy[i] = -1;
      this.grappling[i] = -1;
      this.climbing[i] = -1;
      this.help[i] = 0;
      this.stance[i] = S_OUT;
      this.cover[i] = this.cover0[i];
      this.hidden[i] = this.hidden0[i];
      this.focus[i] = -1;
      this.dmgDealt[i] = 0;
      this.dmgTaken[i] = 0;
      this.wounds[i] = 0;
    }
    this.st.fill(0);
    this.stUntil = 0;
    this.zpos = positionHash(this.x, this.y, n);
    const g = this.occ;
    if (g !== null) {
      g.fill(0);
      for (let i = 0; i < n; i++) g[(this.pc[i] = this.cell(this.x[i], this.y[i]))]++;
    }
    this.climbers = 0;
    this.grapples = 0;
    this.pathLeft = 0;
    // HR-R2: the order is fixed once; tied players' contests are rolled first thing, from the stream (ruling)
    if (this.order.length !== n) this.order = timingOrder(this.agilities, this.players, this.timingCheck);
    else if (this.tiedPlayers) this.retime();
    if (this.sink)
      this.emit({ type: 'start', encounter: this.enc.name, seed, order: this.order.map((i) => this.names[i]) });
  }
  /**
   * timingOrder again, in place in `order` (nothing allocated): the same contests rolled in the same order, the
   * same ties re-rolled among themselves.
   */
  protected retime(): void {
    const n = this.n,
      idx = this.byAgility,
      ord = this.order,
      ag = this.agilities,
      pl = this.players;
    for (let k = 0; k < n; k++) ord[k] = idx[k];
    let i = 0;
    while (i < n) {
      let e = i + 1;
      while (e < n && ag[idx[e]] === ag[idx[i]] && pl[idx[e]] === pl[idx[i]]) e++;
      if (pl[idx[i]]) this.settle(i, e);
      i = e;
    }
  }
  /** HR-D4 for order[a..e): each rolls (in this order), highest first (ties: file order), then each tie settled among itself. */
  protected settle(a: number, e: number): void {
    if (e - a < 2) return;
    const ord = this.order,
      v = this.contest;
    for (let k = a; k < e; k++) v[ord[k]] = this.timingCheck(ord[k]);
    for (let k = a + 1; k < e; k++) {
      const x = ord[k];
      let j = k - 1;
      while (j >= a && (v[ord[j]] < v[x] || (v[ord[j]] === v[x] && ord[j] > x))) {
        ord[j + 1] = ord[j];
        j--;
      }
      ord[j + 1] = x;
    }
    let j = a;
    while (j < e) {
      let f = j + 1;
      while (f < e && v[ord[f]] === v[ord[j]]) f++;
      this.settle(j, f);
      j = f;
    }
  }
  /** Whole combat, no events unless a sink is set. Returns R_*. */
  run(seed: number): number {
    this.begin(seed);
    while (this.result < 0) this.playRound();
    return this.result;
  }

  /** One round (HR-R1). Sets `result` when the combat ends. */
  playRound(): void {
    const r = ++this.round;
    const n = this.n;
    // 1. start (HR-R4, T1); the arrays in locals: a loop that stores into typed arrays reloads every field of `this`
    const flags = this.roundFlags,
      dashes = this.dashes,
      stance = this.stance;
    for (let k = 0, e = flags.length; k < e; k++) flags[k] = 0; // actionUsed, freeDashUsed, freeInteractUsed, attacked, goingRound
    // who is up on each side, counted afresh each round (from `live`) and kept by applyDamage: HR-X1 reads it
    const upCount = this.upCount,
      side = this.side,
      live = this.live;
    for (let s = 0; s < this.nSides; s++) upCount[s] = 0;
    for (let i = 0; i < n; i++) {
      dashes[i] = 0;
      stance[i] = S_OUT;
      upCount[side[i]] += live[i];
    }
    if (r > 1 && r <= this.stUntil) {
      const st = this.st;
      for (let k = 0, e = 4 * n; k < e; k++) if (st[k] > 0) st[k]--;
    }
    if (this.sink) this.emit({ type: 'phase', round: r, phase: r === 1 ? 'start' : 'action' });
    for (let i = 0; i < n; i++) if (this.up(i)) this.pickFocus(i);
    if (r === 1 && this.openingAttacks()) return;
    // 2. action phase (HR-R3)
    this.actionPhases++;
    if (this.sink && r === 1) this.emit({ type: 'phase', round: r, phase: 'action' });
    let passes = 0;
    // indexed loops over the timing order, not for-of: TurboFan compiles a for-of as a try block (iterator closing)
    const ord = this.order,
      no = ord.length;
    for (;;) {
      let any = false;
      for (let q = 0; q < no; q++) {
        const i = ord[q];
        if (!this.up(i) || (r === 1 && this.surprised[i])) continue;
        if (this.actionStep(i)) {
          any = true;
          if (this.checkEnd()) return;
        }
      }
      if (!any || ++passes > 64) break;
    }
    for (let q = 0; q < no; q++) {
      const i = ord[q];
      if (this.up(i) && !(r === 1 && this.surprised[i])) this.lastPass(i);
    }
    // 3. engagement
    if (this.engagement()) return;
    // 4. round end
    for (let i = 0; i < n; i++) this.help[i] = 0; // HR-A6: unused Help expires
    if (this.sink) this.emitRoundEnd();
    // asked of finish at every round's end (−1: the fight goes on), so the cap's stalemate, met first after playRound
    // was optimized, does not throw that code away in every worker (issue 32 item 5)
    this.finish(r >= this.cap ? R_STALEMATE : -1);
  }

  protected emitRoundEnd(): void {
    const line = [];
    for (let i = 0; i < this.n; i++) {
      const notes: string[] = [];
      if (this.dead[i]) notes.push('dead');
      else if (this.down[i]) notes.push('unconscious');
      if (this.heart[i] !== this.heart0[i]) notes.push(`heart d${this.heart[i]}`);
      for (let k = 0; k < 4; k++) if (this.st[i * 4 + k]) notes.push(`${STATUS_NAMES[k]} ${this.st[i * 4 + k]}`);
      if (this.prone[i]) notes.push('prone');
      if (this.grappledBy[i] >= 0) notes.push(`grappled by ${this.names[this.grappledBy[i]]}`);
      line.push({
        who: this.names[i],
        hp: this.hp[i],
        max: this.hpMax[i],
        notes: notes.join(', '),
        at: [this.x[i], this.y[i]] as const,
      });
    }
    this.emit({ type: 'round-end', round: this.round, line });
  }
}
