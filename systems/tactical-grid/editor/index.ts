// What Tactical Grid adds to the editor beyond its schema's docs
// (model/system.ts EditorContributions): exact odds on hovers, derived numbers
// inline, quick fixes for the diagnostics that spell out their edit, the stub
// of an unknown character, and the values to complete where the grid decides
// them (facings, squares).

import type { EditorContributions } from '../../../model/system.js';
import { tgCompletionValues } from './completion.js';
import { TG_STUBS, tgFixes, tgOwnsSuggestions } from './fixes.js';
import { tgHover } from './hover.js';
import { tgHoverTerm } from './term-hover.js';
import { tgInlayHints } from './inlay.js';

export const TG_EDITOR: EditorContributions = {
  hover: tgHover,
  hoverTerm: tgHoverTerm,
  inlayHints: tgInlayHints,
  fixes: tgFixes,
  ownsSuggestions: tgOwnsSuggestions,
  stubs: TG_STUBS,
  completionValues: tgCompletionValues,
};
