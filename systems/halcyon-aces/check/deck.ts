// A deck block (HA-C3, HA-C6, HA-K1): standard, stacked (cards on top, each
// once) or homebrew (only the cards listed), and its size limit.

import type { RawBlock } from '../../../model/read.js';
import { cardName, DECK_SIZE } from '../engine/cards.js';
import type { DeckSpec } from '../model.js';
import type { HaCheck } from './context.js';

/** The deck a block declares, built once. */
export function deckBlock(cx: HaCheck, raw: RawBlock): DeckSpec {
  return cx.memo(cx.decks, raw, () => buildDeck(cx, raw));
}

function buildDeck(cx: HaCheck, raw: RawBlock): DeckSpec {
  const f = raw.file;
  const kindAttr = cx.group(raw, 'kind');
  const cardAttrs = raw.attrs.filter((a) => a.spec.name === 'cards');
  const cards = cardAttrs.flatMap((a) => a.cards);
  const kind = (kindAttr?.spec.name ?? (cards.length ? 'stacked' : 'standard')) as DeckSpec['kind'];
  const onlyAttr = cx.one(raw, 'only');
  if (kind === 'standard' && cards.length) {
    cx.report(
      f,
      cardAttrs[0].keyRange,
      'warning',
      'HA-C3',
      `A standard deck is the 52 cards, shuffled; the listed cards are ignored. Say \`stacked\` to put them on top, or \`homebrew\` to use only them.`,
    );
  }
  if (onlyAttr && kind !== 'stacked')
    cx.report(f, onlyAttr.keyRange, 'warning', 'HA-C3', `'only' applies to stacked decks; a ${kind} deck ignores it.`);
  if (kind === 'stacked') {
    // HA-C3/HA-C6: a stacked deck is a standard deck in a chosen order, so each card appears once.
    const seen = new Map<number, string>();
    for (const c of cards) {
      if (seen.has(c.card)) {
        cx.report(
          f,
          c.range,
          'error',
          'HA-C3',
          `${cardName(c.card)} is already in this stacked deck; a standard deck has one of each card. Use \`homebrew\` for a deck with repeats.`,
        );
      } else seen.set(c.card, c.text);
    }
  }
  if (kind === 'homebrew' && cards.length === 0) {
    cx.report(
      f,
      raw.nameRange,
      'error',
      'HA-C3',
      `Homebrew deck ${raw.name} has no cards: list them with \`cards 10♣ QS …\`.`,
    );
  }
  if ((kind === 'homebrew' || (kind === 'stacked' && onlyAttr)) && cards.length > 0 && cards.length < 2) {
    cx.report(
      f,
      raw.nameRange,
      'warning',
      'HA-K1',
      `Deck ${raw.name} has ${cards.length} card; every check draws at least 2 (HA-K1), so it will run dry at once.`,
    );
  }
  if (cards.length > DECK_SIZE * 20)
    cx.report(
      f,
      raw.nameRange,
      'error',
      'limit',
      `Deck ${raw.name} lists ${cards.length} cards; the limit is ${DECK_SIZE * 20}.`,
    );
  const d: DeckSpec = {
    name: raw.name,
    kind,
    cards: kind === 'stacked' ? dedupe(cards.map((c) => c.card)) : cards.map((c) => c.card),
    only: kind === 'stacked' && !!onlyAttr,
    range: raw.nameRange,
    file: f,
  };
  return d;
}

function dedupe(cards: number[]): number[] {
  return [...new Set(cards)];
}
