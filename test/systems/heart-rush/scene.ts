// Helpers to build the spec's test scenes: `hold`, `shrug never`, hp 20 unless stated.
import {
  character,
  encounter,
  placement,
  type Character,
  type Encounter,
  type Placement,
  type Stance,
} from '../../../systems/heart-rush/model.js';
import { combatEvents, renderEvent, type HREvent } from '../../../systems/heart-rush/engine/index.js';

export function who(name: string, c: Partial<Omit<Character, 'name'>> = {}): Character {
  return character(name, { hp: 20, tactics: 'hold', shrug: 'never', ...c });
}
export function at(
  c: Character,
  x: number,
  y: number,
  stances: Stance[] = [],
  dice: number[] = [],
  extra: Partial<Placement> = {},
): Placement {
  return placement(c, x, y, { stances, dice, ...extra });
}
export function scene(a: Placement[], b: Placement[], rounds = 50): Encounter {
  return encounter(
    'scene',
    [
      { name: 'A', placements: a },
      { name: 'B', placements: b },
    ],
    { rounds },
  );
}
/** Events of one combat (optionally only up to round `upTo`). */
export function events(enc: Encounter, seed = 1, upTo = Infinity): HREvent[] {
  const out: HREvent[] = [];
  for (const e of combatEvents(enc, seed)) {
    if ('round' in e && e.round > upTo) break;
    out.push(e);
  }
  return out;
}
export function log(evs: HREvent[]): string {
  return evs
    .map(renderEvent)
    .filter((l) => l !== undefined)
    .join('\n');
}
