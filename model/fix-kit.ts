// Edits that quick fixes of several systems make alike (plain FixEdit data, laid out by the server).

import type { Range } from '../grammar/ast.js';
import type { FixEdit } from './system.js';

/**
 * The edit that gives the placement named at `name` its `key value` (`at road`, `at 5ft 0ft`): right after the
 * name and its copies (`Wolf x3`), not at the end of the line, which may hold other placements; after a `key`
 * already written there with nothing after it (`Kael at` while typing), the value alone.
 */
export function placementKeyEdit(text: string, name: Range, key: string, value: string): FixEdit {
  const rest = text.slice(name.end.offset);
  const copies = /^[ \t]+x\d+\b/.exec(rest)?.[0].length ?? 0;
  const dangling = new RegExp(`^[ \\t]+${key}(?=[ \\t]*(?:$|[\\r\\n;}]))`).exec(rest.slice(copies))?.[0].length ?? 0;
  const n = copies + dangling;
  const at = { line: name.end.line, character: name.end.character + n, offset: name.end.offset + n };
  return { range: { start: at, end: at }, text: dangling ? ` ${value}` : ` ${key} ${value}` };
}
