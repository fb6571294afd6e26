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

import { cardName } from '../../../engine/cards.js';
import { citeRule, probeRuleKey, type PriorityRule, type Tactics } from '../../../model/priority-run.js';
import type { DecisionControl } from '../../../model/system.js';
import type { Encounter, Maneuver, Tactic } from '../model.js';
import { PRESS_THE_ADVANTAGE, STATS, STAT_LABEL, attackStat, maneuverTn, playersSide } from '../model.js';
import type { ActionKind } from './actions.js';
import { FateDeck, NO_CARD, value } from './deck.js';
import type { ArEvent, AspectRef } from './events.js';
import { attackClass, type AttackSpec } from './odds.js';
import {
  AGILITY,
  MT_SCENE,
  MT_SELF,
  TACTIC_CODE,
  actionOptions,
  cheatOptions,
  compileManeuver,
  defenseBase,
  statIndex,
  targetOptions,
  type CManeuver,
} from './decisions.js';
import {
  WorthMemo,
  attackCheatCard,
  cheatCard,
  choose,
  defenseCheatCard,
  pickTarget,
  targetReason,
} from './policy/index.js';
import { ArRules, decides, type RuledTurn } from './rules.js';
import { damageOf } from './odds.js';

export const R_VICTORY = 0;
export const R_STALEMATE = 1;

export interface ArSink {
  push(e: ArEvent): unknown;
}

export interface SimOptions {
  /** AR-C5: the simulator's GM always cheats the opposition card permanently (AR-C6); tests drive the temporary path. */
  readonly gmCheats?: 'permanent' | 'temporary';
}

const O_DEFENSE = 0,
  O_ALL = 1,
  O_OFF = 2;
const OPP_CODE = { defense: O_DEFENSE, all: O_ALL, off: O_OFF } as const;

/** A temporary aspect (AR-S2): bearer −1 = the scene; `side` placed it. */
interface Temp {
  readonly id: number;
  readonly name: string;
  readonly bearer: number;
  readonly side: number;
}

/** An initiative holder: a character, or a group sharing one flip (AR-I2, AR-G1). */
export interface Holder {
  readonly label: string;
  readonly members: readonly number[];
  readonly alertness: number;
  readonly side: number;
  readonly players: boolean;
}

/** AR-C6 outcome classes of an attack, as the cheat reasons name them. */
const ATTACK_OUTCOME = ['a miss', 'a hit', 'a take-out'];

