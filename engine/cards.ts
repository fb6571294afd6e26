// A standard 52-card deck as small integers, suit * 13 + (value − 2), for every
// system that plays cards (Halcyon Aces's own decks, Arcana's Fate deck).
// Values 2..14 (J 11, Q 12, K 13, A 14); suits 0 ♥, 1 ♣, 2 ♦, 3 ♠ — the order
// the grammar's card literals use.

export type CardInt = number;

export const DECK_SIZE = 52;
export const SUIT_SYMBOLS = ['♥', '♣', '♦', '♠'] as const;
export const SUIT_LETTERS = ['H', 'C', 'D', 'S'] as const;
const RANK_TEXT = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];

/** 2..14. */
export function cardValue(card: CardInt): number {
  return (card % 13) + 2;
}

/** 0 ♥, 1 ♣, 2 ♦, 3 ♠. */
export function cardSuit(card: CardInt): number {
  return (card / 13) | 0;
}

export function makeCard(value: number, suit: number): CardInt {
  return suit * 13 + (value - 2);
}

/** `10♣`, `Q♠`. */
export function cardName(card: CardInt): string {
  return RANK_TEXT[card % 13] + SUIT_SYMBOLS[cardSuit(card)];
}

/** A fresh standard deck, 52 cards in a fixed order. */
export function standardDeck(): CardInt[] {
  return Array.from({ length: DECK_SIZE }, (_, i) => i);
}

/** Parses a card literal (`10♣`, `QS`, `a♠`); undefined when the text is not a card. For tests and scripts. */
export function parseCard(text: string): CardInt | undefined {
  const m = /^(10|[2-9JQKA])([♥♣♦♠HCDS])$/u.exec(text.toUpperCase());
  if (!m) return undefined;
  const rank = m[1];
  const value = rank === 'J' ? 11 : rank === 'Q' ? 12 : rank === 'K' ? 13 : rank === 'A' ? 14 : Number(rank);
  const s = m[2];
  let suit: number = SUIT_SYMBOLS.indexOf(s as (typeof SUIT_SYMBOLS)[number]);
  if (suit < 0) suit = SUIT_LETTERS.indexOf(s as (typeof SUIT_LETTERS)[number]);
  return makeCard(value, suit);
}
