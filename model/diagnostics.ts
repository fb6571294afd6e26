// Diagnostics of the checker: where (file + range), how bad, which rule, what to do.

import type { Range } from '../grammar/ast.js';

export type Severity = 'error' | 'warning' | 'info';

/**
 * `code` is a rule id of the file's rule system (its spec's ids) for game rules, or one of the
 * language codes below for problems with the text itself.
 */
export const LANGUAGE_CODES = {
  syntax: 'Syntax error: the text does not follow the .aces grammar.',
  'unknown-keyword': 'A word that is not a block kind or attribute here.',
  'unknown-name': 'A name that no definition in this file or its `use`d files declares.',
  'duplicate-name': 'Two definitions of the same kind share a name.',
  'bad-value': 'An attribute with a missing or malformed value.',
  'use-missing': 'A `use`d file that cannot be read.',
  'use-outside': 'A `use` of a file outside the workspace, or of a file that is not .aces: refused without reading it.',
  unreadable: 'A file given to check that cannot be read as .aces text (missing, binary, too large, not UTF-8).',
  'use-cycle': 'Files that `use` each other in a loop.',
  'use-system': 'A `use` of a file of another rule system: a fight speaks one system, so a file uses files of its own.',
  'unknown-system': 'A `system` line naming no registered rule system (run `aces systems` for the list).',
  'extends-cycle': 'Characters that `extends` each other in a loop (A extends B, B extends A).',
  'tactics-rule':
    'A GM priority rule (a line of a `tactics { … }` block) that cannot be read, or that can never decide.',
  'hidden-character':
    'A name holding an invisible or bidirectional character (U+200B, U+202E…): it reads as another name, so it is flagged.',
  limit: 'An input past a safety limit (file size, nesting, copies).',
} as const;

export interface Diagnostic {
  file: string;
  range: Range;
  severity: Severity;
  code: string;
  message: string;
  /** Replacement names for a did-you-mean quick fix. */
  suggestions?: string[];
  /** A quick-fix id the editor dispatches on (never on the message text): `wields-technique` moves a technique named in `wields` to `techniques`. */
  fix?: string;
  /** This diagnostic stands for that many more problems that were counted but not kept (see capPerFile). */
  more?: number;
  /**
   * What the reader did not know (`unknown-keyword`): the word, and where — a statement (`kind`: the block it
   * stood in, or `file`), an attribute of a block kind, a placement key. A system's checker reads this to say
   * what its own word is (Arcana: `vitality` → `health`), never the message's text.
   */
  unknown?: { word: string; where: 'statement' | 'attribute' | 'placement'; kind?: string };
}

export const ZERO_RANGE: Range = {
  start: { line: 0, character: 0, offset: 0 },
  end: { line: 0, character: 0, offset: 0 },
};

export function sortDiagnostics(ds: Diagnostic[]): Diagnostic[] {
  return ds.sort(
    (a, b) =>
      (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) ||
      a.range.start.offset - b.range.start.offset ||
      (a.code < b.code ? -1 : a.code > b.code ? 1 : 0),
  );
}
