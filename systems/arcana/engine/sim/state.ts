// Arcana's simulator, part 1 of 5 (sim.ts has the map): the state of one combat and the rules that only keep it —
// the encounter's fixed numbers, each combat's Health, hands, temporary aspects and cards (AR-F1…F6, AR-H1…H5), the
// aspects a flip may invoke (AR-S1…S3, AR-C2), a take-out (AR-D4), and the decision points offered to a control
// (issue 32) with the GM-rule log line (issue 33). The rules that resolve a turn build on it: cheats.ts (AR-C),
// attack.ts (AR-A, AR-D), maneuver.ts (AR-M); the turn and round loop is sim.ts.

import { cardName } from '../../../../engine/cards.js';
import { citeRule, type PriorityRule, type Tactics } from '../../../../model/priority-run.js';
import type { DecisionControl } from '../../../../model/system.js';
import type { Encounter, Maneuver, Tactic } from '../../model.js';
import { PRESS_THE_ADVANTAGE, STATS, attackStat, maneuverTn, playersSide } from '../../model.js';
import { FateDeck, NO_CARD, value } from '../deck.js';
import type { ArEvent, AspectRef } from '../events.js';
import { TACTIC_CODE, cheatOptions, compileManeuver, statIndex, type CManeuver } from '../decisions.js';
import { WorthMemo } from '../policy/index.js';
import { ArRules, decides } from '../rules.js';

export const R_VICTORY = 0;
export const R_STALEMATE = 1;

export interface ArSink {
  push(e: ArEvent): unknown;
}

export interface SimOptions {
  /** AR-C5: the simulator's GM always cheats the opposition card permanently (AR-C6); tests drive the temporary path. */
  readonly gmCheats?: 'permanent' | 'temporary';
}

export const O_DEFENSE = 0,
  O_ALL = 1,
  O_OFF = 2;
const OPP_CODE = { defense: O_DEFENSE, all: O_ALL, off: O_OFF } as const;

/** A temporary aspect (AR-S2): bearer −1 = the scene; `side` placed it. */
export interface Temp {
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

export abstract class ArState {
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
  protected readonly declared: (AspectRef | null)[] = [];
  readonly mans: CManeuver[][] = [];
  readonly generic: CManeuver;
  readonly holders: Holder[] = [];
  readonly sideSize = [0, 0];
  readonly sideNames: string[];
  readonly cap: number;
  readonly oppMode: number;
  readonly limit: number;
  readonly gmTemporary: boolean;
  /** AR-E1: `concede all` (a side concedes with all of its characters out, not more than half). */
  readonly concedeAll: boolean;
  // ── per combat ──
  round = 0;
  result = -1;
  winner = -1;
  endRound = 0;
  readonly hp: Int32Array;
  readonly out: Uint8Array;
  /** Changes whenever a Health or a Taken Out changes, never repeats; `stamps[s]` is its value when one of side s's last changed (decisions.ts FightView: the policy's memo keys). */
  stamp = 0;
  readonly stamps = new Int32Array(2);
  /** The same stamp when one of side s's characters was last Taken Out (or the combat began): ARS-26's side sums key on it. */
  readonly outStamps = new Int32Array(2);
  readonly outCount = [0, 0];
  /** hands[i] own hand (players' side), hands[n] the Hand of Fate; oldest card first. */
  readonly hands: number[][];
  temps: Temp[] = [];
  protected nextTemp = 0;
  /** AR-O2: the round's opposition card, NO_CARD when none. */
  oppCard = NO_CARD;
  /** AR-C5: the opposition card set aside during a temporary cheat (`setAsideNow` even when it was "no card"). */
  setAside = NO_CARD;
  protected setAsideNow = false;
  /** Cards turned up or played in the current action (AR-F3): discarded when it is over. */
  readonly table: number[] = [];
  /** Holder indexes in initiative order, and their scores (AR-I1). */
  readonly order: number[] = [];
  readonly scores: number[] = [];
  inRound = false;
  protected hi = 0;
  protected mi = 0;
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
    this.concedeAll = enc.concede === 'all';
    this.gmTemporary = opts.gmCheats === 'temporary';
    this.deck = new FateDeck(enc.deck);
    this.ruled = this.rules.some((r) => r !== null) ? new ArRules(this) : null;
  }

