// Test helper: source text with a `<|>` cursor marker (Langium's habit), and a
// language service over in-memory files.
import { memoryHost } from '../../model/workspace.js';
import { createLanguageService, type LanguageService } from '../../server/service/index.js';

export const CURSOR = '<|>';

export interface Cursor {
  text: string;
  offset: number;
  position: { line: number; character: number };
}

/** Strips the `<|>` marker; returns the clean text and the marker's position. */
export function cursor(marked: string): Cursor {
  const offset = marked.indexOf(CURSOR);
  if (offset < 0) throw new Error('no <|> cursor marker in the text');
  if (marked.indexOf(CURSOR, offset + 1) >= 0) throw new Error('more than one <|> marker');
  const text = marked.slice(0, offset) + marked.slice(offset + CURSOR.length);
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  const character = offset - (before.lastIndexOf('\n') + 1);
  return { text, offset, position: { line, character } };
}

/** A service over `files`; `main` (default 'main.aces') may carry a `<|>` marker. */
export function serviceWith(
  main: string,
  others: Record<string, string> = {},
  path = 'main.aces',
): { ls: LanguageService; uri: string; pos: { line: number; character: number }; text: string } {
  const hasCursor = main.includes(CURSOR);
  const c = hasCursor ? cursor(main) : { text: main, position: { line: 0, character: 0 } };
  const files = { ...others, [path]: c.text };
  const host = { ...memoryHost(files), listFiles: () => Object.keys(files) };
  const ls = createLanguageService(host);
  return { ls, uri: path, pos: c.position, text: c.text };
}

/** Hover markdown at the cursor ('' when none). */
export function hoverText(main: string, others: Record<string, string> = {}): string {
  const { ls, uri, pos } = serviceWith(main, others);
  const h = ls.hover(uri, pos);
  return h && typeof h.contents === 'object' && 'value' in h.contents ? h.contents.value : '';
}

/** Completion labels at the cursor. */
export function completionLabels(main: string, others: Record<string, string> = {}): string[] {
  const { ls, uri, pos } = serviceWith(main, others);
  return ls.complete(uri, pos).items.map((i) => i.label);
}

/** Applies TextEdits (non-overlapping) to a text. */
export function applyEdits(
  text: string,
  edits: {
    range: { start: { line: number; character: number }; end: { line: number; character: number } };
    newText: string;
  }[],
): string {
  const lines = text.split('\n');
  const off = (p: { line: number; character: number }): number => {
    let o = 0;
    for (let i = 0; i < p.line; i++) o += lines[i].length + 1;
    return o + p.character;
  };
  const sorted = [...edits].sort((a, b) => off(b.range.start) - off(a.range.start));
  let out = text;
  for (const e of sorted) out = out.slice(0, off(e.range.start)) + e.newText + out.slice(off(e.range.end));
  return out;
}