export class ArSim {
  readonly enc: Encounter;
  readonly n: number;
  sink: ArSink | null = null;
  readonly deck: FateDeck;
  // ── fixed per encounter ──
  readonly names: string[] = [];
  readonly side: Int32Array;
  /** AR-O1: the players' side index. */
  readonly ps: number;
  /** 1 for opposition characters. */
  readonly opp: Uint8Array;
  /** stats[i * 4 + STATS index] */
  readonly stats: Int32Array;
  readonly hpMax: Int32Array;
  readonly armor: Int32Array;
  readonly toughness: Int32Array;
  readonly atkEdge: Int32Array;
  readonly defEdge: Int32Array;
  readonly dmgEdge: Int32Array;
  readonly wName: string[] = [];
  readonly wBonus: Int32Array;
  readonly wRanged: Uint8Array;
  /** AR-A2/A3: STATS index of the attack stat. */
  readonly atkStat: Int32Array;
  readonly tactic: Int32Array;
  readonly hand0: Int32Array;
  readonly ownAspects: (readonly string[])[] = [];
  readonly sceneAspects: readonly string[];
  /** ARS-3: the declared aspect each character invokes first (its own, then the scene's), null: none; one object each, never changed. */
  private readonly declared: (AspectRef | null)[] = [];
  readonly mans: CManeuver[][] = [];
  readonly generic: CManeuver;
  readonly holders: Holder[] = [];
  readonly sideSize = [0, 0];
  readonly sideNames: string[];
  readonly cap: number;
  readonly oppMode: number;
  readonly limit: number;
  readonly gmTemporary: boolean;
  // ── per combat ──
  seed = 0;
  round = 0;
  result = -1;
  winner = -1;
  endRound = 0;
  readonly hp: Int32Array;
  readonly out: Uint8Array;
  /** Changes whenever a Health or a Taken Out changes, never repeats (decisions.ts FightView.stamp: the policy's memo key). */
  stamp = 0;
  readonly outCount = [0, 0];
  /** hands[i] own hand (players' side), hands[n] the Hand of Fate; oldest card first. */
  readonly hands: number[][];
  temps: Temp[] = [];
  private nextTemp = 0;
  /** AR-O2: the round's opposition card, NO_CARD when none. */
  oppCard = NO_CARD;
  /** AR-C5: the opposition card set aside during a temporary cheat (`setAsideNow` even when it was "no card"). */
  setAside = NO_CARD;
  private setAsideNow = false;
  /** Cards turned up or played in the current action (AR-F3): discarded when it is over. */
  readonly table: number[] = [];
  /** Holder indexes in initiative order, and their scores (AR-I1). */
  order: number[] = [];
  scores: number[] = [];
  inRound = false;
  private hi = 0;
  private mi = 0;
  turns = 0;
  // counters
  readonly dmgDealt: Int32Array;
  readonly dmgTaken: Int32Array;
  readonly cheats: Int32Array;
  readonly placed: Int32Array;
  /**
   * Issue 32: the control offered every decision point with two or more legal options (`play`), or null: the
   * policy's choices, nothing offered (the event path and the Monte Carlo). `decisions` counts the points offered.
   */
  control: DecisionControl | null = null;
  decisions = 0;
  /** The policy's kept lookahead answers (policy/value.ts), shared by every combat of this simulator. */
  readonly worth = new WorthMemo();
  /**
   * Issue 33: each combatant's GM priority rules (null: none, the policy alone decides: nothing is asked), whether
   * they are its own character's (the log cites another owner), and what decides by them (rules.ts; null when no
   * combatant has rules).
   */
  readonly rules: (Tactics | null)[] = [];
  readonly ownRules: boolean[] = [];
  readonly ruled: ArRules | null;
  /** What rules read (rules.ts RuleView): the round of each one's last turn, whom it was aimed at (−1: nobody). */
  readonly actedIn: Int32Array;
  readonly aimedAt: Int32Array;

