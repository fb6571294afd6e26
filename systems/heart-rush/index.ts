// Heart Rush as a rule system behind the seam (model/system.ts): its schema,
// its checker and its rule texts (HEART-RUSH.md). A file speaks it with
// `system heart-rush` as its first statement.

import type { RuleSystem } from '../../model/system.js';
import type { CheckResult } from '../../model/workspace.js';
import { runBlockChecks } from '../../model/check-kit.js';
import type { RawBlock } from '../../model/read.js';
import { emptyModel, HRModelBuilder, type HREncounterInfo, type HRModel } from './check.js';
import { RULE_TEXT } from './rules.js';
import { HR_EDITOR } from './editor/index.js';
import { HR_SCHEMA } from './schema.js';
import { loadEngine } from './engine/load.js';

export type { HRCombatantInfo, HRDefined, HREncounterInfo, HRModel } from './check.js';

export const HEART_RUSH: RuleSystem<HRModel> = {
  id: 'heart-rush',
  name: 'Heart Rush',
  summary:
    "Dice-pool combat on a 5-ft grid: heart die + stance die + weapon die against the defender's dice; secret stances (might, agility, cunning, defensive) resolve in phases each round after an action phase of dashes and sidesteps.",
  ruleIds: /^HR-[A-Z]+\d+$/,
  ruleText: RULE_TEXT,
  schema: HR_SCHEMA,
  editor: HR_EDITOR,
  loadEngine,
  // what the verdict counts as a player character lost to the fight (issue 34 item 4)
  takenOut: { counters: ['unconscious', 'dead'], meaning: 'unconscious or dead (HR-H7, HR-H8)' },
  // a round is one action and one engagement each: the bundled fights last 11–15 rounds, the troll's bridge 30
  grindRounds: 25,
  check(ctx) {
    const builder = new HRModelBuilder(ctx.diagnostics, ctx.scopeOf);
    builder.attributesBeforeBlocks(new Set(ctx.files.map((f) => f.path)));
    const model = emptyModel();
    const at = (b: RawBlock) => ({ range: b.nameRange, file: b.file });
    runBlockChecks(
      ctx.files,
      {
        weapon: [(b) => model.weapons.push({ value: builder.weapon(b), ...at(b) })],
        armor: [(b) => model.armors.push({ value: builder.armor(b), ...at(b) })],
        dice: [(b) => model.dice.push({ value: builder.dice(b), ...at(b) })],
        character: [(b) => model.characters.push({ value: builder.character(b), ...at(b) })],
        encounter: [(b) => model.encounters.push(builder.encounter(b))],
      },
      undefined,
    );
    return model;
  },
};

/** The Heart Rush model of a check (empty when no file speaks it). */
export function hrModel(r: CheckResult): HRModel {
  return (r.models.get(HEART_RUSH.id) as HRModel | undefined) ?? emptyModel();
}

/** The Heart Rush encounters a file declares (none when it speaks another system). */
export function hrEncounters(r: CheckResult, path: string): HREncounterInfo[] {
  return r.systemOf(path)?.id === HEART_RUSH.id ? ((r.encountersByFile.get(path) ?? []) as HREncounterInfo[]) : [];
}
