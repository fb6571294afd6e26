// Halcyon Aces as a rule system behind the seam (model/system.ts): its schema,
// its checker and its rule texts. The default system: a file without a
// `system` line speaks it, so every file and log written before the seam keeps
// its meaning and its bytes.

import type { RuleSystem } from '../../model/system.js';
import type { CheckResult } from '../../model/workspace.js';
import { ModelBuilder } from './check.js';
import type { CheckedWorkspace, Encounter } from './model.js';
import { RULE_TEXT } from './rules.js';
import { HA_EDITOR } from './editor/index.js';
import { HA_SCHEMA } from './schema.js';
import { loadEngine } from './engine/load.js';

export const HALCYON_ACES: RuleSystem<CheckedWorkspace> = {
  id: 'halcyon-aces',
  name: 'Halcyon Aces',
  summary: 'Card-based combat: each check draws from the character\'s own deck, and a card whose suit matches the stat adds it. Zones, three actions a turn, Broken and Defeated.',
  ruleIds: /^HA-[A-Z]+\d+[a-z]?$/,
  ruleText: RULE_TEXT,
  schema: HA_SCHEMA,
  editor: HA_EDITOR,
  loadEngine,
  check(ctx) {
    const builder = new ModelBuilder(ctx.diagnostics, ctx.scopeOf);
    const model: CheckedWorkspace = { encounters: [], blocks: [], weapons: [], techniques: [], decks: [] };
    for (const f of ctx.files) {
      for (const b of f.read.blocks) {
        switch (b.kind) {
          case 'weapon':
            model.weapons.push(builder.weapon(b));
            break;
          case 'technique':
            model.techniques.push(builder.technique(b));
            break;
          case 'deck':
            model.decks.push(builder.deck(b));
            break;
          case 'character':
            model.blocks.push(builder.character(b));
            break;
          case 'encounter':
            model.encounters.push(builder.encounter(b));
            break;
          default:
            break;
        }
      }
    }
    return model;
  },
};

/** The Halcyon Aces model of a check (empty when no file speaks it). */
export function haModel(r: CheckResult): CheckedWorkspace {
  return (r.models.get(HALCYON_ACES.id) as CheckedWorkspace | undefined) ?? { encounters: [], blocks: [], weapons: [], techniques: [], decks: [] };
}

/** The Halcyon Aces encounters a file declares (none when it speaks another system). */
export function haEncounters(r: CheckResult, path: string): Encounter[] {
  return r.systemOf(path)?.id === HALCYON_ACES.id ? ((r.encountersByFile.get(path) ?? []) as Encounter[]) : [];
}
