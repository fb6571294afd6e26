// The spec's example file ("In the language": Raid on Salt Street) as model
// data, and helpers for the worked examples' scripted scenes: stacked `only`
// decks, hands 0, `hand-of-fate 0`, no scene aspect, `tactics aggressive`
// unless a scene says otherwise.
import { parseCard } from '../../../engine/cards.js';
import {
  character,
  copies,
  deck,
  encounter,
  maneuver,
  placement,
  weapon,
  type Character,
  type Encounter,
  type Placement,
} from '../../../systems/arcana/model.js';
import { ArSim, combatEvents, renderEvent, type ArEvent } from '../../../systems/arcana/engine/index.js';
import type { SimOptions } from '../../../systems/arcana/engine/sim.js';

export const saber = weapon('Saber', { bonus: 2 });
export const rapier = weapon('Rapier', { finesse: true, bonus: 1 });
export const pistol = weapon('Pistol', { kind: 'ranged', bonus: 3 });
export const cudgel = weapon('Cudgel', { bonus: 1 });
export const dust = maneuver('Dust in the Eyes', { stat: 'finesse', against: 'alertness', aspect: 'Blinded' });
export const lantern = maneuver('Kick Over the Lantern', {
  target: 'scene',
  stat: 'strength',
  tn: 12,
  aspect: 'Burning Straw',
});

export const vale = character('Inspector Vale', {
  player: true,
  strength: 2,
  finesse: 4,
  agility: 3,
  alertness: 4,
  health: 12,
  armor: 1,
  wields: pistol,
  aspects: ['Never Misses a Detail'],
});
export const bruno = character('Bruno Kask', {
  player: true,
  strength: 4,
  finesse: 2,
  agility: 2,
  alertness: 2,
  health: 14,
  armor: 2,
  attackEdge: 1,
  hand: 4,
  wields: saber,
  maneuvers: [dust, lantern],
});
export const silas = character('Silas Crane', {
  strength: 3,
  finesse: 4,
  agility: 3,
  alertness: 3,
  health: 14,
  armor: 1,
  wields: rapier,
  aspects: ['Cornered Rat'],
});
export const deckhand = character('Deckhand', {
  strength: 3,
  finesse: 2,
  agility: 2,
  alertness: 1,
  health: 6,
  wields: cudgel,
  tactics: 'aggressive',
});

/** The example encounter exactly as written. */
export function raid(): Encounter {
  return encounter(
    'Raid on Salt Street',
    [
      { name: 'investigators', placements: [placement(vale), placement(bruno)] },
      { name: 'smugglers', placements: [placement(silas), ...copies(deckhand, 4, 'Dock Rats')] },
    ],
    { seed: 13, rounds: 30, oppositionCard: 'defense', handOfFate: 3, aspects: ['Crates Stacked to the Rafters'] },
  );
}

/** A worked-example version of a character: hand 0, no declared aspects, aggressive unless overridden. */
export function scripted(c: Character, o: Partial<Character> = {}): Character {
  return { ...c, hand: 0, aspects: [], tactics: 'aggressive', ...o };
}

export function cards(text: string): number[] {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((t) => {
      const c = parseCard(t);
      if (c === undefined) throw new Error(`not a card: ${t}`);
      return c;
    });
}

/** A worked-example scene: a stacked `only` deck, hand-of-fate 0, no scene aspect unless given. */
export function scene(a: Placement[], b: Placement[], deckCards: string, e: Partial<Encounter> = {}): Encounter {
  return encounter(
    'scene',
    [
      { name: 'investigators', placements: a },
      { name: 'smugglers', placements: b },
    ],
    {
      deck: deck('script', 'stacked', cards(deckCards), true),
      handOfFate: 0,
      rounds: 1,
      ...e,
    },
  );
}

export function events(enc: Encounter, opts: SimOptions = {}): { evs: ArEvent[]; sim: ArSim } {
  const sim = new ArSim(enc, opts);
  const evs = [...combatEvents(enc, enc.seed, sim)];
  return { evs, sim };
}
export function log(evs: ArEvent[]): string {
  return evs
    .map(renderEvent)
    .filter((l) => l !== undefined)
    .join('\n');
}
export { placement, copies };
