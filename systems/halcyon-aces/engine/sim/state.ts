// The combat's state, and its reset at the start of each combat (begin). One
// object of flat typed arrays indexed by combatant (and by combatant × weapon
// slot, × deck position): the Monte Carlo fast path runs millions of combats
// through one instance, so nothing here is allocated per combat, only per
// encounter (the constructor). Every field of the simulator lives here, in one
// place, so every layer above (sim/*.ts, bottom to top, then sim.ts) shares
// one object shape and V8 keeps each access monomorphic.
//
// The layers: state → queries → decks → card-checks → conditions → attack →
// movement → actions → teamwork → ending → sim.ts (the turn loop). Each layer
// is a class extending the one below, so a rule calls only rules beneath it
// and no file imports one above it.

import type { CheckDraw, CombatEvent } from '../events.js';
import type { Compiled } from '../compile.js';
import { SLOTS } from '../compile.js';
import { combatSeedMix, combatantSeedFrom, makeRng, reseedRng, type Rng } from '../../../../engine/rng.js';

/** The turn machine's phases (sim.ts step()). */
export const P_INIT = 0;
export const P_ROUND = 1;
export const P_TURN = 2;
export const P_ACT = 3;
export const P_DONE = 4;

/** Where events go: an array, or any object with push (tests check invariants at each push). */
export interface EventSink {
  push(e: CombatEvent): unknown;
}

export class CombatState {
  readonly k: Compiled;
  sink: EventSink | null = null;
  /** Team Ultimate supports, attached to the next attack event. */
  protected partners: { id: string; check: CheckDraw; match?: boolean }[] | undefined = undefined;
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
  protected readonly topLen: Int32Array;
  /** Every deck as built at the start of combat (HA-C3), copied in by begin(). */
  protected readonly initBuf: Uint8Array;
  /** Able combatants per side, and how many sides have any (HA-I6). */
  readonly ableCnt: Int32Array;
  sidesAble = 0;
  readonly hand: Uint8Array;
  /** One-card scratch for takeTop. */
  protected readonly one = new Uint8Array(1);
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
}
