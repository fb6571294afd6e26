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
   * Takes the top m cards (m ≤ cards in the deck) into dst[at ..], lazy shuffle: a draw at the start of
   * the shuffled run picks a uniform card of the run and swaps it to the top. The one implementation of a
   * draw: a hand takes its cards in one call, with the deck's cursors held in locals.
   */
  protected takeInto(c: number, m: number, dst: Uint8Array, at: number): void {
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
  protected takeTop(c: number): number {
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
    if (this.cnt[c] === 0) {
      if (!reshuffle || this.fatN[c] === 0) return -1;
      this.reshuffle(c);
    }
    return this.takeTop(c);
  }

  /** HA-K1: draws up to k cards into c's hand; returns how many. */
  protected drawHand(c: number, k: number): number {
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
