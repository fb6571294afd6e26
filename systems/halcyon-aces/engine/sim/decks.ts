// Each combatant's deck (HA-C3..C6): draws, the bottom, fatigue, reshuffles.
// The hottest code of a combat: every check draws here.
//
// Decks are ring buffers with a *lazy shuffle*: a shuffled run of cards is
// kept unordered and each draw from it picks a uniformly random card of the
// run (an incremental Fisher–Yates). That is exactly a uniform shuffle, but it
// only spends randomness on cards actually drawn. Cards put to the bottom
// (HA-C4) go after the shuffled run, in order.

import * as random from '../../../../engine/rng.js';
import { CombatQueries } from './queries.js';

// Module constants, not live imported bindings, for the hot code: see "Imports" in sim.ts.
const { randBelow, randBelowFast } = random;

export interface DeckView {
  deck: number;
  fatigue: number;
  hand: number;
  removed: number;
  size: number;
}

export class CombatDecks extends CombatQueries {
  /**
   * The one implementation of a draw: takes up to `want` cards of c's deck into dst[at ..] and returns how
   * many, reshuffling fatigue into the empty deck when allowed (HA-C5) — exactly as `want` single draws.
   * Lazy shuffle: a draw at the start of the shuffled run picks a uniform card of the run and swaps it to the
   * top; the deck's cursors are held in locals for each run of cards taken.
   *
   * One function for every draw (hands, initiative, Seize, stabilization draws), and written out in one body
   * on purpose: its bytecode is then above V8's inlining limit, so the optimized code exists once (compiled
   * once per process, one copy in the instruction cache) instead of a copy inlined into each caller
   * (bench/README.md, speed-ha3).
   */
  protected drawInto(c: number, want: number, dst: Uint8Array, at: number, reshuffle: boolean): number {
    let got = 0;
    for (let left = want; left > 0;) {
      let avail = this.cnt[c];
      if (avail === 0) {
        if (!reshuffle || this.fatN[c] === 0) break;
        this.reshuffle(c);
        avail = this.cnt[c];
      }
      const m = left < avail ? left : avail;
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
        dst[at + got + i] = buf[off + h];
        h = (h + 1) & mask;
      }
      this.head[c] = h;
      this.cnt[c] = avail - m;
      this.lazyCnt[c] = lc;
      this.lazyStart[c] = ls;
      this.drawsBy[c] += m;
      this.picksBy[c] += picks;
      got += m;
      left -= m;
    }
    return got;
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
  protected shuffleDeck(c: number): void {
    this.lazyStart[c] = this.head[c];
    this.lazyCnt[c] = this.cnt[c];
    this.nShuffles++;
  }

  /** HA-C5: fatigue shuffled into the empty deck. */
  protected reshuffle(c: number): void {
    const n = this.fatN[c];
    const off = this.dOff[c];
    for (let i = 0; i < n; i++) this.putBottom(c, this.fat[off + i]);
    this.fatN[c] = 0;
    this.shuffleDeck(c);
    if (this.sink) this.sink.push({ type: 'reshuffle', owner: this.k.ids[c], cards: n, cause: 'empty-deck' });
  }

  /** Draws one card (reshuffling fatigue when the deck is empty and allowed); −1 if none. */
  drawOne(c: number, reshuffle: boolean): number {
    return this.drawInto(c, 1, this.one, 0, reshuffle) > 0 ? this.one[0] : -1;
  }

  /** HA-K1: draws up to k cards into c's hand; returns the hand's size. */
  protected drawHand(c: number, k: number): number {
    const n = this.handN[c] + this.drawInto(c, k, this.hand, c * this.H + this.handN[c], true);
    this.handN[c] = n;
    return n;
  }

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
}
