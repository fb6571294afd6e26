// What Heart Rush adds to the editor beyond its schema's docs
// (model/system.ts EditorContributions): a character's numbers and exact
// exchange odds on hover, the built-in Unarmed, weapons and distances in
// completion, quick fixes and the stub of an unknown name, and speed and
// armor bonus inline.

import type { EditorContributions } from '../../../model/system.js';
import { hrCompletionValues, hrDescribe } from './completion.js';
import { HR_STUBS, hrFixes, hrOwnsSuggestions } from './fixes.js';
import { hrHover, hrHoverUnknown, hrInlayHints } from './hover.js';

export const HR_EDITOR: EditorContributions = {
  hover: hrHover,
  hoverUnknown: hrHoverUnknown,
  completionValues: hrCompletionValues,
  describe: hrDescribe,
  fixes: hrFixes,
  ownsSuggestions: hrOwnsSuggestions,
  stubs: HR_STUBS,
  inlayHints: hrInlayHints,
};
