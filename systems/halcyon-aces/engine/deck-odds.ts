// HA-C3: exact odds are computed on the deck a combatant really fights with,
// not always on a standard 52. One mapping from a declared deck to the odds
// engine's deck input, and one phrase saying which deck a number is for, so
// hovers and `aces odds --strikes` agree.
//
// A stacked deck scripts its first draws (the scene is replayed by `aces run`);
// its odds are those of its cards shuffled: the listed cards alone with
// `only`, else the 52 of a standard deck (the stacked cards are part of it).

import type { Card, DeckSpec } from '../model.js';
import type { DeckInput } from './odds.js';

/** The deck to compute a combatant's odds on; undefined = the standard 52 (the odds engine's default). */
export function oddsDeck(spec: DeckSpec | undefined): DeckInput | undefined {
  if (!spec || spec.kind === 'standard') return undefined;
  if (spec.kind === 'homebrew') return spec.cards;
  return spec.only ? spec.cards : undefined;
}

/** Words for the deck behind a number: "a standard 52-card deck", "homebrew deck 'Lucky' (12 cards)". */
export function deckPhrase(spec: DeckSpec | undefined): string {
  if (!spec || spec.kind === 'standard')
    return spec && spec.name !== 'standard' ? `deck '${spec.name}' (standard 52 cards)` : 'a standard 52-card deck';
  const n = spec.cards.length;
  if (spec.kind === 'homebrew') return `homebrew deck '${spec.name}' (${n} card${n === 1 ? '' : 's'})`;
  return spec.only
    ? `stacked deck '${spec.name}' — its ${n} listed card${n === 1 ? '' : 's'}, shuffled (the scripted order plays out in \`aces run\`)`
    : `stacked deck '${spec.name}' — the 52 cards shuffled (${n === 1 ? 'its scripted card comes' : `its ${n} scripted cards come`} first in \`aces run\`)`;
}

/** A key that tells two decks' odds apart (for caches). */
export function deckKey(spec: DeckSpec | undefined): string {
  const d = oddsDeck(spec);
  return d === undefined ? 'standard' : (d as readonly Card[]).join(',');
}