  constructor(enc: Encounter, opts: SimOptions = {}) {
    this.enc = enc;
    const ps = enc.sides.flatMap((s, si) => s.placements.map((p) => ({ p, si })));
    const n = (this.n = ps.length);
    this.ps = playersSide(enc);
    this.sideNames = enc.sides.map((s) => s.name);
    const I = (k = n): Int32Array => new Int32Array(k);
    this.side = I();
    this.opp = new Uint8Array(n);
    this.stats = I(n * 4);
    this.hpMax = I();
    this.armor = I();
    this.toughness = I();
    this.atkEdge = I();
    this.defEdge = I();
    this.dmgEdge = I();
    this.wBonus = I();
    this.wRanged = new Uint8Array(n);
    this.atkStat = I();
    this.tactic = I();
    this.hand0 = I();
    this.hp = I();
    this.out = new Uint8Array(n);
    this.dmgDealt = I();
    this.dmgTaken = I();
    this.cheats = I();
    this.placed = I();
    this.hands = Array.from({ length: n + 1 }, () => []);
    this.actedIn = I();
    this.aimedAt = I();
    const cm = (m: Maneuver, generic: boolean): CManeuver => compileManeuver(m, maneuverTn(m, enc), generic);
    this.generic = cm(PRESS_THE_ADVANTAGE, true);
    const groups = new Map<string, number>();
    ps.forEach(({ p, si }, i) => {
      const c = p.character;
      this.names.push(p.name);
      this.side[i] = si;
      this.sideSize[si]++;
      this.opp[i] = si === this.ps ? 0 : 1;
      STATS.forEach((s, k) => (this.stats[i * 4 + k] = c[s]));
      this.hpMax[i] = c.health;
      this.armor[i] = c.armor;
      this.toughness[i] = c.toughness;
      this.atkEdge[i] = c.attackEdge;
      this.defEdge[i] = c.defenseEdge;
      this.dmgEdge[i] = c.damageEdge;
      this.wName.push(c.wields.name);
      this.wBonus[i] = c.wields.bonus;
      this.wRanged[i] = c.wields.kind === 'ranged' ? 1 : 0;
      this.atkStat[i] = statIndex(attackStat(c));
      // issue 33: a rules block's `otherwise PRESET` is its preset, over the `tactics` attribute
      this.tactic[i] = TACTIC_CODE[(p.rules?.preset as Tactic | undefined) ?? c.tactics];
      this.rules.push(p.rules && decides(p.rules) ? p.rules : null);
      this.ownRules.push(p.ownRules === true);
      this.hand0[i] = si === this.ps ? c.hand : 0; // AR-H2: opposition characters hold no hand
      this.ownAspects.push(c.aspects);
      this.mans.push(c.maneuvers.map((m) => cm(m, false)));
      // AR-I2, AR-G1: one holder per group label within a side, else one per character; a group adds its stat block's Alertness once (ARS-13)
      const key = p.group === null ? null : `${si}\u0000${p.group}`;
      const h = key === null ? undefined : groups.get(key);
      if (h === undefined) {
        if (key !== null) groups.set(key, this.holders.length);
        this.holders.push({
          label: p.group ?? p.name,
          members: [i],
          alertness: c.alertness,
          side: si,
          players: si === this.ps,
        });
      } else (this.holders[h].members as number[]).push(i);
    });
    this.sceneAspects = enc.aspects;
    for (let i = 0; i < n; i++) {
      const own = this.ownAspects[i];
      this.declared.push(
        own.length
          ? { name: own[0], kind: 'own' }
          : enc.aspects.length
            ? { name: enc.aspects[0], kind: 'scene' }
            : null,
      );
    }
    this.cap = enc.rounds;
    this.oppMode = OPP_CODE[enc.oppositionCard];
    this.limit = enc.handLimit;
    this.gmTemporary = opts.gmCheats === 'temporary';
    this.deck = new FateDeck(enc.deck);
    this.ruled = this.rules.some((r) => r !== null) ? new ArRules(this) : null;
  }

  private emit(e: ArEvent): void {
    this.sink!.push(e);
  }
  /** The hand a character's cheats and draws use: its own, or the Hand of Fate (AR-H2). */
  handOf(i: number): number {
    return this.opp[i] ? this.n : i;
  }
  able(i: number): boolean {
    return this.out[i] === 0;
  }
  stat(i: number, s: number): number {
    return this.stats[i * 4 + s];
  }

  // ───────────── cards ─────────────
  /** AR-F3/F4: the deck's top card; an empty deck takes the discard pile in first, logged before the card is turned (ARS-8). */
  private draw(): number {
    if (this.deck.count === 0 && this.deck.refill() && this.sink)
      this.emit({ type: 'reshuffle', round: this.round, cards: this.deck.count });
    return this.deck.draw();
  }
  /** A flip for the current action: face up on the table until the action is over (AR-F3). */
  private flip(): number {
    const c = this.draw();
    if (c >= 0) this.table.push(c);
    return c;
  }
  /** AR-H4 draw into hand h; AR-H3 past the limit the lowest card goes, ties the one held longest (ARS-9). Returns the discarded card or NO_CARD. */
  private drawInto(h: number, c: number): number {
    if (c < 0) return NO_CARD;
    const hand = this.hands[h];
    hand.push(c);
    if (hand.length <= this.limit) return NO_CARD;
    let low = 0;
    for (let k = 1; k < hand.length; k++) if (value(hand[k]) < value(hand[low])) low = k;
    const d = hand.splice(low, 1)[0];
    this.deck.toDiscard(d);
    return d;
  }
  /** AR-F3, AR-C5: the action is over: its cards go to the discard pile; a temporarily replaced opposition card is back. */
  private endAction(): void {
    for (const c of this.table) this.deck.toDiscard(c);
    this.table.length = 0;
    if (this.setAsideNow) {
      this.deck.toDiscard(this.oppCard);
      this.oppCard = this.setAside;
      this.setAside = NO_CARD;
      this.setAsideNow = false;
    }
  }

