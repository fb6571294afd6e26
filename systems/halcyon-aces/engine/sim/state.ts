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

import type { DecisionControl } from '../../../../model/system.js';
import type { CheckDraw, CombatEvent } from '../events.js';
import type { Compiled } from '../compile.js';
import * as compiled from '../compile.js';
import * as random from '../../../../engine/rng.js';
import type { Rng } from '../../../../engine/rng.js';

// Module constants, not live imported bindings, for the hot code: see "Imports" in sim.ts.
const { SLOTS } = compiled;
const { combatSeedMix, combatantSeedFrom, makeRng, reseedRng } = random;

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

// The fields the constructor sets are `declare`d: under ES2022's class fields a plain declaration is a field
// defined as undefined before the constructor runs, and V8 then forgets that the field always holds one kind
// of typed array, so every optimized access re-checks the array's map (×0.95 CPU per 3v3 combat). tsconfig's
// useDefineForClassFields: false now does this for every class (bench/README.md "Class fields"); `declare`
// keeps this hot class right under either setting.
export class CombatState {
  declare readonly k: Compiled;
  sink: EventSink | null = null;
  /**
   * Decisions offered as data (issue 32; ../decisions.ts): null on the fast path and the event path, which then
   * test it and go on. Set by SystemEngine.play for one fight.
   */
  control: DecisionControl | null = null;
  /** The index of the next decision point offered to the control (0, 1, … in the order the fight meets them). */
  decisionIndex = 0;
  /** Team Ultimate supports, attached to the next attack event. */
  protected partners: { id: string; check: CheckDraw; match?: boolean }[] | undefined = undefined;
  // (no field keeps the seed: most seeds are no small integer, and a field that first held one would change the
  // simulator's shape some combats in and throw away the code optimized for it)
  // per combatant
  declare rng: Rng[];
  declare readonly vit: Int32Array;
  declare readonly broken: Uint8Array;
  declare readonly defeated: Uint8Array;
  declare readonly everBroken: Uint8Array;
  declare readonly failing: Int32Array;
  declare readonly stunned: Uint8Array;
  declare readonly prone: Uint8Array;
  declare readonly weakTurns: Int32Array;
  declare readonly assist: Int32Array;
  declare readonly reactionUsed: Uint8Array;
  declare readonly activeGuard: Int32Array;
  /** Guard against the next attack: activeGuard when set, else passive Guard (kept in step with activeGuard). */
  declare readonly guardNow: Int32Array;
  declare readonly zone: Int32Array;
  declare readonly initValue: Int32Array;
  declare readonly initCard: Int32Array;
  declare readonly roundValue: Int32Array;
  declare readonly roundCard: Int32Array;
  declare readonly seized: Uint8Array;
  declare readonly dmgDealt: Int32Array;
  /** per weapon slot: 0 in hand, 1 dropped (HA-W2 Disarming), 2 broken (HA-W4). */
  declare readonly lost: Uint8Array;
  declare readonly dropZone: Int32Array;
  /** Link Strike pending on the partner: target index, or −1 (HA-L1). */
  declare readonly linkTarget: Int32Array;
  declare readonly linkFrom: Int32Array;
  /** HA-L1 + HA-S4: the declaring ally's multi-Strike penalty (0, −2, −4) and Strike number, fixed when it declared. */
  declare readonly linkPen: Int32Array;
  declare readonly linkNo: Int32Array;
  /** The combat's one Team Ultimate has been used, by either side (HA-U1: once per combat, not per side). */
  ultimateUsed = 0;
  /** Nobody moved or lost Vitality this round (then the round's end checks for a dead end, E-I6b). */
  quietRound = true;
  /**
   * Whole rounds in a row, ending with the last, in which nobody moved or lost Vitality (quietRound at each one's end):
   * the policy's waits read it (E-P2: a wait for a foe who waits too ends after one such round).
   */
  calmRounds = 0;
  /** The round a dead end ended the combat in (E-I6b), or 0. */
  stalledAt = 0;
  /** Broken (not Defeated) combatants per side: the tactics skip the ally scan when 0. */
  declare readonly brokenBySide: Int32Array;
  // decks
  declare readonly dOff: Int32Array;
  /** Ring capacity − 1: capacities are powers of two ≥ the deck size, so positions wrap with a mask. */
  declare readonly dMask: Int32Array;
  declare readonly buf: Uint8Array;
  declare readonly head: Int32Array;
  declare readonly cnt: Int32Array;
  declare readonly lazyStart: Int32Array;
  declare readonly lazyCnt: Int32Array;
  declare readonly fat: Uint8Array;
  declare readonly fatN: Int32Array;
  declare readonly H: number;
  /** Able combatants per side, and how many sides have any (HA-I6), now and at the start of a combat. */
  declare readonly ableCnt: Int32Array;
  sidesAble = 0;
  protected sidesAtStart = 0;
  /** The bytes under every field begin() resets (the views above), and their start values, copied in by begin(). */
  declare protected readonly live: Uint8Array;
  declare protected readonly fresh: Uint8Array;
  declare readonly hand: Uint8Array;
  /** One-card scratch for drawOne. */
  protected readonly one = new Uint8Array(1);
  declare readonly handN: Int32Array;
  // counters (bench floor): cards drawn, and of those the draws that picked from a shuffled run (one random number each)
  declare readonly drawsBy: Int32Array;
  declare readonly picksBy: Int32Array;
  nShuffles = 0;
  // round / turn
  round = 0;
  phase = P_INIT;
  declare readonly fixedOrder: Int32Array;
  declare readonly roundOrder: Int32Array;
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
  /** Movement goal of the current move: zone and band (see tactics.nextStep). */
  mGoal = -1;
  mBand = 0;
  // resolution scratch
  declare readonly tgt: Int32Array;
  declare readonly tmp: Int32Array;
  declare readonly resDef: Int32Array;
  declare readonly resDc: Int32Array;
  declare readonly resHit: Uint8Array;
  declare readonly resCrit: Uint8Array;
  declare readonly resVb: Int32Array;
  declare readonly resVa: Int32Array;
  declare readonly resDmg: Int32Array;

