// Halcyon Aces as a rule system behind the seam (model/system.ts): its schema,
// its checker and its rule texts. The default system: a file without a
// `system` line speaks it, so every file and log written before the seam keeps
// its meaning and its bytes.

import type { RuleSystem } from '../../model/system.js';
import type { CheckResult } from '../../model/workspace.js';
import { checkHalcyonAces } from './check/index.js';
import type { CheckedWorkspace, Encounter } from './model.js';
import { RULE_TEXT } from './rules.js';
import { HA_EDITOR } from './editor/index.js';
import { HA_SCHEMA } from './schema.js';
import { loadEngine } from './engine/load.js';

export const HALCYON_ACES: RuleSystem<CheckedWorkspace> = {
  id: 'halcyon-aces',
  name: 'Halcyon Aces',
  summary:
    "Card-based combat: each check draws from the character's own deck, and a card whose suit matches the stat adds it. Zones, three actions a turn, Broken and Defeated.",
  ruleIds: /^HA-[A-Z]+\d+[a-z]?$/,
  ruleText: RULE_TEXT,
  schema: HA_SCHEMA,
  editor: HA_EDITOR,
  loadEngine,
  // what the verdict counts as a player character lost to the fight (issue 34 item 4)
  takenOut: { counters: ['broken'], meaning: 'Broken (0 Vitality, out of the fight: HA-B1) or worse' },
  check: checkHalcyonAces,
};

/** The Halcyon Aces model of a check (empty when no file speaks it). */
export function haModel(r: CheckResult): CheckedWorkspace {
  return (
    (r.models.get(HALCYON_ACES.id) as CheckedWorkspace | undefined) ?? {
      encounters: [],
      blocks: [],
      weapons: [],
      techniques: [],
      decks: [],
    }
  );
}

/** The Halcyon Aces encounters a file declares (none when it speaks another system). */
export function haEncounters(r: CheckResult, path: string): Encounter[] {
  return r.systemOf(path)?.id === HALCYON_ACES.id ? ((r.encountersByFile.get(path) ?? []) as Encounter[]) : [];
}
