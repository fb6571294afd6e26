// Halcyon Aces hovers on names (EditorContributions.hover): each block kind
// to the file that renders it. '' means "nothing to show" (the definition is
// not in the model), which keeps the shell from falling back to the schema doc.

import type { HoverQuery, UnknownNameQuery } from '../../../model/system.js';
import { UNARMED } from '../check/defaults.js';
import { combatantHover } from './combatant.js';
import { deckHover, encounterHover, sideHover, zoneHover } from './encounter.js';
import { techniqueHover, weaponDefHover, weaponInHand } from './strikes.js';
import { defsOf, encounterAt } from './workspace.js';

export function haHover(q: HoverQuery): string {
  const ws = q.workspace;
  const ref = q.ref;
  const defs = defsOf(ws, q.file);
  const within = q.within && encounterAt(ws, q.file, q.within.range.start.offset);
  switch (q.kind) {
    case 'weapon': {
      const w = defs.weapons.get(q.name);
      if (!w) return '';
      if (ref && (ref.role === 'wields' || ref.role === 'offhand')) return weaponInHand(ws, ref, w);
      return weaponDefHover(ws, q.file, w);
    }
    case 'technique': {
      const tq = defs.techniques.get(q.name);
      if (!tq) return '';
      const user = ref?.role === 'techniques' ? defsOf(ws, ref.holder.file).characters.get(ref.holder.name) : undefined;
      return techniqueHover(ws, q.file, tq, user);
    }
    case 'character': {
      const b = defs.characters.get(q.name);
      if (!b) return '';
      const only = ref?.role === 'placement' ? ref.encounter : undefined;
      return combatantHover(
        ws,
        q.file,
        b,
        only ? (a) => a.uri === ref!.file && a.encounter.range?.start.offset === only.range.start.offset : undefined,
      );
    }
    case 'zone':
      return zoneHover(within, q.name);
    case 'deck':
      return deckHover(q.name, defs.decks.get(q.name) ?? within?.combatants.find((c) => c.deck.name === q.name)?.deck);
    case 'encounter': {
      const enc = encounterAt(ws, q.file, q.range.start.offset);
      return enc ? encounterHover(enc) : '';
    }
    case 'side':
      return within ? sideHover(within, q.name) : '';
  }
  return '';
}

/** `wields Unarmed`: the built-in weapon (HA-W6) in the holder's hand, with its strike tables. */
export function haHoverUnknown(q: UnknownNameQuery): string | undefined {
  if (q.ref.kind === 'weapon' && q.ref.name.toLowerCase() === 'unarmed')
    return weaponInHand(q.workspace, q.ref, UNARMED);
  return undefined;
}
