// Helpers to build the spec's test scenes: unlisted stats 1, open maps unless shown,
// `hold` unless stated, forced rolls as scripted d20 faces (TGS-1).
import {
  character,
  encounter,
  gridMap,
  placement,
  tag,
  type Character,
  type Encounter,
  type Placement,
  type Facing,
} from '../../../systems/tactical-grid/model.js';
import { TGSim } from '../../../systems/tactical-grid/engine/sim.js';
import type { TGEvent } from '../../../systems/tactical-grid/engine/events.js';
import { combatEvents, renderEvent } from '../../../systems/tactical-grid/engine/index.js';
import type { Unit } from '../../../systems/tactical-grid/engine/unit.js';

/** A sheet combatant (stats default 1), `hold` unless stated. */
export function pc(name: string, c: Partial<Omit<Character, 'name'>> = {}): Character {
  return character(name, {
    agi: 1,
    per: 1,
    com: 1,
    tou: 1,
    pro: 1,
    special: 1,
    wis: 1,
    int: 1,
    cha: 1,
    ai: 'hold',
    ...c,
  });
}
/** The spec's Raider (difficulty 13, health 3, speed 5, range 1, "Rusty Axe" 2), `hold` unless stated. */
export function raider(c: Partial<Omit<Character, 'name'>> = {}, name = 'Raider'): Character {
  return character(name, {
    difficulty: 13,
    health: 3,
    speed: 5,
    range: 1,
    tags: [tag('Rusty Axe', 2)],
    ai: 'hold',
    ...c,
  });
}
export const ryn = (c: Partial<Omit<Character, 'name'>> = {}): Character =>
  pc('Ryn', { agi: 3, per: 1, com: 4, tou: 2, pro: 2, special: 2, cha: 2, ...c });
export const tamsin = (c: Partial<Omit<Character, 'name'>> = {}): Character =>
  pc('Tamsin', { agi: 2, per: 4, com: 3, tou: 2, wis: 3, int: 2, cha: 2, ...c });

export function at(
  c: Character,
  sq: string,
  facing: Facing | null = null,
  dice: number[] = [],
  name?: string,
): Placement {
  return placement(c, sq, { facing, dice, name });
}
/** Two sides `heroes` (first) and `foes`; rows default to an open 8 × 8 map. */
export function scene(
  heroes: Placement[],
  foes: Placement[],
  rows: string[] = Array(8).fill('........'),
  extra: Parameters<typeof encounter>[3] = {},
  grid: 'square' | 'hex' = 'square',
  legend = {},
): Encounter {
  return encounter(
    'scene',
    [
      { name: 'heroes', placements: heroes },
      { name: 'foes', placements: foes },
    ],
    gridMap(rows, grid, legend),
    { rounds: 20, ...extra },
  );
}

/** A begun simulator whose events are collected in `evs`. */
export function start(enc: Encounter, seed = 1): { sim: TGSim; evs: TGEvent[]; u: (name: string) => Unit } {
  const sim = new TGSim(enc);
  const evs: TGEvent[] = [];
  sim.sink = evs;
  sim.begin(seed);
  const u = (name: string): Unit => {
    const x = sim.units.find((v) => v.name === name);
    if (!x) throw new Error(`no ${name}`);
    return x;
  };
  return { sim, evs, u };
}

export function events(enc: Encounter, seed = 1): TGEvent[] {
  return [...combatEvents(enc, seed)];
}
export function log(evs: TGEvent[]): string {
  return evs.map(renderEvent).join('\n');
}
type Ev<T extends TGEvent['type']> = Extract<TGEvent, { type: T }>;
export const of = <T extends TGEvent['type']>(evs: TGEvent[], t: T): Ev<T>[] =>
  evs.filter((e): e is Ev<T> => e.type === t);
