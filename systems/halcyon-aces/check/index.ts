// The Halcyon Aces checker: block kind → the checks a block of that kind is
// held to (model/check-kit.ts BlockChecks, Langium's validation registry in
// miniature). Each check builds its block once (context.ts memo) and adds it to
// the model; a block another one references (a weapon a character wields, a
// character an encounter places) is built, and reported, the first time it is
// needed, so every diagnostic keeps its place in the output.

import { runBlockChecks, type BlockChecks } from '../../../model/check-kit.js';
import type { CheckContext } from '../../../model/system.js';
import type { CheckedWorkspace } from '../model.js';
import type { BlockKind } from '../schema.js';
import { characterBlock } from './character.js';
import { HaCheck } from './context.js';
import { deckBlock } from './deck.js';
import { encounterBlock } from './encounter.js';
import { tacticsOf } from './tactics.js';
import { techniqueBlock } from './technique.js';
import { weaponBlock } from './weapon.js';

export const HA_CHECKS: BlockChecks<BlockKind, HaCheck> = {
  weapon: [
    (b, cx) => {
      cx.model.weapons.push(weaponBlock(cx, b));
    },
  ],
  technique: [
    (b, cx) => {
      cx.model.techniques.push(techniqueBlock(cx, b));
    },
  ],
  deck: [
    (b, cx) => {
      cx.model.decks.push(deckBlock(cx, b));
    },
  ],
  character: [
    (b, cx) => {
      cx.model.blocks.push(characterBlock(cx, b));
      tacticsOf(cx, b); // issue 33: one block, the names its rules give
    },
  ],
  encounter: [
    (b, cx) => {
      cx.model.encounters.push(encounterBlock(cx, b));
    },
  ],
};

/** Checks every Halcyon Aces file of the workspace into its model. */
export function checkHalcyonAces(ctx: CheckContext): CheckedWorkspace {
  const cx = new HaCheck(ctx.diagnostics, ctx.scopeOf);
  runBlockChecks(ctx.files, HA_CHECKS, cx);
  return cx.model;
}
