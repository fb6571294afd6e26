// Halcyon Aces cards (RULES.md HA-C1/HA-C2): the shared 52-card integers
// (engine/cards.ts; HA-C1 values 2..14), and the suit ↔ stat link of HA-C2
// (0 ♥ Heart, 1 ♣ Body, 2 ♦ Mind, 3 ♠ Spirit). Shared by the checker, the
// engine and the odds module.

import type { Card, Stat } from '../model.js';
import { STATS } from '../model.js';
import { cardSuit } from '../../../engine/cards.js';

export {
  DECK_SIZE,
  SUIT_SYMBOLS,
  SUIT_LETTERS,
  cardValue,
  cardSuit,
  makeCard,
  cardName,
  standardDeck,
  parseCard,
} from '../../../engine/cards.js';

/** The stat a card resonates with (HA-C2). */
export function suitStat(card: Card): Stat {
  return STATS[cardSuit(card)];
}

export function statSuit(stat: Stat): number {
  return STATS.indexOf(stat);
}
