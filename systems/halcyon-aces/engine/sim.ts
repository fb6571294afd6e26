// The combat state machine: every rule of RULES.md that applies in a fight,
// written once. Flat typed arrays, no per-draw allocation. Events are built
// only when a sink is attached (runCombat); Monte Carlo runs with sink = null
// through the very same code (simulate / montecarlo), so the two can never
// disagree.
//
// The hot path (sink = null) allocates nothing per combat: begin() resets the
// arrays and reseeds each deck's generator in place (reseedRng). Per action,
// tactics.decide chooses from tables compiled once per encounter (expected
// damage per weapon/technique × defence, reach per actions left, the Active
// Guard's expected EV) and the action resolves; resolveAttack serves every
// attack. Where a 3v3 combat's time goes, phase by phase, and what would make
// it faster: bench/README.md.
//
// Decks (HA-C3..C6) are ring buffers with a *lazy shuffle*: a shuffled run of
// cards is kept unordered and each draw from it picks a uniformly random card
// of the run (an incremental Fisher–Yates). That is exactly a uniform shuffle,
// but it only spends randomness on cards actually drawn. Cards put to the
// bottom (HA-C4) go after the shuffled run, in order.

import type { Card } from '../model.js';
import { STATS } from '../model.js';
import { cardSuit, cardValue } from './cards.js';
import type { CheckDraw, CombatEvent, Damage, Modifier, Outcome, TargetResult, AttackKind, CombatantState } from './events.js';
import type { Compiled } from './compile.js';
import {
  INF, SLOTS, SLOT_MAIN, SLOT_OFF, SLOT_UNARMED, W_BRUTAL, W_DISARMING, W_IMPROVISED, W_KEEN, W_QUICK, W_SCATTER,
  W_STAGGERING, W_SWEEPING, W_UNARMED, inBand,
} from './compile.js';
import { combatSeedMix, combatantSeedFrom, makeRng, randBelow, randBelowFast, reseedRng, type Rng } from '../../../engine/rng.js';
import * as T from './tactics.js';

// Actions chosen by the tactics (codes.ts: shared with tactics.ts without an import cycle).
import { A_ASSIST, A_GUARD, A_INTERACT, A_LINK, A_MOVE, A_PASS, A_RECOVER, A_SCATTER, A_STABILIZE, A_STAND, A_STRIKE, A_TECHNIQUE, A_ULTIMATE } from './codes.js';
export { A_ASSIST, A_GUARD, A_INTERACT, A_LINK, A_MOVE, A_PASS, A_RECOVER, A_SCATTER, A_STABILIZE, A_STAND, A_STRIKE, A_TECHNIQUE, A_ULTIMATE };

const P_INIT = 0;
const P_ROUND = 1;
const P_TURN = 2;
const P_ACT = 3;
const P_DONE = 4;

export const R_VICTORY = 0;
export const R_STALEMATE = 1;
export const R_DRAW = 2;

const STAT_LABEL = ['Heart', 'Body', 'Mind', 'Spirit'];

/** Where events go: an array, or any object with push (tests check invariants at each push). */
export interface EventSink {
  push(e: CombatEvent): unknown;
}

export interface DeckView {
  deck: number;
  fatigue: number;
  hand: number;
  removed: number;
  size: number;
}

export class CombatSim {
  readonly k: Compiled;
  sink: EventSink | null = null;
  /** Team Ultimate supports, attached to the next attack event. */
  private partners: { id: string; check: CheckDraw; match?: boolean }[] | undefined = undefined;
  seed = 0;
  // per combatant
  rng: Rng[] = [];
  readonly vit: Int32Array;
  readonly broken: Uint8Array;
  readonly defeated: Uint8Array;
  readonly everBroken: Uint8Array;
  readonly failing: Int32Array;
  readonly stunned: Uint8Array;
  readonly prone: Uint8Array;
  readonly weakTurns: Int32Array;
  readonly assist: Int32Array;
  readonly reactionUsed: Uint8Array;
  readonly activeGuard: Int32Array;
  /** Guard against the next attack: activeGuard when set, else passive Guard (kept in step with activeGuard). */
  readonly guardNow: Int32Array;
  readonly zone: Int32Array;
  readonly initValue: Int32Array;
  readonly initCard: Int32Array;
  readonly roundValue: Int32Array;
  readonly roundCard: Int32Array;
  readonly seized: Uint8Array;
  readonly dmgDealt: Int32Array;
  /** per weapon slot: 0 in hand, 1 dropped (HA-W2 Disarming), 2 broken (HA-W4). */
  readonly lost: Uint8Array;
  readonly dropZone: Int32Array;
  /** Link Strike pending on the partner: target index, or −1 (HA-L1). */
  readonly linkTarget: Int32Array;
  readonly linkFrom: Int32Array;
  /** HA-L1 + HA-S4: the declaring ally's multi-Strike penalty (0, −2, −4) and Strike number, fixed when it declared. */
  readonly linkPen: Int32Array;
  readonly linkNo: Int32Array;
  /** The combat's one Team Ultimate has been used, by either side (HA-U1: once per combat, not per side). */
  ultimateUsed = 0;
  /** Nobody moved or lost Vitality this round (then the round's end checks for a dead end, E-I6b). */
  quietRound = true;
  /** The round a dead end ended the combat in (E-I6b), or 0. */
  stalledAt = 0;
  /** Broken (not Defeated) combatants per side: the tactics skip the ally scan when 0. */
  readonly brokenBySide: Int32Array;
  // decks
  readonly dOff: Int32Array;
  /** Ring capacity − 1: capacities are powers of two ≥ the deck size, so positions wrap with a mask. */
  readonly dMask: Int32Array;
  readonly buf: Uint8Array;
  readonly head: Int32Array;
  readonly cnt: Int32Array;
  readonly lazyStart: Int32Array;
  readonly lazyCnt: Int32Array;
  readonly fat: Uint8Array;
  readonly fatN: Int32Array;
  readonly H: number;
  /** Stacked cards on top of each deck at the start (HA-C3); the rest is one shuffled run. */
  private readonly topLen: Int32Array;
  /** Every deck as built at the start of combat (HA-C3), copied in by begin(). */
  private readonly initBuf: Uint8Array;
  /** Able combatants per side, and how many sides have any (HA-I6). */
  readonly ableCnt: Int32Array;
  sidesAble = 0;
  readonly hand: Uint8Array;
  /** One-card scratch for takeTop. */
  private readonly one = new Uint8Array(1);
  readonly handN: Int32Array;
  // counters (bench floor): cards drawn, and of those the draws that picked from a shuffled run (one random number each)
  readonly drawsBy: Int32Array;
  readonly picksBy: Int32Array;
  nShuffles = 0;
  // round / turn
  round = 0;
  phase = P_INIT;
  readonly fixedOrder: Int32Array;
  readonly roundOrder: Int32Array;
  turnIdx = 0;
  cur = -1;
  actions = 0;
  strikes = 0;
  lastStrikeSlot = -1;
  guarded = 0;
  kiteMoved = 0;
  decisions = 0;
  result = -1;
  winner = -1;
  endRound = 0;
  // decision scratch, written by tactics
  dAct = 0;
  dTarget = -1;
  dSlot = 0;
  dTech = -1;
  dZone = -1;
  dSteps = 1;
  dWhy = 0;
  dWhyA = 0;
  dWhyB = 0;
  /** Movement goal of the current move: zone and band (see tactics.nextStep). */
  mGoal = -1;
  mBand = 0;
  // resolution scratch
  readonly tgt: Int32Array;
  readonly tmp: Int32Array;
  readonly resDef: Int32Array;
  readonly resDc: Int32Array;
  readonly resHit: Uint8Array;
  readonly resCrit: Uint8Array;
  readonly resVb: Int32Array;
  readonly resVa: Int32Array;
  readonly resDmg: Int32Array;

