// Tactical Grid as a rule system behind the seam (model/system.ts): its schema,
// its checker and its rule texts (TACTICAL-GRID.md). A file speaks it with
// `system tactical-grid` as its first statement.

import type { RuleSystem } from '../../model/system.js';
import type { CheckResult } from '../../model/workspace.js';
import { runBlockChecks } from '../../model/check-kit.js';
import { emptyModel, TGModelBuilder, type TGEncounterInfo, type TGModel } from './check.js';
import { RULE_TEXT } from './rules.js';
import { TG_EDITOR } from './editor/index.js';
import { TG_SCHEMA } from './schema.js';
import { loadEngine } from './engine/load.js';

export type { TGCombatantInfo, TGDefined, TGEncounterInfo, TGModel } from './check.js';

export const TACTICAL_GRID: RuleSystem<TGModel> = {
  id: 'tactical-grid',
  name: 'Tactical Grid',
  summary:
    'Miniatures with facing on a square or hex map: d20 + Attack or Defense against NPC difficulties, tags, drive and banes of stress; side turns of one actor each, with tactics (Backstab, Corner, Charge, Line Up, High Ground), effects, support and reactions from per-combat pools.',
  ruleIds: /^TG-[A-Z]+\d+$/,
  ruleText: RULE_TEXT,
  schema: TG_SCHEMA,
  editor: TG_EDITOR,
  loadEngine,
  // what the verdict counts as a player character lost to the fight (issue 34 item 4)
  takenOut: { counters: ['out'], meaning: 'OUT (stress boxes full: TG-D1)' },
  // a round is every combatant's turn, one per side turn: the bundled fights last 8–12 rounds
  grindRounds: 20,
  check(ctx) {
    const builder = new TGModelBuilder(ctx.diagnostics, ctx.scopeOf);
    const model = emptyModel();
    runBlockChecks(
      ctx.files,
      {
        character: [(b) => model.characters.push({ value: builder.character(b), range: b.nameRange, file: b.file })],
        encounter: [(b) => model.encounters.push(builder.encounter(b))],
      },
      undefined,
    );
    return model;
  },
};

/** The Tactical Grid model of a check (empty when no file speaks it). */
export function tgModel(r: CheckResult): TGModel {
  return (r.models.get(TACTICAL_GRID.id) as TGModel | undefined) ?? emptyModel();
}

/** The Tactical Grid encounters a file declares (none when it speaks another system). */
export function tgEncounters(r: CheckResult, path: string): TGEncounterInfo[] {
  return r.systemOf(path)?.id === TACTICAL_GRID.id ? ((r.encountersByFile.get(path) ?? []) as TGEncounterInfo[]) : [];
}