  constructor(k: Compiled) {
    this.k = k;
    const n = k.n;
    // one generator per deck for the simulator's life, reseeded per combat (no garbage per combat)
    this.rng = Array.from({ length: n }, () => makeRng(0));
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
    // Everything begin() resets lives in one buffer (Int32 views first, for alignment), so that the reset is
    // one copy of the start state kept in `fresh`.
    const i32Fields = 18,
      u8Fields = 7;
    const bytes = 4 * (i32Fields * n + 2 * k.nSides) + u8Fields * n + n * SLOTS + tot;
    this.live = new Uint8Array(bytes);
    const ab = this.live.buffer;
    let at = 0;
    const i32 = (len: number): Int32Array => {
      const v = new Int32Array(ab, at, len);
      at += 4 * len;
      return v;
    };
    const u8 = (len: number): Uint8Array => {
      const v = new Uint8Array(ab, at, len);
      at += len;
      return v;
    };
    this.vit = i32(n);
    this.failing = i32(n);
    this.weakTurns = i32(n);
    this.assist = i32(n);
    this.activeGuard = i32(n);
    this.guardNow = i32(n);
    this.zone = i32(n);
    this.dmgDealt = i32(n);
    this.linkTarget = i32(n);
    this.linkFrom = i32(n);
    this.head = i32(n);
    this.cnt = i32(n);
    this.lazyStart = i32(n);
    this.lazyCnt = i32(n);
    this.fatN = i32(n);
    this.handN = i32(n);
    this.drawsBy = i32(n);
    this.picksBy = i32(n);
    this.brokenBySide = i32(k.nSides);
    this.ableCnt = i32(k.nSides);
    this.broken = u8(n);
    this.defeated = u8(n);
    this.everBroken = u8(n);
    this.stunned = u8(n);
    this.prone = u8(n);
    this.reactionUsed = u8(n);
    this.seized = u8(n);
    this.lost = u8(n * SLOTS); // every weapon in hand
    this.buf = u8(tot);
    if (at !== bytes) throw new Error(`combat state layout: ${at} bytes carved of ${bytes}`);
    // the state every combat starts in (fields not set here start at 0)
    for (let i = 0; i < n; i++) {
      this.vit[i] = k.vitMax[i];
      this.zone[i] = k.startZone[i];
      this.activeGuard[i] = -1;
      this.guardNow[i] = k.guard[i];
      this.linkTarget[i] = -1;
      this.linkFrom[i] = -1;
      // HA-C3: stacked cards on top in order, the rest one shuffled run beneath.
      const d = k.deck[i];
      const top = d.top.length;
      this.cnt[i] = k.deckSize[i];
      this.lazyStart[i] = top & this.dMask[i];
      this.lazyCnt[i] = k.deckSize[i] - top;
      let p = this.dOff[i];
      for (const card of d.top) this.buf[p++] = card;
      for (const card of d.shuffled) this.buf[p++] = card;
      if (this.ableCnt[k.side[i]]++ === 0) this.sidesAtStart++;
    }
    this.fresh = this.live.slice();
    this.dropZone = new Int32Array(n * SLOTS);
    this.initValue = new Int32Array(n);
    this.initCard = new Int32Array(n);
    this.roundValue = new Int32Array(n);
    this.roundCard = new Int32Array(n);
    this.linkPen = new Int32Array(n);
    this.linkNo = new Int32Array(n);
    this.fat = new Uint8Array(tot);
    this.H = k.maxDraw + 2;
    this.hand = new Uint8Array(n * this.H);
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
    this.sink = sink;
    this.nShuffles = 0;
    this.live.set(this.fresh); // every combatant, deck and side counter as at the start (HA-C3)
    const mix = combatSeedMix(seed);
    for (let i = 0; i < n; i++) reseedRng(this.rng[i], combatantSeedFrom(mix, k.idHash[i]));
    this.sidesAble = this.sidesAtStart;
    this.ultimateUsed = 0;
    this.quietRound = true;
    this.calmRounds = 0;
    this.stalledAt = 0;
    this.round = 0;
    this.phase = P_INIT;
    this.turnIdx = 0;
    this.cur = -1;
    this.result = -1;
    this.winner = -1;
    this.endRound = 0;
    this.decisionIndex = 0;
    if (sink) {
      sink.push({
        type: 'combat-start',
        encounter: k.enc.name,
        seed,
        roundCap: k.roundCap,
        combatants: k.ids.map((id, i) => ({
          id,
          side: k.sideNames[k.side[i]],
          zone: k.zoneNames[k.startZone[i]],
          vitality: k.vitMax[i],
          guard: k.guard[i],
          resolve: k.resolve[i],
          deckSize: k.deckSize[i],
        })),
      });
    }
  }

  get done(): boolean {
    return this.phase === P_DONE;
  }
}
