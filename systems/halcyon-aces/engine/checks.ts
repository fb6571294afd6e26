// Check arithmetic shared by the engine's callers (hovers, tests).

import type { Card, Stat } from '../model.js';
import { cardSuit, cardValue, statSuit } from './cards.js';

/** HA-K2: base value, plus the stat's value when the card's suit matches it (Resonance); HA-K4 modifiers after. */
export function effectiveValue(card: Card, stat: Stat, statValue: number, modifiers = 0): number {
  return cardValue(card) + (cardSuit(card) === statSuit(stat) ? statValue : 0) + modifiers;
}
