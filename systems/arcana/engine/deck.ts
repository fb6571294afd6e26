// The one Fate deck the whole table shares (AR-F1): draw pile, discard pile,
// the seeded shuffle, and the reshuffle of the discard pile when the draw pile
// runs out (AR-F4). Cards are the shared small integers (engine/cards.ts);
// NO_CARD (−1) is the "flip worth 0" of an empty deck and discard (AR-F4).

import { fmix32, makeRng, randBelow, randBelowFast, seed32, type Rng } from '../../../engine/rng.js';
import type { Card, Deck } from '../model.js';

export const NO_CARD = -1;
/** Salt of Arcana's deck stream, distinct from every other system's derivation (rng.ts stays frozen). */
export const AR_DECK_SALT = 0x41726361; // "Arca"

/** ARS-1: the deck stream of a combat seeded `seed`. */
export function deckSeed(seed: number): number {
  return fmix32(seed32(seed) ^ AR_DECK_SALT);
}

/** AR-F2: 2–10 face value, J 11, Q 12, K 13, A 14; NO_CARD is worth 0 (AR-F4). */
export function value(c: Card): number {
  return c < 0 ? 0 : (c % 13) + 2;
}

const STANDARD: readonly Card[] = Array.from({ length: 52 }, (_, i) => i);

/** AR-F1 / HA-C3: the cards stacked on top (drawn first, in order) and the cards shuffled beneath. */
export function deckLayout(d: Deck): { top: Card[]; shuffled: Card[] } {
  const cards = d.cards.filter((c) => Number.isInteger(c) && c >= 0 && c < 52);
  if (d.kind === 'standard') return { top: [], shuffled: STANDARD.slice() };
  if (d.kind === 'homebrew') return { top: [], shuffled: cards };
  if (d.only) return { top: cards, shuffled: [] };
  const used = new Set(cards);
  return { top: cards, shuffled: STANDARD.filter((c) => !used.has(c)) };
}

function shuffle(rng: Rng, a: Int32Array, from: number, to: number): void {
  // Fisher–Yates over a[from, to)
  for (let i = to - 1; i > from; i--) {
    const n = i - from + 1;
    const j = from + (n < 256 ? randBelowFast(rng, n) : randBelow(rng, n));
    const t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
}

export class FateDeck {
  /** Every card of the deck (AR-F6: the conserved total). */
  readonly size: number;
  private readonly top: Int32Array;
  private readonly rest: Int32Array;
  /** Draw pile: pile[head, len), pile[head] is the top card. */
  readonly pile: Int32Array;
  head = 0;
  len = 0;
  /** Discard pile, oldest first. */
  readonly discard: Int32Array;
  discards = 0;
  /** Times the discard pile was shuffled in (AR-F4). */
  reshuffles = 0;
  private rng: Rng = makeRng(0);

  constructor(d: Deck) {
    const l = deckLayout(d);
    this.top = Int32Array.from(l.top);
    this.rest = Int32Array.from(l.shuffled);
    this.size = l.top.length + l.shuffled.length;
    this.pile = new Int32Array(this.size);
    this.discard = new Int32Array(this.size);
  }

  /** AR-F1: build and shuffle for a combat seeded `seed`: stacked cards on top in order, the rest shuffled beneath. */
  reset(seed: number): void {
    this.rng = makeRng(deckSeed(seed) | 0);
    this.pile.set(this.top, 0);
    this.pile.set(this.rest, this.top.length);
    shuffle(this.rng, this.pile, this.top.length, this.size);
    this.head = 0;
    this.len = this.size;
    this.discards = 0;
    this.reshuffles = 0;
  }

  /**
   * Issue 32 (`play` with a control's `reseed`): the rest of the combat draws from a stream re-derived from `seed`
   * as ARS-1 derives a combat's, and the draw pile's cards are shuffled anew by it (stacked cards too); the
   * discard pile's later reshuffles (AR-F4) draw from the same new stream.
   */
  reseed(seed: number): void {
    this.rng = makeRng(deckSeed(seed) | 0);
    shuffle(this.rng, this.pile, this.head, this.len);
  }

  /**
   * Issue 32's probe (ARS-28), after `reseed`: the cards of `hands` (the hands hidden from the one deciding) go into
   * the draw pile, the pile is shuffled again by the same stream, and each hand is dealt back as many cards as it held,
   * from the top. Every card stays in the deck (AR-F6); the discard pile, seen by all, is left as it is.
   */
  redeal(hands: readonly number[][]): void {
    let len = this.len - this.head;
    this.pile.copyWithin(0, this.head, this.len);
    for (const h of hands) for (const c of h) this.pile[len++] = c;
    this.head = 0;
    this.len = len;
    shuffle(this.rng, this.pile, 0, len);
    for (const h of hands) for (let k = 0; k < h.length; k++) h[k] = this.pile[this.head++];
  }

  get count(): number {
    return this.len - this.head;
  }

  /** The top card (AR-F3 flip, AR-H4 draw); AR-F4: an empty pile takes the discard pile in, shuffled; both empty: NO_CARD. */
  draw(): Card {
    if (this.head === this.len && !this.refill()) return NO_CARD;
    return this.pile[this.head++];
  }

  /** AR-F4: with the draw pile empty, the discard pile becomes the draw pile, shuffled. False when there is nothing to take in. */
  refill(): boolean {
    if (this.head !== this.len || this.discards === 0) return false;
    this.pile.set(this.discard.subarray(0, this.discards), 0);
    this.head = 0;
    this.len = this.discards;
    this.discards = 0;
    shuffle(this.rng, this.pile, 0, this.len);
    this.reshuffles++;
    return true;
  }

  /** AR-F3: to the discard pile (NO_CARD is nothing). */
  toDiscard(c: Card): void {
    if (c >= 0) this.discard[this.discards++] = c;
  }

  /** Cards left in the draw pile, top first (tests, invariants). */
  drawPile(): Card[] {
    return Array.from(this.pile.subarray(this.head, this.len));
  }
  discardPile(): Card[] {
    return Array.from(this.discard.subarray(0, this.discards));
  }
}