  protected emit(e: ArEvent): void {
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
  protected draw(): number {
    if (this.deck.count === 0 && this.deck.refill() && this.sink)
      this.emit({ type: 'reshuffle', round: this.round, cards: this.deck.count });
    return this.deck.draw();
  }
  /** A flip for the current action: face up on the table until the action is over (AR-F3). */
  protected flip(): number {
    const c = this.draw();
    if (c >= 0) this.table.push(c);
    return c;
  }
  /** AR-H4 draw into hand h; AR-H3 past the limit the lowest card goes, ties the one held longest (ARS-9). Returns the discarded card or NO_CARD. */
  protected drawInto(h: number, c: number): number {
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
  protected endAction(): void {
    const table = this.table;
    for (let k = 0; k < table.length; k++) this.deck.toDiscard(table[k]);
    // emptied by pops: setting `length` is a call into the runtime, a few pops are not
    while (table.length > 0) table.pop();
    if (this.setAsideNow) {
      this.deck.toDiscard(this.oppCard);
      this.oppCard = this.setAside;
      this.setAside = NO_CARD;
      this.setAsideNow = false;
    }
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
  canInvoke(f: number, o: number): boolean {
    if (this.declared[f] !== null) return true;
    const s = this.side[f];
    for (const t of this.temps)
      if (t.side === s && (t.bearer === -1 || t.bearer === f || (o >= 0 && t.bearer === o))) return true;
    return false;
  }
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

  /**
   * Removes from `temps`, in place and in order, the temporary aspect `id` (AR-S2: it served its one invocation) or,
   * with id −1, every one borne by `bearer` (AR-D4), each removed one's name into `gone`. In place rather than by
   * `filter`: a filter's empty answer is an array of another elements kind than the one it replaced, so `temps`
   * alternated between two maps and the first take-out after the switch threw the optimized `takeOut` away (a deopt,
   * then a recompile, in every worker: `node --trace-deopt`, ar14). The aspects left and their order are the same.
   */
  protected dropTemps(id: number, bearer: number, gone: string[] | null): void {
    const temps = this.temps;
    let w = 0;
    for (let r = 0; r < temps.length; r++) {
      const x = temps[r];
      if (id >= 0 ? x.id === id : x.bearer === bearer) {
        if (gone) gone.push(x.name);
      } else temps[w++] = x;
    }
    while (temps.length > w) temps.pop();
  }

  /** AR-D4: at 0 Health: no more turns, never a target; its temporary aspects and its hand go (AR-S2, AR-H5). */
  protected takeOut(t: number): void {
    this.out[t] = 1;
    this.stamps[this.side[t]] = this.outStamps[this.side[t]] = ++this.stamp;
    this.outCount[this.side[t]]++;
    const hand = this.opp[t] ? [] : this.hands[t].splice(0);
    for (const c of hand) this.deck.toDiscard(c);
    const gone: string[] = [];
    this.dropTemps(-1, t, gone);
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

  /** Issue 33: the log line under a decision i's GM rule made (model/priority-run.ts ruleLogLine). */
  protected ruleLine(i: number, tac: Tactics, rule: PriorityRule): void {
    this.emit({ type: 'rule', round: this.round, who: this.names[i], cite: citeRule(tac, rule, this.ownRules[i]) });
  }

  // ───────────── decisions offered to a control (issue 32; decisions.ts) ─────────────
  /**
   * Offers one decision point to the control (only with two or more options); returns the option taken. `rule`:
   * the GM rule that chose `chosen` (issue 33, model/priority-run.ts probeRuleKey).
   */
  protected offer(actor: number, kind: string, options: string[], chosen: number, rule?: string): number {
    const o = this.control!.decide(
      { actor, kind, round: this.round, options, chosen, ...(rule !== undefined ? { rule } : {}) },
      this.decisions++,
    );
    if (o === undefined) return chosen;
    if (o.reseed !== undefined) this.reseedFor(actor, o.reseed);
    if (o.option === undefined) return chosen;
    if (!Number.isInteger(o.option) || o.option < 0 || o.option >= options.length)
      throw new RangeError(`option ${o.option} of a '${kind}' decision with ${options.length} options`);
    return o.option;
  }

  /**
   * A control's reseed at `actor`'s decision (issue 32's probe): the rest of the fight draws from the new stream, and
   * the hands `actor` cannot see (AR-H5: the Hand of Fate for a player, every player's own hand for the GM's side) are
   * dealt anew from the unseen cards with the draw pile (ARS-28). Its own side's hands and every card face up stay: a
   * continuation is a fight the one deciding could be in, so no option is judged by cards it cannot know.
   */
  private reseedFor(actor: number, seed: number): void {
    this.deck.reseed(seed);
    const hidden: number[][] = [];
    let cards = 0;
    for (let h = 0; h <= this.n; h++)
      if (this.hands[h].length > 0 && (h === this.n ? 1 : this.opp[h]) !== this.opp[actor]) {
        hidden.push(this.hands[h]);
        cards += this.hands[h].length;
      }
    if (cards > 0) this.deck.redeal(hidden);
  }

  /** 'cheat' / 'answer-cheat': the policy (or `rule`) chose hand position `pick` (−1: none) of f's side's hand. */
  protected decideCheat(f: number, kind: string, hand: readonly number[], pick: number, rule?: string): number {
    const opts = cheatOptions(hand, value, true);
    // the policy's card, or the option of its value (the card held longest of that value)
    const chosen = pick < 0 ? 0 : opts.findIndex((k) => k >= 0 && value(hand[k]) === value(hand[pick]));
    const labels = opts.map((k) => (k < 0 ? 'no cheat' : `cheat ${cardName(hand[k])}`));
    return opts[this.offer(f, kind, labels, chosen, rule)];
  }
}
