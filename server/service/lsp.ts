// Conversions between the model's ranges/diagnostics and LSP-shaped plain data.
// Types only come from vscode-languageserver-types (no `vscode`, no connection).

import type {
  Diagnostic as LspDiagnostic,
  Position as LspPosition,
  Range as LspRange,
} from 'vscode-languageserver-types';
import type { Position, Range } from '../../grammar/ast.js';
import { LineIndex } from '../../grammar/index.js';
import type { Diagnostic } from '../../model/diagnostics.js';
import { shortName } from '../../model/message-text.js';

/**
 * Characters of one diagnostic's message at most: whatever a checker echoes (a megabyte name, a long chain), the
 * editor gets a message a person reads, never megabytes (issue 35 item 10); a longer one keeps its start and end.
 */
export const MAX_MESSAGE_CHARS = 2000;

export function toPosition(p: Position): LspPosition {
  return { line: p.line, character: p.character };
}

export function toRange(r: Range): LspRange {
  return { start: toPosition(r.start), end: toPosition(r.end) };
}

const SEVERITY = { error: 1, warning: 2, info: 3 } as const;

/** Data carried on each published diagnostic, read back by code actions. */
export interface DiagnosticData {
  suggestions?: string[];
}

export function toDiagnostic(d: Diagnostic): LspDiagnostic {
  const out: LspDiagnostic = {
    range: toRange(d.range),
    severity: SEVERITY[d.severity],
    code: d.code,
    source: 'aces',
    message: d.message.length > MAX_MESSAGE_CHARS ? shortName(d.message, MAX_MESSAGE_CHARS) : d.message,
  };
  if (d.suggestions?.length) out.data = { suggestions: d.suggestions } satisfies DiagnosticData;
  return out;
}

/** Line starts of a text (grammar's LineIndex), plus the LSP-side conversions the service needs. */
export class TextLines extends LineIndex {
  /** Offset of an LSP position, clamped to the line's end. */
  offsetAt(pos: LspPosition): number {
    if (pos.line < 0) return 0;
    if (pos.line >= this.starts.length) return this.text.length;
    const start = this.starts[pos.line];
    return Math.min(start + Math.max(0, pos.character), this.lineEnd(pos.line));
  }
  positionAt(offset: number): LspPosition {
    const p = this.position(offset);
    return { line: p.line, character: p.character };
  }
  lineText(line: number): string {
    const start = this.starts[line] ?? this.text.length;
    return this.text.slice(start, Math.max(start, this.lineEnd(line)));
  }
  /** Offset of the end of a line, before its line break. */
  private lineEnd(line: number): number {
    const start = this.starts[line] ?? this.text.length;
    let end = line + 1 < this.starts.length ? this.starts[line + 1] : this.text.length;
    while (end > start && (this.text.charCodeAt(end - 1) === 10 || this.text.charCodeAt(end - 1) === 13)) end--;
    return end;
  }
}

export function containsOffset(r: Range, offset: number): boolean {
  return r.start.offset <= offset && offset <= r.end.offset;
}

export function rangeLength(r: Range): number {
  return r.end.offset - r.start.offset;
}
