// What Halcyon Aces adds to the editor beyond its schema's docs
// (model/system.ts EditorContributions): exact strike and technique odds,
// reach tables, stat checks, card literals; the values it completes; its quick
// fixes; derived Guard and assumed Resolve inline.

import type { EditorContributions } from '../../../model/system.js';
import { haCompletionValues, haDescribe } from './completion.js';
import { HA_STUBS, haFixes, haOwnsSuggestions } from './fixes.js';
import { haHover, haHoverUnknown } from './hover.js';
import { haInlayHints } from './inlay.js';
import { haTermHover } from './terms.js';

export const HA_EDITOR: EditorContributions = {
  hover: haHover,
  hoverUnknown: haHoverUnknown,
  hoverTerm: haTermHover,
  completionValues: haCompletionValues,
  describe: haDescribe,
  fixes: haFixes,
  ownsSuggestions: haOwnsSuggestions,
  stubs: HA_STUBS,
  inlayHints: haInlayHints,
};