  constructor(k: Compiled) {
    this.k = k;
    const n = k.n;
    this.vit = new Int32Array(n);
    this.broken = new Uint8Array(n);
    this.defeated = new Uint8Array(n);
    this.everBroken = new Uint8Array(n);
    this.failing = new Int32Array(n);
    this.stunned = new Uint8Array(n);
    this.prone = new Uint8Array(n);
    this.weakTurns = new Int32Array(n);
    this.assist = new Int32Array(n);
    this.reactionUsed = new Uint8Array(n);
    this.activeGuard = new Int32Array(n);
    this.guardNow = new Int32Array(n);
    this.zone = new Int32Array(n);
    this.initValue = new Int32Array(n);
    this.initCard = new Int32Array(n);
    this.roundValue = new Int32Array(n);
    this.roundCard = new Int32Array(n);
    this.seized = new Uint8Array(n);
    this.dmgDealt = new Int32Array(n);
    this.lost = new Uint8Array(n * SLOTS);
    this.dropZone = new Int32Array(n * SLOTS);
    this.linkTarget = new Int32Array(n);
    this.linkFrom = new Int32Array(n);
    this.linkPen = new Int32Array(n);
    this.linkNo = new Int32Array(n);
    this.brokenBySide = new Int32Array(k.nSides);
    this.dOff = new Int32Array(n);
    this.dMask = new Int32Array(n);
    let tot = 0;
    for (let i = 0; i < n; i++) {
      let cap = 1;
      while (cap < k.deckSize[i]) cap <<= 1;
      this.dOff[i] = tot;
      this.dMask[i] = cap - 1;
      tot += cap;
    }
    this.buf = new Uint8Array(tot);
    this.initBuf = new Uint8Array(tot);
    this.topLen = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const d = k.deck[i];
      this.topLen[i] = d.top.length;
      let p = this.dOff[i];
      for (const card of d.top) this.initBuf[p++] = card;
      for (const card of d.shuffled) this.initBuf[p++] = card;
    }
    this.ableCnt = new Int32Array(k.nSides);
    this.fat = new Uint8Array(tot);
    this.head = new Int32Array(n);
    this.cnt = new Int32Array(n);
    this.lazyStart = new Int32Array(n);
    this.lazyCnt = new Int32Array(n);
    this.fatN = new Int32Array(n);
    this.H = k.maxDraw + 2;
    this.hand = new Uint8Array(n * this.H);
    this.handN = new Int32Array(n);
    this.drawsBy = new Int32Array(n);
    this.picksBy = new Int32Array(n);
    this.fixedOrder = new Int32Array(n);
    this.roundOrder = new Int32Array(n);
    this.tgt = new Int32Array(n + 1);
    this.tmp = new Int32Array(n + 1);
    this.resDef = new Int32Array(n + 1);
    this.resDc = new Int32Array(n + 1);
    this.resHit = new Uint8Array(n + 1);
    this.resCrit = new Uint8Array(n + 1);
    this.resVb = new Int32Array(n + 1);
    this.resVa = new Int32Array(n + 1);
    this.resDmg = new Int32Array(n + 1);
  }

  // ───────────────────────────── setup ─────────────────────────────

  begin(seed: number, sink: EventSink | null): void {
    const k = this.k;
    const n = k.n;
    this.seed = seed;
    this.sink = sink;
    this.nShuffles = 0;
    // one generator per deck for the simulator's life, reseeded per combat (no garbage per combat)
    if (this.rng.length !== n) this.rng = Array.from({ length: n }, () => makeRng(0));
    const mix = combatSeedMix(seed);
    for (let s = 0; s < k.nSides; s++) { this.ableCnt[s] = 0; this.brokenBySide[s] = 0; }
    this.ultimateUsed = 0;
    this.quietRound = true;
    this.stalledAt = 0;
    this.sidesAble = 0;
    // One pass per combatant (a fill() per array costs more than the stores at n ≈ 6).
    for (let i = 0; i < n; i++) {
      reseedRng(this.rng[i], combatantSeedFrom(mix, k.idHash[i]));
      this.drawsBy[i] = 0;
      this.picksBy[i] = 0;
      this.vit[i] = k.vitMax[i];
      this.zone[i] = k.startZone[i];
      this.activeGuard[i] = -1;
      this.guardNow[i] = k.guard[i];
      this.linkTarget[i] = -1;
      this.linkFrom[i] = -1;
      // HA-C3: stacked cards on top in order, the rest one shuffled run beneath.
      this.head[i] = 0;
      this.cnt[i] = k.deckSize[i];
      this.lazyStart[i] = this.topLen[i] & this.dMask[i];
      this.lazyCnt[i] = k.deckSize[i] - this.topLen[i];
      this.fatN[i] = 0;
      this.handN[i] = 0;
      if (this.ableCnt[k.side[i]]++ === 0) this.sidesAble++;
      this.broken[i] = 0; this.defeated[i] = 0; this.everBroken[i] = 0; this.failing[i] = 0;
      this.stunned[i] = 0; this.prone[i] = 0; this.weakTurns[i] = 0; this.assist[i] = 0;
      this.reactionUsed[i] = 0; this.seized[i] = 0; this.dmgDealt[i] = 0;
    }
    this.lost.fill(0); // every weapon in hand (one builtin call beats a store loop per combatant)
    this.buf.set(this.initBuf);
    this.round = 0;
    this.phase = P_INIT;
    this.turnIdx = 0;
    this.cur = -1;
    this.result = -1;
    this.winner = -1;
    this.endRound = 0;
    if (sink) {
      sink.push({
        type: 'combat-start', encounter: k.enc.name, seed, roundCap: k.roundCap,
        combatants: k.ids.map((id, i) => ({
          id, side: k.sideNames[k.side[i]], zone: k.zoneNames[k.startZone[i]], vitality: k.vitMax[i],
          guard: k.guard[i], resolve: k.resolve[i], deckSize: k.deckSize[i],
        })),
      });
    }
  }

  get done(): boolean {
    return this.phase === P_DONE;
  }

  /** Runs a whole combat without events; returns R_VICTORY / R_STALEMATE / R_DRAW. */
  run(seed: number): number {
    this.begin(seed, null);
    while (this.phase !== P_DONE) this.step();
    return this.result;
  }

  // ───────────────────────────── decks ─────────────────────────────

  /**
   * Takes the top m cards (m ≤ cards in the deck) into dst[at ..], lazy shuffle: a draw at the start of
   * the shuffled run picks a uniform card of the run and swaps it to the top. The one implementation of a
   * draw: a hand takes its cards in one call, with the deck's cursors held in locals.
   */
  private takeInto(c: number, m: number, dst: Uint8Array, at: number): void {
    const buf = this.buf;
    const off = this.dOff[c];
    const mask = this.dMask[c];
    const rng = this.rng[c];
    let h = this.head[c];
    let lc = this.lazyCnt[c];
    let ls = this.lazyStart[c];
    let picks = 0;
    for (let i = 0; i < m; i++) {
      if (lc > 0 && h === ls) {
        const r = lc < 256 ? randBelowFast(rng, lc) : randBelow(rng, lc);
        if (r !== 0) {
          const j = off + ((h + r) & mask);
          const t = buf[off + h];
          buf[off + h] = buf[j];
          buf[j] = t;
        }
        lc--;
        ls = (h + 1) & mask;
        picks++;
      }
      dst[at + i] = buf[off + h];
      h = (h + 1) & mask;
    }
    this.head[c] = h;
    this.cnt[c] -= m;
    this.lazyCnt[c] = lc;
    this.lazyStart[c] = ls;
    this.drawsBy[c] += m;
    this.picksBy[c] += picks;
  }

  /** Takes the top card; −1 when the deck is empty. */
  private takeTop(c: number): number {
    if (this.cnt[c] === 0) return -1;
    this.takeInto(c, 1, this.one, 0);
    return this.one[0];
  }

  /** HA-C4: to the deck bottom. */
  putBottom(c: number, card: number): void {
    const n = this.cnt[c];
    this.buf[this.dOff[c] + ((this.head[c] + n) & this.dMask[c])] = card;
    this.cnt[c] = n + 1;
  }

  toFatigue(c: number, card: number): void {
    this.fat[this.dOff[c] + this.fatN[c]++] = card;
  }

  /** Makes the whole deck one shuffled run. */
  private shuffleDeck(c: number): void {
    this.lazyStart[c] = this.head[c];
    this.lazyCnt[c] = this.cnt[c];
    this.nShuffles++;
  }

  /** HA-C5: fatigue shuffled into the empty deck. */
  private reshuffle(c: number): void {
    const n = this.fatN[c];
    const off = this.dOff[c];
    for (let i = 0; i < n; i++) this.putBottom(c, this.fat[off + i]);
    this.fatN[c] = 0;
    this.shuffleDeck(c);
    if (this.sink) this.sink.push({ type: 'reshuffle', owner: this.k.ids[c], cards: n, cause: 'empty-deck' });
  }

  /** Draws one card (reshuffling fatigue when the deck is empty and allowed); −1 if none. */
  drawOne(c: number, reshuffle: boolean): number {
    if (this.cnt[c] === 0) {
      if (!reshuffle || this.fatN[c] === 0) return -1;
      this.reshuffle(c);
    }
    return this.takeTop(c);
  }

  /** HA-K1: draws up to k cards into c's hand; returns how many. */
  private drawHand(c: number, k: number): number {
    const base = c * this.H;
    let n = this.handN[c];
    // As k drawOne(c, true) calls: what the deck holds, then (empty) fatigue reshuffled in (HA-C5), until k or none left.
    for (let left = k; left > 0;) {
      let avail = this.cnt[c];
      if (avail === 0) {
        if (this.fatN[c] === 0) break;
        this.reshuffle(c);
        avail = this.cnt[c];
      }
      const m = left < avail ? left : avail;
      this.takeInto(c, m, this.hand, base + n);
      n += m;
      left -= m;
    }
    this.handN[c] = n;
    return n;
  }

  /** HA-K2: c's EV of card for stat st (value + Resonance), from the compiled table. */
  private cardEv(c: number, card: number, st: number): number {
    return this.k.cardEv[(c * 4 + st) * 52 + card];
  }

  /**
   * Index of the hand card with the highest EV for stat st (ties: lowest face value, then first drawn);
   * −1 when no card has EV ≥ −1. One compare of compiled play keys (EV*32 + 31 − value): the floor
   * −32 is the key just below EV −1 with any value, the first card's bar in the two-key form.
   */
  private pickBest(c: number, st: number): number {
    const base = c * this.H;
    const keys = this.k.playKey;
    const kb = (c * 4 + st) * 52;
    const hand = this.hand;
    const n = this.handN[c];
    let bi = -1, bk = -32;
    for (let i = 0; i < n; i++) {
      const key = keys[kb + hand[base + i]];
      if (key > bk) { bi = i; bk = key; }
    }
    return bi;
  }

  /** Lowest-EV card whose EV + m reaches dc; else the lowest-EV card (a miss costs the least). */
  private pickLowestMaking(c: number, st: number, m: number, dc: number): number {
    const base = c * this.H;
    const evs = this.k.cardEv;
    const eb = (c * 4 + st) * 52;
    let bi = -1, be = 999, bv = 99, li = -1, le = 999, lv = 99;
    for (let i = 0; i < this.handN[c]; i++) {
      const card = this.hand[base + i];
      const v = cardValue(card);
      const e = evs[eb + card];
      if (e + m >= dc && (e < be || (e === be && v < bv))) { bi = i; be = e; bv = v; }
      if (e < le || (e === le && v < lv)) { li = i; le = e; lv = v; }
    }
    return bi >= 0 ? bi : li;
  }

  /** HA-C4: unplayed cards to the bottom in drawn order, then the played card to fatigue (or bottom on a crit, HA-S3). */
  private settleHand(c: number, pi: number, playedToBottom: boolean): void {
    const base = c * this.H;
    const n = this.handN[c];
    const hand = this.hand;
    // putBottom for each card, with the ring's tail in a local
    const buf = this.buf, off = this.dOff[c], mask = this.dMask[c], h = this.head[c];
    let tail = h + this.cnt[c];
    for (let i = 0; i < n; i++) if (i !== pi) buf[off + (tail++ & mask)] = hand[base + i];
    if (pi >= 0 && playedToBottom) buf[off + (tail++ & mask)] = hand[base + pi];
    this.cnt[c] = tail - h;
    if (pi >= 0 && !playedToBottom) this.toFatigue(c, hand[base + pi]);
    this.handN[c] = 0;
  }

  private handCards(c: number): Card[] {
    const out: Card[] = [];
    for (let i = 0; i < this.handN[c]; i++) out.push(this.hand[c * this.H + i]);
    return out;
  }

  /** Event-mode snapshot of a check, taken before the hand is settled. */
  private snap(c: number, st: number, pi: number, mods: Modifier[]): CheckDraw {
    const sv = this.k.stats[c * 4 + st];
    const played = pi >= 0 ? this.hand[c * this.H + pi] : -1;
    const base = played >= 0 ? cardValue(played) : 0;
    const res = played >= 0 && cardSuit(played) === st ? sv : 0;
    let ev = base + res;
    for (const m of mods) ev += m.value;
    return { stat: STATS[st], statValue: sv, cards: this.handCards(c), played: played >= 0 ? played : null, base, resonance: res, modifiers: mods, ev };
  }

  /** EV modifiers common to every check of c (HA-T3 Weakened, HA-A7 Assist) — after Resonance (HA-K4). */
  private checkMod(c: number): number {
    return (this.weakTurns[c] > 0 ? -1 : 0) + this.assist[c];
  }

  private mods(c: number, extra: number, extraLabel: string, brawler: number): Modifier[] {
    const out: Modifier[] = [];
    if (extra !== 0) out.push({ label: extraLabel, value: extra });
    if (brawler) out.push({ label: 'Brawler', value: brawler });
    if (this.weakTurns[c] > 0) out.push({ label: 'Weakened', value: -1 });
    if (this.assist[c]) out.push({ label: 'Assist', value: this.assist[c] });
    return out;
  }

  // ─────────────────────────── queries ───────────────────────────

  /** Neither Broken nor Defeated. Only a Broken combatant can be Defeated (HA-B3) and it stays Broken, so one flag tells. */
  able(c: number): boolean {
    return this.broken[c] === 0;
  }

  /** Current main weapon slot (HA-W6: unarmed when disarmed or broken). */
  mainSlot(c: number): number {
    const k = this.k;
    if (this.lost[c * SLOTS + SLOT_MAIN] === 0) return SLOT_MAIN;
    if (k.hasSlot[c * SLOTS + SLOT_OFF] && this.lost[c * SLOTS + SLOT_OFF] === 0) return SLOT_OFF;
    return SLOT_UNARMED;
  }

  /** HA-S6: the off-hand is usable for the 2nd Strike when both weapons are in hand. */
  dualWield(c: number): boolean {
    return this.k.hasSlot[c * SLOTS + SLOT_OFF] === 1 && this.lost[c * SLOTS + SLOT_MAIN] === 0 && this.lost[c * SLOTS + SLOT_OFF] === 0;
  }

  /** HA-S4/S5/S6: EV penalty of the next Strike with slot s. */
  strikePenalty(c: number, s: number): number {
    const no = this.strikes + 1;
    if (no <= 1) return 0;
    if (no === 2) {
      if (s === SLOT_OFF && this.dualWield(c) && this.mainSlot(c) === SLOT_MAIN) return 0;
      if (this.k.wFlags[c * SLOTS + s] & W_QUICK) return 0;
      return -2;
    }
    return -4;
  }

  /** Defense of t against a Guard attack: Active Guard replaces passive Guard (HA-A5). */
  guardOf(t: number): number {
    return this.guardNow[t];
  }

  /** Sets (ev ≥ 0) or clears (−1) c's Active Guard, and the Guard that guardOf reads. */
  private setActiveGuard(c: number, ev: number): void {
    this.activeGuard[c] = ev;
    this.guardNow[c] = ev >= 0 ? ev : this.k.guard[c];
  }

  dist(a: number, b: number): number {
    return this.k.rangeDist[this.zone[a] * this.k.nz + this.zone[b]];
  }

  // ─────────────────────────── the machine ───────────────────────────

  /** Advances one unit: initiative, a round start, a turn start, or one action. */
  step(): void {
    switch (this.phase) {
      case P_INIT:
        this.initiative();
        this.phase = P_ROUND;
        return;
      case P_ROUND:
        if (this.round >= this.k.roundCap) { this.finish(R_STALEMATE, -1, this.k.roundCap); return; }
        // Ruling E-I6b: a round in which nobody moved or was hurt is checked for a dead end — no able
        // combatant can ever reach an able enemy — and that ends the fight as a stalemate at once.
        if (this.round > 0 && this.quietRound && this.deadlocked()) { this.stalledAt = this.round; this.finish(R_STALEMATE, -1, this.round); return; }
        this.quietRound = true;
        this.round++;
        this.startRound();
        this.turnIdx = 0;
        this.phase = P_TURN;
        return;
      case P_TURN: {
        const n = this.k.n;
        while (this.turnIdx < n && this.defeated[this.roundOrder[this.turnIdx]]) this.turnIdx++;
        if (this.turnIdx >= n) { this.endRound_(); this.phase = P_ROUND; return; }
        const c = this.roundOrder[this.turnIdx];
        this.cur = c;
        if (this.broken[c]) {
          this.stabilizationDraw(c);
          this.endTurn(c);
          this.turnIdx++;
        } else if (this.startTurn(c)) {
          this.phase = P_ACT;
        } else {
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
          T.decide(this, c);
          if (this.dAct === A_PASS) {
            if (this.sink) this.sink.push({ type: 'pass', actor: this.k.ids[c], actionsLeft: this.actions, reason: T.explain(this) });
            over = true;
          } else {
            this.perform(c);
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

  /** HA-I6: the fight ends when at most one side can act. */
  private checkEnd(): void {
    if (this.sidesAble > 1 || this.phase === P_DONE) return;
    let last = -1;
    for (let s = 0; s < this.k.nSides; s++) if (this.ableCnt[s] > 0) last = s;
    this.finish(last >= 0 ? R_VICTORY : R_DRAW, last, this.round);
  }

  private ableDown(c: number): void {
    if (--this.ableCnt[this.k.side[c]] === 0) this.sidesAble--;
  }

  private ableUp(c: number): void {
    if (this.ableCnt[this.k.side[c]]++ === 0) this.sidesAble++;
  }

  /**
   * No able combatant can ever reach an able enemy: for every such pair, no zone the enemy can move to lies
   * within reach of a zone the attacker can move to (engine/reach.ts tables; widest band of its options).
   * Reachability only shrinks as combatants fall, so the fight can never change again.
   */
  private deadlocked(): boolean {
    const k = this.k;
    const nz = k.nz;
    for (let c = 0; c < k.n; c++) {
      if (!this.able(c)) continue;
      const row = (k.maxBand[c] * nz + this.zone[c]) * nz;
      for (let j = k.foeStart[c]; j < k.foeStart[c + 1]; j++) {
        const e = k.foes[j];
        if (!this.able(e)) continue;
        const ez = this.zone[e] * nz;
        for (let z = 0; z < nz; z++) if (k.moveDist[ez + z] < INF && k.approachDist[row + z] < INF) return false;
      }
    }
    return true;
  }

  private finish(result: number, winner: number, rounds: number): void {
    this.result = result;
    this.winner = winner;
    this.endRound = rounds;
    this.phase = P_DONE;
    if (this.sink) this.sink.push({ type: 'combat-end', outcome: this.outcome() });
  }

  outcome(): Outcome {
    const k = this.k;
    return {
      result: this.result === R_VICTORY ? 'victory' : this.result === R_DRAW ? 'draw' : 'stalemate',
      winner: this.winner >= 0 ? k.sideNames[this.winner] : null,
      rounds: this.endRound,
      ...(this.stalledAt ? { deadlock: true } : {}),
      combatants: k.ids.map((id, i) => ({
        id, side: k.sideNames[k.side[i]], vitality: this.vit[i], maxVitality: k.vitMax[i], state: this.stateOf(i),
        everBroken: this.everBroken[i] === 1, damageDealt: this.dmgDealt[i],
      })),
    };
  }

  stateOf(i: number): CombatantState {
    return this.defeated[i] ? 'defeated' : this.broken[i] ? 'broken' : 'active';
  }

  // ─────────────────────────── initiative ───────────────────────────

  /** HA-I1..I4. */
  private initiative(): void {
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
        if (other >= 0 && initBetter(other, kept)) { const t = kept; kept = other; other = t; }
      }
      if (kept >= 0) this.toFatigue(c, kept);
      if (other >= 0) this.putBottom(c, other);
      // HA-I3: Heavy −1. No Resonance (HA-I1 ruling).
      this.initCard[c] = kept;
      this.initValue[c] = (kept >= 0 ? cardValue(kept) : 0) + k.initMod[c];
      if (this.sink) {
        this.sink.push({
          type: 'initiative', actor: k.ids[c], drawn: second >= 0 ? [first, second] : first >= 0 ? [first] : [], kept,
          modifier: k.initMod[c], value: this.initValue[c], toBottom: other >= 0 ? other : null,
        });
      }
    }
    for (let i = 0; i < n; i++) { this.roundValue[i] = this.initValue[i]; this.roundCard[i] = this.initCard[i]; }
    this.sortOrder(this.fixedOrder);
    if (this.sink) {
      this.sink.push({
        type: 'initiative-order',
        order: Array.from(this.fixedOrder, (c) => ({ id: k.ids[c], value: this.initValue[c], card: this.initCard[c] })),
      });
    }
  }

  /** HA-I1/I2: value desc, then suit ♠ > ♦ > ♣ > ♥, then declaration order. Uses roundValue/roundCard. */
  private sortOrder(out: Int32Array): void {
    const n = this.k.n;
    for (let i = 0; i < n; i++) {
      let j = i;
      while (j > 0 && this.before(i, out[j - 1])) { out[j] = out[j - 1]; j--; }
      out[j] = i;
    }
  }

  private before(a: number, b: number): boolean {
    const va = this.roundValue[a], vb = this.roundValue[b];
    if (va !== vb) return va > vb;
    const sa = this.roundCard[a] >= 0 ? cardSuit(this.roundCard[a]) : -1;
    const sb = this.roundCard[b] >= 0 ? cardSuit(this.roundCard[b]) : -1;
    if (sa !== sb) return sa > sb;
    return this.k.order[a] < this.k.order[b] || (this.k.order[a] === this.k.order[b] && a < b);
  }

  private startRound(): void {
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
        if (!this.able(c) || !T.wantsSeize(this, c)) continue;
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
            type: 'seize', round: this.round, actor: k.ids[c], discarded: discarded >= 0 ? discarded : null,
            drawn: drawn >= 0 ? drawn : null, value: this.roundValue[c], reason: T.explain(this),
          });
        }
      }
    }
    if (any) this.sortOrder(this.roundOrder);
    else for (let i = 0; i < n; i++) this.roundOrder[i] = this.fixedOrder[i];
    if (this.sink) this.sink.push({ type: 'round-start', round: this.round, order: Array.from(this.roundOrder, (c) => k.ids[c]) });
  }

  private endRound_(): void {
    const n = this.k.n;
    for (let c = 0; c < n; c++) {
      this.assist[c] = 0; // HA-A7: "this round"
      this.linkTarget[c] = -1;
      this.linkFrom[c] = -1;
    }
    if (this.sink) {
      this.sink.push({
        type: 'round-end', round: this.round,
        vitality: this.k.ids.map((id, i) => ({ id, vitality: this.vit[i], state: this.stateOf(i), deck: this.cnt[i], fatigue: this.fatN[i] })),
      });
    }
  }

  // ─────────────────────────── turns ───────────────────────────

  /** Returns false when the turn has no action to take. */
  private startTurn(c: number): boolean {
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
    if (wasStunned) { a--; this.stunned[c] = 0; } // HA-T1
    if (this.seized[c]) a--; // HA-I5: out of this round's three
    const link = this.linkTarget[c] >= 0;
    this.actions = a;
    if (this.sink) {
      this.sink.push({ type: 'turn-start', round: this.round, actor: k.ids[c], actions: a, stunned: wasStunned, seized: this.seized[c] === 1, link });
      if (wasStunned) this.sink.push({ type: 'status', target: k.ids[c], status: 'stunned', on: false, cause: 'lost 1 action' });
    }
    if (a <= 0) return false;
    if (link) {
      // HA-T2: standing comes before anything else.
      if (this.prone[c]) { this.stand(c); if (this.actions <= 0) return false; }
      this.resolveLink(c);
    }
    return this.actions > 0 && this.able(c);
  }

  private endTurn(c: number): void {
    // HA-T3: Weakened lasts until the end of its next turn.
    if (this.weakTurns[c] > 0 && --this.weakTurns[c] === 0 && this.sink) {
      this.sink.push({ type: 'status', target: this.k.ids[c], status: 'weakened', on: false, cause: 'end of turn' });
    }
    this.linkTarget[c] = -1;
    this.cur = -1;
  }

  /** HA-B2/B3: the Broken combatant's draw on each of its later turns; no reshuffle (HA-C5). */
  private stabilizationDraw(c: number): void {
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
      else { result = 'failing'; this.failing[c]++; }
    }
    if (this.sink) this.sink.push({ type: 'stabilization-draw', actor: k.ids[c], card: card >= 0 ? card : null, result, failingDraws: this.failing[c] });
    if (result === 'stabilized') this.stabilize(c, true, -1);
    else if (result === 'empty-deck') this.defeat(c, 'empty-deck');
    else if (this.failing[c] >= 3) this.defeat(c, 'failing-draws');
  }

  /** HA-B2/B4: back at 1 Vitality, conscious, Prone and Weakened. */
  /** by: the ally who stabilized c (HA-B4), or −1 for its own Ace (HA-B2); named in the events only. */
  private stabilize(c: number, ownTurn: boolean, by: number): void {
    this.broken[c] = 0;
    this.brokenBySide[this.k.side[c]]--;
    this.ableUp(c);
    this.vit[c] = 1;
    this.failing[c] = 0;
    this.prone[c] = 1;
    this.weakTurns[c] = ownTurn ? 2 : 1;
    if (this.sink) {
      const id = this.k.ids[c];
      const cause = by >= 0 ? `stabilized by ${this.k.ids[by]}` : 'Ace drawn';
      this.sink.push({ type: 'status', target: id, status: 'prone', on: true, cause });
      this.sink.push({ type: 'status', target: id, status: 'weakened', on: true, cause });
    }
  }

  private defeat(c: number, why: 'failing-draws' | 'empty-deck'): void {
    this.defeated[c] = 1;
    this.brokenBySide[this.k.side[c]]--;
    if (this.sink) this.sink.push({ type: 'defeated', target: this.k.ids[c], why });
  }

  /** HA-B1. */
  private breakIfZero(t: number, by: number): void {
    if (this.vit[t] !== 0 || this.broken[t] || this.defeated[t]) return;
    this.broken[t] = 1;
    this.brokenBySide[this.k.side[t]]++;
    this.ableDown(t);
    this.everBroken[t] = 1;
    this.failing[t] = 0;
    this.stunned[t] = 0;
    this.prone[t] = 0;
    this.weakTurns[t] = 0;
    this.assist[t] = 0;
    this.setActiveGuard(t, -1);
    this.linkTarget[t] = -1;
    if (this.sink) this.sink.push({ type: 'broken', target: this.k.ids[t], by: by >= 0 ? this.k.ids[by] : 'the fall' });
  }

  /** Damage never takes Vitality below 0 (HA-B1) and does nothing to a Broken combatant (HA-B5). */
  private hurt(t: number, amount: number, by: number): void {
    if (this.broken[t] || this.defeated[t] || amount <= 0) return;
    this.quietRound = false;
    const before = this.vit[t];
    const after = before > amount ? before - amount : 0;
    this.vit[t] = after;
    if (by >= 0 && this.k.side[by] !== this.k.side[t]) this.dmgDealt[by] += before - after;
  }

  // ─────────────────────────── actions ───────────────────────────

  private perform(c: number): void {
    switch (this.dAct) {
      case A_STAND: this.stand(c); break;
      case A_INTERACT: this.interact(c); break;
      case A_STRIKE: this.actions--; this.strike(c, this.dSlot, this.dTarget, 'strike'); break;
      case A_SCATTER: this.actions--; this.strike(c, this.dSlot, this.dTarget, 'scatter'); break;
      case A_TECHNIQUE: this.actions -= this.k.tCost[this.dTech]; this.technique(c, this.dTech, this.dTarget); break;
      case A_MOVE: this.move(c); break;
      case A_GUARD: this.activeGuardAction(c); break;
      case A_ASSIST: this.assistAction(c, this.dTarget); break;
      case A_RECOVER: this.recover(c); break;
      case A_STABILIZE: this.stabilizeAlly(c, this.dTarget); break;
      case A_LINK: this.declareLink(c, this.dTarget); break;
      case A_ULTIMATE: this.ultimate(c); break;
      default: this.actions = 0;
    }
  }

  /** HA-T2. */
  private stand(c: number): void {
    this.actions--;
    this.prone[c] = 0;
    if (this.sink) {
      this.sink.push({ type: 'stand', actor: this.k.ids[c], reason: 'Prone: standing comes before any other action' });
      this.sink.push({ type: 'status', target: this.k.ids[c], status: 'prone', on: false, cause: 'stood up' });
    }
  }

  /** HA-A6: pick up the dropped weapon (HA-W6). */
  private interact(c: number): void {
    this.actions--;
    const s = this.dSlot;
    this.lost[c * SLOTS + s] = 0;
    if (this.sink) this.sink.push({ type: 'interact', actor: this.k.ids[c], weapon: this.k.wName[c * SLOTS + s], reason: T.explain(this) });
  }

  /** HA-A1/A2 + HA-R2 Brace + HA-F2 drops. */
  private move(c: number): void {
    this.quietRound = false;
    const k = this.k;
    const steps = this.dSteps;
    this.actions -= steps === 2 ? 2 : 1;
    const from = this.zone[c];
    const path: string[] | null = this.sink ? [] : null; // event mode only: filled as the steps happen
    const reason = this.sink ? T.explain(this) : '';
    if (this.sink && path) this.sink.push({ type: 'move', actor: k.ids[c], action: steps === 2 ? 'dash' : 'stride', cost: steps === 2 ? 2 : 1, from: k.zoneNames[from], path, reason });
    for (let s = 0; s < steps && this.able(c); s++) {
      const x = this.zone[c];
      let y: number;
      if (s === 0) y = this.dZone;
      else {
        // continue toward the same destination the tactics aimed at
        y = T.nextStep(this, c);
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
  private fall(c: number, z: number, feet: number, soft: boolean): void {
    const k = this.k;
    const tens = Math.floor(feet / 10);
    let dmg = tens;
    if (soft) dmg = dmg >> 1;
    const base = dmg;
    const dc = 8 + tens;
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
      if (card >= 0 && ev >= dc) { halved = true; dmg = dmg >> 1; }
    }
    // Falling onto a creature: it takes half as well.
    const under = base > 0 ? T.landingTarget(this, c, z) : -1;
    const landed = under >= 0 ? base >> 1 : 0;
    const vb = this.vit[c];
    this.hurt(c, dmg, -1);
    if (under >= 0) this.hurt(under, landed, c);
    if (this.sink) {
      this.sink.push({
        type: 'fall', actor: k.ids[c], into: k.zoneNames[z], feet, soft, base, check: chk, dc, halved, damage: dmg,
        vitalityBefore: vb, vitalityAfter: this.vit[c], landedOn: under >= 0 ? k.ids[under] : null, landedDamage: landed,
      });
    }
    this.breakIfZero(c, -1);
    if (under >= 0) this.breakIfZero(under, c);
  }

  /** HA-R2/R3: each enemy in the zone entered may spend its Reaction on a free Strike. */
  private brace(mover: number, z: number): void {
    const k = this.k;
    const n = k.n;
    for (let i = 0; i < n && this.able(mover); i++) {
      const r = this.fixedOrder[i];
      if (k.side[r] === k.side[mover] || !this.able(r) || this.zone[r] !== z || this.reactionUsed[r]) continue;
      if (!T.wantsBrace(this, r, mover)) continue;
      this.reactionUsed[r] = 1;
      this.strike(r, this.mainSlot(r), mover, 'brace');
    }
  }

  /**
   * HA-S1..S6, HA-W*, HA-R2: one weapon Strike. kind 'scatter' compares one draw against every able
   * enemy in the target's zone at −1 bonus damage (HA-W3).
   */
  private strike(c: number, slot: number, target: number, kind: AttackKind): void {
    const k = this.k;
    const w = c * SLOTS + slot;
    const st = k.wStat[w];
    const f = k.wFlags[w];
    let penalty = 0;
    let penaltyLabel = '';
    if (kind !== 'brace') {
      penalty = this.strikePenalty(c, slot);
      if (penalty !== 0 && this.sink) penaltyLabel = strikeLabel(this.strikes + 1); // event text only
      if (slot === SLOT_OFF && this.strikes + 1 === 2 && this.dualWield(c)) kind = 'offhand';
      this.strikes++;
      this.lastStrikeSlot = slot;
    }
    const brawler = k.brawler[c] && f & (W_UNARMED | W_IMPROVISED) ? 2 : 0; // HA-W5
    const m = penalty + brawler + this.checkMod(c);
    let nt = 0;
    if (kind === 'scatter') nt = this.enemiesInZone(c, this.zone[target], this.tgt);
    else { this.tgt[0] = target; nt = 1; }
    this.resolveAttack(c, kind, st, k.draws[c * 4 + st], m, penalty, penaltyLabel, brawler, nt, slot, -1, 0, 0, 1);
  }

  /** Able enemies of c in zone z, in declaration order, into out; returns the count. */
  enemiesInZone(c: number, z: number, out: Int32Array): number {
    const k = this.k;
    let n = 0;
    for (let j = k.foeStart[c]; j < k.foeStart[c + 1]; j++) {
      const i = k.foes[j];
      if (this.able(i) && this.zone[i] === z) out[n++] = i;
    }
    return n;
  }

  /** HA-A4 + HA-M1/M2: a technique; targets: the primary, a second (Dual) or the whole zone (Sweep). */
  private technique(c: number, t: number, target: number): void {
    const k = this.k;
    const st = k.tStat[t];
    const m = this.checkMod(c);
    let nt = 1;
    this.tgt[0] = target;
    if (k.tTargets[t] === 2) nt = this.enemiesInZone(c, this.zone[target], this.tgt);
    else if (k.tTargets[t] === 1) {
      const second = T.secondTarget(this, c, t, target);
      if (second >= 0) this.tgt[nt++] = second;
    }
    this.resolveAttack(c, 'technique', st, k.draws[c * 4 + st], m, 0, '', 0, nt, this.mainSlot(c), t, 0, 0, k.tCost[t]);
  }

  /**
   * Draws for c, plays the best card, compares once against each of nt targets in this.tgt
   * (HA-S1, HA-S2, HA-S3, HA-M1/M2, HA-W2/W3/W4), applies damage, emits one 'attack' event, then side effects.
   * extraEv: Team Ultimate EV bonus (matches + 3), extraDmg: +2 per Support.
   */
  private resolveAttack(
    c: number, kind: AttackKind, st: number, draws: number, m: number, penalty: number, penaltyLabel: string, brawler: number,
    nt: number, slot: number, tech: number, extraEv: number, extraDmg: number, cost: number,
  ): void {
    const k = this.k;
    const w = c * SLOTS + slot;
    const f = tech >= 0 ? 0 : k.wFlags[w];
    const sv = k.stats[c * 4 + st];
    const got = this.drawHand(c, draws);
    const pi = got ? this.pickBest(c, st) : -1;
    const card = pi >= 0 ? this.hand[c * this.H + pi] : -1;
    const ev = card >= 0 ? this.cardEv(c, card, st) + m + extraEv : -99;
    let chk: CheckDraw | null = null;
    if (this.sink) {
      const mods = this.mods(c, penalty, penaltyLabel, brawler);
      if (extraEv) mods.push({ label: `Team Ultimate (+3, ${extraEv - 3} matching)`, value: extraEv });
      chk = this.snap(c, st, pi, mods);
      if (card < 0) chk.ev = 0;
    }
    this.assist[c] = 0;
    const critAt = f & W_KEEN ? 5 : 6;
    const critAdd = f & W_BRUTAL ? 2 * sv : sv;
    const wBonus = k.wBonus[w];
    const tBonus = tech >= 0 ? k.tBonus[tech] : 0;
    const scatter = kind === 'scatter' ? -1 : 0;
    const againstResolve = tech >= 0 && k.tResolve[tech] === 1;
    let anyCrit = false;
    for (let i = 0; i < nt; i++) {
      const t = this.tgt[i];
      const dc = againstResolve ? k.resolve[t] : this.guardOf(t);
      const hit = card >= 0 && ev >= dc;
      const margin = ev - dc;
      const crit = hit && margin >= critAt;
      this.resHit[i] = hit ? 1 : 0;
      this.resCrit[i] = crit ? 1 : 0;
      let dmg = 0;
      if (hit) {
        dmg = margin + wBonus + tBonus + scatter + extraDmg + (crit ? critAdd : 0);
        if (dmg < 0) dmg = 0;
      }
      if (crit) anyCrit = true;
      this.resDmg[i] = dmg;
      if (this.sink) {
        // for the event only
        this.resDef[i] = againstResolve ? 2 : this.activeGuard[t] >= 0 ? 1 : 0;
        this.resDc[i] = dc;
        this.resVb[i] = this.vit[t];
      }
      if (hit) this.hurt(t, dmg, c);
      this.resVa[i] = this.vit[t];
    }
    this.settleHand(c, pi, anyCrit); // HA-S3: a crit sends the played card to the deck bottom
    if (this.sink && chk) {
      const results: TargetResult[] = [];
      for (let i = 0; i < nt; i++) {
        const t = this.tgt[i];
        const r: TargetResult = {
          target: k.ids[t], defense: this.resDef[i] === 2 ? 'resolve' : this.resDef[i] === 1 ? 'active guard' : 'guard',
          dc: this.resDc[i], hit: this.resHit[i] === 1, crit: this.resCrit[i] === 1, vitalityBefore: this.resVb[i], vitalityAfter: this.resVa[i],
        };
        if (r.hit) {
          const d: Damage = {
            margin: chk.ev - this.resDc[i], weapon: wBonus, technique: tBonus, crit: r.crit ? critAdd : 0, scatter,
            link: kind === 'link' ? extraDmg : 0, ultimate: kind === 'ultimate' ? extraDmg : 0, total: this.resDmg[i],
          };
          r.damage = d;
        }
        results.push(r);
      }
      this.sink.push({
        type: 'attack', kind, actor: k.ids[c], using: tech >= 0 ? k.tName[tech] : k.wName[w], technique: tech >= 0 ? k.tName[tech] : null,
        cost, check: chk, results, cardTo: card < 0 ? 'none' : anyCrit ? 'bottom' : 'fatigue',
        ...(this.partners ? { partners: this.partners } : {}),
        reason: kind === 'brace' ? `Brace: ${k.ids[this.tgt[0]]} moved into its zone` : T.explain(this),
      });
      this.partners = undefined;
    }
    this.sideEffects(c, nt, f, tech >= 0 ? -1 : slot);
  }

  /** Broken checks, HA-W2 staggering/disarming/sweeping, HA-W4 breaking, for the last resolved attack. */
  private sideEffects(c: number, nt: number, f: number, slot: number): void {
    const k = this.k;
    let anyCrit = false;
    for (let i = 0; i < nt; i++) {
      const t = this.tgt[i];
      if (!this.resHit[i]) continue;
      this.breakIfZero(t, c);
      if (!this.resCrit[i]) continue;
      anyCrit = true;
      if (this.able(t)) {
        if (f & W_STAGGERING) {
          this.stunned[t] = 1;
          if (this.sink) this.sink.push({ type: 'status', target: k.ids[t], status: 'stunned', on: true, cause: `${k.wName[c * SLOTS + slot]} (staggering crit)` });
        }
        if (f & W_DISARMING) {
          const ts = this.mainSlot(t);
          if (ts !== SLOT_UNARMED) {
            this.lost[t * SLOTS + ts] = 1;
            this.dropZone[t * SLOTS + ts] = this.zone[t];
            if (this.sink) this.sink.push({ type: 'disarm', target: k.ids[t], weapon: k.wName[t * SLOTS + ts], zone: k.zoneNames[this.zone[t]], by: k.ids[c] });
          }
        }
      }
      if (f & W_SWEEPING) {
        const o = T.splashTarget(this, c, t);
        if (o >= 0) {
          const d = this.resDmg[i] >> 1;
          const vb = this.vit[o];
          this.hurt(o, d, c);
          if (this.sink) this.sink.push({ type: 'splash', actor: k.ids[c], target: k.ids[o], damage: d, vitalityBefore: vb, vitalityAfter: this.vit[o] });
          this.breakIfZero(o, c);
        }
      }
    }
    if (anyCrit && slot >= 0 && f & W_IMPROVISED) {
      // HA-W4: the improvised weapon breaks after dealing the crit damage.
      this.lost[c * SLOTS + slot] = 2;
      if (this.sink) this.sink.push({ type: 'weapon-break', actor: k.ids[c], weapon: k.wName[c * SLOTS + slot] });
    }
  }

  /** HA-A5. */
  private activeGuardAction(c: number): void {
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
    if (this.sink && chk) this.sink.push({ type: 'active-guard', actor: k.ids[c], check: chk, guard: ev, passive: k.guard[c], reason: T.explain(this) });
  }

  /** HA-A7. */
  private assistAction(c: number, ally: number): void {
    this.actions--;
    this.assist[ally] = 1;
    if (this.sink) this.sink.push({ type: 'assist', actor: this.k.ids[c], ally: this.k.ids[ally], reason: T.explain(this) });
  }

  /** HA-A9: the highest-value fatigue cards, as many as the highest stat, back in; then shuffle. */
  private recover(c: number): void {
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
      this.sink.push({ type: 'recover', actor: k.ids[c], cards: moved, reason: T.explain(this) });
      this.sink.push({ type: 'reshuffle', owner: k.ids[c], cards: moved.length, cause: 'recover' });
    }
  }

  /** HA-B4 / HA-A10: Heart check DC 10 + 2 × Failing Draws. */
  private stabilizeAlly(c: number, ally: number): void {
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
    if (this.sink && chk) this.sink.push({ type: 'stabilize-ally', actor: k.ids[c], ally: k.ids[ally], check: chk, dc, success: ok, reason: T.explain(this) });
    if (ok && this.broken[ally] && !this.defeated[ally]) this.stabilize(ally, false, c);
  }

  /**
   * HA-L1: the first of two consecutive allies commits 1 action; the partner resolves it on its turn.
   * The Link replaces a Strike of the declaring ally (HA-S4): its draw takes the penalty of its Strike
   * number now, and its later Strikes this turn count the Link.
   */
  private declareLink(c: number, target: number): void {
    this.actions--;
    const p = T.linkPartner(this, c);
    if (p < 0) return;
    const as = this.mainSlot(c);
    this.linkPen[p] = this.strikePenalty(c, as);
    this.linkNo[p] = this.strikes + 1;
    this.strikes++;
    this.lastStrikeSlot = as;
    this.linkTarget[p] = target;
    this.linkFrom[p] = c;
    if (this.sink) this.sink.push({ type: 'link-declare', actor: this.k.ids[c], partner: this.k.ids[p], target: this.k.ids[target], reason: T.explain(this) });
  }

  /** HA-L1 resolution at the partner's turn: both draw, higher EV + 2 compared once; damage from the higher's weapon + 3; a crit adds both stats. */
  private resolveLink(p: number): void {
    const k = this.k;
    const a = this.linkFrom[p];
    const t = this.linkTarget[p];
    this.linkTarget[p] = -1;
    this.linkFrom[p] = -1;
    const as = a >= 0 ? this.mainSlot(a) : 0;
    const ps = this.mainSlot(p);
    let why = '';
    if (a < 0 || !this.able(a)) why = 'the declaring ally can no longer act';
    else if (!this.able(t)) why = 'the target is already down';
    else if (!inBand(this.dist(a, t), k.wReach[a * SLOTS + as])) why = 'the target is out of the declaring ally\'s reach';
    else if (!inBand(this.dist(p, t), k.wReach[p * SLOTS + ps])) why = 'the target is out of reach';
    if (why) {
      if (this.sink) this.sink.push({ type: 'link-fizzle', actor: a >= 0 ? k.ids[a] : '?', partner: k.ids[p], target: k.ids[t], why });
      return;
    }
    this.actions--;
    // Both draw simultaneously. HA-L1 + HA-S4: the Link counts as a Strike for each partner: the declaring
    // ally's penalty was fixed when it declared; the partner's is its own Strike number now, and its later
    // Strikes this turn count the Link.
    const penA = this.linkPen[p], noA = this.linkNo[p];
    const penP = this.strikePenalty(p, ps), noP = this.strikes + 1;
    this.strikes++;
    this.lastStrikeSlot = ps;
    const wa = a * SLOTS + as, wp = p * SLOTS + ps;
    const sta = k.wStat[wa], stp = k.wStat[wp];
    const ba = k.brawler[a] && k.wFlags[wa] & (W_UNARMED | W_IMPROVISED) ? 2 : 0;
    const bp = k.brawler[p] && k.wFlags[wp] & (W_UNARMED | W_IMPROVISED) ? 2 : 0;
    const ma = penA + ba + this.checkMod(a);
    const mp = penP + bp + this.checkMod(p);
    this.drawHand(a, k.draws[a * 4 + sta]);
    this.drawHand(p, k.draws[p * 4 + stp]);
    const pia = this.pickBest(a, sta);
    const pip = this.pickBest(p, stp);
    const ca = pia >= 0 ? this.hand[a * this.H + pia] : -1;
    const cp = pip >= 0 ? this.hand[p * this.H + pip] : -1;
    const eva = ca >= 0 ? this.cardEv(a, ca, sta) + ma : -99;
    const evp = cp >= 0 ? this.cardEv(p, cp, stp) + mp : -99;
    // primary: the higher EV (ties: the partner whose turn it is)
    const prim = eva > evp ? a : p;
    const sec = prim === a ? p : a;
    const pw = prim === a ? wa : wp;
    const pst = prim === a ? sta : stp;
    const ev = Math.max(eva, evp) + 2;
    const f = k.wFlags[pw];
    const psv = k.stats[prim * 4 + pst];
    const secSt = sec === a ? sta : stp;
    const critAdd = (f & W_BRUTAL ? 2 * psv : psv) + k.stats[sec * 4 + secSt];
    const dc = this.guardOf(t);
    const hit = (ca >= 0 || cp >= 0) && ev >= dc;
    const margin = ev - dc;
    const crit = hit && margin >= (f & W_KEEN ? 5 : 6);
    const dmg = hit ? Math.max(0, margin + k.wBonus[pw] + 3 + (crit ? critAdd : 0)) : 0;
    let chkA: CheckDraw | null = null, chkP: CheckDraw | null = null;
    if (this.sink) {
      chkA = this.snap(a, sta, pia, this.mods(a, penA, strikeLabel(noA), ba));
      chkP = this.snap(p, stp, pip, this.mods(p, penP, strikeLabel(noP), bp));
    }
    this.assist[a] = 0;
    this.assist[p] = 0;
    // the primary's card follows the crit rule; the other played card goes to fatigue
    this.settleHand(a, pia, crit && prim === a);
    this.settleHand(p, pip, crit && prim === p);
    const vb = this.vit[t];
    if (hit) this.hurt(t, dmg, prim);
    this.tgt[0] = t;
    this.resHit[0] = hit ? 1 : 0;
    this.resCrit[0] = crit ? 1 : 0;
    this.resDmg[0] = dmg;
    if (this.sink && chkA && chkP) {
      const pc = prim === a ? chkA : chkP;
      const sc = prim === a ? chkP : chkA;
      const check: CheckDraw = { ...pc, modifiers: [...pc.modifiers, { label: 'Link', value: 2 }], ev: pc.ev + 2 };
      const r: TargetResult = { target: k.ids[t], defense: this.activeGuard[t] >= 0 ? 'active guard' : 'guard', dc, hit, crit, vitalityBefore: vb, vitalityAfter: this.vit[t] };
      if (hit) r.damage = { margin, weapon: k.wBonus[pw], technique: 0, crit: crit ? critAdd : 0, scatter: 0, link: 3, ultimate: 0, total: dmg };
      this.sink.push({
        type: 'attack', kind: 'link', actor: k.ids[prim], using: k.wName[pw], technique: null, cost: 1, check, results: [r],
        cardTo: crit ? 'bottom' : 'fatigue', partners: [{ id: k.ids[sec], check: sc }],
        reason: `Link Strike declared by ${k.ids[a]}, resolved on ${k.ids[p]}'s turn`,
      });
    }
    this.sideEffects(prim, 1, f, prim === a ? as : ps);
  }

  /** HA-U1: Lead spends 2 actions, each Support its Reaction; EV = Lead's + matches + 3; damage + 2 per Support. */
  private ultimate(c: number): void {
    const k = this.k;
    this.actions -= 2;
    this.ultimateUsed = 1;
    const slot = this.mainSlot(c);
    const w = c * SLOTS + slot;
    const st = k.wStat[w];
    let ns = 0;
    const sup = this.tmp;
    for (let i = 0; i < k.n; i++) if (T.canSupport(this, c, i)) sup[ns++] = i;
    let matches = 0;
    const partners: { id: string; check: CheckDraw; match?: boolean }[] = [];
    for (let j = 0; j < ns; j++) {
      const s = sup[j];
      this.reactionUsed[s] = 1;
      const got = this.drawHand(s, 1);
      const card = got ? this.hand[s * this.H] : -1;
      const match = card >= 0 && cardSuit(card) === st;
      if (match) matches++;
      if (this.sink) {
        const ck = this.snap(s, st, got ? 0 : -1, []);
        ck.resonance = 0; ck.ev = match ? 1 : 0;
        partners.push({ id: k.ids[s], check: ck, match });
      }
      this.settleHand(s, got ? 0 : -1, false);
    }
    // targets: a zone (every able enemy there) or one enemy, chosen by the tactics
    let nt = 1;
    if (this.dZone >= 0) nt = this.enemiesInZone(c, this.dZone, this.tgt);
    else this.tgt[0] = this.dTarget;
    const f = k.wFlags[w];
    const brawler = k.brawler[c] && f & (W_UNARMED | W_IMPROVISED) ? 2 : 0;
    const m = brawler + this.checkMod(c);
    if (this.sink) this.partners = partners;
    this.resolveAttack(c, 'ultimate', st, k.draws[c * 4 + st], m, 0, '', brawler, nt, slot, -1, matches + 3, 2 * ns, 2);
  }

  // ─────────────────────────── tests / tools ───────────────────────────

  /** HA-C6 view of one combatant's cards. */
  cards(c: number): DeckView {
    return { deck: this.cnt[c], fatigue: this.fatN[c], hand: this.handN[c], removed: 0, size: this.k.deckSize[c] };
  }

  /** The cards in c's deck, top first (lazy runs in storage order — not the draw order). */
  deckCards(c: number): number[] {
    const out: number[] = [];
    for (let i = 0; i < this.cnt[c]; i++) out.push(this.buf[this.dOff[c] + ((this.head[c] + i) & this.dMask[c])]);
    return out;
  }

  fatigueCards(c: number): number[] {
    return Array.from(this.fat.subarray(this.dOff[c], this.dOff[c] + this.fatN[c]));
  }

  statLabel(st: number): string {
    return STAT_LABEL[st];
  }
}

/** HA-I1/I2: higher value, then higher suit. */
function initBetter(a: number, b: number): boolean {
  const va = cardValue(a), vb = cardValue(b);
  return va !== vb ? va > vb : cardSuit(a) > cardSuit(b);
}

export { INF };

/** "2nd Strike", "3rd Strike", "4th Strike": the label of a multi-Strike penalty (HA-S4; event text only). */
function strikeLabel(no: number): string {
  return `${no}${no === 2 ? 'nd' : no === 3 ? 'rd' : 'th'} Strike`;
}
