// An encounter block: seed, rounds and options, then its zones (zones.ts),
// its own decks, its sides (sides.ts), then every encounter rule
// (encounter-checks.ts) over what was built.

import type { RawBlock } from '../../../model/read.js';
import type { Encounter } from '../model.js';
import type { HaCheck } from './context.js';
import { DEFAULT_ROUNDS, DEFAULT_SEED } from './defaults.js';
import { ENCOUNTER_CHECKS } from './encounter-checks.js';
import { encounterSides } from './sides.js';
import { encounterZones } from './zones.js';

export function encounterBlock(cx: HaCheck, raw: RawBlock): Encounter {
  const f = raw.file;
  const seed = cx.one(raw, 'seed')?.int ?? DEFAULT_SEED;
  const rounds = cx.one(raw, 'rounds')?.int ?? DEFAULT_ROUNDS;
  const optionRefs = cx.many(raw, 'options');
  const options = cx.enumList(raw, 'options', ['link-strikes', 'team-ultimates'] as const);

  const z = encounterZones(cx, raw);

  // Decks declared inside the encounter shadow the file's decks.
  const localDecks = new Map<string, RawBlock>();
  for (const d of raw.children.filter((c) => c.kind === 'deck')) {
    if (localDecks.has(d.name))
      cx.report(f, d.nameRange, 'error', 'duplicate-name', `Deck '${d.name}' is declared twice in this encounter.`);
    else localDecks.set(d.name, d);
  }

  const s = encounterSides(cx, raw, z, localDecks);
  for (const check of ENCOUNTER_CHECKS) check({ raw, rounds, options, optionRefs, zones: z, sides: s }, cx);
  return {
    name: raw.name,
    seed,
    rounds,
    options: { linkStrikes: options.includes('link-strikes'), teamUltimates: options.includes('team-ultimates') },
    zones: z.zones,
    sides: s.sides,
    combatants: s.combatants,
    distance: z.distance,
    range: raw.nameRange,
    file: f,
  };
}
