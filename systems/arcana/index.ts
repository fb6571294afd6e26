// Arcana as a rule system behind the seam (model/system.ts): its schema, its
// checker and its rule texts; the engine (engine/seam.ts) loads only when a
// fight is run. A file speaks it with `system arcana` as its first statement
// (AR-L1).

import type { RuleSystem } from '../../model/system.js';
import { checkArcana, type ArcanaModel, type ArEncounter } from './check.js';
import { RULE_TEXT } from './rules.js';
import { arCompletionValues, arHover, arHoverTerm, arHoverUnknown } from './editor/hover.js';
import { AR_SCHEMA } from './schema.js';
import { AR_STUBS, arFixes } from './editor/fixes.js';
import { arInlayHints } from './editor/inlay.js';
import { loadEngine } from './engine/load.js';

export type { ArcanaModel, ArEncounter } from './check.js';

export const ARCANA: RuleSystem<ArcanaModel> = {
  id: 'arcana',
  name: 'Arcana',
  summary:
    'One shared Fate deck: flip a card and add a stat, cheat Fate with a card from your hand by invoking an aspect, and beat the opposition card. Maneuvers place aspects; a side concedes when most of it is Taken Out.',
  ruleIds: /^AR-[A-Z]+\d+[a-z]?$/,
  ruleText: RULE_TEXT,
  schema: AR_SCHEMA,
  check: checkArcana,
  editor: {
    hover: arHover,
    hoverUnknown: arHoverUnknown,
    hoverTerm: arHoverTerm,
    completionValues: arCompletionValues,
    inlayHints: arInlayHints,
    stubs: AR_STUBS,
    fixes: arFixes,
  },
  loadEngine,
  // what the verdict counts as a player character lost to the fight (issue 34 item 4)
  takenOut: { counters: ['takenOut'], meaning: 'Taken Out (Health 0: AR-D4)' },
};

/** The Arcana encounters of a checked model (none when no file speaks Arcana). */
export function arEncounters(model: unknown): ArEncounter[] {
  return ((model as ArcanaModel | undefined)?.encounters ?? []) as ArEncounter[];
}