  // ───────────── one combat ─────────────
  /** Prepare a combat seeded `seed`: deck, hands, initiative (AR-F1, AR-F5, AR-I1…I3). */
  begin(seed: number): void {
    const n = this.n;
    this.seed = seed;
    this.stamp++;
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
    for (const h of this.hands) h.length = 0;
    this.temps = [];
    this.nextTemp = 0;
    this.oppCard = NO_CARD;
    this.setAside = NO_CARD;
    this.setAsideNow = false;
    this.table.length = 0;
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
    const scores: number[] = [];
    this.holders.forEach((h, k) => {
      const c = this.draw();
      scores[k] = value(c) + h.alertness;
      this.deck.toDiscard(c);
      if (this.sink)
        this.emit({ type: 'initiative', holder: h.label, card: c, alertness: h.alertness, score: scores[k] });
    });
    const idx = this.holders.map((_, k) => k);
    idx.sort(
      (a, b) =>
        scores[b] - scores[a] ||
        this.holders[b].alertness - this.holders[a].alertness ||
        Number(this.holders[b].players) - Number(this.holders[a].players) ||
        a - b,
    );
    this.order = idx;
    this.scores = scores;
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

  // ───────────── aspects ─────────────
  /** Whether a temporary aspect of this name lies on i, unspent (AR-S2; ARS-17). */
  bears(i: number, aspect: string): boolean {
    for (const t of this.temps) if (t.bearer === i && t.name === aspect) return true;
    return false;
  }

  /** Issue 33 (`marked`): an unspent temporary aspect the other side placed lies on c (AR-S2). */
  marked(c: number): boolean {
    for (const t of this.temps) if (t.bearer === c && t.side !== this.side[c]) return true;
    return false;
  }

  /** AR-S3, AR-C6: the aspect f would invoke on a flip opposing o (−1: none): a declared one (own, then the scene's, ARS-3), else the oldest temporary one its side placed on the scene, f or o. */
  applicable(f: number, o: number): AspectRef | null {
    const declared = this.declared[f];
    if (declared !== null) return declared;
    const s = this.side[f];
    for (const t of this.temps) {
      if (t.side === s && (t.bearer === -1 || t.bearer === f || (o >= 0 && t.bearer === o))) {
        return {
          name: t.name,
          kind: 'temporary',
          id: t.id,
          bearer: t.bearer < 0 ? null : this.names[t.bearer],
          placerSide: t.side,
        };
      }
    }
    return null;
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

  /** Issue 33: the log line under a decision i's GM rule made (model/priority-run.ts ruleLogLine). */
  private ruleLine(i: number, tac: Tactics, rule: PriorityRule): void {
    this.emit({ type: 'rule', round: this.round, who: this.names[i], cite: citeRule(tac, rule, this.ownRules[i]) });
  }

  // ───────────── decisions offered to a control (issue 32; decisions.ts) ─────────────
  /**
   * Offers one decision point to the control (only with two or more options); returns the option taken. `rule`:
   * the GM rule that chose `chosen` (issue 33, model/priority-run.ts probeRuleKey).
   */
  private offer(actor: number, kind: string, options: string[], chosen: number, rule?: string): number {
    const o = this.control!.decide(
      { actor, kind, round: this.round, options, chosen, ...(rule !== undefined ? { rule } : {}) },
      this.decisions++,
    );
    if (o === undefined) return chosen;
    if (o.reseed !== undefined) this.deck.reseed(o.reseed);
    if (o.option === undefined) return chosen;
    if (!Number.isInteger(o.option) || o.option < 0 || o.option >= options.length)
      throw new RangeError(`option ${o.option} of a '${kind}' decision with ${options.length} options`);
    return o.option;
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

  /** 'cheat' / 'answer-cheat': the policy (or `rule`) chose hand position `pick` (−1: none) of f's side's hand. */
  private decideCheat(f: number, kind: string, hand: readonly number[], pick: number, rule?: string): number {
    const opts = cheatOptions(hand, value, true);
    // the policy's card, or the option of its value (the card held longest of that value)
    const chosen = pick < 0 ? 0 : opts.findIndex((k) => k >= 0 && value(hand[k]) === value(hand[pick]));
    const labels = opts.map((k) => (k < 0 ? 'no cheat' : `cheat ${cardName(hand[k])}`));
    return opts[this.offer(f, kind, labels, chosen, rule)];
  }

  /**
   * AR-C1…C6: side of `f` cheats the flip it made for f (opposing o) when a hand
   * card changes the outcome (`helps(v)`), with the lowest such card (ARS-2) and an
   * applicable aspect (ARS-3). `usesOpp`: the flip is the opposition card (AR-C5).
   * Returns the card that now stands in, or −2 when no cheat happened.
   */
  private cheat(
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
    const asp = this.applicable(f, o);
    if (!asp) return -2;
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

  /** AR-A1…A7, AR-D1…D4: i attacks t; `aim` is the aim card (AR-T5) or NO_CARD. */
  private attack(i: number, t: number, aim: number): void {
    const aOpp = this.opp[i] === 1 && this.oppMode === O_ALL;
    let aCard = aOpp ? NO_CARD : this.flip();
    const dOpp = this.opp[t] === 1 && this.oppMode !== O_OFF;
    let dCard = dOpp ? NO_CARD : this.flip();
    const aimV = value(aim);
    const statV = this.stat(i, this.atkStat[i]);
    const spec: AttackSpec = {
      attack: statV + this.wBonus[i] + this.atkEdge[i],
      defense: defenseBase(this, t),
      damageBonus: this.wBonus[i] + this.dmgEdge[i],
      toughness: this.toughness[t],
      health: this.hp[t],
    };
    const aVal = (): number => Math.max(aimV, value(aOpp ? this.oppCard : aCard));
    const dVal = (): number => value(dOpp ? this.oppCard : dCard);
    if (this.sink) {
      const used = aVal();
      this.emit({
        type: 'attack',
        round: this.round,
        who: this.names[i],
        target: this.names[t],
        weapon: this.wName[i],
        flip: aOpp ? this.oppCard : aCard,
        opposition: aOpp,
        aim: aim === NO_CARD && !this.wRanged[i] ? null : aim,
        used,
        statName: STAT_LABEL[STATS[this.atkStat[i]]],
        stat: statV,
        bonus: this.wBonus[i],
        edge: this.atkEdge[i],
        total: spec.attack + used,
        defense: {
          card: dOpp ? this.oppCard : dCard,
          opposition: dOpp,
          agility: this.stat(t, AGILITY),
          armor: this.armor[t],
          edge: this.defEdge[t],
          total: spec.defense + dVal(),
        },
      });
    }
    // AR-C4: the acting side may cheat, then the answering side on the totals after it (ARS-12), each once; each
    // weighs the card against keeping it (ARS-21, ARS-19). A cheat replaces the attack's own flip, never the aim card
    // (ARS-4).
    const now = attackClass(spec, aVal(), dVal());
    if (now < 2) {
      const a0 = aVal();
      const d = dVal();
      const c = this.cheat(
        i,
        t,
        aOpp,
        aCard,
        (hand) => attackCheatCard(this, i, spec, aimV, a0, d, hand),
        (v) => {
          const after = attackClass(spec, Math.max(aimV, v), d);
          return after !== now
            ? `ARS-21: ${ATTACK_OUTCOME[now]} becomes ${ATTACK_OUTCOME[after]}, worth more than the card kept`
            : `ARS-21: a hit of ${damageOf(spec, a0, d)} becomes a hit of ${damageOf(spec, Math.max(aimV, v), d)}, worth more than the card kept`;
        },
        'cheat',
      );
      if (c >= 0 && !aOpp) aCard = c;
    }
    const mid = attackClass(spec, aVal(), dVal());
    if (mid > 0) {
      const a = aVal();
      const d0 = dVal();
      const c = this.cheat(
        t,
        i,
        dOpp,
        dCard,
        (hand) => defenseCheatCard(this, t, spec, a, d0, hand),
        (v) => {
          const after = attackClass(spec, a, v);
          return after !== mid
            ? `ARS-19: ${ATTACK_OUTCOME[mid]} becomes ${ATTACK_OUTCOME[after]}, worth more than the card kept`
            : `ARS-19: a hit of ${damageOf(spec, a, d0)} becomes a hit of ${damageOf(spec, a, v)}, worth more than the card kept`;
        },
        'answer-cheat',
      );
      if (c >= 0 && !dOpp) dCard = c;
    }
    const A = spec.attack + aVal(),
      D = spec.defense + dVal();
    const hit = A > D; // AR-A5: equal totals fail
    const start = A - D;
    const raw = start + spec.damageBonus - spec.toughness;
    const dmg = hit ? Math.max(1, raw) : 0;
    const before = this.hp[t];
    const after = Math.max(0, before - dmg);
    this.hp[t] = after;
    this.stamp++;
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

  /** AR-M1…M5: i performs maneuver m; t is its target (the opponent of an opposed maneuver). */
  private maneuver(i: number, m: CManeuver, t: number): void {
    const opposed = m.against >= 0;
    const o = opposed ? t : -1;
    const aOpp = this.opp[i] === 1 && this.oppMode === O_ALL;
    let aCard = aOpp ? NO_CARD : this.flip();
    const dOpp = opposed && this.opp[o] === 1 && this.oppMode !== O_OFF;
    let dCard = !opposed || dOpp ? NO_CARD : this.flip();
    const s = this.stat(i, m.stat);
    const vs = opposed ? this.stat(o, m.against) : m.tn;
    const aVal = (): number => value(aOpp ? this.oppCard : aCard);
    const dVal = (): number => (opposed ? value(dOpp ? this.oppCard : dCard) : 0);
    // AR-M2: stat + flip ≥ TN; AR-M3: strictly higher than the opponent's stat + flip
    const ok = (a: number, d: number): boolean => (opposed ? s + a > vs + d : s + a >= vs);
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
        total: s + aVal(),
        vs: opposed
          ? {
              kind: 'opposed',
              who: this.names[o],
              statName: STAT_LABEL[STATS[m.against]],
              stat: vs,
              card: dOpp ? this.oppCard : dCard,
              opposition: dOpp,
              total: vs + dVal(),
            }
          : { kind: 'tn', tn: vs },
      });
    }
    if (!ok(aVal(), dVal())) {
      const d = dVal();
      const c = this.cheat(
        i,
        o,
        aOpp,
        aCard,
        (hand) => cheatCard(hand, (v) => ok(v, d)),
        () => 'AR-C6: a failure becomes a success with the lowest card that changes the outcome',
        'cheat',
      );
      if (c >= 0 && !aOpp) aCard = c;
    }
    if (opposed && ok(aVal(), dVal())) {
      const a = aVal();
      const c = this.cheat(
        o,
        i,
        dOpp,
        dCard,
        (hand) => cheatCard(hand, (v) => !ok(a, v)),
        () => 'AR-C6: a success becomes a failure with the lowest card that changes the outcome',
        'answer-cheat',
      );
      if (c >= 0 && !dOpp) dCard = c;
    }
    const success = ok(aVal(), dVal());
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
        total: s + aVal(),
        against: vs + dVal(),
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

  /** AR-D4: at 0 Health: no more turns, never a target; its temporary aspects and its hand go (AR-S2, AR-H5). */
  private takeOut(t: number): void {
    this.out[t] = 1;
    this.stamp++;
    this.outCount[this.side[t]]++;
    const hand = this.opp[t] ? [] : this.hands[t].splice(0);
    for (const c of hand) this.deck.toDiscard(c);
    const gone = this.temps.filter((x) => x.bearer === t).map((x) => x.name);
    if (gone.length) this.temps = this.temps.filter((x) => x.bearer !== t);
    if (this.sink) this.emit({ type: 'taken-out', round: this.round, who: this.names[t], hand, aspects: gone });
  }

  /** AR-F6: where every card is now (tests, invariants). */
  cardCount(): number {
    let k = this.deck.count + this.deck.discards + this.table.length;
    for (const h of this.hands) k += h.length;
    if (this.oppCard >= 0) k++;
    if (this.setAside >= 0) k++;
    return k;
  }
}
