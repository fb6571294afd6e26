// A check's cards (HA-K1..K4): which card of the hand to play, its EV from the
// compiled tables, the modifiers every check of a combatant takes, where the
// hand goes afterwards (HA-C4), and, in event mode only, the snapshot of the
// check that the log prints.

import type { Card } from '../../model.js';
import * as model from '../../model.js';
import * as cards from '../cards.js';
import type { CheckDraw, Modifier } from '../events.js';
import { CombatDecks } from './decks.js';

// Module constants, not live imported bindings, for the hot code: see "Imports" in sim.ts.
const { STATS } = model;
const { cardSuit, cardValue } = cards;

const STAT_LABEL = ['Heart', 'Body', 'Mind', 'Spirit'];

export class CardChecks extends CombatDecks {
  /** HA-K2: c's EV of card for stat st (value + Resonance), from the compiled table. */
  protected cardEv(c: number, card: number, st: number): number {
    return this.k.cardEv[(c * 4 + st) * 52 + card];
  }

  /**
   * Index of the hand card with the highest EV for stat st (ties: lowest face value, then first drawn);
   * −1 when no card has EV ≥ −1. One compare of compiled play keys (EV*32 + 31 − value): the floor
   * −32 is the key just below EV −1 with any value, the first card's bar in the two-key form.
   */
  protected pickBest(c: number, st: number): number {
    const base = c * this.H;
    const keys = this.k.playKey;
    const kb = (c * 4 + st) * 52;
    const hand = this.hand;
    const n = this.handN[c];
    let bi = -1,
      bk = -32;
    for (let i = 0; i < n; i++) {
      const key = keys[kb + hand[base + i]];
      if (key > bk) {
        bi = i;
        bk = key;
      }
    }
    return bi;
  }

  /** Lowest-EV card whose EV + m reaches dc; else the lowest-EV card (a miss costs the least). */
  protected pickLowestMaking(c: number, st: number, m: number, dc: number): number {
    const base = c * this.H;
    const evs = this.k.cardEv;
    const eb = (c * 4 + st) * 52;
    let bi = -1,
      be = 999,
      bv = 99,
      li = -1,
      le = 999,
      lv = 99;
    for (let i = 0; i < this.handN[c]; i++) {
      const card = this.hand[base + i];
      const v = cardValue(card);
      const e = evs[eb + card];
      if (e + m >= dc && (e < be || (e === be && v < bv))) {
        bi = i;
        be = e;
        bv = v;
      }
      if (e < le || (e === le && v < lv)) {
        li = i;
        le = e;
        lv = v;
      }
    }
    return bi >= 0 ? bi : li;
  }

  /** HA-C4: unplayed cards to the bottom in drawn order, then the played card to fatigue (or bottom on a crit, HA-S3). */
  protected settleHand(c: number, pi: number, playedToBottom: boolean): void {
    const base = c * this.H;
    const n = this.handN[c];
    const hand = this.hand;
    // putBottom for each card, with the ring's tail in a local
    const buf = this.buf,
      off = this.dOff[c],
      mask = this.dMask[c],
      h = this.head[c];
    let tail = h + this.cnt[c];
    for (let i = 0; i < n; i++) if (i !== pi) buf[off + (tail++ & mask)] = hand[base + i];
    if (pi >= 0 && playedToBottom) buf[off + (tail++ & mask)] = hand[base + pi];
    this.cnt[c] = tail - h;
    if (pi >= 0 && !playedToBottom) this.toFatigue(c, hand[base + pi]);
    this.handN[c] = 0;
  }

  protected handCards(c: number): Card[] {
    const out: Card[] = [];
    for (let i = 0; i < this.handN[c]; i++) out.push(this.hand[c * this.H + i]);
    return out;
  }

  /** Event-mode snapshot of a check, taken before the hand is settled. */
  protected snap(c: number, st: number, pi: number, mods: Modifier[]): CheckDraw {
    const sv = this.k.stats[c * 4 + st];
    const played = pi >= 0 ? this.hand[c * this.H + pi] : -1;
    const base = played >= 0 ? cardValue(played) : 0;
    const res = played >= 0 && cardSuit(played) === st ? sv : 0;
    let ev = base + res;
    for (const m of mods) ev += m.value;
    return {
      stat: STATS[st],
      statValue: sv,
      cards: this.handCards(c),
      played: played >= 0 ? played : null,
      base,
      resonance: res,
      modifiers: mods,
      ev,
    };
  }

  /** EV modifiers common to every check of c (HA-T3 Weakened, HA-A7 Assist) — after Resonance (HA-K4). */
  protected checkMod(c: number): number {
    return (this.weakTurns[c] > 0 ? -1 : 0) + this.assist[c];
  }

  protected mods(c: number, extra: number, extraLabel: string, brawler: number): Modifier[] {
    const out: Modifier[] = [];
    if (extra !== 0) out.push({ label: extraLabel, value: extra });
    if (brawler) out.push({ label: 'Brawler', value: brawler });
    if (this.weakTurns[c] > 0) out.push({ label: 'Weakened', value: -1 });
    if (this.assist[c]) out.push({ label: 'Assist', value: this.assist[c] });
    return out;
  }

  statLabel(st: number): string {
    return STAT_LABEL[st];
  }
}
