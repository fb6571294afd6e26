// Cards as small integers (see model/types.ts `Card`): suit * 13 + (value − 2).
// Shared by the checker (card literals), the engine and the odds module.

import type { Card, Stat } from '../model.js';
import { STATS } from '../model.js';

export const DECK_SIZE = 52;
export const SUIT_SYMBOLS = ['♥', '♣', '♦', '♠'] as const;
export const SUIT_LETTERS = ['H', 'C', 'D', 'S'] as const;
const RANK_TEXT = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];

/** HA-C1: 2..14. */
export function cardValue(card: Card): number {
  return (card % 13) + 2;
}

/** HA-C2: 0 ♥ Heart, 1 ♣ Body, 2 ♦ Mind, 3 ♠ Spirit. */
export function cardSuit(card: Card): number {
  return (card / 13) | 0;
}

export function makeCard(value: number, suit: number): Card {
  return suit * 13 + (value - 2);
}

/** The stat a card resonates with (HA-C2). */
export function suitStat(card: Card): Stat {
  return STATS[cardSuit(card)];
}

export function statSuit(stat: Stat): number {
  return STATS.indexOf(stat);
}

/** `10♣`, `Q♠`. */
export function cardName(card: Card): string {
  return RANK_TEXT[card % 13] + SUIT_SYMBOLS[cardSuit(card)];
}

/** A fresh standard deck, 52 cards in a fixed order (HA-C3). */
export function standardDeck(): Card[] {
  return Array.from({ length: DECK_SIZE }, (_, i) => i);
}

/**
 * Parses a card literal (`10♣`, `QS`, `a♠`). Returns undefined when the text is
 * not a card. Used by the lexer's card token and by tests.
 */
export function parseCard(text: string): Card | undefined {
  const m = /^(10|[2-9JQKA])([♥♣♦♠HCDS])$/u.exec(text.toUpperCase());
  if (!m) return undefined;
  const rank = m[1];
  const value = rank === 'J' ? 11 : rank === 'Q' ? 12 : rank === 'K' ? 13 : rank === 'A' ? 14 : Number(rank);
  const s = m[2];
  let suit: number = SUIT_SYMBOLS.indexOf(s as (typeof SUIT_SYMBOLS)[number]);
  if (suit < 0) suit = SUIT_LETTERS.indexOf(s as (typeof SUIT_LETTERS)[number]);
  return makeCard(value, suit);
}
